// Backtracking search for a knight's tour, made resumable.
//
// The recursion of the textbook's TryMove(i, x, y) (seed 000) is kept as an explicit stack:
// frame d holds the square entered by move d + 1 (frame 0 is the start) and a cursor to the next
// candidate jump from it. run(max_steps) advances by at most max_steps steps and returns, so a
// caller (the page, one frame at a time) can read the board, path, stack and counters between
// slices. A step is one visible change: a move recorded on the board or a move taken back.
//
// Two ways to order the candidates:
// - Heuristic::none: the move order as given. On a full board, open tour, no end square, the
//   tree walked and the counters are exactly those of the recursive textbook program.
// - Heuristic::warnsdorff: fewest onward moves first (Warnsdorff 1823), ties broken by the
//   larger distance from the board's centre (Roth; not on 4 x n boards, where it fails), then
//   by the move order. Sound pruning cuts
//   branches that leave a free square unreachable. Backtracking behind it keeps it complete.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "board/geometry.hpp"
#include "board/move_order.hpp"
#include "board/problem.hpp"

namespace kt {

enum class Status : std::uint8_t { running, found, none };
const char* to_string(Status s);

struct Counters {
  std::uint64_t placed = 0;  // moves recorded: squares entered after the start
  std::uint64_t erased = 0;  // moves taken back; a finished tour has placed - erased = free - 1
  double seconds = 0;        // time spent inside run()
};

enum class Heuristic : std::uint8_t { none, warnsdorff };

// Marks a blocked square on board().
inline constexpr std::int32_t kBlocked = -1;

class Backtracker {
 public:
  // Preconditions: the geometry is accepted by check_geometry, the problem has a start on a free
  // square of the board, and end (if any) is a free square other than the start.
  Backtracker(const Problem& problem, const MoveOrder& order,
              Heuristic heuristic = Heuristic::none);
  // The textbook's case: a full board, an open tour from `start`.
  Backtracker(Geometry g, Square start, const MoveOrder& order);

  Status run(std::uint64_t max_steps);

  Status status() const { return status_; }
  Geometry geometry() const { return geometry_; }
  Square start() const { return geometry_.square(path_[0]); }
  const Counters& counters() const { return counters_; }

  // Move number of every square (1 = start, 0 = not visited, kBlocked), by Geometry::index.
  const std::vector<std::int32_t>& board() const { return board_; }
  // Squares visited so far, in order; path()[0] is the start. Its size is depth() + 1.
  std::span<const std::int32_t> path() const {
    return {path_.data(), static_cast<std::size_t>(depth_) + 1};
  }
  int depth() const { return depth_; }
  // How many candidates frame d has tried or skipped so far (its loop counter).
  int cursor(int d) const { return cursor_[d]; }

 private:
  template <bool kGeneral>
  Status run_in_order(std::uint64_t max_steps);
  Status run_small(std::uint64_t max_steps);
  Status run_small_exact(std::uint64_t max_steps);
  void init_small(const MoveOrder& order);
  int slot(std::int32_t from, std::int32_t to) const;
  Status run_warnsdorff(std::uint64_t max_steps);
  void fill_candidates(int d);
  bool one_piece(std::int32_t from, int free);

  Geometry geometry_;
  MoveTable moves_;
  Heuristic heuristic_;
  bool general_;  // closed tour, end square or blocked squares: not the textbook loop
  bool closed_;
  std::int32_t end_ = -1;  // required last square, or -1
  int last_ = 0;           // depth of the final square: free squares - 1
  std::vector<std::int32_t> board_;
  std::vector<std::int32_t> path_;
  std::vector<std::uint8_t> cursor_;
  // The textbook loop on boards of up to 64 squares (see run_small): squares as bits of one
  // word. Empty unless that loop is used.
  struct SmallBoard {
    std::uint64_t all = 0;                                     // the board's squares
    std::uint64_t west1 = 0, east1 = 0, west2 = 0, east2 = 0;  // column masks for reach()
    unsigned row = 0;                                          // index step of one row (columns)
    std::uint8_t descending = 0;  // bit r: run r of the move order visits squares high to low
    std::vector<std::uint64_t> neighbours;  // per square
    std::vector<std::uint64_t> runs;        // per square, 8: neighbours in run r
  };
  SmallBoard small_;
  // Warnsdorff only: free neighbours per square, and each frame's ordered candidates.
  std::vector<std::uint8_t> degree_;
  std::vector<std::int32_t> candidates_;  // 8 per frame
  std::vector<std::uint8_t> candidate_count_;
  std::vector<std::uint32_t> rim_;
  int ones_ = 0;  // free squares with exactly one free neighbour
  bool check_pieces_ = false;
  std::vector<std::uint32_t> seen_;  // one_piece's marks, stamped to avoid clearing
  std::uint32_t stamp_ = 0;
  std::vector<std::int32_t> stack_;  // squared distance from the centre (x4), for tie-breaks
  int depth_ = 0;
  Status status_ = Status::running;
  Counters counters_;
};

}  // namespace kt
