// What is to be toured: a board, its blocked squares, and the kind of tour wanted.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "board/geometry.hpp"

namespace kt {

struct Problem {
  Geometry geometry;
  std::vector<std::uint8_t> blocked;  // empty, or one flag per square (Geometry::index)
  std::optional<Square> start;        // required for open tours; optional for closed ones
  std::optional<Square> end;          // open tours only: the square the tour must end on
  bool closed = false;                // the last square must be a knight's jump from the first

  bool is_blocked(int index) const { return !blocked.empty() && blocked[index] != 0; }
  // Squares the tour must visit.
  int free_squares() const;
};

// The eight knight jumps as a fixed encoding for compact tours (a direction number per square)
// and for anything that stores a jump in three bits. This is a data format, not a move order.
inline constexpr std::array<int, 8> kJumpDx{1, 2, 2, 1, -1, -2, -2, -1};
inline constexpr std::array<int, 8> kJumpDy{2, 1, -1, -2, -2, -1, 1, 2};
inline constexpr std::uint8_t kNoJump = 0xFF;

// A tour stored compactly, one byte per square: the direction (index into kJumpDx/kJumpDy) to
// the next square, kNoJump at the end of an open tour and on blocked squares. Used for boards
// too large for a move-number board (10^8 squares and more).
struct CompactTour {
  Geometry geometry;
  Square start;
  bool closed = false;
  std::vector<std::uint8_t> next;
};

}  // namespace kt
