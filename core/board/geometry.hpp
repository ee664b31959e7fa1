// Board geometry and square coordinates shared by every part of the product.
//
// Coordinates follow the textbook program (Sutcliffe's Modula-2): 1-based (x, y), x the column
// counted from the left, y the row counted from the bottom. Squares are stored in flat arrays at
// index (y - 1) * cols + (x - 1), so row y = 1 comes first in memory.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "board/assert.hpp"

namespace kt {

struct Square {
  int x = 0;
  int y = 0;
  friend bool operator==(Square, Square) = default;
};

// Largest board accepted: square indices must fit in int32_t with room to spare.
inline constexpr std::int64_t kMaxSquares = std::int64_t{1} << 30;
inline constexpr std::int64_t kMaxSide = kMaxSquares;

struct Geometry {
  int rows = 0;
  int cols = 0;

  int size() const { return rows * cols; }
  bool contains(Square s) const { return s.x >= 1 && s.x <= cols && s.y >= 1 && s.y <= rows; }
  int index(Square s) const {
    KT_ASSERT(contains(s));
    return (s.y - 1) * cols + (s.x - 1);
  }
  Square square(int index) const {
    KT_ASSERT(index >= 0 && index < size());
    return {index % cols + 1, index / cols + 1};
  }
};

// Empty when rows x cols is a board we accept, else a one-line reason.
std::string check_geometry(std::int64_t rows, std::int64_t cols);

// Parses "x,y" (1-based, as in the textbook) or an algebraic name such as "c3" (column letter
// a..z, row number). Does not check that the square is on any board. On failure returns
// nullopt and, if `error` is given, a one-line reason.
std::optional<Square> parse_square(std::string_view text, std::string* error = nullptr);

// Checks that `s` lies on `g`; empty when it does, else a one-line reason.
std::string check_on_board(Geometry g, Square s);

// "x,y" as the CLI and JSON use it.
std::string format_square(Square s);

}  // namespace kt
