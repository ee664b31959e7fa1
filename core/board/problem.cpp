#include "board/problem.hpp"

#include <algorithm>

namespace kt {

bool well_formed(const Problem& p) {
  const Geometry g = p.geometry;
  return check_geometry(g.rows, g.cols).empty() &&
         (p.blocked.empty() || p.blocked.size() == static_cast<std::size_t>(g.size())) &&
         (p.start ? g.contains(*p.start) : p.closed) &&
         (!p.end || (!p.closed && g.contains(*p.end))) && p.piece.leaper.a >= 0 &&
         p.piece.leaper.a <= p.piece.leaper.b && p.piece.leaper.b >= 1 &&
         p.piece.leaper.b <= kMaxLeap;
}

int Problem::free_squares() const {
  if (blocked.empty()) return geometry.size();
  return geometry.size() - static_cast<int>(std::count_if(blocked.begin(), blocked.end(),
                                                          [](std::uint8_t b) { return b != 0; }));
}

Problem trimmed_to_free_squares(const Problem& p) {
  const Geometry g = p.geometry;
  if (p.blocked.empty()) return p;
  int top = g.rows + 1, bottom = 0, left = g.cols + 1, right = 0;
  for (int i = 0; i < g.size(); ++i) {
    if (p.blocked[static_cast<std::size_t>(i)] != 0) continue;
    const Square s = g.square(i);
    top = std::min(top, s.y);
    bottom = std::max(bottom, s.y);
    left = std::min(left, s.x);
    right = std::max(right, s.x);
  }
  if (bottom == 0) return p;  // no free square
  if (p.piece.wraps_columns()) left = 1, right = g.cols;
  if (p.piece.wraps_rows()) top = 1, bottom = g.rows;
  if (top == 1 && bottom == g.rows && left == 1 && right == g.cols) return p;
  Problem t = p;
  t.geometry = Geometry{bottom - top + 1, right - left + 1};
  const auto moved = [&](Square s) { return Square{s.x - left + 1, s.y - top + 1}; };
  t.blocked.assign(static_cast<std::size_t>(t.geometry.size()), 0);
  bool any = false;
  for (int i = 0; i < t.geometry.size(); ++i) {
    const Square s = t.geometry.square(i);
    const std::uint8_t b =
        p.blocked[static_cast<std::size_t>(g.index(Square{s.x + left - 1, s.y + top - 1}))];
    t.blocked[static_cast<std::size_t>(i)] = b;
    any = any || b != 0;
  }
  if (!any) t.blocked.clear();
  // (A start or end outside is on a blocked square: the problem as it was, for the checks to
  // say so.)
  for (const std::optional<Square>& s : {p.start, p.end}) {
    if (s && !t.geometry.contains(moved(*s))) return p;
  }
  if (p.start) t.start = moved(*p.start);
  if (p.end) t.end = moved(*p.end);
  return t;
}

}  // namespace kt
