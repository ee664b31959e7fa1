#include "solve/solver.hpp"

#include <algorithm>
#include <cstdio>

#include "board/knight.hpp"
#include "counting/frontier_count.hpp"
#include "search/warnsdorff_search.hpp"

namespace kt {

namespace {

// automatic: how long the textbook gets before a faster method takes over (~0.5 s natively;
// the 7x7 run log needs 24 million steps).
constexpr std::uint64_t kTextbookBudget = std::uint64_t{1} << 26;
// automatic's Warnsdorff search: the first attempt's steps (each restart has twice the last's).
constexpr std::uint64_t kFirstAttempt = std::uint64_t{1} << 16;
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
  return std::min(g.rows, g.cols) <= kRowsCountMaxWidth && check_frontier_problem(p).empty();
}

Solver::Solver(Problem problem, Method method, std::optional<MoveOrder> order)
    : problem_(std::move(problem)),
      requested_(method),
      method_(method),
      order_(method == Method::wirth ? kWirthOrder : order.value_or(kTextbookOrder)) {
  theory_ = settle(problem_);
  enter(next_phase());
}

Solver::~Solver() = default;

namespace {
template <typename T>
std::unique_ptr<T> copy_of(const std::unique_ptr<T>& p) {
  return p ? std::make_unique<T>(*p) : nullptr;
}
}  // namespace

// Every member but the deadline: the engines that are not copied (the construction, counting
// by rows) are absent, which snapshot() checks first.
Solver::Solver(const Solver& o)
    : problem_(o.problem_),
      requested_(o.requested_),
      method_(o.method_),
      order_(o.order_),
      theory_(o.theory_),
      phase_(o.phase_),
      status_(o.status_),
      search_(o.search_ ? o.search_->clone() : nullptr),
      strip_(copy_of(o.strip_)),
      end_tour_(copy_of(o.end_tour_)),
      repair_(copy_of(o.repair_)),
      rows_count_steps_(o.rows_count_steps_),
      gave_up_(o.gave_up_),
      time_limit_(o.time_limit_),
      one_shot_seconds_(o.one_shot_seconds_),
      stopped_by_time_(o.stopped_by_time_),
      built_board_(o.built_board_),
      built_path_(o.built_path_),
      textbook_budget_(o.textbook_budget_),
      handed_over_(o.handed_over_),
      restarts_(o.restarts_),
      attempt_budget_(o.attempt_budget_),
      restarted_(o.restarted_) {}

std::unique_ptr<Solver> Solver::snapshot() const {
  if (construction_ || rows_counter_) return nullptr;
  return std::unique_ptr<Solver>(new Solver(*this));
}

// Theory first; then, for auto and construct, the first of the construction's engines that
// applies (auto may try the textbook's search before); where they give up, counting by rows on
// narrow boards; then Warnsdorff's search, or for construct alone the end.
Solver::Phase Solver::next_phase() const {
  // Where no construction answered: counting by rows if the board is narrow enough for it to
  // settle the question in about a second, else (or then, when tours exist) Warnsdorff's
  // search, which may not end (progress and the time limit bound it). Asked for the
  // construction alone, the run stops there instead and says why (a search is what the other
  // methods are for).
  auto fallback = [this] {
    if (phase_ != Phase::rows_count && rows_count_fits(problem_)) return Phase::rows_count;
    return requested_ == Method::construct ? Phase::gave_up : Phase::search;
  };
  // The construction's engines, the first that applies: the strip programme on narrow boards,
  // the end walk, the repair, the linear-time construction; else the fallback.
  auto construction_road = [&] {
    if (strip_applies(problem_)) return Phase::strips;
    if (end_tour_applies(problem_)) return Phase::end_walk;
    if (repair_applies(problem_)) return Phase::repair;
    if (construction_refusal(problem_).empty()) return Phase::construction;
    return fallback();
  };
  switch (phase_) {
    case Phase::theory: {
      const bool textbook_tree = requested_ == Method::textbook || requested_ == Method::wirth;
      if (theory_.answer == Answer::none && !textbook_tree) return Phase::theory;
      if (requested_ == Method::automatic) {
        const bool textbook_case = !problem_.closed && !problem_.end && problem_.blocked.empty() &&
                                   problem_.geometry.size() <= kTextbookMaxSquares;
        return textbook_case ? Phase::textbook_attempt : construction_road();
      }
      return requested_ == Method::construct ? construction_road() : Phase::search;
    }
    case Phase::textbook_attempt:
      return construction_road();
    case Phase::end_walk:
    case Phase::repair:
    case Phase::rows_count:
      return fallback();
    case Phase::strips:  // it stopped at its memory budget: nothing else answers better
    case Phase::construction:
    case Phase::search:
    case Phase::gave_up:
      break;
  }
  return Phase::gave_up;
}

// Sets up the engine of `next`; the one-shot engines and counting by rows run at run()'s turn.
void Solver::enter(Phase next) {
  phase_ = next;
  switch (next) {
    case Phase::theory:
      status_ = Status::none;
      return;
    case Phase::textbook_attempt:
      textbook_budget_ = kTextbookBudget;
      start_search(Method::textbook);
      return;
    case Phase::search:
      // The method asked for, or Warnsdorff's search as the fallback of auto (in attempts).
      start_search(requested_ == Method::automatic ? Method::warnsdorff : requested_);
      attempt_budget_ = kFirstAttempt;
      return;
    case Phase::construction:
      method_ = Method::construct;
      search_.reset();
      construction_ = std::make_unique<Construction>(problem_);
      status_ = construction_->status();
      return;
    case Phase::strips:
    case Phase::end_walk:
    case Phase::repair:
    case Phase::rows_count:
      method_ = Method::construct;
      search_.reset();
      status_ = Status::running;
      return;
    case Phase::gave_up:
      search_.reset();
      return;
  }
}

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
  return status_ == Status::running && !stopped_by_time_ && phase_ != Phase::gave_up;
}

