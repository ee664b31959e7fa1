#include "counting/end_map.hpp"

namespace kt {

std::string check_end_map_problem(const Problem& problem) {
  if (problem.closed) return "ends: open tours only (a closed tour ends where it starts)";
  if (!problem.start) return "ends: give the start the tours leave from";
  if (problem.end) return "ends: no end square (the map counts every end)";
  return check_count_problem(problem);
}

EndMap count_ends(const Problem& problem, CountOptions options) {
  EndMap map;
  if (auto why = check_end_map_problem(problem); !why.empty()) {
    map.total.error = why;
    return map;
  }
  map.ends.assign(static_cast<std::size_t>(problem.geometry.size()), 0);
  // count_tours calls on_tour from one thread at a time: the map needs no lock.
  options.on_tour = [&map](std::span<const std::int32_t> path) { ++map.ends[path.back()]; };
  map.total = count_tours(problem, options);
  return map;
}

}  // namespace kt
