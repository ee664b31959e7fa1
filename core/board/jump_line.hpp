// How a jump of the path is drawn. On a plain board it is the straight line between the two
// squares' centres. On a wrapped board (board/piece.hpp) a jump that crosses a seam leaves the
// board through one edge and comes back through the opposite one: drawn straight, it would be a
// line across the whole board that no jump makes, so it is drawn as two short segments, the
// first from the square it leaves to the edge, the second from the opposite edge to the square
// it lands on. One rule for the page's board and the SVG picture.
#pragma once

#include <array>

#include "board/geometry.hpp"
#include "board/piece.hpp"

namespace kt {

// A point in board units: square (x, y)'s centre is (x, y), so the board spans
// [0.5, cols + 0.5] x [0.5, rows + 0.5], y upwards.
struct BoardPoint {
  double x = 0, y = 0;
};
struct BoardSegment {
  BoardPoint from, to;
};

struct JumpLine {
  std::array<BoardSegment, 2> parts{};
  int count = 1;  // 1: one straight segment; 2: across a seam
  bool crosses_seam() const { return count == 2; }
};

// The line of the jump from `from` to `to`. Squares that no single jump of the piece joins (a
// gap in a partial path) get the straight segment, as they always had.
JumpLine jump_line(Geometry g, const Piece& piece, Square from, Square to);

}  // namespace kt
