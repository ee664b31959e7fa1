// The board, drawn with ImDrawList. Row y = 1 is at the bottom, as in the textbook. Remembers
// the last layout for hit tests and rects.
//
// Two levels of detail, chosen by the caller (ExplorerView):
// - detailed (sides up to kDetailedMaxSide): checkered squares, file and rank labels, the move
//   numbers (where they fit), the knight's path through the square centres;
// - large: the squares as one texture of a texel per square (BoardImage: colour = when the
//   knight got there), the path as a thin line while it is short enough to stay fast, labels
//   at round intervals.
// Both draw blocked squares, the start, the end, the current square, a selected square and,
// for a construction, the outlines of its blocks.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "board/geometry.hpp"
#include "rect.hpp"
#include "theme.hpp"

namespace kt::ui {

inline constexpr int kDetailedMaxSide = 30;
// Longest path drawn as a line on a large board (two vertices a point; one ImGui draw list
// holds 65536 with WebGL's 16-bit indices).
inline constexpr std::size_t kThinPathMaxPoints = 16000;

struct BoardScene {
  Geometry geometry;
  bool large = false;                     // the texture level of detail
  void* texture = nullptr;                // large: the BoardImage texture (null: not drawn)
  std::span<const std::uint8_t> blocked;  // flags by square index; empty: none
  std::span<const std::int32_t> board;    // move numbers by square index; empty: none
  std::span<const std::int32_t> path;     // square indices in visiting order
  std::span<const std::uint8_t> written;  // detailed: a running construction's squares so far
  std::optional<Square> start, end;
  std::optional<Square> selected;  // a square picked for inspection
  bool show_current = false;       // outline path.back(), where the search stands
  unsigned border = 0;             // ImU32 colour around the board; 0 for the neutral one
  std::span<const int> col_bands, row_bands;  // construction blocks to outline; empty: none
};

class BoardView {
 public:
  // Draws `scene` centred in the screen rectangle (x, y, w, h) of the current window. Returns
  // the square clicked this frame, if any.
  std::optional<Square> draw(const BoardScene& scene, const Fonts& fonts, float x, float y, float w,
                             float h);

  // Where square `s` was drawn last frame, in ImGui (CSS) pixels.
  std::optional<Rect> square_rect(Square s) const;
  // Side of a square when `g` is drawn in a w x h rectangle, in CSS pixels (fractional on large
  // boards; 0 or less when it does not fit).
  static float square_side(Geometry g, float w, float h);

 private:
  Geometry geometry_{};
  float left_ = 0, top_ = 0, side_ = 0;  // top-left corner of the board and square size
};

}  // namespace kt::ui
