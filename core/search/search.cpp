#include "search/search.hpp"

#include <chrono>

#include "search/ordered_search.hpp"
#include "search/small_search.hpp"
#include "search/warnsdorff_search.hpp"

namespace kt {

Search::Search(const Problem& problem, const MoveOrder& order)
    : geometry_(problem.geometry),
      moves_(problem.geometry, order),
      board_(static_cast<std::size_t>(geometry_.size()), 0),
      path_(static_cast<std::size_t>(geometry_.size()), -1),
      cursor_(static_cast<std::size_t>(geometry_.size()), 0) {
  const Geometry g = geometry_;
  for (int i = 0; i < g.size(); ++i) {
    if (problem.is_blocked(i)) board_[i] = kBlocked;
  }
  last_ = problem.free_squares() - 1;
  const int s = g.index(*problem.start);
  board_[s] = 1;
  path_[0] = s;
  // A lone square is toured by standing on it; a closed tour needs a jump back.
  if (last_ == 0) status_ = problem.closed ? Status::none : Status::found;
}

Status Search::run(std::uint64_t max_steps) {
  if (status_ != Status::running || max_steps == 0) return status_;
  const auto t0 = std::chrono::steady_clock::now();
  advance(max_steps);
  counters_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return status_;
}

std::unique_ptr<Search> make_search(const Problem& problem, const MoveOrder& order,
                                    Heuristic heuristic) {
  if (heuristic == Heuristic::warnsdorff) {
    return std::make_unique<WarnsdorffSearch>(problem, order);
  }
  if (SmallSearch::applies(problem, order)) return std::make_unique<SmallSearch>(problem, order);
  return std::make_unique<OrderedSearch>(problem, order);
}

}  // namespace kt
