#include "solve/report.hpp"

#include <cmath>

#include "formats/board_read.hpp"
#include "formats/json_line.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "solve/report_stream.hpp"
#include "solve/solver.hpp"

namespace kt {

namespace {

// What a TextSink writes into a string (the string functions are the streams, gathered).
TextSink into(std::string& text) {
  return [&text](std::string_view piece) { text += piece; };
}

// A sink's pieces are gathered up to this size, so that the output is written in few calls.
constexpr std::size_t kPiece = std::size_t{1} << 16;

}  // namespace

void write_board_text(Geometry g, std::span<const std::int32_t> board, const TextSink& out) {
  Report r;
  r.geometry = g;
  r.board = board;
  ReportStream stream(r, ReportFormat::text);
  std::string piece;
  while (!stream.done()) {
    piece.clear();
    stream.next(piece, kPiece);
    if (!piece.empty()) out(piece);
  }
}

std::string board_text(Geometry g, std::span<const std::int32_t> board) {
  std::string out;
  if (board.size() == static_cast<std::size_t>(g.size())) {
    const int width = std::max(5, static_cast<int>(std::to_string(g.size()).size()) + 1);
    out.reserve(static_cast<std::size_t>(g.size()) * width + 2 * g.rows);
  }
  write_board_text(g, board, into(out));
  return out;
}

std::int64_t output_bytes(Geometry g, std::string_view format) {
  const std::int64_t squares = std::int64_t{g.rows} * g.cols;
  const std::int64_t digits = static_cast<std::int64_t>(std::to_string(squares).size());
  if (format == "text") return squares * std::max<std::int64_t>(5, digits + 1) + 2 * g.rows;
  if (format == "json") return squares * ((digits + 2) + (2 * digits + 6));
  return 0;
}

Refusal check_output_size(Geometry g, std::string_view format) {
  if (format != "text" && format != "json") return {};
  const std::int64_t squares = std::int64_t{g.rows} * g.cols;
  // Both are written as streams (a row at a time): what stays in memory is the move-number
  // board and the path the report holds, 8 bytes a square.
  const std::int64_t per_square = 8;
  // What is written must read back: `knights verify` takes at most kMaxBoardInputBytes.
  const std::int64_t written = output_bytes(g, format);
  if (written > static_cast<std::int64_t>(kMaxBoardInputBytes)) {
    return {"format: the " + std::string(format) + " of a " + std::to_string(g.rows) + "x" +
                std::to_string(g.cols) + " board would take about " +
                std::to_string(written >> 20) + " MiB, more than the " +
                std::to_string(kMaxBoardInputBytes >> 20) + " MiB knights verify reads back",
            Remedy::summary_format};
  }
  if (squares * per_square <= kMaxOutputBytes) return {};
  return {"format: the " + std::string(format) + " of a " + std::to_string(g.rows) + "x" +
              std::to_string(g.cols) + " board would take about " +
              std::to_string(squares * per_square >> 20) + " MiB (at most " +
              std::to_string(kMaxOutputBytes >> 20) + ")",
          Remedy::summary_format};
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
  r.method = solver.answered_by();
  r.closed = p.closed;
  r.piece = p.piece;
  r.reason = solver.reason();
  if (solver.status() == Status::found) r.verified = solver.verify().ok;
  return r;
}

namespace {

// Seconds to the microsecond, as the CLI has always printed them.
double rounded(double seconds) { return std::round(seconds * 1e6) / 1e6; }

}  // namespace

// The fields both shapes end with.
static void add_counters_and_extras(const Report& r, Json& j) {
  j["placed"] = r.counters.placed;
  j["erased"] = r.counters.erased;
  j["seconds"] = rounded(r.counters.seconds);
  if (!r.piece.is_knight()) j["leaper"] = format_leaper(r.piece.leaper);
  if (r.piece.wrap != Wrap::none) j["wrap"] = to_string(r.piece.wrap);
  if (!r.method.empty()) {
    j["method"] = r.method;
    j["closed"] = r.closed;
  }
  if (r.verified) j["verified"] = *r.verified;
  if (!r.reason.empty()) j["reason"] = r.reason;
}

Json report_tail(const Report& r) {
  Json j;
  add_counters_and_extras(r, j);
  return j;
}

std::string to_json(const Report& r) {
  std::string out;
  write_json(r, Json::object(), into(out));
  return out;
}

void write_json(const Report& r, const Json& extra, const TextSink& out) {
  ReportStream stream(r, ReportFormat::json, extra);
  std::string piece;
  while (!stream.done()) {
    piece.clear();
    stream.next(piece, kPiece);
    out(piece);
  }
}

Json report_json(const Report& r) {
  const Geometry g = r.geometry;
  Json j;
  j["status"] = r.status;
  j["rows"] = g.rows;
  j["cols"] = g.cols;
  j["start"] = {r.start.x, r.start.y};
  Json board = Json::array();
  for (int y = g.rows; y >= 1 && !r.board.empty(); --y) {
    Json row = Json::array();
    for (int x = 1; x <= g.cols; ++x) row.push_back(r.board[g.index({x, y})]);
    board.push_back(std::move(row));
  }
  j["board"] = std::move(board);
  Json path = Json::array();
  for (const std::int32_t i : r.path) {
    const Square s = g.square(i);
    path.push_back({s.x, s.y});
  }
  j["path"] = std::move(path);
  add_counters_and_extras(r, j);
  return j;
}

std::string to_summary_json(const Report& r) {
  Json j;
  j["status"] = r.status;
  j["rows"] = r.geometry.rows;
  j["cols"] = r.geometry.cols;
  add_counters_and_extras(r, j);
  return json_line(j);
}

}  // namespace kt
