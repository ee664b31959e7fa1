#include "construction/end_tours.hpp"

#include <algorithm>
#include <random>

#include "construction/construct.hpp"
#include "construction/posa_path.hpp"
#include "theory/existence.hpp"

namespace kt {

bool end_tour_applies(const Problem& p) {
  const Geometry g = p.geometry;
  return p.piece.is_plain_knight() && !p.closed && p.start && p.end && p.blocked.empty() &&
         std::min(g.rows, g.cols) >= 5 && static_cast<std::int64_t>(g.size()) <= kMaxEndTourSquares;
}

EndTourResult build_end_tour(const Problem& p, const std::function<bool()>& should_stop) {
  EndTourResult out;
  const Geometry g = p.geometry;
  // A tour from the start: the closed tour (cut after the start) where there is one.
  Problem base;
  base.geometry = g;
  base.start = p.start;
  base.closed = closed_tour_exists(g);
  CompactTour built;
  if (std::string why = construct_tour(base, built); !why.empty()) {
    out.reason = "the construction refused the start: " + why;
    return out;
  }
  PosaPath path(g);
  path.reserve(static_cast<std::size_t>(g.size()));
  Square at = *p.start;
  for (int i = 0; i < g.size(); ++i) {
    path.append(g.index(at));
    if (i + 1 < g.size()) at = jump(at, built.next[static_cast<std::size_t>(g.index(at))]);
  }
  built.next.clear();
  built.next.shrink_to_fit();

  const int goal = g.index(*p.end);
  std::mt19937 random(12345);
  const std::string why = walk_end(
      path, *p.end, [goal](int end) { return end == goal; }, default_rotation_budget(g), random,
      should_stop);
  out.rotations = path.rotations();
  if (!why.empty()) {
    out.reason = "Posa rotations from the constructed tour did not reach the end square in " +
                 std::to_string(out.rotations) + " rotations";
    if (why.find("no rotation") != std::string::npos) out.reason = why;
    return out;
  }
  out.tour = path.to_compact(false);
  out.status = Status::found;
  return out;
}

}  // namespace kt
