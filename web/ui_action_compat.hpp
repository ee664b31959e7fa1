// Stop-gap, force-included into the page's sources (web/CMakeLists.txt): web/readout.hpp and
// web/bindings.cpp name ui::Action (and ui::to_string of one), but since the merge c6a7a66 the explorer uses the core's
// kt::Action, so the page did not compile. Those files are the teaching views'; once they say
// kt::Action (or ui/ declares ui::Action), delete this file and its -include.
#pragma once

#include "search/search.hpp"

namespace kt::ui {
using kt::Action;
using kt::to_string;
}  // namespace kt::ui
