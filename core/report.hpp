// Text and JSON renderings of a search's state, shared by the CLI, the page and the tests.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "backtrack.hpp"
#include "geometry.hpp"

namespace kt {

// The board as seed 000's PrintBoard prints it: "%5d" per square, top row (y = rows) first,
// each row followed by a blank line.
std::string board_text(Geometry g, std::span<const std::int32_t> board);

// What a finished or interrupted search reports.
struct Report {
  std::string_view status;  // "found", "none", "stopped" or "running"
  Geometry geometry;
  Square start;
  std::span<const std::int32_t> board;  // move numbers by square index
  std::span<const std::int32_t> path;   // square indices in visiting order
  Counters counters;
};

Report make_report(const Backtracker& search);

// One JSON object: {"status", "rows", "cols", "start": [x, y], "board": rows of move numbers,
// top row first, "path": [[x, y], ...], "placed", "erased", "seconds"}.
std::string to_json(const Report& r);

}  // namespace kt
