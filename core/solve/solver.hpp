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
#include "solve/solve_request.hpp"  // check_size, kMaxSearchSquares
#include "theory/existence.hpp"
#include "verify/verify.hpp"

namespace kt {

// Counting by rows as the exhaustive check before a search that may not end: on boards whose
// short side is at most kRowsCountMaxWidth, within kRowsCountMemory (its tables stop there; its
// forecast, made for the full board, is often far higher with ends and blocked squares), and for
// at most kRowsCountSteps of its steps (a step expands one state; measured: 5x10 from (4,5) to
// (9,3) takes 0.8 million steps, 0.65 s of CPU natively, so the bound is about a second).
inline constexpr int kRowsCountMaxWidth = 6;
inline constexpr std::uint64_t kRowsCountMemory = std::uint64_t{256} << 20;
inline constexpr std::uint64_t kRowsCountSteps = std::uint64_t{1} << 20;

// Whether counting by rows can take `p` (kRowsCountMaxWidth, a board it counts): the Solver's
// exhaustive check where the construction gives up.
bool rows_count_fits(const Problem& p);

class Solver {
 public:
  // Precondition: `problem` came from make_problem (well formed).
  //
  // The run goes through phases (Phase below), one engine each; next_phase() alone decides
  // what follows one that ended without an answer.
  // textbook and wirth walk their whole tree even where theory says no tour exists (the
  // textbook's teaching point); the other methods answer at once where theory settles it.
  // construct: on boards with a side of at most 4, the exact strip programme
  // (construction/strip_tours.hpp: any start, end, blocked squares; a tour or a proof that
  // there is none); with an end square, the construction steered to it by rotations
  // (construction/end_tours.hpp); with blocked squares on larger boards, the construction's
  // tour repaired around them (construction/repair_tours.hpp); else the linear-time
  // construction. Where the steering or the repair gives up, counting by rows
  // (counting/frontier_count.hpp) settles narrow boards exhaustively when it can within
  // kRowsCountSteps (none: the answer; tours: their number goes into the reason); then the run
  // stops (can_continue() false, the reason says why). check_size refuses construct at once
  // where none of this applies.
  // automatic: theory; then, on full boards of up to 7x7 asking for an open tour, the
  // textbook search for a bounded number of steps (so a teacher sees the book's tour); then
  // as construct, and where that stops, Warnsdorff's search with backtracking (with progress
  // and the time limit).
  // `order`: the move order of the backtracking searches (textbook: its tree; warnsdorff: its
  // ties; automatic: its textbook attempt); by default the method's own (Sutcliffe's, or
  // Wirth's for wirth).
  Solver(Problem problem, Method method, std::optional<MoveOrder> order = std::nullopt);
  ~Solver();
  Solver& operator=(const Solver&) = delete;
  // A copy of the run as it stands, to come back to (RewindableSolver's checkpoints): run on, it
  // takes exactly the steps this one would. Without the time limit (a replay must not be cut
  // short by the clock). Null while the construction or counting by rows is at work: their
  // engines are not copied.
  std::unique_ptr<Solver> snapshot() const;

  // Runs at most max_steps steps; returns running only when all of them were spent. Method
  // hand-overs happen inside and never show as a stop.
  Status run(std::uint64_t max_steps);
  // From now on run() stops (status running) once `seconds` of wall time have passed since
  // this call; stopped_by_time() then says so. Checked every few million steps.
  void set_time_limit(double seconds);
  bool stopped_by_time() const { return stopped_by_time_; }
  // Whether the linear-time construction is at work and has written nothing yet, on a board of
  // at least kBulkSquares: the page may then build the whole tour elsewhere (on a worker's
  // threads, as construct_tour) and hand it to adopt_construction.
  bool construction_unstarted() const;
  // The tour this construction was to build, built elsewhere for the same problem. Returns
  // whether it was taken (see Construction::adopt); status() is then found.
  bool adopt_construction(CompactTour&& built, double seconds);
  // Whether the run is a backtracking search of the method asked for (textbook, wirth or
  // warnsdorff; not auto's attempts), whose state() the page may hand to a worker to run on.
  bool search_resumable() const;
  // This Solver, as made for the same problem, method and order, put where such a search stood
  // (Search::resume). Returns whether it was.
  bool resume_search(const SearchState& state);
  // Whether another run() can make progress: false when finished, stopped by the time limit,
  // or when nothing is left to try (the strip programme stopped at its memory budget, or
  // construct was asked for and gave up).
  bool can_continue() const;
  Status status() const { return status_; }
  // After a tour, go on to the next one in the search's order (the handout's Try_All): the
  // textbook and wirth methods only (false elsewhere, and when no tour was just found).
  bool next_tour();

