// One front door to every method: theory first, then the chosen search, run in slices.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "board/problem.hpp"
#include "board/request.hpp"  // Method
#include "construction/construct.hpp"
#include "construction/end_tours.hpp"
#include "construction/repair_tours.hpp"
#include "construction/strip_tours.hpp"
#include "counting/frontier_count.hpp"
#include "search/search.hpp"
#include "theory/existence.hpp"
#include "verify/verify.hpp"

namespace kt {

// The largest board a backtracking search takes: it needs about 90 bytes a square (move table,
// board, path, Warnsdorff's candidates), so 2^25 squares is about 3 GB. The construction needs
// about 1.2 bytes a square and takes every board make_problem accepts (kMaxSquares).
inline constexpr std::int64_t kMaxSearchSquares = std::int64_t{1} << 25;

// Counting by rows as the exhaustive check before a search that may not end: on boards whose
// short side is at most kRowsCountMaxWidth, forecast to fit in kRowsCountMemory, and for at most
// kRowsCountSteps of its steps (a step expands one state; measured: 5x10 from (4,5) to (9,3)
// takes 0.8 million steps, 0.65 s of CPU natively, so the bound is about a second).
inline constexpr int kRowsCountMaxWidth = 6;
inline constexpr std::uint64_t kRowsCountMemory = std::uint64_t{256} << 20;
inline constexpr std::uint64_t kRowsCountSteps = std::uint64_t{1} << 20;

// Empty when `method` can take `problem` within memory, else a one-line reason. Call before
// constructing a Solver: nothing is allocated here.
std::string check_size(const Problem& problem, Method method);

class Solver {
 public:
  // Precondition: `problem` came from make_problem (well formed).
  //
  // textbook and wirth walk their whole tree even where theory says no tour exists (the
  // textbook's teaching point); the other methods answer at once where theory settles it.
  // construct: on boards with a side of at most 4, the exact strip programme
  // (construction/strip_tours.hpp: any start, end, blocked squares; a tour or a proof that
  // there is none); with blocked squares on larger boards, the construction's tour repaired
  // around them (construction/repair_tours.hpp); with an end square, the construction steered
  // to it by rotations (construction/end_tours.hpp); else the linear-time construction. Where
  // the repair or the steering gives up, counting by rows (counting/frontier_count.hpp) settles
  // narrow boards exhaustively when it can within kRowsCountSteps (none: the answer; tours:
  // their number goes into the reason); then the run stops (can_continue() false, the reason
  // says why). check_size refuses construct at once where none of this applies.
  // automatic: theory; then, on full boards of up to 7x7 asking for an open tour, the
  // textbook search for a bounded number of steps (so a teacher sees the book's tour); then
  // as construct, and where that stops, Warnsdorff's search with backtracking (with progress
  // and the time limit).
  // `order`: the move order of the backtracking searches (textbook: its tree; warnsdorff: its
  // ties; automatic: its textbook attempt); by default the method's own (Sutcliffe's, or
  // Wirth's for wirth).
  Solver(Problem problem, Method method, std::optional<MoveOrder> order = std::nullopt);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // Runs at most max_steps steps; returns running only when all of them were spent. Method
  // hand-overs happen inside and never show as a stop.
  Status run(std::uint64_t max_steps);
  // From now on run() stops (status running) once `seconds` of wall time have passed since
  // this call; stopped_by_time() then says so. Checked every few million steps.
  void set_time_limit(double seconds);
  bool stopped_by_time() const { return stopped_by_time_; }
  // Whether another run() can make progress: false when finished, stopped by the time limit,
  // when the strip programme stopped at its memory budget, or when construct was asked for and
  // gave up.
  bool can_continue() const;
  Status status() const { return status_; }
  // After a tour, go on to the next one in the search's order (the handout's Try_All): the
  // textbook and wirth methods only (false elsewhere, and when no tour was just found).
  bool next_tour();

  const Problem& problem() const { return problem_; }
  Method requested() const { return requested_; }
  Method method() const { return method_; }  // the method at work or that answered
  const MoveOrder& order() const { return order_; }
  const Existence& theory() const { return theory_; }
  // Why the answer is what it is: theory's reason, or what the search established; while
  // running (a stop), what was tried.
  std::string reason() const;
  Counters counters() const;

  // The live backtracking search, if one is at work (the page draws its stack).
  const Search* search() const { return search_.get(); }
  // The live construction, if the construct method is at work (the page draws its blocks).
  const Construction* construction() const { return construction_.get(); }
  // Move numbers (0 free, kBlocked) and visiting order of the current state or result. For a
  // construction these are made on first call (four bytes per square each): huge boards
  // should use compact() instead.
  std::span<const std::int32_t> board() const;
  std::span<const std::int32_t> path() const;
  int depth() const;
  // The result as a compact tour (one byte per square), when status() is found.
  std::optional<CompactTour> compact() const;
  // The independent verifier's verdict on the result (ok is false unless found).
  Verdict verify() const;

 private:
  void start_search(Method m);
  void start_construction();
  void materialize() const;
  Status run_steps(std::uint64_t max_steps);
  void run_strip();
  void run_end_tour();
  void run_repair();
  void start_fallback();
  void start_fallback_search();
  std::uint64_t run_rows_count(std::uint64_t max_steps);
  bool time_up() const;
  const CompactTour* built_tour() const;  // construction, strip programme, end walk or repair

  Problem problem_;
  Method requested_;
  Method method_;
  MoveOrder order_;
  Existence theory_;
  Status status_ = Status::running;
  std::unique_ptr<Search> search_;
  std::unique_ptr<Construction> construction_;
  std::unique_ptr<StripResult> strip_;       // the strip programme's answer, once run
  std::unique_ptr<EndTourResult> end_tour_;  // the rotation walk to an end square, once run
  bool end_tour_pending_ = false;
  std::unique_ptr<RepairResult> repair_;  // the constructed tour repaired around blocked squares
  bool repair_pending_ = false;
  std::unique_ptr<FrontierCounter> rows_counter_;  // counting by rows, while it runs
  std::uint64_t rows_count_steps_ = 0;
  bool rows_count_pending_ = false;  // counting by rows runs (in slices) at the next run()
  bool rows_count_tried_ = false;
  bool rows_count_none_ = false;       // counting by rows found no tour: the answer is none
  std::string gave_up_;                // what the methods that handed over tried, for reason()
  bool strip_pending_ = false;         // the strip programme is to run at the next run()
  bool construction_gave_up_ = false;  // construct asked for, and no part of it answered
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  double time_limit_ = 0;
  double one_shot_seconds_ = 0;  // strip programme, end walk, repair, counting by rows
  bool stopped_by_time_ = false;
  mutable std::vector<std::int32_t> built_board_, built_path_;  // construction, as numbers
  std::uint64_t textbook_budget_ = 0;  // automatic: steps left for the textbook's attempt
  Counters handed_over_;               // automatic: the abandoned textbook attempt's work
};

}  // namespace kt
