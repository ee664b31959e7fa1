// JS views of a search, written once for both the scripting class Search and the live app,
// plus checked conversion of JS arguments (any JS value in, a message out when it is bad).
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <optional>
#include <string>

#include "backtrack.hpp"
#include "rect.hpp"

namespace kt::web {

emscripten::val board_rows(const Backtracker& s);     // rows of move numbers, top row first
emscripten::val path_pairs(const Backtracker& s);     // [[x, y], ...] from the start
emscripten::val verify_search(const Backtracker& s);  // {ok, closed, reason}
std::string text_of(const Backtracker& s);            // kt::board_text
std::string json_of(const Backtracker& s);            // kt::to_json(kt::make_report(s))
emscripten::val rect_or_null(const std::optional<ui::Rect>& r);  // {x, y, w, h} or null

struct ConfigArgs {
  std::int64_t rows = 0, cols = 0;
  std::string start, method;
};
// Reads configure(rows, cols, start, method) arguments; "" or why they are not usable.
std::string read_config_args(emscripten::val rows, emscripten::val cols, emscripten::val start,
                             emscripten::val method, ConfigArgs& out);
// A step count: whole numbers are taken as they are (huge ones saturate), anything else is 0.
std::uint64_t read_step_count(emscripten::val v);

}  // namespace kt::web