  const Problem& problem() const { return problem_; }
  Method requested() const { return requested_; }
  Method method() const { return method_; }  // the method at work or that answered
  // The engine at work or that answered, as the reports name it ("method"): the method's name,
  // or "rows" where counting by rows is at work or settled the answer.
  const char* answered_by() const;
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
  // The tour a construction, the strip programme, the end walk or a repair built (null for
  // searches): read in place, it costs no copy of a huge board.
  const CompactTour* built_tour() const;

 private:
  Solver(const Solver& other);  // snapshot()'s copy
  // Where the run is: the engine at work, or the one that answered once status() is not
  // running.
  enum class Phase : std::uint8_t {
    theory,            // theory settled it at once (no tour)
    textbook_attempt,  // automatic: the textbook search, for a bounded number of steps
    strips,            // the strip programme, in one go
    end_walk,          // the construction steered to the end square, in one go
    repair,            // the construction's tour repaired around blocked squares, in one go
    construction,      // the linear-time construction, in slices
    rows_count,        // counting by rows, in slices, at most kRowsCountSteps steps
    search,            // a backtracking search: the one asked for, or Warnsdorff's as the fallback
    gave_up,           // nothing left to try: construct alone, or the strip programme, stopped
  };
  // The one transition: the phase after phase_, which ended without an answer (from theory:
  // the first).
  Phase next_phase() const;
  void enter(Phase next);
  void start_search(Method m);
  void materialize() const;
  Status run_steps(std::uint64_t max_steps);
  std::uint64_t run_search_within(std::uint64_t& max_steps, std::uint64_t& budget);
  bool run_textbook_attempt(std::uint64_t& max_steps);
  void run_strip();
  bool run_end_tour();
  bool run_repair();
  bool run_rows_count(std::uint64_t& max_steps);
  void run_search_attempt(std::uint64_t& max_steps);
  std::string restarts_text() const;
  bool time_up() const;

  Problem problem_;
  Method requested_;
  Method method_;
  MoveOrder order_;
  Existence theory_;
  Phase phase_ = Phase::theory;
  Status status_ = Status::running;
  std::unique_ptr<Search> search_;
  std::unique_ptr<Construction> construction_;
  std::unique_ptr<StripResult> strip_;       // the strip programme's answer, once run
  std::unique_ptr<EndTourResult> end_tour_;  // the rotation walk to an end square, once run
  std::unique_ptr<RepairResult> repair_;     // the constructed tour repaired around blocked squares
  std::unique_ptr<FrontierCounter> rows_counter_;  // counting by rows, while it runs
  std::uint64_t rows_count_steps_ = 0;
  std::string gave_up_;  // what the engines that handed over tried (or counted), for reason()
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  double time_limit_ = 0;
  double one_shot_seconds_ = 0;  // strip programme, end walk, repair, counting by rows
  bool stopped_by_time_ = false;
  mutable std::vector<std::int32_t> built_board_, built_path_;  // construction, as numbers
  // automatic: the textbook attempt's steps left, and its work once abandoned (it still counts).
  std::uint64_t textbook_budget_ = 0;
  Counters handed_over_;
  // automatic's Warnsdorff search in attempts (run_search_attempt): the restarts so far, the
  // steps left in this attempt, and the work of the attempts abandoned (it still counts).
  int restarts_ = 0;
  std::uint64_t attempt_budget_ = 0;
  Counters restarted_;
};

}  // namespace kt
