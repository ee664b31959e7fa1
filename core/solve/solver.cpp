#include "solve/solver.hpp"

#include <algorithm>
#include <cstdio>

#include "board/knight.hpp"
#include "counting/frontier_count.hpp"

namespace kt {

namespace {

// automatic: how long the textbook gets before a faster method takes over (~0.5 s natively;
// the 7x7 run log needs 24 million steps).
constexpr std::uint64_t kTextbookBudget = std::uint64_t{1} << 26;
constexpr int kTextbookMaxSquares = 49;  // the textbook printed boards up to 7x7
// With a time limit, run() looks at the clock after this many steps (a few milliseconds).
constexpr std::uint64_t kClockSlice = std::uint64_t{1} << 18;

std::string board_name(Geometry g) { return std::to_string(g.rows) + "x" + std::to_string(g.cols); }

// "from (x,y) to (x,y)", as far as the problem prescribes them.
std::string ends_text(const Problem& p) {
  std::string t;
  if (p.start && !p.closed) t += " from (" + format_square(*p.start) + ")";
  if (p.end) t += " to (" + format_square(*p.end) + ")";
  return t;
}

}  // namespace

// Whether counting by rows can settle `p` within the Solver's bounds (narrow, small forecast).
bool rows_count_fits(const Problem& p) {
  const Geometry g = p.geometry;
  return std::min(g.rows, g.cols) <= kRowsCountMaxWidth && check_frontier_problem(p).empty() &&
         estimate_frontier_bytes(p, kRowsCountMemory) <= kRowsCountMemory;
}

Solver::Solver(Problem problem, Method method, std::optional<MoveOrder> order)
    : problem_(std::move(problem)),
      requested_(method),
      method_(method),
      order_(method == Method::wirth ? kWirthOrder : order.value_or(kTextbookOrder)) {
  theory_ = settle(problem_);
  const bool textbook_tree = method == Method::textbook || method == Method::wirth;
  if (theory_.answer == Answer::none && !textbook_tree) {
    status_ = Status::none;
    return;
  }
  if (method == Method::automatic) {
    const bool textbook_case = !problem_.closed && !problem_.end && problem_.blocked.empty() &&
                               problem_.geometry.size() <= kTextbookMaxSquares;
    if (textbook_case) {
      textbook_budget_ = kTextbookBudget;
      start_search(Method::textbook);
    } else {
      start_construction();
    }
    return;
  }
  if (method == Method::construct) {
    start_construction();
  } else {
    start_search(method);
  }
}

// The strip programme on narrow boards, the construction where it applies, else Warnsdorff's
// search.
void Solver::start_construction() {
  if (strip_applies(problem_)) {
    method_ = Method::construct;
    search_.reset();
    strip_pending_ = true;
    status_ = Status::running;
    return;
  }
  if (end_tour_applies(problem_) && !end_tour_) {
    method_ = Method::construct;
    search_.reset();
    end_tour_pending_ = true;
    status_ = Status::running;
    return;
  }
  if (repair_applies(problem_) && !repair_) {
    method_ = Method::construct;
    search_.reset();
    repair_pending_ = true;
    status_ = Status::running;
    return;
  }
  if (!construction_refusal(problem_).empty()) {
    start_fallback();
    return;
  }
  method_ = Method::construct;
  search_.reset();
  construction_ = std::make_unique<Construction>(problem_);
  status_ = construction_->status();
}

Solver::~Solver() = default;

void Solver::start_search(Method m) {
  method_ = m;
  search_ = make_search(problem_, order_,
                        m == Method::warnsdorff ? Heuristic::warnsdorff : Heuristic::none);
  status_ = search_->status();
}

void Solver::set_time_limit(double seconds) {
  time_limit_ = seconds;
  deadline_ = std::chrono::steady_clock::now() +
              std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                  std::chrono::duration<double>(seconds));
}

bool Solver::can_continue() const {
  return status_ == Status::running && !stopped_by_time_ && !construction_gave_up_ &&
         (search_ || construction_ || strip_pending_ || end_tour_pending_ || repair_pending_ ||
          rows_count_pending_);
}

bool Solver::time_up() const { return deadline_ && std::chrono::steady_clock::now() >= *deadline_; }

