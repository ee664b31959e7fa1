// An embedded course view (embed=1): the board and, beside it (or under it on a portrait
// frame), the recursion's panels the link opened with `views=`, so that a lecture's view of
// code and stack fits a 640x480 iframe. The split is plain arithmetic (embed_layout, tested
// natively); the drawing is ImGui.
#pragma once

#include "explorer_state.hpp"
#include "rect.hpp"
#include "widget_rects.hpp"

namespace kt::ui {

struct EmbedLayout {
  Rect board;
  Rect views;  // w == 0: no views
  Rect below;  // the call stack under the board (w == 0: with the other views)
};
// The panels shown beside the board: those open, when the link asked for them and the
// recursion can be shown.
int embed_panes(ExplorerState& s);
// Landscape frames put the views in a column on the right, portrait ones in a band below.
// stack: the call stack is one of the panes; on a landscape frame with room under the square
// board (a 1024x768 projector's column is 430 px wide and 730 tall) it goes there, and the code
// has the whole column.
EmbedLayout embed_layout(float width, float height, int panes, bool stack = false);

// The open panels, one above the other, each in a scrolling box named by its panel ("Code",
// "Stack", "Tree", "Estimate" in the widget rects).
// below: the call stack's own box, when embed_layout put it under the board.
void draw_embed_views(ExplorerState& s, WidgetRects& rects, const Rect& area,
                      const Rect& below = {});

}  // namespace kt::ui
