// JS views of a solver, written once for both the scripting class Search and the live app,
// plus checked conversion of JS arguments (any JS value in, a message out when it is bad).
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <optional>
#include <string>

#include "rect.hpp"
#include "board/request.hpp"
#include "search/solver.hpp"

namespace kt::web {

emscripten::val board_rows(const Solver& s);     // rows of move numbers, top row first
emscripten::val path_pairs(const Solver& s);     // [[x, y], ...] from the start
emscripten::val verify_solver(const Solver& s);  // {ok, closed, reason}
emscripten::val blocks_of(const Solver& s);      // {done, total} of a construction, else null
std::string text_of(const Solver& s);            // kt::board_text
std::string json_of(const Solver& s);            // kt::to_json(kt::make_report(s))
std::string summary_of(const Solver& s);         // kt::to_summary_json (no board or path)
emscripten::val rect_or_null(const std::optional<ui::Rect>& r);  // {x, y, w, h} or null

// Reads configure(rows, cols, start, method) arguments; "" or why they are not usable.
std::string read_config_args(emscripten::val rows, emscripten::val cols, emscripten::val start,
                             emscripten::val method, ProblemInput& in, std::string& method_out);
// Reads {rows, cols, start, end, blocked, closed, method}: rows and cols required, the rest
// optional (method "auto"); start and end as "x,y", "a1" or [x, y]; blocked as "1,1;8,8" or
// an array of squares. With method_out null, a method field is refused. "" or why not usable.
std::string read_problem(emscripten::val o, ProblemInput& in, std::string* method_out);
// A step count: whole numbers are taken as they are (huge ones saturate), anything else is 0.
std::uint64_t read_step_count(emscripten::val v);

}  // namespace kt::web