const char* Solver::answered_by() const {
  return phase_ == Phase::rows_count ? "rows" : to_string(method_);
}

bool Solver::time_up() const { return deadline_ && std::chrono::steady_clock::now() >= *deadline_; }

// The search for at most min(max_steps, budget) steps; both go down by the steps spent, which
// it returns (the attempts' budgets count moves placed and erased, whatever the slices).
std::uint64_t Solver::run_search_within(std::uint64_t& max_steps, std::uint64_t& budget) {
  const Counters before = search_->counters();
  status_ = search_->run(std::min(max_steps, budget));
  const Counters after = search_->counters();
  const std::uint64_t spent = (after.placed - before.placed) + (after.erased - before.erased);
  budget -= std::min(spent, budget);
  max_steps -= std::min(spent, max_steps);
  return spent;
}

// automatic's textbook attempt, within its budget (max_steps goes down by the steps spent).
// Returns whether the attempt is over without an answer: its budget spent, or it stalled.
bool Solver::run_textbook_attempt(std::uint64_t& max_steps) {
  if (textbook_budget_ == 0) {  // a tour with the budget's last step, then next_tour(): no bound
    status_ = search_->run(max_steps);
    max_steps = 0;
    return false;
  }
  const std::uint64_t spent = run_search_within(max_steps, textbook_budget_);
  if (status_ != Status::running || (textbook_budget_ > 0 && spent > 0)) return false;
  handed_over_ = search_->counters();  // the abandoned attempt's work still counts
  textbook_budget_ = 0;
  return true;
}

