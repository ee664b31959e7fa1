// Text and JSON renderings of a search's state, shared by the CLI, the page and the tests.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "board/geometry.hpp"
#include "board/piece.hpp"
#include "board/refusal.hpp"
#include "board/status.hpp"
#include "formats/json_line.hpp"

namespace kt {

class Solver;

// Where streamed output goes, a piece at a time (the CLI: stdout; the string functions below
// gather the pieces).
using TextSink = std::function<void(std::string_view)>;

// The board as Sutcliffe's PrintBoard prints it: "%5d" per square, top row (y = rows) first,
// each row followed by a blank line. Blocked squares print as ".".
std::string board_text(Geometry g, std::span<const std::int32_t> board);
// The same, written to `out` a row at a time (no text of the whole board is built).
void write_board_text(Geometry g, std::span<const std::int32_t> board, const TextSink& out);

// Empty when `format` ("text" or "json"; "summary" always fits) of a board of g's size can be
// written (at most kMaxBoardInputBytes, what knights verify reads back) within kMaxOutputBytes
// of memory (the board and path the report holds: both are written as streams), else a
// one-line reason (its remedy: the summary).
inline constexpr std::int64_t kMaxOutputBytes = std::int64_t{1} << 30;
Refusal check_output_size(Geometry g, std::string_view format);
// The bytes the text or JSON of a whole tour on g takes, at most (0 for other formats).
std::int64_t output_bytes(Geometry g, std::string_view format);

// What a finished or interrupted search reports.
struct Report {
  std::string_view status;  // "found", "none", "stopped" or "running"
  Geometry geometry;
  Square start;
  std::span<const std::int32_t> board;  // move numbers by square index (kBlocked: blocked)
  std::span<const std::int32_t> path;   // square indices in visiting order
  Counters counters;
  std::string_view method;
  bool closed = false;
  std::string reason;
  std::optional<bool> verified;
  Piece piece{};  // said in JSON ("leaper", "wrap") only when not the knight on a plain board
};

// with_board: fill board and path (for huge constructed boards that costs 8 bytes a square).
Report make_report(const Solver& solver, bool with_board = true);

// One JSON object: {"status", "rows", "cols", "start": [x, y], "board": rows of move numbers,
// top row first (-1 blocked), "path": [[x, y], ...], "placed", "erased", "seconds"}, then
// "leaper" ("1,3") and "wrap" when not the knight on a plain board, "method", "closed",
// "verified" and "reason" when known.
std::string to_json(const Report& r);
// The same line (without its newline), with `extra`'s fields after the report's (solve --all
// adds "index"), written to `out` a row of the board and a stretch of the path at a time: the
// JSON of a 2840x2840 tour is 178 MB, and as one nlohmann document it took 2 GB.
void write_json(const Report& r, const Json& extra, const TextSink& out);
// The same as a document, for callers that add fields to small boards (the page: "shows").
Json report_json(const Report& r);
// The fields that follow the path: "placed", "erased", "seconds", then "method", "closed",
// "verified" and "reason" when known (report_stream.hpp writes them after the path).
Json report_tail(const Report& r);

// One JSON line without start, board or path: {"status", "rows", "cols", "placed", "erased",
// "seconds"}, then "method", "closed", "verified" and "reason" when known.
std::string to_summary_json(const Report& r);

}  // namespace kt
