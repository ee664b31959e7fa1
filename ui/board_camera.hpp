// Where the board is seen from: the camera's plain math, apart from drawing so that it can be
// tested without a window (tests/board_camera_test.cpp).
//
// Board units are squares, measured from the board's top-left corner: u grows to the right
// (u = x - 1 at a square's left edge), v grows downwards (v = rows - y at a square's top edge),
// as on screen. The camera keeps the board point at the viewport's centre and the size of a
// square in CSS pixels; "fitted" means it follows the viewport (the whole board in view), until
// the user zooms or pans.
#pragma once

#include <optional>

#include "board/geometry.hpp"
#include "rect.hpp"

namespace kt::ui {

// Largest square on screen, in CSS pixels: a knight's move and its number fill the view.
inline constexpr double kMaxSquarePx = 240;

struct BoardCamera {
  double cx = 0, cy = 0;  // the board point at the viewport's centre (board units)
  double scale = 1;       // CSS pixels per square
  bool fitted = true;     // follows fit() until the user moves it
};

// The whole-board scale: the board fits `view` (fractional below one pixel a square).
double fit_scale(Geometry g, const Rect& view);
// The camera that shows the whole board, centred.
BoardCamera fitted_camera(Geometry g, const Rect& view);

// Keeps the scale between a quarter of the fit and kMaxSquarePx, and the centre on the board.
void clamp_camera(BoardCamera& c, Geometry g, const Rect& view);

// Screen point of board point (u, v), and back.
struct Point {
  double x = 0, y = 0;
};
Point to_screen(const BoardCamera& c, const Rect& view, double u, double v);
Point to_board(const BoardCamera& c, const Rect& view, double sx, double sy);

// Zooms by `factor` keeping the board point under screen point (sx, sy) where it is; clamped.
void zoom_about(BoardCamera& c, Geometry g, const Rect& view, double factor, double sx, double sy);
// Moves the board by (dx, dy) CSS pixels on screen (a drag); clamped.
void pan_by(BoardCamera& c, Geometry g, const Rect& view, double dx, double dy);
// Centres square `s`, zooming in to at least `min_px` a square; clamped.
void centre_on(BoardCamera& c, Geometry g, const Rect& view, Square s, double min_px);

// The squares at least partly in view: columns x0..x1 and rows y0..y1 (1-based, inclusive,
// on the board); nullopt when none is.
struct SquareRange {
  int x0 = 1, x1 = 0, y0 = 1, y1 = 0;
  long long count() const {
    return x1 < x0 || y1 < y0 ? 0 : static_cast<long long>(x1 - x0 + 1) * (y1 - y0 + 1);
  }
};
std::optional<SquareRange> visible_squares(const BoardCamera& c, Geometry g, const Rect& view);

// The square under screen point (sx, sy), if it is on the board.
std::optional<Square> square_at(const BoardCamera& c, Geometry g, const Rect& view, double sx,
                                double sy);

}  // namespace kt::ui