// automatic's Warnsdorff search, in attempts within a budget of steps (max_steps goes down by
// the steps spent). Warnsdorff's rule with one fixed tie-break can walk into a tree of billions
// of nodes where millions of tours exist (5x11 from (3,5) without (9,1): 1,288,668,686 tours,
// none found in minutes). So an attempt that spends its budget is abandoned for another whose
// ties are ordered by keys drawn from its number (the same road on every run, whatever the
// slices), with twice the steps: the whole stays complete (an attempt long enough runs the
// whole tree, and proves "none") at about twice the cost of the last attempt.
void Solver::run_search_attempt(std::uint64_t& max_steps) {
  const std::uint64_t spent = run_search_within(max_steps, attempt_budget_);
  if (status_ != Status::running || attempt_budget_ > 0 || spent == 0) return;
  const Counters after = search_->counters();
  restarted_.placed += after.placed;
  restarted_.erased += after.erased;
  restarted_.seconds += after.seconds;
  ++restarts_;
  attempt_budget_ = kFirstAttempt << std::min(restarts_, 40);
  search_ =
      std::make_unique<WarnsdorffSearch>(problem_, order_, static_cast<std::uint32_t>(restarts_));
  status_ = search_->status();
}

// The strip programme in one go: it is exact and takes a fraction of a second; the time limit
// still stops it between columns.
void Solver::run_strip() {
  const auto t0 = std::chrono::steady_clock::now();
  strip_ = std::make_unique<StripResult>(solve_strip(problem_, [this] { return time_up(); }));
  one_shot_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  status_ = strip_->status;
  if (status_ == Status::running && time_up()) stopped_by_time_ = true;
}

// The construction steered to the end square. Returns whether the walk gave up.
bool Solver::run_end_tour() {
  const auto t0 = std::chrono::steady_clock::now();
  end_tour_ =
      std::make_unique<EndTourResult>(build_end_tour(problem_, [this] { return time_up(); }));
  one_shot_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (end_tour_->status == Status::found) {
    status_ = Status::found;
    return false;
  }
  gave_up_ = end_tour_->reason;
  if (time_up()) stopped_by_time_ = true;
  return true;
}

// The construction's tour repaired around the blocked squares. Returns whether it gave up.
bool Solver::run_repair() {
  const auto t0 = std::chrono::steady_clock::now();
  repair_ = std::make_unique<RepairResult>(repair_tour(problem_, [this] { return time_up(); }));
  one_shot_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (repair_->status == Status::found) {
    status_ = Status::found;
    return false;
  }
  gave_up_ = repair_->reason;
  if (time_up()) stopped_by_time_ = true;
  return true;
}

// Counting by rows, in slices (at most max_steps steps a call; max_steps goes down by the steps
// spent), bounded by kRowsCountSteps. No tour: the answer is none, proved by the count. Tours (or
// no verdict within the bound): the count is over without an answer (returns true), and the
// reason says what it found.
bool Solver::run_rows_count(std::uint64_t& max_steps) {
  const auto t0 = std::chrono::steady_clock::now();
  if (!rows_counter_)
    rows_counter_ =
        std::make_unique<FrontierCounter>(problem_, FrontierDesc{.memory_limit = kRowsCountMemory});
  const std::uint64_t slice = std::min(max_steps, kRowsCountSteps - rows_count_steps_);
  const std::uint64_t before = rows_counter_->steps();
  const Status counted = rows_counter_->run(slice);
  // The steps really spent: a run stops early where a phase ends (the two halves, the join),
  // and the budget must not depend on how the caller slices it.
  const std::uint64_t spent = std::clamp<std::uint64_t>(rows_counter_->steps() - before, 1,
                                                        std::max<std::uint64_t>(slice, 1));
  rows_count_steps_ += spent;
  max_steps -= std::min(spent, max_steps);
  one_shot_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (counted == Status::running && rows_count_steps_ < kRowsCountSteps) return false;

  const std::string note = gave_up_.empty() ? std::string() : gave_up_ + "; ";
  const std::string what =
      " of the " + board_name(problem_.geometry) + " board" + ends_text(problem_);
  const BigCount& count = rows_counter_->count();
  bool over = true;
  if (counted == Status::none && rows_counter_->error().empty()) {
    if (count.is_zero()) {
      status_ = Status::none;
      gave_up_ = note + "counting by rows finds no tour" + what +
                 " (an exhaustive count of every way a tour can cross each row)";
      over = false;
    } else {
      gave_up_ = note + "counting by rows finds " + count.to_string() + " tour" +
                 (count == BigCount(1) ? "" : "s") + what;
    }
  } else {
    gave_up_ = note + "counting by rows did not finish within " + std::to_string(kRowsCountSteps) +
               " steps" +
               (rows_counter_->error().empty() ? "" : " (" + rows_counter_->error() + ")");
  }
  rows_counter_.reset();
  return over;
}

