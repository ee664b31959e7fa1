#include "search/solver.hpp"

#include <algorithm>
#include <cstdio>

#include "board/knight.hpp"

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

std::string check_size(const Problem& p, Method method) {
  const std::int64_t squares = p.geometry.size();
  if (squares <= kMaxSearchSquares) return {};
  const bool constructible =
      construction_refusal(p).empty() || strip_applies(p) || settle(p).answer == Answer::none;
  if ((method == Method::automatic || method == Method::construct) && constructible) return {};
  return "a " + std::to_string(p.geometry.rows) + "x" + std::to_string(p.geometry.cols) +
         " board is too large for a backtracking search (at most " +
         std::to_string(kMaxSearchSquares) + " squares, about 90 bytes each)" +
         (constructible ? "; --method construct takes it" : "");
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
  if (!construction_refusal(problem_).empty()) {
    start_search(Method::warnsdorff);
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
  return status_ == Status::running && !stopped_by_time_ &&
         (search_ || construction_ || strip_pending_ || end_tour_pending_);
}

bool Solver::time_up() const { return deadline_ && std::chrono::steady_clock::now() >= *deadline_; }

// The strip programme in one go: it is exact and takes a fraction of a second; the time limit
// still stops it between columns.
void Solver::run_strip() {
  strip_pending_ = false;
  const auto t0 = std::chrono::steady_clock::now();
  strip_ = std::make_unique<StripResult>(solve_strip(problem_, [this] { return time_up(); }));
  strip_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  status_ = strip_->status;
  if (status_ == Status::running && time_up()) stopped_by_time_ = true;
}

// The construction steered to the end square; if the walk gives up, Warnsdorff's search.
void Solver::run_end_tour() {
  end_tour_pending_ = false;
  const auto t0 = std::chrono::steady_clock::now();
  end_tour_ =
      std::make_unique<EndTourResult>(build_end_tour(problem_, [this] { return time_up(); }));
  strip_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (end_tour_->status == Status::found) {
    status_ = Status::found;
    return;
  }
  if (time_up()) {
    stopped_by_time_ = true;
    return;
  }
  start_search(Method::warnsdorff);
}

Status Solver::run(std::uint64_t max_steps) {
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
// (automatic's textbook attempt running out of budget) happens inside this call and is
// invisible to the caller: the steps left go on with the next method.
Status Solver::run_steps(std::uint64_t max_steps) {
  if (strip_pending_) {
    run_strip();
    return status_;
  }
  if (end_tour_pending_) {
    run_end_tour();
    if (!search_) return status_;
  }
  while (status_ == Status::running && max_steps > 0 && (search_ || construction_)) {
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
      if (strip_pending_) run_strip();
      if (end_tour_pending_) run_end_tour();
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
  if (status_ == Status::none) {
    if (theory_.answer == Answer::none) return theory_.reason;
    if (strip_) {
      return "no tour of the " + name + " board" + ends_text(problem_) +
             ": the column-by-column programme for boards with a side of at most 4 tried every "
             "way a tour can cross each column (an exhaustive search)";
    }
    return "the " + std::string(to_string(method_)) + " search tried every possibility";
  }
  if (status_ == Status::running) {
    std::string tried = strip_ ? "the column-by-column programme: " + strip_->reason
                               : std::string(to_string(method_)) + " search";
    if (end_tour_ && end_tour_->status != Status::found) {
      tried = end_tour_->reason + (search_ ? "; then " + tried : "");
    }
    if (stopped_by_time_) {
      char limit[32];
      std::snprintf(limit, sizeof limit, "%g", time_limit_);
      tried = "time limit of " + std::string(limit) + " s reached; tried: " + tried;
    }
    return theory_.reason.empty() ? tried : theory_.reason + "; " + tried;
  }
  if (end_tour_) {
    if (end_tour_->status == Status::found) {
      const std::string built =
          "the construction's tour from the start, steered to the end "
          "square by " +
          std::to_string(end_tour_->rotations) + " Posa rotations";
      return theory_.reason.empty() ? built : theory_.reason + "; " + built;
    }
    if (status_ == Status::found) return end_tour_->reason + "; the warnsdorff search found one";
  }
  if (strip_) {
    const std::string built =
        "built by the column-by-column programme for boards with a side of at most 4 (exact: "
        "it finds a tour whenever one exists)";
    return theory_.reason.empty() ? built : theory_.reason + "; " + built;
  }
  if (handed_over_.placed > 0) {
    std::string why = "the textbook search found no tour in its first " +
                      std::to_string(kTextbookBudget) + " steps; " + to_string(method_) +
                      " took over";
    return theory_.reason.empty() ? why : theory_.reason + "; " + why;
  }
  return theory_.reason;
}

Counters Solver::counters() const {
  Counters c = handed_over_;
  if (search_) {
    const Counters& s = search_->counters();
    c.placed += s.placed;
    c.erased += s.erased;
    c.seconds += s.seconds;
    return c;
  }
  if (strip_ || (end_tour_ && end_tour_->status == Status::found)) {
    if (status_ == Status::found)
      c.placed += static_cast<std::uint64_t>(problem_.free_squares()) - 1;
    c.seconds += strip_seconds_;
  }
  if (construction_) {
    // Every square written has recorded its move; nothing is ever taken back.
    if (status_ == Status::found)
      c.placed += static_cast<std::uint64_t>(problem_.free_squares()) - 1;
    c.seconds += construction_->seconds();
  }
  return c;
}

const CompactTour* Solver::built_tour() const {
  if (construction_) return &construction_->tour();
  if (strip_ && strip_->status == Status::found) return &strip_->tour;
  if (end_tour_ && end_tour_->status == Status::found) return &end_tour_->tour;
  return nullptr;
}

void Solver::materialize() const {
  const CompactTour* tour = built_tour();
  if (!tour || !built_board_.empty()) return;
  built_board_ = compact_to_board(*tour);
  for (const Square s : compact_to_path(*tour)) {
    built_path_.push_back(problem_.geometry.index(s));
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
