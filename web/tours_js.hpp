// The tours' classes and end map as JS values for Module.app()'s
// study (the CLI's JSON, counts as strings):
//   classes_js: {classes: "1245", fixed: {identity: "9862", "half-turn": "78", ...}}
//   ends_js: [{end: [x, y], count: "56"}, ...] for every free square but the start
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <vector>

#include "board/problem.hpp"
#include "counting/tour_classes.hpp"

namespace kt::web {

emscripten::val classes_js(const TourClasses& c);
emscripten::val ends_js(const Problem& problem, const std::vector<std::uint64_t>& ends);

}  // namespace kt::web
