// Every end at once: from a start, how many open tours end on each square, from one search that
// counts each tour on its last square, instead of one count per end square (64 counts on 8x8).
#pragma once

#include <cstdint>
#include <vector>

#include "board/problem.hpp"
#include "counting/count.hpp"

namespace kt {

struct EndMap {
  CountResult total;  // the tours from the start, as count_tours counts them
  // Per Geometry::index: the tours that end there (0 on the start and on blocked squares).
  std::vector<std::uint64_t> ends;
};

// Empty when `problem` has an end map (open, a start, no end), else a one-line reason.
std::string check_end_map_problem(const Problem& problem);

// The map, by the search (options as for count_tours, whose on_tour it takes; a limit leaves
// total.complete false and the map partial). A refused problem: total.error says why.
EndMap count_ends(const Problem& problem, CountOptions options = {});

}  // namespace kt
