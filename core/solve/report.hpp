// Text and JSON renderings of a search's state, shared by the CLI, the page and the tests.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "board/geometry.hpp"
#include "board/status.hpp"
#include "formats/json_line.hpp"

namespace kt {

class Solver;

// The board as Sutcliffe's PrintBoard prints it: "%5d" per square, top row (y = rows) first,
// each row followed by a blank line. Blocked squares print as ".".
std::string board_text(Geometry g, std::span<const std::int32_t> board);

// Empty when `format` ("text" or "json"; "summary" always fits) of a board of g's size fits in
// memory (at most kMaxOutputBytes, the board and path included), else a one-line reason.
inline constexpr std::int64_t kMaxOutputBytes = std::int64_t{1} << 30;
std::string check_output_size(Geometry g, std::string_view format);

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
};

// with_board: fill board and path (for huge constructed boards that costs 8 bytes a square).
Report make_report(const Solver& solver, bool with_board = true);

// One JSON object: {"status", "rows", "cols", "start": [x, y], "board": rows of move numbers,
// top row first (-1 blocked), "path": [[x, y], ...], "placed", "erased", "seconds"}, then
// "method", "closed", "verified" and "reason" when known.
std::string to_json(const Report& r);
// The same as a document, for callers that add fields (solve --all adds "index").
Json report_json(const Report& r);

// One JSON line without start, board or path: {"status", "rows", "cols", "placed", "erased",
// "seconds"}, then "method", "closed", "verified" and "reason" when known.
std::string to_summary_json(const Report& r);

}  // namespace kt