bool Solver::construction_unstarted() const {
  return phase_ == Phase::construction && status_ == Status::running && construction_ &&
         !construction_->started() &&
         static_cast<std::size_t>(problem_.geometry.size()) >= kBulkSquares;
}

bool Solver::adopt_construction(CompactTour&& built, double seconds) {
  if (!construction_unstarted() || !construction_->adopt(std::move(built), seconds)) return false;
  status_ = construction_->status();
  return true;
}

bool Solver::search_resumable() const {
  return phase_ == Phase::search && requested_ != Method::automatic && search_ != nullptr;
}

bool Solver::resume_search(const SearchState& state) {
  if (!search_resumable() || !search_->resume(state)) return false;
  status_ = search_->status();
  return true;
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
// this call and is invisible to the caller: the steps left go on in the next phase. The
// one-shot engines (strip programme, end walk, repair) run whole at their turn.
Status Solver::run_steps(std::uint64_t max_steps) {
  while (status_ == Status::running && max_steps > 0 && !stopped_by_time_) {
    bool over = false;  // the phase ended without an answer
    switch (phase_) {
      case Phase::textbook_attempt:
        over = run_textbook_attempt(max_steps);
        break;
      case Phase::strips:
        run_strip();
        over = true;
        break;
      case Phase::end_walk:
        over = run_end_tour();
        break;
      case Phase::repair:
        over = run_repair();
        break;
      case Phase::rows_count:
        over = run_rows_count(max_steps);
        break;
      case Phase::construction:
        return status_ = construction_->run(max_steps);
      case Phase::search:
        if (requested_ != Method::automatic) return status_ = search_->run(max_steps);
        run_search_attempt(max_steps);
        break;
      case Phase::theory:
      case Phase::gave_up:
        return status_;
    }
    if (over && status_ == Status::running && !stopped_by_time_) enter(next_phase());
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

// The restarts of automatic's Warnsdorff search, said after its name (nothing without them).
std::string Solver::restarts_text() const {
  if (restarts_ == 0) return "";
  return " (attempt " + std::to_string(restarts_ + 1) +
         ", ties drawn at random: each attempt that spends its steps gives way to one with "
         "twice as many)";
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
    if (phase_ == Phase::rows_count) return gave_up_;
    if (strip_) {
      return "no tour of the " + name + " board" + ends_text(problem_) +
             ": the column-by-column programme for boards with a side of at most 4 tried every "
             "way a tour can cross each column (an exhaustive search)";
    }
    return after_tries("the " + std::string(to_string(method_)) +
                       " search tried every possibility" + restarts_text());
  }
  if (status_ == Status::running) {
    std::string now;
    if (strip_) {
      now = "the column-by-column programme: " + strip_->reason;
    } else if (phase_ == Phase::rows_count) {
      now = "counting by rows (" + std::to_string(rows_count_steps_) + " steps)";
    } else if (phase_ == Phase::gave_up) {
      // (The request's words, which the CLI's flags and the page's menu share.)
      now = "the construction stops here; the method auto goes on with Warnsdorff's search";
    } else if (search_ || construction_ || gave_up_.empty()) {
      now = std::string(to_string(method_)) + " search" + restarts_text();
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
    return after_tries("the " + std::string(to_string(method_)) + " search found one" +
                       restarts_text());
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
  c.placed += restarted_.placed;
  c.erased += restarted_.erased;
  c.seconds += restarted_.seconds;
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
    tour.next[from] = direction_between(g, problem_.piece, a, b);
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
