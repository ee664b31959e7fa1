// The minimap of a zoomed-in large board: the whole board's picture in a corner of the view,
// with a frame around the part on screen (board_view.cpp draws it and moves the view to where
// it is pressed).
#pragma once

#include "board/geometry.hpp"
#include "board_camera.hpp"
#include "rect.hpp"

struct ImDrawList;

namespace kt::ui {

struct Minimap {
  Rect frame;  // the minimap's box on screen
  Rect board;  // the board inside it
};

// At the bottom right of `view`, at most 160 pixels (and a quarter of the view) a side.
Minimap place_minimap(Geometry g, const Rect& view);

// Draws the board's texture (uv_w, uv_h: the texture coordinates of the board's bottom-right
// corner) and the frame of the visible part.
void draw_minimap(ImDrawList* dl, const Minimap& map, void* texture, float uv_w, float uv_h,
                  const BoardCamera& camera, Geometry g, const Rect& view);

}  // namespace kt::ui
