#include "report.hpp"

#include <cstdio>

namespace kt {

std::string board_text(Geometry g, std::span<const std::int32_t> board) {
  std::string out;
  char cell[16];
  for (int y = g.rows; y >= 1; --y) {
    for (int x = 1; x <= g.cols; ++x) {
      std::snprintf(cell, sizeof cell, "%5d", static_cast<int>(board[g.index({x, y})]));
      out += cell;
    }
    out += "\n\n";
  }
  return out;
}

Report make_report(const Backtracker& search) {
  return {to_string(search.status()), search.geometry(), search.start(),
          search.board(),             search.path(),     search.counters()};
}

std::string to_json(const Report& r) {
  const Geometry g = r.geometry;
  auto pair = [](Square s) { return "[" + std::to_string(s.x) + ", " + std::to_string(s.y) + "]"; };
  std::string out = "{\"status\": \"" + std::string(r.status) + "\", \"rows\": " +
                    std::to_string(g.rows) + ", \"cols\": " + std::to_string(g.cols) +
                    ", \"start\": " + pair(r.start) + ", \"board\": [";
  for (int y = g.rows; y >= 1; --y) {
    out += y == g.rows ? "[" : ", [";
    for (int x = 1; x <= g.cols; ++x) {
      if (x > 1) out += ", ";
      out += std::to_string(r.board[g.index({x, y})]);
    }
    out += "]";
  }
  out += "], \"path\": [";
  for (std::size_t i = 0; i < r.path.size(); ++i) {
    if (i) out += ", ";
    out += pair(g.square(r.path[i]));
  }
  char tail[160];
  std::snprintf(tail, sizeof tail, "], \"placed\": %llu, \"erased\": %llu, \"seconds\": %.6f}",
                static_cast<unsigned long long>(r.counters.placed),
                static_cast<unsigned long long>(r.counters.erased), r.counters.seconds);
  return out + tail;
}

}  // namespace kt
