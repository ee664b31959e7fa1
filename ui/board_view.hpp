// The board, drawn with ImDrawList: checkered squares, file and rank labels, the move numbers,
// the knight's path through the square centres, the start and the current square. Row y = 1
// is at the bottom, as in the textbook. Remembers the last layout for hit tests and rects.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "geometry.hpp"
#include "rect.hpp"
#include "theme.hpp"

namespace kt::ui {

struct BoardScene {
  Geometry geometry;
  std::span<const std::int32_t> board;  // move numbers by square index; empty: none visited
  std::span<const std::int32_t> path;   // square indices in visiting order
  std::optional<Square> start;
  bool show_current = false;  // outline path.back(), where the search stands
  unsigned border = 0;        // ImU32 colour around the board; 0 for the neutral one
};

class BoardView {
 public:
  // Draws `scene` centred in the screen rectangle (pos, size) of the current window. Returns
  // the square clicked this frame, if any.
  std::optional<Square> draw(const BoardScene& scene, const Fonts& fonts, float x, float y, float w,
                             float h);

  // Where square `s` was drawn last frame, in ImGui (CSS) pixels.
  std::optional<Rect> square_rect(Square s) const;

 private:
  Geometry geometry_{};
  float left_ = 0, top_ = 0, side_ = 0;  // top-left corner of the board and square size
};

}  // namespace kt::ui
