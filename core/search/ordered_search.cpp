#include "search/ordered_search.hpp"

namespace kt {

OrderedSearch::OrderedSearch(const Problem& problem, const MoveOrder& order)
    : Search(problem, order), general_(problem.closed || problem.end || !problem.blocked.empty()) {}

void OrderedSearch::advance(std::uint64_t max_steps) {
  if (general_) {
    ordered_loop<true>(max_steps);
  } else {
    ordered_loop<false>(max_steps);
  }
}

}  // namespace kt
