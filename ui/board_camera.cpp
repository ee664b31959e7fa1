#include "board_camera.hpp"

#include <algorithm>
#include <cmath>

namespace kt::ui {

double fit_scale(Geometry g, const Rect& view) {
  if (g.rows <= 0 || g.cols <= 0 || view.w <= 0 || view.h <= 0) return 1;
  const double side = std::min(double(view.w) / g.cols, double(view.h) / g.rows);
  return side >= 4 ? std::floor(side) : side;  // whole pixels where squares are big enough
}

BoardCamera fitted_camera(Geometry g, const Rect& view) {
  return BoardCamera{g.cols / 2.0, g.rows / 2.0, fit_scale(g, view), true};
}

void clamp_camera(BoardCamera& c, Geometry g, const Rect& view) {
  const double fit = fit_scale(g, view);
  const double lo = std::min(fit, fit / 4), hi = std::max(fit, kMaxSquarePx);
  if (!(c.scale > 0) || !std::isfinite(c.scale)) c.scale = fit;
  c.scale = std::clamp(c.scale, lo, hi);
  if (!std::isfinite(c.cx)) c.cx = g.cols / 2.0;
  if (!std::isfinite(c.cy)) c.cy = g.rows / 2.0;
  c.cx = std::clamp(c.cx, 0.0, double(g.cols));
  c.cy = std::clamp(c.cy, 0.0, double(g.rows));
}

Point to_screen(const BoardCamera& c, const Rect& view, double u, double v) {
  return {view.x + view.w / 2.0 + (u - c.cx) * c.scale,
          view.y + view.h / 2.0 + (v - c.cy) * c.scale};
}

Point to_board(const BoardCamera& c, const Rect& view, double sx, double sy) {
  return {c.cx + (sx - view.x - view.w / 2.0) / c.scale,
          c.cy + (sy - view.y - view.h / 2.0) / c.scale};
}

void zoom_about(BoardCamera& c, Geometry g, const Rect& view, double factor, double sx, double sy) {
  if (!(factor > 0) || !std::isfinite(factor)) return;
  const Point before = to_board(c, view, sx, sy);
  c.scale *= factor;
  clamp_camera(c, g, view);
  // The board point under the cursor stays under it (unless the clamp stops the centre).
  const Point after = to_board(c, view, sx, sy);
  c.cx += before.x - after.x;
  c.cy += before.y - after.y;
  c.fitted = false;
  clamp_camera(c, g, view);
}

void pan_by(BoardCamera& c, Geometry g, const Rect& view, double dx, double dy) {
  if (!std::isfinite(dx) || !std::isfinite(dy)) return;
  c.cx -= dx / c.scale;
  c.cy -= dy / c.scale;
  c.fitted = false;
  clamp_camera(c, g, view);
}

void centre_on(BoardCamera& c, Geometry g, const Rect& view, Square s, double min_px) {
  if (!g.contains(s)) return;
  c.cx = s.x - 0.5;
  c.cy = g.rows - s.y + 0.5;
  c.scale = std::max(c.scale, min_px);
  c.fitted = false;
  clamp_camera(c, g, view);
}

std::optional<SquareRange> visible_squares(const BoardCamera& c, Geometry g, const Rect& view) {
  const Point a = to_board(c, view, view.x, view.y);
  const Point b = to_board(c, view, view.x + view.w, view.y + view.h);
  // Columns u in [a.x, b.x) are x = floor(u) + 1; rows v in [a.y, b.y) are y = rows - floor(v).
  const double u0 = std::max(0.0, std::floor(a.x)), u1 = std::min(g.cols - 1.0, std::ceil(b.x) - 1);
  const double v0 = std::max(0.0, std::floor(a.y)), v1 = std::min(g.rows - 1.0, std::ceil(b.y) - 1);
  if (u1 < u0 || v1 < v0) return std::nullopt;
  return SquareRange{int(u0) + 1, int(u1) + 1, g.rows - int(v1), g.rows - int(v0)};
}

std::optional<Square> square_at(const BoardCamera& c, Geometry g, const Rect& view, double sx,
                                double sy) {
  const Point p = to_board(c, view, sx, sy);
  if (p.x < 0 || p.y < 0 || p.x >= g.cols || p.y >= g.rows) return std::nullopt;
  return Square{int(std::floor(p.x)) + 1, g.rows - int(std::floor(p.y))};
}

}  // namespace kt::ui
