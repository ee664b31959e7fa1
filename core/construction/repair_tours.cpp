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
// closed tour; a dark square of an odd x odd board). Else (a light start on an odd x odd board,
// or a closed tour without a start) a free dark square, or where the free squares' light ones
// are the more numerous (both ends of the tour light) a blocked dark one, dropped first.
Square root_of(const Problem& p, bool cycle) {
  const Geometry g = p.geometry;
  if (p.start && (cycle || colour_of(*p.start) == Colour::dark)) return *p.start;
  int dark_free = 0;
  for (int i = 0; i < g.size(); ++i) {
    dark_free += !p.is_blocked(i) && colour_of(g.square(i)) == Colour::dark;
  }
  const bool light_majority = p.free_squares() - dark_free > dark_free;
  for (int i = 0; i < g.size(); ++i) {
    const Square s = g.square(i);
    if ((cycle || colour_of(s) == Colour::dark) && p.is_blocked(i) == light_majority) return s;
  }
  return {1, 1};
}

}  // namespace

bool repair_applies(const Problem& p) {
  const Geometry g = p.geometry;
  if (!p.piece.is_plain_knight() || p.blocked.empty() ||
      std::min(g.rows, g.cols) < kConstructMinSide ||
      static_cast<std::int64_t>(g.size()) > kMaxRepairSquares || p.free_squares() < 2) {
    return false;
  }
  return true;
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
  auto drop_end = [&] {
    blocked.erase(std::find(blocked.begin(), blocked.end(), path.end()));
    path.drop_end();
    ++out.dropped;
  };
  // The path from a blocked root: turned around, and the root dropped.
  if (p.is_blocked(path.at(0))) {
    path.reverse();
    drop_end();
  }
  bool turned = false;  // turned around since the last drop
  while (!blocked.empty()) {
    // The nearest blocked square the end can reach: one of its colour. None: try the other end.
    const Square end = g.square(path.end());
    int target = -1, best = std::numeric_limits<int>::max();
    for (const int b : blocked) {
      const Square bs = g.square(b);
      if (colour_of(bs) == colour_of(end) && distance(end, bs) < best) {
        best = distance(end, bs);
        target = b;
      }
    }
    if (target < 0 && !turned) {
      path.reverse();
      turned = true;
      continue;
    }
    std::string why;
    if (target < 0) {
      why = "no blocked square has the colour of either end";
    } else {
      why = walk_end(path, g.square(target), on_blocked, budget, random, should_stop);
    }
    if (!why.empty()) {
      out.rotations = path.rotations();
      out.reason = "repairing " + cut + " stopped with " + std::to_string(blocked.size()) +
                   " left (" + why + ")";
      return out;
    }
    drop_end();
    turned = false;
  }

  // Bring the start where it is asked (walk the end there, turn the path around), then the end.
  std::string why, steered;
  bool start_reached = true;
  if (p.start && !p.closed && path.at(0) != g.index(*p.start)) {
    const int goal = g.index(*p.start);
    why = walk_end(
        path, *p.start, [goal](int end) { return end == goal; }, budget, random, should_stop);
    start_reached = why.empty();
    if (start_reached) path.reverse();
    steered = ", turned around to start at " + at(*p.start);
  }
  const Square root = g.square(path.at(0));
  if (!start_reached) {
    // why says it
  } else if (p.end) {
    const int goal = g.index(*p.end);
    why = walk_end(
        path, *p.end, [goal](int end) { return end == goal; }, budget, random, should_stop);
    steered += ", then steered to the end square";
  } else if (p.closed) {
    const int squares = path.size();
    auto closes = [g, root, squares](int end) {
      const Square e = g.square(end);
      return squares > 2 && is_knight_jump(e.x - root.x, e.y - root.y);
    };
    why = walk_end(path, root, closes, budget, random, should_stop);
    steered += ", then closed";
  }
  out.rotations = path.rotations();
  if (!why.empty()) {
    out.reason = "repairing " + cut + " worked, but " +
                 (!start_reached ? "its end did not reach the start " + at(*p.start)
                  : p.end        ? "its end did not reach " + at(*p.end)
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
