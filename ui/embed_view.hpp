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
};
// The panels shown beside the board: those open, when the link asked for them and the
// recursion can be shown.
int embed_panes(ExplorerState& s);
// Landscape frames put the views in a column on the right, portrait ones in a band below.
EmbedLayout embed_layout(float width, float height, int panes);

// The open panels, one above the other, each in a scrolling box named by its panel ("Code",
// "Stack", "Tree", "Estimate" in the widget rects).
void draw_embed_views(ExplorerState& s, WidgetRects& rects, const Rect& area);

}  // namespace kt::ui
