// A board as a standalone SVG 1.1 picture, for slides and print: squares, blocked squares, move
// numbers, the path through the square centres, start and end, coordinates. One code path for
// the page's export and `knights solve --format svg`, so both give the same file.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "board/geometry.hpp"
#include "board/piece.hpp"

namespace kt {

// Up to this many squares every visited square carries its move number; above, the numbers
// would be too small to read and the file too large, so only the path is drawn.
inline constexpr std::int64_t kSvgMaxNumberedSquares = 4096;
// Above this many squares no SVG is written (the path alone would be megabytes of points that
// viewers struggle with); text and JSON take such boards.
inline constexpr std::int64_t kSvgMaxSquares = 250'000;

enum class SvgTheme : std::uint8_t { light, dark };

struct SvgOptions {
  bool numbers = true;      // move numbers (boards up to kSvgMaxNumberedSquares)
  bool path = true;         // the tour as lines through the square centres
  bool coordinates = true;  // a..z below (numbers past 26 columns) and 1.. at the left
  bool closed = false;      // draw the closing move from the last square back to the first
  SvgTheme theme = SvgTheme::light;
  // Whose jumps the path joins: on a wrapped board a jump across a seam is drawn as two short
  // segments through the opposite edges (board/jump_line.hpp), not a line across the board.
  Piece piece{};
  std::string title;  // the document's <title> (any bytes; escaped); empty: none
};

// Empty when a board of g's size can be drawn, else a one-line reason naming the limit.
std::string check_svg_size(Geometry g);

// The document. `board` holds move numbers by Geometry::index (board/status.hpp): 0
// unvisited, kBlocked (any negative number) blocked, 1.. in visiting order; an interrupted
// search's board is drawn as far as it got. Returns "" when check_svg_size refuses g or
// `board` does not hold g.size() numbers. Integer coordinates only, so the output is the same
// byte for byte everywhere, whatever the locale.
std::string board_svg(Geometry g, std::span<const std::int32_t> board, const SvgOptions& o = {});

}  // namespace kt
