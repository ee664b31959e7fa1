#include "construction/repair_tours.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <random>
#include <vector>

#include "board/knight.hpp"
#include "construction/construct.hpp"
#include "construction/posa_path.hpp"
#include "theory/existence.hpp"

namespace kt {

namespace {

std::string at(Square s) { return "(" + format_square(s) + ")"; }

int distance(Square a, Square b) { return std::abs(a.x - b.x) + std::abs(a.y - b.y); }

// Where the constructed path starts: the start where it can (every square of a board with a
// closed tour; a dark square of an odd x odd board), else (a closed tour, which may start
// anywhere) the first free square that can.
Square root_of(const Problem& p, bool cycle) {
  const Geometry g = p.geometry;
  auto can_start = [&](Square s) { return cycle || colour_of(s) == Colour::dark; };
  if (p.start && can_start(*p.start)) return *p.start;
  for (int i = 0; i < g.size(); ++i) {
    if (!p.is_blocked(i) && can_start(g.square(i))) return g.square(i);
  }
  return {1, 1};
}

}  // namespace

bool repair_applies(const Problem& p) {
  const Geometry g = p.geometry;
  if (p.blocked.empty() || std::min(g.rows, g.cols) < kConstructMinSide ||
      static_cast<std::int64_t>(g.size()) > kMaxRepairSquares || p.free_squares() < 2) {
    return false;
  }
  return p.closed || closed_tour_exists(g) || (p.start && colour_of(*p.start) == Colour::dark);
}

RepairResult repair_tour(const Problem& p, const std::function<bool()>& should_stop) {
  RepairResult out;
  const Geometry g = p.geometry;
  const bool cycle = closed_tour_exists(g);
  Problem base;
  base.geometry = g;
  base.start = root_of(p, cycle);
  base.closed = cycle;
  CompactTour built;
  if (std::string why = construct_tour(base, built); !why.empty()) {
    out.reason = "the construction refused the full board: " + why;
    return out;
  }
  // The path through every square, from the root.
  PosaPath path(g);
  path.reserve(static_cast<std::size_t>(g.size()));
  Square s = *base.start;
  for (int i = 0; i < g.size(); ++i) {
    path.append(g.index(s));
    if (i + 1 < g.size()) s = jump(s, built.next[static_cast<std::size_t>(g.index(s))]);
  }
  built.next.clear();
  built.next.shrink_to_fit();

  std::vector<int> blocked;
  for (int i = 0; i < g.size(); ++i) {
    if (p.is_blocked(i)) blocked.push_back(i);
  }
  const std::string cut =
      "the construction's tour of the full board, its end walked onto each of "
      "the " +
      std::to_string(blocked.size()) + " blocked square" + (blocked.size() == 1 ? "" : "s") +
      " in turn and the square dropped";
  std::mt19937 random(12345);
  const RotationBudget budget = default_rotation_budget(g);
  auto on_blocked = [&p](int end) { return p.is_blocked(end); };
  while (!blocked.empty()) {
    // The nearest blocked square the end can reach: one of its colour.
    const Square end = g.square(path.end());
    int target = -1, best = std::numeric_limits<int>::max();
    for (const int b : blocked) {
      const Square bs = g.square(b);
      if (colour_of(bs) == colour_of(end) && distance(end, bs) < best) {
        best = distance(end, bs);
        target = b;
      }
    }
    std::string why;
    if (target < 0) {
      why = "no blocked square of the end's colour is left";
    } else {
      why = walk_end(path, g.square(target), on_blocked, budget, random, should_stop);
    }
    if (!why.empty()) {
      out.rotations = path.rotations();
      out.reason = "repairing " + cut + " stopped with " + std::to_string(blocked.size()) +
                   " left (" + why + ")";
      return out;
    }
    blocked.erase(std::find(blocked.begin(), blocked.end(), path.end()));
    path.drop_end();
    ++out.dropped;
  }

  // Bring the end where it is asked.
  const Square root = g.square(path.at(0));
  std::string why, steered;
  if (p.end) {
    const int goal = g.index(*p.end);
    why = walk_end(
        path, *p.end, [goal](int end) { return end == goal; }, budget, random, should_stop);
    steered = ", then steered to the end square";
  } else if (p.closed) {
    const int squares = path.size();
    auto closes = [g, root, squares](int end) {
      const Square e = g.square(end);
      return squares > 2 && is_knight_jump(e.x - root.x, e.y - root.y);
    };
    why = walk_end(path, root, closes, budget, random, should_stop);
    steered = ", then closed";
  }
  out.rotations = path.rotations();
  if (!why.empty()) {
    out.reason = "repairing " + cut + " worked, but " +
                 (p.end ? "its end did not reach " + at(*p.end)
                        : "its end did not come next to its start " + at(root)) +
                 " (" + why + ")";
    return out;
  }
  out.tour = path.to_compact(p.closed);
  if (p.closed && p.start) out.tour.start = *p.start;  // a cycle: any square may start it
  out.status = Status::found;
  out.reason = cut + ", by " + std::to_string(out.rotations) + " Posa rotation" +
               (out.rotations == 1 ? "" : "s") + steered;
  return out;
}

}  // namespace kt
