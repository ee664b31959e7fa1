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

}  // namespace kt
