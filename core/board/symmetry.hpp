// The symmetries of a rectangular board: the identity, the two mirrors and the half turn on
// every rectangle; on a square board also the two quarter turns and the two diagonal mirrors.
// A tour's images under them are the "same tour" of Jelliss's geometrically distinct classes.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "board/geometry.hpp"
#include "board/problem.hpp"

namespace kt {

enum class Symmetry : std::uint8_t {
  identity,
  mirror_left_right,  // x -> cols + 1 - x
  mirror_top_bottom,  // y -> rows + 1 - y
  half_turn,
  mirror_diagonal,      // (x, y) -> (y, x): a1 stays, square boards only
  mirror_antidiagonal,  // the other diagonal, square boards only
  quarter_turn,         // a1 -> a8 on the chessboard (clockwise), square boards only
  three_quarter_turn,   // a1 -> h1, square boards only
};

// The symmetries of `g`: 8 on a square board, 4 on any other rectangle, identity first.
std::span<const Symmetry> board_symmetries(Geometry g);

// Where `t` takes the square `s` of `g` (a square of g again).
Square apply(Symmetry t, Geometry g, Square s);

// The symmetries of `p`'s board that map its blocked squares onto themselves and, for open
// tours, keep its start and end (where given) in place, identity first: the group a problem's
// tours are counted up to (Jelliss's classes, counting/tour_classes.hpp) and the group whose
// orbits of end squares split an open count into parts (counting/open_parts.hpp).
std::vector<Symmetry> problem_symmetries(const Problem& p);

// "identity", "mirror-left-right", "half-turn", ...: the names the CLI's JSON uses.
std::string_view to_string(Symmetry t);

}  // namespace kt
