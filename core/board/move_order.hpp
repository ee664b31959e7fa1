// Knight move orders and the per-square move tables the searches step through.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "board/geometry.hpp"

namespace kt {

// The eight knight jumps in the order a search tries them.
struct MoveOrder {
  std::string_view name;
  std::array<int, 8> dx;
  std::array<int, 8> dy;
};

// Seed 000 (Sutcliffe's Modula-2 program): the order that reproduces its printed run logs.
inline constexpr MoveOrder kTextbookOrder{
    "textbook", {1, 2, 1, 2, -1, -2, -1, -2}, {2, 1, -2, -1, 2, 1, -2, -1}};
// Seed 002 (Wirth, Algorithms + Data Structures = Programs, program 3.3): counter-clockwise
// from (2, 1).
inline constexpr MoveOrder kWirthOrder{
    "wirth", {2, 1, -1, -2, -2, -1, 1, 2}, {1, 2, 2, 1, -1, -2, -2, -1}};

// Looks a move order up by name ("textbook" or "wirth").
std::optional<MoveOrder> find_move_order(std::string_view name);

// For every square, the on-board knight neighbours in the order's sequence, so that inner
// loops need no bounds arithmetic. Each square owns kStride slots ending with a -1 sentinel.
class MoveTable {
 public:
  static constexpr int kStride = 9;

  MoveTable(Geometry g, const MoveOrder& order);

  // Neighbour indices of square `index`, followed by a -1 sentinel.
  const std::int32_t* list(int index) const { return slots_.data() + index * kStride; }
  std::span<const std::int32_t> neighbours(int index) const;
  bool adjacent(int a, int b) const;

 private:
  std::vector<std::int32_t> slots_;
};

}  // namespace kt
