#include "counting/estimate.hpp"

#include <cmath>
#include <random>
#include <vector>

#include "board/move_order.hpp"

namespace kt {

TreeEstimate estimate_tree(const Problem& p, std::uint64_t probes, std::uint64_t seed) {
  const Geometry g = p.geometry;
  const MoveTable moves(g, kTextbookOrder);
  const int last = p.free_squares() - 1;
  const std::int32_t start = g.index(*p.start);
  const std::int32_t end = p.end ? g.index(*p.end) : -1;
  std::vector<std::uint8_t> visited(g.size(), 0);
  std::vector<std::int32_t> path;
  path.reserve(g.size());
  std::mt19937_64 rng(seed);

  double sum = 0, sum_sq = 0, tours = 0;
  for (std::uint64_t probe = 0; probe < probes; ++probe) {
    for (int i = 0; i < g.size(); ++i) visited[i] = p.is_blocked(i);
    visited[start] = 1;
    path.assign(1, start);
    double weight = 1, nodes = 0;
    for (int d = 0; d < last; ++d) {
      std::int32_t options[8];
      int n = 0;
      for (const std::int32_t* m = moves.list(path.back()); *m >= 0; ++m) {
        if (!visited[*m] && (*m != end || d + 1 == last)) options[n++] = *m;
      }
      if (n == 0) break;
      weight *= n;  // every child at this depth stands for `weight` nodes of the tree
      nodes += weight;
      const std::int32_t next = options[std::uniform_int_distribution<int>(0, n - 1)(rng)];
      visited[next] = 1;
      path.push_back(next);
    }
    if (static_cast<int>(path.size()) == last + 1) {
      const bool closes = !p.closed || moves.adjacent(path.back(), start);
      if (closes && last > 0) tours += weight;
    }
    sum += nodes;
    sum_sq += nodes * nodes;
  }
  TreeEstimate e;
  e.probes = probes;
  if (probes == 0) return e;
  const double n = static_cast<double>(probes);
  e.nodes = sum / n;
  e.tours = tours / n;
  e.first_tour = e.tours > 0 ? e.nodes / (e.tours + 1) : e.nodes;
  const double variance = probes > 1 ? (sum_sq - sum * sum / n) / (n - 1) : 0;
  e.relative_error = e.nodes > 0 ? std::sqrt(std::max(variance, 0.0) / n) / e.nodes : 0;
  return e;
}

}  // namespace kt
