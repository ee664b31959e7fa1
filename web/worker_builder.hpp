// The Run of a huge construction in the counting worker (ui/build_elsewhere.hpp): the page's
// side. The worker's side is web/count_worker_build.cpp.
#pragma once

#include <memory>

#include "board/problem.hpp"
#include "build_elsewhere.hpp"

namespace kt::web {

// The build of `problem`'s tour, started in a worker where count_threads() (web/worker_counter.hpp)
// says the page counts in one (cross-origin isolated, not held to its own thread); else null.
std::unique_ptr<ui::ElsewhereBuild> build_in_worker(const Problem& problem);

}  // namespace kt::web
