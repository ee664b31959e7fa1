#include "board/jump_line.hpp"

#include <algorithm>
#include <cstdlib>

#include "board/knight.hpp"

namespace kt {

namespace {

// How far along v (0..1) the point p + t v stays on the board: where it reaches an edge.
double on_board_until(Geometry g, BoardPoint p, double vx, double vy) {
  double t = 1;
  const double right = g.cols + 0.5, top = g.rows + 0.5;
  if (vx > 0) t = std::min(t, (right - p.x) / vx);
  if (vx < 0) t = std::min(t, (0.5 - p.x) / vx);
  if (vy > 0) t = std::min(t, (top - p.y) / vy);
  if (vy < 0) t = std::min(t, (0.5 - p.y) / vy);
  return std::max(0.0, t);
}

}  // namespace

JumpLine jump_line(Geometry g, const Piece& piece, Square from, Square to) {
  const BoardPoint a{double(from.x), double(from.y)}, b{double(to.x), double(to.y)};
  JumpLine straight;
  straight.parts[0] = {a, b};
  if (!piece.wraps_columns()) return straight;
  // A jump the piece makes without wrapping stays straight, even where a wrapped jump joins
  // the same squares too (a 4-column cylinder: 2 to the right is also 2 to the left).
  const int dx = std::abs(to.x - from.x), dy = std::abs(to.y - from.y);
  const Leaper l = piece.leaper;
  if ((dx == l.a && dy == l.b) || (dx == l.b && dy == l.a)) return straight;
  const std::uint8_t d = direction_between(g, piece, from, to);
  if (d == kNoJump) return straight;
  const double jx = leap(kJumpDx[d], l), jy = leap(kJumpDy[d], l);
  const double leave = on_board_until(g, a, jx, jy), enter = on_board_until(g, b, -jx, -jy);
  JumpLine out;
  out.count = 2;
  out.parts[0] = {a, {a.x + leave * jx, a.y + leave * jy}};
  out.parts[1] = {{b.x - enter * jx, b.y - enter * jy}, b};
  return out;
}

}  // namespace kt
