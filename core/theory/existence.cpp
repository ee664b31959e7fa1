#include "theory/existence.hpp"

#include <algorithm>
#include <vector>

namespace kt {

namespace {

std::string board_name(Geometry g) { return std::to_string(g.rows) + "x" + std::to_string(g.cols); }

bool light(Square s) {
  return (s.x + s.y) % 2 == 0;
}  // (1,1) is light: a1 is dark on a real
   // board, but only parity matters here
std::string at(Square s) { return "(" + format_square(s) + ")"; }

// Free neighbours of every free square, and whether the free squares form one piece.
struct Graph {
  std::vector<int> degree;  // -1 on blocked squares
  bool connected = true;
};

Graph free_graph(const Problem& p) {
  const Geometry g = p.geometry;
  Graph graph;
  graph.degree.assign(g.size(), -1);
  auto neighbours = [&](int i, auto&& visit) {
    const Square s = g.square(i);
    for (int k = 0; k < 8; ++k) {
      const Square t{s.x + kJumpDx[k], s.y + kJumpDy[k]};
      if (g.contains(t) && !p.is_blocked(g.index(t))) visit(g.index(t));
    }
  };
  int first = -1, free = 0;
  for (int i = 0; i < g.size(); ++i) {
    if (p.is_blocked(i)) continue;
    ++free;
    if (first < 0) first = i;
    int d = 0;
    neighbours(i, [&](int) { ++d; });
    graph.degree[i] = d;
  }
  if (first < 0) return graph;
  std::vector<std::uint8_t> seen(g.size(), 0);
  std::vector<int> stack{first};
  seen[first] = 1;
  int reached = 1;
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    neighbours(i, [&](int j) {
      if (!seen[j]) {
        seen[j] = 1;
        ++reached;
        stack.push_back(j);
      }
    });
  }
  graph.connected = reached == free;
  return graph;
}

Existence none(std::string why) { return {Answer::none, std::move(why)}; }

constexpr int kGraphCheckLimit = 1 << 16;

}  // namespace

// The two halves of settle(): what the graph of free squares rules out, then the full-board
// theorems.
Existence settle_by_graph(const Problem& p);
Existence settle_full_board(const Problem& p);

bool closed_tour_exists(Geometry g) {
  const int m = std::min(g.rows, g.cols), n = std::max(g.rows, g.cols);
  if (m % 2 == 1 && n % 2 == 1) return false;
  if (m == 1 || m == 2 || m == 4) return false;
  if (m == 3 && (n == 4 || n == 6 || n == 8)) return false;
  return true;
}

bool open_tour_exists(Geometry g) {
  const int m = std::min(g.rows, g.cols), n = std::max(g.rows, g.cols);
  return (m == 1 && n == 1) || (m == 3 && (n == 4 || n >= 7)) || (m == 4 && n >= 5) || m >= 5;
}

Existence settle(const Problem& p) {
  const Geometry g = p.geometry;
  const int free = p.free_squares();
  if (free == 0) return none("every square is blocked");
  if (free == 1) {
    if (p.closed) return none("a closed tour needs at least two squares to jump between");
    return {Answer::exists, "a single free square is toured by standing on it"};
  }

  // Colours: the tour alternates them. (x + y even squares number ceil(size / 2) on a full
  // board: a closed form, since huge boards must not be walked here.)
  int light_free = (g.size() + 1) / 2;
  if (!p.blocked.empty()) {
    light_free = 0;
    for (int i = 0; i < g.size(); ++i) light_free += !p.is_blocked(i) && light(g.square(i));
  }
  const int dark_free = free - light_free;
  const std::string counts = std::to_string(light_free) + " squares of one colour and " +
                             std::to_string(dark_free) + " of the other";
  if (p.closed && light_free != dark_free) {
    return none(
        "a closed tour alternates colours, so it needs as many squares of each colour; "
        "this board has " +
        counts);
  }
  if (std::abs(light_free - dark_free) > 1) {
    return none(
        "a tour alternates colours, so the two colours may differ by one square at "
        "most; this board has " +
        counts);
  }
  if (light_free != dark_free) {  // both ends on the majority colour
    const bool majority_light = light_free > dark_free;
    if (p.start && light(*p.start) != majority_light) {
      return none("a tour of " + counts + " must start on the more numerous colour, and " +
                  at(*p.start) + " is not");
    }
    if (p.end && light(*p.end) != majority_light) {
      return none("a tour of " + counts + " must end on the more numerous colour, and " +
                  at(*p.end) + " is not");
    }
  } else if (p.start && p.end && light(*p.start) == light(*p.end)) {
    return none(
        "a tour with as many squares of each colour ends on the colour it did not "
        "start on, and " +
        at(*p.start) + " and " + at(*p.end) + " share a colour");
  }

  // The graph of free squares: needed with blocked squares; on full boards the theorems below
  // decide, and the graph only names a better reason on small ones.
  if (!p.blocked.empty() || g.size() <= kGraphCheckLimit) {
    if (auto e = settle_by_graph(p); e.answer == Answer::none) return e;
  }
  return settle_full_board(p);
}

Existence settle_by_graph(const Problem& p) {
  const Geometry g = p.geometry;
  const Graph graph = free_graph(p);
  int ones = 0;
  for (int i = 0; i < g.size(); ++i) {
    if (graph.degree[i] == 0) {
      return none("square " + at(g.square(i)) + " has no knight's jump to another free square");
    }
    if (graph.degree[i] == 1) {
      if (p.closed) {
        return none("square " + at(g.square(i)) +
                    " has a single jump to another free square, so no cycle passes through it");
      }
      const bool at_start = p.start && g.index(*p.start) == i;
      const bool at_end = p.end && g.index(*p.end) == i;
      if (p.start && p.end && !at_start && !at_end) {
        return none("square " + at(g.square(i)) +
                    " has a single jump to another free square, so the tour must end there");
      }
      ++ones;
    }
  }
  if (ones > 2) {
    return none(std::to_string(ones) +
                " squares have a single jump to another free square; "
                "a tour can only start or end on such a square");
  }
  if (!graph.connected) return none("the free squares fall apart into separate pieces");
  return {};
}

Existence settle_full_board(const Problem& p) {
  const Geometry g = p.geometry;
  if (p.blocked.empty() || p.free_squares() == g.size()) {
    const std::string name = board_name(g);
    if (p.closed) {
      if (closed_tour_exists(g)) {
        return {Answer::exists, "Schwenk (1991): the " + name + " board has a closed tour"};
      }
      return none("Schwenk (1991): no " + name + " board has a closed tour");
    }
    if (!open_tour_exists(g)) {
      return none("Cull & De Curtins (1978), Conrad et al. (1994): no " + name +
                  " board has an open tour");
    }
    if (!p.end && closed_tour_exists(g)) {
      return {Answer::exists, "Schwenk (1991): the " + name +
                                  " board has a closed tour, which opens at any square"};
    }
  }
  return {};
}

}  // namespace kt