// The strip programme in one go: it is exact and takes a fraction of a second; the time limit
// still stops it between columns.
void Solver::run_strip() {
  strip_pending_ = false;
  const auto t0 = std::chrono::steady_clock::now();
  strip_ = std::make_unique<StripResult>(solve_strip(problem_, [this] { return time_up(); }));
  one_shot_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  status_ = strip_->status;
  if (status_ == Status::running && time_up()) stopped_by_time_ = true;
}

// The construction steered to the end square; if the walk gives up, Warnsdorff's search.
void Solver::run_end_tour() {
  end_tour_pending_ = false;
  const auto t0 = std::chrono::steady_clock::now();
  end_tour_ =
      std::make_unique<EndTourResult>(build_end_tour(problem_, [this] { return time_up(); }));
  one_shot_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (end_tour_->status == Status::found) {
    status_ = Status::found;
    return;
  }
  gave_up_ = end_tour_->reason;
  if (time_up()) {
    stopped_by_time_ = true;
    return;
  }
  start_fallback();
}

// The construction's tour repaired around the blocked squares; if that gives up, the fallback.
void Solver::run_repair() {
  repair_pending_ = false;
  const auto t0 = std::chrono::steady_clock::now();
  repair_ = std::make_unique<RepairResult>(repair_tour(problem_, [this] { return time_up(); }));
  one_shot_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (repair_->status == Status::found) {
    status_ = Status::found;
    return;
  }
  gave_up_ = repair_->reason;
  if (time_up()) {
    stopped_by_time_ = true;
    return;
  }
  start_fallback();
}

// Where no construction answered: counting by rows if the board is narrow enough for it to
// settle the question in well under a second, else (or then, when tours exist) Warnsdorff's
// search, which may not end (progress and the time limit bound it).
void Solver::start_fallback() {
  if (!rows_count_tried_ && rows_count_fits(problem_)) {
    method_ = Method::construct;
    search_.reset();
    rows_count_pending_ = true;
    rows_count_tried_ = true;
    status_ = Status::running;
    return;
  }
  start_fallback_search();
}

// Warnsdorff's search, which may not end; asked for the construction alone, the run stops here
// instead and says why (a search is what the other methods are for).
void Solver::start_fallback_search() {
  if (requested_ == Method::construct) {
    search_.reset();
    construction_gave_up_ = true;
    return;
  }
  start_search(Method::warnsdorff);
}

// Counting by rows, in slices (at most max_steps steps a call; returns the steps spent), bounded by
// kRowsCountSteps and the time limit. No tour: the answer is none, proved by the count. Tours (or
// no verdict within the bound): Warnsdorff's search goes on, and the reason says what the count
// found.
std::uint64_t Solver::run_rows_count(std::uint64_t max_steps) {
  const auto t0 = std::chrono::steady_clock::now();
  if (!rows_counter_) rows_counter_ = std::make_unique<FrontierCounter>(problem_, kRowsCountMemory);
  const std::uint64_t slice = std::min(max_steps, kRowsCountSteps - rows_count_steps_);
  const std::uint64_t before = rows_counter_->steps();
  const Status counted = rows_counter_->run(slice);
  // The steps really spent: a run stops early where a phase ends (the two halves, the join),
  // and the budget must not depend on how the caller slices it.
  const std::uint64_t spent = std::clamp<std::uint64_t>(rows_counter_->steps() - before, 1,
                                                        std::max<std::uint64_t>(slice, 1));
  rows_count_steps_ += spent;
  one_shot_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (counted == Status::running && rows_count_steps_ < kRowsCountSteps) return spent;

  rows_count_pending_ = false;
  const std::string note = gave_up_.empty() ? std::string() : gave_up_ + "; ";
  const std::string what =
      " of the " + board_name(problem_.geometry) + " board" + ends_text(problem_);
  const BigCount& count = rows_counter_->count();
  if (counted == Status::none && rows_counter_->error().empty()) {
    if (count.is_zero()) {
      rows_count_none_ = true;
      status_ = Status::none;
      gave_up_ = note + "counting by rows finds no tour" + what +
                 " (an exhaustive count of every way a tour can cross each row)";
      rows_counter_.reset();
      return spent;
    }
    gave_up_ = note + "counting by rows finds " + count.to_string() + " tour" +
               (count == BigCount(1) ? "" : "s") + what;
  } else {
    gave_up_ = note + "counting by rows did not finish within " + std::to_string(kRowsCountSteps) +
               " steps" +
               (rows_counter_->error().empty() ? "" : " (" + rows_counter_->error() + ")");
  }
  rows_counter_.reset();
  start_fallback_search();
  return spent;
}

