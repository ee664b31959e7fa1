#include "formats/report.hpp"

#include <algorithm>
#include <cstdio>

#include "search/solver.hpp"

namespace kt {

std::string board_text(Geometry g, std::span<const std::int32_t> board) {
  std::string out;
  if (board.size() != static_cast<std::size_t>(g.size())) return out;  // nothing built yet
  char cell[16];
  for (int y = g.rows; y >= 1; --y) {
    for (int x = 1; x <= g.cols; ++x) {
      const std::int32_t m = board[g.index({x, y})];
      if (m == kBlocked) {
        out += "    .";
      } else {
        std::snprintf(cell, sizeof cell, "%5d", static_cast<int>(m));
        out += cell;
      }
    }
    out += "\n\n";
  }
  return out;
}

Report make_report(const Backtracker& search) {
  Report r;
  r.status = to_string(search.status());
  r.geometry = search.geometry();
  r.start = search.start();
  r.board = search.board();
  r.path = search.path();
  r.counters = search.counters();
  return r;
}

Report make_report(const Solver& solver, bool with_board) {
  const Problem& p = solver.problem();
  Report r;
  r.status = to_string(solver.status());
  r.geometry = p.geometry;
  r.start = *p.start;
  if (with_board) {
    r.board = solver.board();
    r.path = solver.path();
  }
  r.counters = solver.counters();
  r.method = to_string(solver.method());
  r.closed = p.closed;
  r.reason = solver.reason();
  if (solver.status() == Status::found) r.verified = solver.verify().ok;
  return r;
}

std::string json_quote(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\u%04x", c);
      out += esc;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

namespace {

std::string counters_json(const Counters& c) {
  char text[160];
  std::snprintf(text, sizeof text, "\"placed\": %llu, \"erased\": %llu, \"seconds\": %.6f",
                static_cast<unsigned long long>(c.placed),
                static_cast<unsigned long long>(c.erased), c.seconds);
  return text;
}

std::string extras_json(const Report& r) {
  std::string out;
  if (!r.method.empty()) {
    out += ", \"method\": " + json_quote(r.method);
    out += r.closed ? ", \"closed\": true" : ", \"closed\": false";
  }
  if (r.verified) out += *r.verified ? ", \"verified\": true" : ", \"verified\": false";
  if (!r.reason.empty()) out += ", \"reason\": " + json_quote(r.reason);
  return out;
}

}  // namespace

std::string to_json(const Report& r) {
  const Geometry g = r.geometry;
  auto pair = [](Square s) { return "[" + std::to_string(s.x) + ", " + std::to_string(s.y) + "]"; };
  std::string out =
      "{\"status\": " + json_quote(r.status) + ", \"rows\": " + std::to_string(g.rows) +
      ", \"cols\": " + std::to_string(g.cols) + ", \"start\": " + pair(r.start) + ", \"board\": [";
  for (int y = g.rows; y >= 1 && !r.board.empty(); --y) {
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
  return out + "], " + counters_json(r.counters) + extras_json(r) + "}";
}

std::string to_summary_json(const Report& r) {
  return "{\"status\": " + json_quote(r.status) + ", \"rows\": " + std::to_string(r.geometry.rows) +
         ", \"cols\": " + std::to_string(r.geometry.cols) + ", " + counters_json(r.counters) +
         extras_json(r) + "}";
}

}  // namespace kt
