// Knight move orders and the per-square move tables the searches step through.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "board/geometry.hpp"
#include "board/piece.hpp"

namespace kt {

// The eight knight jumps in the order a search tries them.
struct MoveOrder {
  std::string_view name;
  std::array<int, 8> dx;
  std::array<int, 8> dy;
};

// The orders the source texts print, named after their authors. The `textbook` and `wirth`
// methods walk the plain backtracking tree in the first two.
//
// Sutcliffe's Modula-2 program: the order that reproduces its printed run logs.
inline constexpr MoveOrder kTextbookOrder{
    "sutcliffe", {1, 2, 1, 2, -1, -2, -1, -2}, {2, 1, -2, -1, 2, 1, -2, -1}};
// Wirth, Algorithms + Data Structures = Programs, 3.4: counter-clockwise from
// (2, 1).
inline constexpr MoveOrder kWirthOrder{
    "wirth", {2, 1, -1, -2, -2, -1, 1, 2}, {1, 2, 2, 1, -1, -2, -2, -1}};
// The course handout: New_x = x + row(k), New_y = y + col(k), taken literally.
inline constexpr MoveOrder kHandoutOrder{
    "handout", {-2, -1, 1, 2, 2, 1, -1, -2}, {1, 2, 2, 1, -1, -2, -2, -1}};
// The handout's Init_Moves loops: i from -2 to 2, then j from -2 to 2, keeping i*i + j*j = 5.
inline constexpr MoveOrder kHandoutLoopOrder{
    "handout-loop", {-2, -2, -1, -1, 1, 1, 2, 2}, {-1, 1, -2, 2, -2, 2, -1, 1}};
// The recursive pseudocode: Move(x+2, y+1), Move(x+2, y-1), Move(x-2, y+1), ...
inline constexpr MoveOrder kPseudocodeOrder{
    "pseudocode", {2, 2, -2, -2, 1, 1, -1, -1}, {1, -1, 1, -1, 2, -2, 2, -2}};

inline constexpr MoveOrder kMoveOrders[] = {kTextbookOrder, kWirthOrder, kHandoutOrder,
                                            kHandoutLoopOrder, kPseudocodeOrder};

// A named order, or a custom one: eight "dx,dy" pairs separated by ';', each knight jump once
// ("1,2;2,1;2,-1;1,-2;-1,-2;-2,-1;-2,1;-1,2"). On failure nullopt and, if `error` is given, a
// one-line reason.
std::optional<MoveOrder> parse_move_order(std::string_view text, std::string* error = nullptr);
// The order as parse_move_order reads it back: its name, or its eight pairs when custom.
std::string format_move_order(const MoveOrder& order);

// The knight's order read for a leaper (knight.hpp's leap()): the same turn of jumps, 1 read as
// a and 2 as b, under the same name. For the knight, the order itself.
MoveOrder order_for(const MoveOrder& order, Leaper l);

// For every square, the on-board knight neighbours in the order's sequence, so that inner
// loops need no bounds arithmetic. Each square owns kStride slots ending with a -1 sentinel.
class MoveTable {
 public:
  static constexpr int kStride = 9;

  // The order is the knight's, read for the piece's leaper (knight.hpp's leap()).
  MoveTable(Geometry g, const MoveOrder& order, const Piece& piece = {});

  // Neighbour indices of square `index`, followed by a -1 sentinel.
  const std::int32_t* list(int index) const { return slots_.data() + index * kStride; }
  std::span<const std::int32_t> neighbours(int index) const;
  bool adjacent(int a, int b) const;

 private:
  std::vector<std::int32_t> slots_;
};

}  // namespace kt