Status Solver::run(std::uint64_t max_steps) {
  KT_ASSERT(well_formed(problem_));
  if (status_ == Status::running && time_up()) {
    stopped_by_time_ = true;
    return status_;
  }
  if (!deadline_) return run_steps(max_steps);
  while (status_ == Status::running && max_steps > 0) {
    const std::uint64_t slice = std::min(max_steps, kClockSlice);
    run_steps(slice);
    max_steps -= slice;
    if (status_ != Status::running) break;
    if (time_up()) {
      stopped_by_time_ = true;
      break;
    }
    if (!can_continue()) break;  // nothing left to run
  }
  return status_;
}

// Runs until a tour is found, there is provably none, or max_steps steps are spent. A hand-over
// (automatic's textbook attempt running out of budget, a construction giving up) happens inside
// this call and is invisible to the caller: the steps left go on with the next method. The
// one-shot methods (strip programme, end walk, repair) run whole at their turn.
Status Solver::run_steps(std::uint64_t max_steps) {
  while (status_ == Status::running && max_steps > 0 && !stopped_by_time_) {
    if (strip_pending_) {
      run_strip();
      continue;
    }
    if (end_tour_pending_) {
      run_end_tour();
      continue;
    }
    if (repair_pending_) {
      run_repair();
      continue;
    }
    if (rows_count_pending_) {
      max_steps -= run_rows_count(max_steps);
      continue;
    }
    if (!search_ && !construction_) break;
    if (textbook_budget_ == 0) {
      status_ = search_ ? search_->run(max_steps) : construction_->run(max_steps);
      break;
    }
    const std::uint64_t slice = std::min(max_steps, textbook_budget_);
    const Counters before = search_->counters();
    status_ = search_->run(slice);
    const Counters after = search_->counters();
    const std::uint64_t spent = (after.placed - before.placed) + (after.erased - before.erased);
    textbook_budget_ -= std::min(spent, textbook_budget_);
    max_steps -= std::min(spent, max_steps);
    if (status_ == Status::running && (textbook_budget_ == 0 || spent == 0)) {
      handed_over_ = after;  // the abandoned attempt's work still counts
      textbook_budget_ = 0;
      start_construction();
    }
  }
  return status_;
}

bool Solver::next_tour() {
  const bool ordered = method_ == Method::textbook || method_ == Method::wirth;
  if (!ordered || !search_ || status_ != Status::found || search_->depth() == 0) return false;
  search_->continue_after_tour();
  status_ = search_->status();
  return true;
}

std::string Solver::reason() const {
  const std::string name = board_name(problem_.geometry);
  auto after_theory = [this](const std::string& why) {
    return theory_.reason.empty() ? why : theory_.reason + "; " + why;
  };
  // What the methods that handed over tried, then `now`.
  auto after_tries = [this](const std::string& now) {
    return gave_up_.empty() ? now : now.empty() ? gave_up_ : gave_up_ + "; then " + now;
  };
  if (status_ == Status::none) {
    if (theory_.answer == Answer::none) return theory_.reason;
    if (rows_count_none_) return gave_up_;
    if (strip_) {
      return "no tour of the " + name + " board" + ends_text(problem_) +
             ": the column-by-column programme for boards with a side of at most 4 tried every "
             "way a tour can cross each column (an exhaustive search)";
    }
    return after_tries("the " + std::string(to_string(method_)) +
                       " search tried every possibility");
  }
  if (status_ == Status::running) {
    std::string now;
    if (strip_) {
      now = "the column-by-column programme: " + strip_->reason;
    } else if (rows_count_pending_) {
      now = "counting by rows (" + std::to_string(rows_count_steps_) + " steps)";
    } else if (construction_gave_up_) {
      now = "the construction stops here; --method auto goes on with Warnsdorff's search";
    } else if (search_ || construction_ || gave_up_.empty()) {
      now = std::string(to_string(method_)) + " search";
    }
    std::string tried = after_tries(now);
    if (stopped_by_time_) {
      char limit[32];
      std::snprintf(limit, sizeof limit, "%g", time_limit_);
      tried = "time limit of " + std::string(limit) + " s reached; tried: " + tried;
    }
    return after_theory(tried);
  }
  if (repair_ && repair_->status == Status::found) return after_theory(repair_->reason);
  if (end_tour_ && end_tour_->status == Status::found) {
    return after_theory("the construction's tour from the start, steered to the end square by " +
                        std::to_string(end_tour_->rotations) + " Posa rotations");
  }
  if (!gave_up_.empty()) {
    return after_tries("the " + std::string(to_string(method_)) + " search found one");
  }
  if (strip_) {
    return after_theory(
        "built by the column-by-column programme for boards with a side of at most 4 (exact: "
        "it finds a tour whenever one exists)");
  }
  if (handed_over_.placed > 0) {
    return after_theory("the textbook search found no tour in its first " +
                        std::to_string(kTextbookBudget) + " steps; " + to_string(method_) +
                        " took over");
  }
  return theory_.reason;
}

