// What is to be toured: a board, its blocked squares, and the kind of tour wanted.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "board/geometry.hpp"
#include "board/knight.hpp"  // kJumpDx, kJumpDy, kNoJump: the direction encoding
#include "board/piece.hpp"

namespace kt {

struct Problem {
  Geometry geometry;
  std::vector<std::uint8_t> blocked;  // empty, or one flag per square (Geometry::index)
  std::optional<Square> start;        // required for open tours; optional for closed ones
  std::optional<Square> end;          // open tours only: the square the tour must end on
  bool closed = false;                // the last square must be a jump of the piece from the first
  Piece piece{};                      // the knight on a plain board unless asked otherwise

  bool is_blocked(int index) const { return !blocked.empty() && blocked[index] != 0; }
  // Squares the tour must visit.
  int free_squares() const;
};

// The shape make_problem gives (for preconditions): an accepted board, one blocked flag per
// square or none, a start and end on the board, a start unless the tour is closed, no end on a
// closed tour.
bool well_formed(const Problem& p);

// The same problem on the smallest rectangle that holds its free squares: rows and columns
// wholly blocked at the board's edges left out, its start and end moved with it. Its tours are
// the same (a leaper's jump between two free squares stays inside their rectangle), so a
// counter may take it instead: counting by rows then runs as wide as the free squares are,
// not as the board. Edges that wrap stay (their squares are neighbours across them); a board
// with no free square stays as it is.
Problem trimmed_to_free_squares(const Problem& p);

// A tour stored compactly, one byte per square: the direction (knight.hpp's encoding, read for
// the problem's piece: the tour alone does not say which piece made it) to the next square, kNoJump
// at the end of an open tour and on blocked squares. Used for boards too large for a move-number
// board (10^8 squares and more).
struct CompactTour {
  Geometry geometry;
  Square start;
  bool closed = false;
  std::vector<std::uint8_t> next;
};

}  // namespace kt
