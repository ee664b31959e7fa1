#include "solve/rewindable_solver.hpp"

#include <algorithm>

namespace kt {

namespace {
Action action_of(const Solver& s) { return s.search() ? s.search()->last_action() : Action::none; }
}  // namespace

RewindableSolver::RewindableSolver(Problem problem, Method method, std::optional<MoveOrder> order,
                                   std::size_t memory_budget, std::uint64_t spacing)
    : live_(std::make_unique<Solver>(std::move(problem), method, std::move(order))),
      spacing_(std::max<std::uint64_t>(spacing, 1)),
      memory_budget_(memory_budget) {
  // A copy of the search's board, stack and tables, four to forty bytes a square by engine:
  // counted generously, so that the budget holds.
  checkpoint_bytes_ = static_cast<std::size_t>(live_->problem().geometry.size()) * 64 + 4096;
  // The first checkpoint is the solver as made (a construction may be at work already, which
  // snapshot() does not copy: back() then refuses until it is gone).
  checkpoints_.push_back({0, 0, Action::none, live_->snapshot()});
}

std::uint64_t RewindableSolver::moves() const {
  const Counters k = live_->counters();
  return k.placed + k.erased;
}

void RewindableSolver::set_time_limit(double seconds) {
  live_->set_time_limit(seconds);
  deadline_ = std::chrono::steady_clock::now() +
              std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                  std::chrono::duration<double>(seconds));
}

Status RewindableSolver::run(std::uint64_t max_steps) {
  // In pieces of at most one spacing, so that a long run leaves checkpoints behind it.
  while (max_steps > 0 && live_->can_continue()) {
    if (moves() >= checkpoints_.back().moves + spacing_) keep_checkpoint();
    const std::uint64_t piece = std::min(max_steps, spacing_);
    const std::uint64_t before = moves();
    live_->run(piece);
    max_steps -= piece;
    if (moves() != before) last_ = action_of(*live_);
  }
  return live_->status();
}

bool RewindableSolver::next_tour() {
  if (!live_->next_tour()) return false;
  tours_at_.push_back(moves());
  last_ = Action::none;
  return true;
}

void RewindableSolver::keep_checkpoint() {
  if (checkpoint_bytes_ > memory_budget_ / 2) return;  // replays go from an earlier one
  auto copy = live_->snapshot();
  if (!copy) return;
  checkpoints_.push_back({moves(), tours_at_.size(), last_, std::move(copy)});
  thin_checkpoints();
}

// Every other checkpoint dropped (the first kept) and the spacing doubled, until the rest fit.
void RewindableSolver::thin_checkpoints() {
  while (checkpoints_.size() * checkpoint_bytes_ > memory_budget_ && checkpoints_.size() > 2) {
    std::size_t kept = 1;
    for (std::size_t i = 2; i < checkpoints_.size(); i += 2) {
      checkpoints_[kept++] = std::move(checkpoints_[i]);
    }
    checkpoints_.resize(kept);
    spacing_ *= 2;
  }
}

bool RewindableSolver::back(std::uint64_t count) {
  if (live_->construction()) return false;
  const std::uint64_t total = moves();
  const std::uint64_t target = count >= total ? 0 : total - count;
  // The next_tour() calls that come before the target; one made at the target itself comes
  // after the state wanted (the tour just found).
  const auto tours_before = static_cast<std::size_t>(
      std::lower_bound(tours_at_.begin(), tours_at_.end(), target) - tours_at_.begin());
  std::size_t at = 0;
  for (std::size_t i = 1; i < checkpoints_.size(); ++i) {
    if (checkpoints_[i].moves <= target && checkpoints_[i].tours <= tours_before) at = i;
  }
  const Checkpoint& from = checkpoints_[at];
  if (from.solver) {
    live_ = from.solver->snapshot();
  } else {
    const Solver& s = *live_;
    live_ = std::make_unique<Solver>(s.problem(), s.requested(), s.order());
  }
  last_ = from.last;
  std::size_t tours = from.tours;
  replay(from.moves, target, tours);
  checkpoints_.resize(at + 1);  // the later ones are of a run that is no more
  tours_at_.resize(tours);
  if (deadline_) {
    const std::chrono::duration<double> left = *deadline_ - std::chrono::steady_clock::now();
    live_->set_time_limit(std::max(0.0, left.count()));
  }
  return true;
}

void RewindableSolver::replay(std::uint64_t done, std::uint64_t target, std::size_t& tours) {
  for (;;) {
    const bool tour_next = tours < tours_at_.size() && tours_at_[tours] < target;
    const std::uint64_t stop = tour_next ? tours_at_[tours] : target;
    // One move a step in the searches: all but the last move, then the last alone, so that
    // its action is known. A construction's steps between moves run inside these.
    while (done < stop && live_->status() == Status::running && live_->can_continue()) {
      const std::uint64_t left = stop - done;
      live_->run(left > 1 ? left - 1 : 1);
      if (moves() != done) last_ = action_of(*live_);
      done = moves();
    }
    if (!tour_next) return;
    live_->next_tour();
    last_ = Action::none;
    ++tours;
  }
}

}  // namespace kt
