#include "minimap.hpp"

#include <imgui.h>

#include <algorithm>

namespace kt::ui {

namespace {
constexpr ImU32 kMapBack = IM_COL32(20, 22, 28, 220);
constexpr ImU32 kMapEdge = IM_COL32(200, 204, 214, 255);
constexpr ImU32 kMapView = IM_COL32(255, 255, 255, 255);
constexpr float kMapPad = 4;
}  // namespace

Minimap place_minimap(Geometry g, const Rect& view) {
  const float most = std::min(160.0f, std::min(view.w, view.h) / 4);
  const float scale = most / std::max(g.cols, g.rows);
  const float w = std::max(8.0f, g.cols * scale), h = std::max(8.0f, g.rows * scale);
  Minimap m;
  m.frame = Rect{view.x + view.w - w - 2 * kMapPad - 8, view.y + view.h - h - 2 * kMapPad - 8,
                 w + 2 * kMapPad, h + 2 * kMapPad};
  m.board = Rect{m.frame.x + kMapPad, m.frame.y + kMapPad, w, h};
  return m;
}

void draw_minimap(ImDrawList* dl, const Minimap& map, void* texture, float uv_w, float uv_h,
                  const BoardCamera& camera, Geometry g, const Rect& view) {
  const Rect& f = map.frame;
  const Rect& b = map.board;
  dl->AddRectFilled(ImVec2(f.x, f.y), ImVec2(f.x + f.w, f.y + f.h), kMapBack, 4);
  dl->AddImage(texture, ImVec2(b.x, b.y), ImVec2(b.x + b.w, b.y + b.h), ImVec2(0, 0),
               ImVec2(uv_w, uv_h));
  dl->AddRect(ImVec2(f.x, f.y), ImVec2(f.x + f.w, f.y + f.h), kMapEdge, 4);
  // The view's rectangle in board units, then in the minimap (at least 3 pixels, so it shows).
  const Point a = to_board(camera, view, view.x, view.y);
  const Point c = to_board(camera, view, view.x + view.w, view.y + view.h);
  const float sx = b.w / g.cols, sy = b.h / g.rows;
  float x0 = b.x + std::clamp(float(a.x), 0.0f, float(g.cols)) * sx;
  float x1 = b.x + std::clamp(float(c.x), 0.0f, float(g.cols)) * sx;
  float y0 = b.y + std::clamp(float(a.y), 0.0f, float(g.rows)) * sy;
  float y1 = b.y + std::clamp(float(c.y), 0.0f, float(g.rows)) * sy;
  if (x1 - x0 < 3) x0 = x1 = (x0 + x1) / 2, x0 -= 1.5f, x1 += 1.5f;
  if (y1 - y0 < 3) y0 = y1 = (y0 + y1) / 2, y0 -= 1.5f, y1 += 1.5f;
  dl->AddRect(ImVec2(x0, y0), ImVec2(x1, y1), IM_COL32(0, 0, 0, 200), 0, 0, 3);
  dl->AddRect(ImVec2(x0, y0), ImVec2(x1, y1), kMapView, 0, 0, 1.5f);
}

}  // namespace kt::ui
