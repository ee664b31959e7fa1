// Backtracking search for a knight's tour, made resumable: the interface every engine shares.
//
// The recursion of the textbook's TryMove(i, x, y) (Sutcliffe's Modula-2) is kept as an explicit
// stack: frame d holds the square entered by move d + 1 (frame 0 is the start) and a cursor to the
// next candidate jump from it. run(max_steps) advances by at most max_steps steps and returns,
// so a caller (the page, one frame at a time) can read the board, path, stack and counters
// between slices. A step is one visible change: a move recorded on the board or one taken back.
//
// One engine per loop, each with its own state (make_search picks):
// - OrderedSearch (ordered_search.hpp): candidates in the move order as given, on any board;
//   with blocked squares, closed tours or an end square, the rules for them.
// - SmallSearch (small_search.hpp): the same tree on full boards of up to 64 squares (open, no
//   end), the board as bits of one word; the fastest way to walk the textbook's tree.
// - WarnsdorffSearch (warnsdorff_search.hpp): fewest onward moves first (Warnsdorff 1823) with
//   sound pruning; backtracking behind it keeps it complete.
// On a full board, open tour, no end square, the first two walk exactly the tree of the
// recursive textbook program, with its counters.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "board/geometry.hpp"
#include "board/move_order.hpp"
#include "board/problem.hpp"
#include "board/status.hpp"

namespace kt {

enum class Heuristic : std::uint8_t { none, warnsdorff };

// The last step a search took, for views that show the recursion.
enum class Action : std::uint8_t { none, placed, erased };
constexpr const char* to_string(Action a) {
  return a == Action::placed ? "placed" : a == Action::erased ? "erased" : "none";
}

// One call of try(i, x, y): move number i (1 for the start), its square (Geometry::index), and
// how many of its candidates it has tried or skipped so far (its loop counter).
struct Frame {
  int move = 0;
  std::int32_t square = 0;
  int cursor = 0;
};

// Where a search stands, as plain data: its path (path()), its frames' cursors (cursor(d), d =
// 0 .. depth()), its counters, status and last step. Search::resume puts a search as made there.
struct SearchState {
  std::vector<std::int32_t> path;
  std::vector<std::uint8_t> cursors;
  Counters counters;
  Status status = Status::running;
  Action last = Action::none;
};

class Search {
 public:
  virtual ~Search() = default;
  Search& operator=(const Search&) = delete;
  // A copy of the search as it stands (engine, board, stack, counters): run on, it takes
  // exactly the steps this one would (the engines are deterministic).
  virtual std::unique_ptr<Search> clone() const = 0;

  // Advances by at most max_steps steps; returns running only when all of them were spent.
  Status run(std::uint64_t max_steps);

  // The handout's Try_All: after a tour is found, go on searching for the next one, in the
  // search's own order (run() then takes the last move back first). Ordered engines only
  // (OrderedSearch, SmallSearch): Warnsdorff's pruning is for one tour.
  void continue_after_tour() {
    if (status_ == Status::found && depth_ > 0) status_ = Status::running;
  }

  SearchState state() const;
  // Puts this search, as made, where another search of the same problem, order and engine
  // stood (its state()). Run on, it then takes exactly the steps that one would (the page hands
  // a long search to a worker and takes it back). Returns false, and the search is not to be run,
  // where that is no state this search could reach: a path off its moves, a cursor not past the
  // next square, a square twice.
  bool resume(const SearchState& state);

  Status status() const { return status_; }
  Geometry geometry() const { return geometry_; }
  Square start() const { return geometry_.square(path_[0]); }
  const Counters& counters() const { return counters_; }
  const MoveTable& moves() const { return moves_; }

  // Move number of every square (1 = start, 0 = not visited, kBlocked), by Geometry::index.
  const std::vector<std::int32_t>& board() const { return board_; }
  // Squares visited so far, in order; path()[0] is the start. Its size is depth() + 1.
  std::span<const std::int32_t> path() const {
    return {path_.data(), static_cast<std::size_t>(depth_) + 1};
  }
  int depth() const { return depth_; }
  // Frame d of the stack, 0 <= d <= depth(). The cursor counts candidates in the engine's own
  // order: the move order's on-board jumps (moves()), or Warnsdorff's sorted ones.
  Frame frame(int d) const { return {d + 1, path_[d], cursor_[d]}; }
  int cursor(int d) const { return cursor_[d]; }
  Action last_action() const { return last_action_; }

 protected:
  // Preconditions: the problem came from make_problem (a start on a free square; an end, if
  // any, a free square other than the start).
  Search(const Problem& problem, const MoveOrder& order);
  Search(const Search&) = default;  // for clone()
  // The engine's loop: at most max_steps steps, updating the shared state below.
  virtual void advance(std::uint64_t max_steps) = 0;
  // resume's walk down a checked path: sets the board, path, cursors and depth. Engines that
  // keep more state (Warnsdorff's degrees and sorted candidates) walk it with their own loop.
  virtual bool walk(std::span<const std::int32_t> path, std::span<const std::uint8_t> cursors);
  // The textbook's loop over board_ in the move order, one step per move recorded or erased:
  // exactly Sutcliffe's TryMove without kGeneral; with it, the rules of an end square (entered
  // only as the last move) and of a closed tour (a full path that does not close is erased).
  template <bool kGeneral>
  void ordered_loop(std::uint64_t max_steps);

  Geometry geometry_;
  MoveTable moves_;
  bool closed_ = false;
  std::int32_t end_ = -1;  // required last square, or -1
  int last_ = 0;           // depth of the final square: free squares - 1
  std::vector<std::int32_t> board_;
  std::vector<std::int32_t> path_;
  std::vector<std::uint8_t> cursor_;
  int depth_ = 0;
  Status status_ = Status::running;
  Action last_action_ = Action::none;
  Counters counters_;
};

// The textbook's case: a full board, an open tour from `start`.
inline Problem open_problem(Geometry g, Square start) {
  Problem p;
  p.geometry = g;
  p.start = start;
  return p;
}

// The engine for the problem, order and heuristic.
std::unique_ptr<Search> make_search(const Problem& problem, const MoveOrder& order,
                                    Heuristic heuristic = Heuristic::none);

}  // namespace kt