Counters Solver::counters() const {
  Counters c = handed_over_;
  c.seconds +=
      one_shot_seconds_;  // the one-shot methods (strip, end walk, repair, counting by rows)
  if (search_) {
    const Counters& s = search_->counters();
    c.placed += s.placed;
    c.erased += s.erased;
    c.seconds += s.seconds;
    return c;
  }
  // A built tour records every move once; nothing is ever taken back.
  if (built_tour() && status_ == Status::found) {
    c.placed += static_cast<std::uint64_t>(problem_.free_squares()) - 1;
  }
  if (construction_) c.seconds += construction_->seconds();
  return c;
}

const CompactTour* Solver::built_tour() const {
  if (construction_) return &construction_->tour();
  if (strip_ && strip_->status == Status::found) return &strip_->tour;
  if (end_tour_ && end_tour_->status == Status::found) return &end_tour_->tour;
  if (repair_ && repair_->status == Status::found) return &repair_->tour;
  return nullptr;
}

void Solver::materialize() const {
  const CompactTour* tour = built_tour();
  if (!tour || !built_board_.empty()) return;
  // Both arrays sized at once, no copy of the path as squares: 8 bytes a square in all
  // (2840x2840: 64 MB).
  built_path_ = compact_to_indices(*tour);
  built_board_ = indices_to_board(problem_.geometry, built_path_);
  // A compact tour cannot tell a blocked square from an unvisited one: the problem can.
  if (!problem_.blocked.empty()) {
    for (std::size_t i = 0; i < built_board_.size(); ++i) {
      if (problem_.blocked[i] != 0) built_board_[i] = kBlocked;
    }
  }
}

std::span<const std::int32_t> Solver::board() const {
  if (search_) return search_->board();
  if (built_tour() && status_ == Status::found) {
    materialize();
    return built_board_;
  }
  return {};
}

std::span<const std::int32_t> Solver::path() const {
  if (search_) return search_->path();
  if (built_tour() && status_ == Status::found) {
    materialize();
    return built_path_;
  }
  return {};
}

int Solver::depth() const {
  if (search_) return search_->depth();
  return static_cast<int>(path().size()) - 1;
}

std::optional<CompactTour> Solver::compact() const {
  if (status_ != Status::found) return std::nullopt;
  if (const CompactTour* tour = built_tour()) return *tour;
  if (!search_) return std::nullopt;
  const Geometry g = problem_.geometry;
  CompactTour tour{g, *problem_.start, problem_.closed,
                   std::vector<std::uint8_t>(g.size(), kNoJump)};
  const auto p = path();
  for (std::size_t i = 0; i < p.size(); ++i) {
    const std::int32_t from = p[i];
    const std::int32_t to = i + 1 < p.size() ? p[i + 1] : (problem_.closed ? p[0] : -1);
    if (to < 0) break;
    const Square a = g.square(from), b = g.square(to);
    tour.next[from] = direction_of(b.x - a.x, b.y - a.y);
  }
  return tour;
}

Verdict Solver::verify() const {
  if (const CompactTour* tour = built_tour(); tour && status_ == Status::found) {
    // No copy of a huge board. Where there are threads, the parallel verifier (no bitmap); on
    // one thread (WebAssembly) the plain walk from the start is the faster of the two.
#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
    return verify_successors(problem_, *tour);
#else
    return verify_compact(problem_, *tour);
#endif
  }
  const auto tour = compact();
  if (!tour) return {false, false, "no tour to verify"};
  return verify_compact(problem_, *tour);
}

}  // namespace kt
