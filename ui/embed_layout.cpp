#include <algorithm>
#include <cmath>

#include "embed_view.hpp"

namespace kt::ui {

int embed_panes(ExplorerState& s) {
  if (!s.view.embed_views || s.mode == Mode::play || !teaching_shown(s)) return 0;
  return static_cast<int>(std::count(std::begin(s.view.panels), std::end(s.view.panels), true));
}

// The board's column needs its width and this much more for the banner above the squares and
// the coordinates below them; the stack under it needs at least kStackBelow to show its calls.
constexpr float kBoardExtra = 110;
constexpr float kStackBelow = 130;

EmbedLayout embed_layout(float width, float height, int panes, bool stack) {
  EmbedLayout out{{0, 0, width, height}, {0, 0, 0, 0}, {0, 0, 0, 0}};
  if (panes <= 0 || width <= 0 || height <= 0) return out;
  if (width >= height) {
    // The board keeps a square as tall as the frame, less its banner; the views take the rest,
    // half the width (more with two views or more: the code and the stack side by side with a
    // board still wide enough to follow) so that a listing's lines are readable.
    // With the stack under the board the column is the code's alone: a little wider, so that
    // fewer of a listing's lines wrap.
    const bool below =
        stack && panes >= 2 && height - width * (1 - 0.6f) - kBoardExtra >= kStackBelow;
    const float share = below ? 0.6f : panes >= 2 ? 0.58f : 0.5f;
    const float views =
        std::floor(std::clamp(width * share, 220.0f, std::max(220.0f, width - 260)));
    out.board = {0, 0, width - views, height};
    out.views = {width - views, 0, views, height};
    const float board_h = out.board.w + kBoardExtra;
    if (below && height - board_h >= kStackBelow) {
      out.board.h = board_h;
      out.below = {0, board_h, out.board.w, height - board_h};
    }
  } else {
    const float views = std::floor(height * 0.45f);
    out.board = {0, 0, width, height - views};
    out.views = {0, height - views, width, views};
  }
  return out;
}

}  // namespace kt::ui
