#include "construction/end_tours.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <random>
#include <vector>

#include "construction/construct.hpp"
#include "theory/existence.hpp"

namespace kt {

namespace {

// Rotations tried before giving up: generous for the walk across the board and the search
// around the end.
std::uint64_t rotation_budget(Geometry g) {
  return 20000 + 64 * static_cast<std::uint64_t>(g.rows + g.cols);
}

}  // namespace

bool end_tour_applies(const Problem& p) {
  const Geometry g = p.geometry;
  return !p.closed && p.start && p.end && p.blocked.empty() && std::min(g.rows, g.cols) >= 5 &&
         static_cast<std::int64_t>(g.size()) <= kMaxEndTourSquares;
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
  const int n = g.size();
  std::vector<std::int32_t> path(static_cast<std::size_t>(n)), place(static_cast<std::size_t>(n));
  Square at = *p.start;
  for (int i = 0; i < n; ++i) {
    const int index = g.index(at);
    path[static_cast<std::size_t>(i)] = index;
    place[static_cast<std::size_t>(index)] = i;
    if (i + 1 < n) at = jump(at, built.next[static_cast<std::size_t>(index)]);
  }
  built.next.clear();
  built.next.shrink_to_fit();

  const int goal = g.index(*p.end);
  std::mt19937 random(12345);
  const std::uint64_t budget = rotation_budget(g);
  int previous_end = -1;
  while (path.back() != goal) {
    if (out.rotations >= budget || (should_stop && (out.rotations & 63) == 0 && should_stop())) {
      out.reason = "Posa rotations from the constructed tour did not reach the end square in " +
                   std::to_string(out.rotations) + " rotations";
      return out;
    }
    // Candidates: the knight neighbours w of the end (not its predecessor); the new end is
    // the square after w.
    const Square end = g.square(path.back());
    const Square target = *p.end;
    int best = -1, best_score = 0, candidates = 0;
    std::array<int, 8> options{};
    for (int d = 0; d < 8; ++d) {
      const Square w = jump(end, d);
      if (!g.contains(w)) continue;
      const int i = place[static_cast<std::size_t>(g.index(w))];
      if (i + 2 >= n) continue;  // the end's predecessor: no change
      const int new_end = path[static_cast<std::size_t>(i + 1)];
      options[static_cast<std::size_t>(candidates++)] = i;
      if (new_end == goal) {
        best = i;
        break;
      }
      const Square e = g.square(new_end);
      int score = std::abs(e.x - target.x) + std::abs(e.y - target.y);
      if (new_end == previous_end) score += 1000;  // don't undo the last rotation
      if (best < 0 || score < best_score) {
        best = i;
        best_score = score;
      }
    }
    if (candidates == 0) {
      out.reason = "the path's end has no rotation";
      return out;
    }
    const bool reached = path[static_cast<std::size_t>(best + 1)] == goal;
    // Near the goal (or now and then), a random rotation: a random walk of the end explores
    // the neighbourhood where greedy steps would cycle.
    if (!reached && (best_score <= 8 || random() % 4 == 0)) {
      best = options[static_cast<std::size_t>(random() % static_cast<unsigned>(candidates))];
    }
    previous_end = path.back();
    std::reverse(path.begin() + best + 1, path.end());
    for (int i = best + 1; i < n; ++i)
      place[static_cast<std::size_t>(path[static_cast<std::size_t>(i)])] = i;
    ++out.rotations;
  }
  out.tour.geometry = g;
  out.tour.start = *p.start;
  out.tour.closed = false;
  out.tour.next.assign(static_cast<std::size_t>(n), kNoJump);
  for (int i = 0; i + 1 < n; ++i) {
    const Square a = g.square(path[static_cast<std::size_t>(i)]);
    const Square b = g.square(path[static_cast<std::size_t>(i + 1)]);
    out.tour.next[static_cast<std::size_t>(path[static_cast<std::size_t>(i)])] =
        direction_of(b.x - a.x, b.y - a.y);
  }
  out.status = Status::found;
  return out;
}

}  // namespace kt
