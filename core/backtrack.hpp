// The textbook's backtracking search (seed 000's TryMove), made resumable.
//
// The recursion of TryMove(i, x, y) is kept as an explicit stack: frame d holds the square
// entered by move d + 1 (frame 0 is the start) and a cursor to the next candidate jump from
// it. run(max_steps) advances by at most max_steps steps and returns, so a caller (the page,
// one frame at a time) can read the board, path, stack and counters between slices. A step is
// one visible change: a move recorded on the board or a move taken back. The tree walked and
// the counters are exactly those of the recursive program with the same move order.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "geometry.hpp"
#include "move_order.hpp"

namespace kt {

enum class Status : std::uint8_t { running, found, none };
const char* to_string(Status s);

struct Counters {
  std::uint64_t placed = 0;  // moves recorded: squares entered after the start
  std::uint64_t erased = 0;  // moves taken back; a finished tour has placed - erased = size - 1
  double seconds = 0;        // time spent inside run()
};

class Backtracker {
 public:
  // Preconditions: check_geometry(g) and check_on_board(g, start) are empty.
  Backtracker(Geometry g, Square start, const MoveOrder& order);

  Status run(std::uint64_t max_steps);

  Status status() const { return status_; }
  Geometry geometry() const { return geometry_; }
  Square start() const { return start_; }
  const Counters& counters() const { return counters_; }

  // Move number of every square (1 = start, 0 = not visited), indexed by Geometry::index.
  const std::vector<std::int32_t>& board() const { return board_; }
  // Squares visited so far, in order; path()[0] is the start. Its size is depth() + 1.
  std::span<const std::int32_t> path() const {
    return {path_.data(), static_cast<std::size_t>(depth_) + 1};
  }
  int depth() const { return depth_; }
  // How many candidate jumps frame d has tried or skipped so far (its loop counter).
  int cursor(int d) const { return cursor_[d]; }

 private:
  Geometry geometry_;
  Square start_;
  MoveTable moves_;
  std::vector<std::int32_t> board_;
  std::vector<std::int32_t> path_;
  std::vector<std::uint8_t> cursor_;
  int depth_ = 0;
  Status status_ = Status::running;
  Counters counters_;
};

}  // namespace kt
