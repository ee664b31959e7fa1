// All the open tours of a board as a sum of independent counts, one for each pair of end
// squares up to the board's symmetry: the way Chernov and Stertenbrink counted the chessboard's
// 19,591,828,170,979,904 directed open tours in 2014, "by taking a weighted sum of 136
// individual counts for different choices of where to start and stop" (Knuth TAOCP 7.2.2.4;
// OEIS A165134). Each part counts the tours between two fixed ends, which counting by rows
// takes at about the cost of the closed tours (no free tour end), and the parts can run on
// different machines at different times.
//
// Why the sum is exact: `count --start a --end b` counts the directed tours from a to b, one for
// each undirected path with ends a and b; all the directed open tours are the paths counted
// once in each direction, so the total is twice the sum of the paths over unordered pairs {a,b}.
// A symmetry of the board that keeps its blocked squares (board/symmetry.hpp,
// problem_symmetries) maps the paths between a and b one to one onto those between the images of
// a and b, so every pair of an orbit has the same number: a part counts one pair of its orbit,
// weighted by 2 x the orbit's size. A path's two ends have opposite colours where it has an
// even number of squares, and both the colour of one more square where it has an odd number:
// the pairs no path can end on are left out (8x8: 32 x 32 pairs of opposite colours, 136
// orbits under the eight symmetries).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "board/geometry.hpp"
#include "board/problem.hpp"

namespace kt {

struct OpenPart {
  Square start;  // the pair of its orbit the part counts (the one forecast cheapest)
  Square end;
  int pairs = 1;             // unordered pairs of end squares in its orbit
  std::uint64_t weight = 2;  // directed tours of the whole for each tour the part counts: 2 x pairs
};

struct OpenPartsPlan {
  std::string error;            // why the count is not split ("" when it is)
  std::vector<OpenPart> parts;  // part K is parts[K - 1]
  int symmetries = 1;           // the group's order
  // Identifies the plan (the board, its blocked squares, every part's ends and weight, the
  // plan's version): 16 hex digits. --sum refuses a result of another plan.
  std::string hash;
};

// The parts of `whole`: all the directed open tours of a board (no start, no end, not closed).
OpenPartsPlan plan_open_parts(const Problem& whole);

// The count part `part` runs: `whole` with the part's start and end.
Problem part_problem(const Problem& whole, const OpenPart& part);

// The CPU seconds counting by rows is forecast to take on `problem` (one core of the 2-core
// machine docs/performance.md measures on): its forecast states (forecast_frontier) at the rate
// measured on 8x8 closed, 1,600 s of CPU for 1.04e8 states forecast. Smaller boards take less
// a state: the figure errs high there.
double forecast_rows_cpu_seconds(const Problem& problem);

}  // namespace kt
