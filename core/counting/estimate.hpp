// Knuth's estimate of the size of a backtracking tree (Knuth 1975, "Estimating the efficiency
// of backtrack programs"): walk random root-to-leaf paths, choosing uniformly among the moves
// the search could make; the product of the branching factors seen down to depth k estimates
// the number of nodes at depth k, without bias. Summed, it tells how many moves the plain
// (textbook) search would place to exhaust its tree: the honest answer to "how long would the
// textbook program take on 8x8?" (seed 004's explosion).
#pragma once

#include <cstdint>

#include "board/problem.hpp"

namespace kt {

struct TreeEstimate {
  double nodes = 0;           // moves placed to exhaust the tree (the root, the start, excluded)
  double tours = 0;           // complete tours in the tree (directed, from the start)
  double first_tour = 0;      // moves placed before the first tour, if tours lie evenly in the
                              // tree: nodes / (tours + 1); equal to nodes when there are none
  double relative_error = 0;  // standard error of `nodes` divided by `nodes`
  std::uint64_t probes = 0;
};

// Precondition: the problem is well formed (make_problem). The tree is the plain backtracking
// tree of the problem (blocked squares, closed tours and end squares taken into account; the
// move order changes the order of the tree, not its size). Deterministic for a given seed.
TreeEstimate estimate_tree(const Problem& problem, std::uint64_t probes, std::uint64_t seed = 1);

}  // namespace kt
