#include "formats/report.hpp"

#include <algorithm>
#include <cstdio>

#include "search/solver.hpp"

namespace kt {

std::string board_text(Geometry g, std::span<const std::int32_t> board) {
  std::string out;
  if (board.size() != static_cast<std::size_t>(g.size())) return out;  // nothing built yet
  // The textbook's "%5d" wherever the numbers fit (boards of up to 9999 squares); wider numbers
  // get a column one wider than the largest, so that neighbours never run together.
  const int width = std::max(5, static_cast<int>(std::to_string(g.size()).size()) + 1);
  out.reserve(static_cast<std::size_t>(g.size()) * width + 2 * g.rows);
  char cell[16];
  for (int y = g.rows; y >= 1; --y) {
    for (int x = 1; x <= g.cols; ++x) {
      const std::int32_t m = board[g.index({x, y})];
      if (m == kBlocked) {
        out.append(width - 1, ' ');
        out += '.';
      } else {
        std::snprintf(cell, sizeof cell, "%*d", width, static_cast<int>(m));
        out += cell;
      }
    }
    out += "\n\n";
  }
  return out;
}

std::string check_output_size(Geometry g, std::string_view format) {
  if (format != "text" && format != "json") return {};
  const std::int64_t squares = std::int64_t{g.rows} * g.cols;
  const std::int64_t digits = static_cast<std::int64_t>(std::to_string(squares).size());
  // Per square: the printed number (text: its column; JSON: the board's number and the path's
  // "[x, y], ") plus the move-number board and path kept while printing (8 bytes).
  const std::int64_t per_square = format == "text" ? std::max<std::int64_t>(5, digits + 1) + 8
                                                   : (digits + 2) + (2 * digits + 6) + 8;
  if (squares * per_square <= kMaxOutputBytes) return {};
  return "format: the " + std::string(format) + " of a " + std::to_string(g.rows) + "x" +
         std::to_string(g.cols) + " board would take about " +
         std::to_string(squares * per_square >> 20) + " MiB (at most " +
         std::to_string(kMaxOutputBytes >> 20) + "); use --format summary";
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
