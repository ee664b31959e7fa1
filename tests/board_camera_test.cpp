// The board camera's math (ui/board_camera.hpp): fit, zoom about a point, pan, clamps, the
// visible squares and the square under a point.
#include <catch2/catch.hpp>

#include <cmath>

#include "board_camera.hpp"

using namespace kt;
using namespace kt::ui;

namespace {
const Rect kView{100, 50, 800, 600};  // a viewport that does not start at the origin
}

TEST_CASE("the fitted camera shows the whole board, centred", "[camera]") {
  const Geometry g{1000, 1000};
  const BoardCamera c = fitted_camera(g, kView);
  CHECK(c.scale == Approx(0.6));
  const auto r = visible_squares(c, g, kView);
  REQUIRE(r);
  CHECK((r->x0 == 1 && r->x1 == 1000 && r->y0 == 1 && r->y1 == 1000));
  const Point corner = to_screen(c, kView, 0, 0);
  CHECK(corner.x == Approx(200));  // (800 - 600) / 2 to the right of the viewport's left
  CHECK(corner.y == Approx(50));
  CHECK(fitted_camera(Geometry{8, 8}, kView).scale == 75);  // whole pixels on small boards
}

TEST_CASE("zooming keeps the point under the cursor in place", "[camera]") {
  const Geometry g{1000, 1000};
  BoardCamera c = fitted_camera(g, kView);
  const double sx = 350, sy = 420;
  const Point before = to_board(c, kView, sx, sy);
  zoom_about(c, g, kView, 8, sx, sy);
  CHECK(c.scale == Approx(4.8));
  CHECK_FALSE(c.fitted);
  const Point after = to_board(c, kView, sx, sy);
  CHECK(after.x == Approx(before.x));
  CHECK(after.y == Approx(before.y));
  // Square (x, y) under the cursor is the same too.
  CHECK(square_at(c, g, kView, sx, sy) == square_at(fitted_camera(g, kView), g, kView, sx, sy));
}

TEST_CASE("zoom and pan are clamped", "[camera]") {
  const Geometry g{1000, 1000};
  BoardCamera c = fitted_camera(g, kView);
  zoom_about(c, g, kView, 1e9, 500, 350);
  CHECK(c.scale == kMaxSquarePx);
  zoom_about(c, g, kView, 1e-9, 500, 350);
  CHECK(c.scale == Approx(0.15));        // a quarter of the fit
  zoom_about(c, g, kView, 0, 500, 350);  // ignored
  zoom_about(c, g, kView, std::nan(""), 500, 350);
  CHECK(c.scale == Approx(0.15));
  pan_by(c, g, kView, 1e12, -1e12);  // the centre stays on the board
  CHECK(c.cx == 0);
  CHECK(c.cy == 1000);
}

TEST_CASE("panning moves the board with the pointer", "[camera]") {
  const Geometry g{100, 200};
  BoardCamera c = fitted_camera(g, kView);
  zoom_about(c, g, kView, 4, 500, 350);
  const Point at = to_screen(c, kView, 10, 20);
  pan_by(c, g, kView, 30, -12);
  const Point moved = to_screen(c, kView, 10, 20);
  CHECK(moved.x == Approx(at.x + 30));
  CHECK(moved.y == Approx(at.y - 12));
}

TEST_CASE("visible squares and the square under a point", "[camera]") {
  const Geometry g{1000, 1000};
  BoardCamera c = fitted_camera(g, kView);
  centre_on(c, g, kView, Square{10, 990}, 40);  // near the top-left corner
  CHECK(c.scale == 40);
  CHECK(c.cx == Approx(9.5));
  CHECK(c.cy == Approx(10.5));
  const auto r = visible_squares(c, g, kView);
  REQUIRE(r);
  // 800 / 40 = 20 columns centred on u = 9.5: u from -0.5 (clipped to 0) to 19.5.
  CHECK((r->x0 == 1 && r->x1 == 20));
  // 600 / 40 = 15 rows centred on v = 10.5: v from 3 to 18, y = 1000 - v.
  CHECK((r->y0 == 983 && r->y1 == 997));
  CHECK(r->count() == 20 * 15);
  const Point centre = to_screen(c, kView, 9.5, 10.5);
  CHECK(square_at(c, g, kView, centre.x, centre.y) == Square{10, 990});
  CHECK_FALSE(square_at(c, g, kView, kView.x + 1, kView.y + 1));  // left of the board
  // Small boards: a1 is at the bottom left.
  const Geometry small{5, 5};
  const BoardCamera f = fitted_camera(small, kView);
  const Point a1 = to_screen(f, kView, 0.5, 4.5);
  CHECK(square_at(f, small, kView, a1.x, a1.y) == Square{1, 1});
}
