#include "theory/existence.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace kt {

namespace {

std::string board_name(Geometry g) { return std::to_string(g.rows) + "x" + std::to_string(g.cols); }

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
  auto neighbours = [&](int i, auto&& visit) { for_each_move(g, p.piece, i, visit, p.blocked); };
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

// "knight", or the leaper's name and jump.
std::string piece_word(const Piece& piece) {
  return piece.is_knight() ? "knight" : describe_leaper(piece.leaper);
}

// A leaper with a + b even keeps its colour: it cannot tour both colours.
Existence colour_kept(Leaper l, int dark, int light) {
  return none("a " + describe_leaper(l) + " never changes colour (" + std::to_string(l.a) + " + " +
              std::to_string(l.b) + " is even), so it cannot visit the " + std::to_string(dark) +
              " squares of one colour and the " + std::to_string(light) + " of the other");
}

// Both called through pointers no optimiser sees through: binaryen inlines a function with a
// single caller whatever its size, and their words would then sit in settle(), in the page's
// first frame, where the knight never needs them.
std::string (*volatile piece_word_call)(const Piece&) = piece_word;
Existence (*volatile colour_kept_call)(Leaper, int, int) = colour_kept;

constexpr int kGraphCheckLimit = 1 << 16;

// What the colours rule out, with `dark` and `light` free squares: the tour alternates them.
Existence settle_by_colour(bool closed, std::optional<Square> start, std::optional<Square> end,
                           int dark, int light) {
  const std::string counts = std::to_string(dark) + " squares of one colour and " +
                             std::to_string(light) + " of the other";
  if (closed && dark != light) {
    return none(
        "a closed tour alternates colours, so it needs as many squares of each colour; "
        "this board has " +
        counts);
  }
  if (std::abs(dark - light) > 1) {
    return none(
        "a tour alternates colours, so the two colours may differ by one square at "
        "most; this board has " +
        counts);
  }
  if (dark != light) {  // both ends on the majority colour
    const Colour majority = dark > light ? Colour::dark : Colour::light;
    if (start && colour_of(*start) != majority) {
      return none("a tour of " + counts + " must start on the more numerous colour, and " +
                  at(*start) + " is not");
    }
    if (end && colour_of(*end) != majority) {
      return none("a tour of " + counts + " must end on the more numerous colour, and " + at(*end) +
                  " is not");
    }
  } else if (start && end && colour_of(*start) == colour_of(*end)) {
    return none(
        "a tour with as many squares of each colour ends on the colour it did not "
        "start on, and " +
        at(*start) + " and " + at(*end) + " share a colour");
  }
  return {};
}

// The full-board theorems on the whole of g.
Existence settle_by_theorems(Geometry g, bool closed, bool has_end) {
  const std::string name = board_name(g);
  if (closed) {
    if (closed_tour_exists(g)) {
      return {Answer::exists, "Schwenk (1991): the " + name + " board has a closed tour"};
    }
    return none("Schwenk (1991): no " + name + " board has a closed tour");
  }
  if (!open_tour_exists(g)) {
    return none("Cull & De Curtins (1978), Conrad et al. (1994): no " + name +
                " board has an open tour");
  }
  if (!has_end && closed_tour_exists(g)) {
    return {Answer::exists,
            "Schwenk (1991): the " + name + " board has a closed tour, which opens at any square"};
  }
  return {};
}

}  // namespace

// What the graph of free squares rules out (the half of settle() that walks the board).
Existence settle_by_graph(const Problem& p);

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

Existence settle_full_board(Geometry g, bool closed, std::optional<Square> start,
                            std::optional<Square> end) {
  const int dark = dark_squares(g);
  if (auto e = settle_by_colour(closed, start, end, dark, g.size() - dark);
      e.answer == Answer::none) {
    return e;
  }
  return settle_by_theorems(g, closed, end.has_value());
}

Existence settle(const Problem& p) {
  const Geometry g = p.geometry;
  const int free = p.free_squares();
  if (free == 0) return none("every square is blocked");
  if (free == 1) {
    if (p.closed) return none("a closed tour needs at least two squares to jump between");
    return {Answer::exists, "a single free square is toured by standing on it"};
  }

  // Colours (a closed form on full boards, since huge boards must not be walked here).
  int dark_free = dark_squares(g);
  if (!p.blocked.empty()) {
    dark_free = 0;
    for (int i = 0; i < g.size(); ++i) {
      dark_free += !p.is_blocked(i) && colour_of(g.square(i)) == Colour::dark;
    }
  }
  const ColourRule colours = colour_rule(p.piece, g.rows, g.cols);
  if (colours == ColourRule::alternates) {
    if (auto e = settle_by_colour(p.closed, p.start, p.end, dark_free, free - dark_free);
        e.answer == Answer::none) {
      return e;
    }
  } else if (colours == ColourRule::keeps && dark_free > 0 && dark_free < free) {
    return colour_kept_call(p.piece.leaper, dark_free, free - dark_free);
  }

  // The graph of free squares: needed with blocked squares; on full boards the theorems below
  // decide, and the graph only names a better reason on small ones.
  if (!p.blocked.empty() || g.size() <= kGraphCheckLimit) {
    if (auto e = settle_by_graph(p); e.answer == Answer::none) return e;
  }
  // The theorems are the knight's on a plain board; other pieces and wrapping boards are
  // settled by search.
  if (p.piece.is_plain_knight() && (p.blocked.empty() || free == g.size())) {
    return settle_by_theorems(g, p.closed, p.end.has_value());
  }
  return {};
}

Existence settle_by_graph(const Problem& p) {
  const Geometry g = p.geometry;
  const Graph graph = free_graph(p);
  int ones = 0;
  std::vector<int> forced_ends;  // squares with a single jump, neither the start nor the end
  int dark = 0, free = 0;
  for (int i = 0; i < g.size(); ++i) {
    if (graph.degree[i] >= 0) {
      ++free;
      dark += colour_of(g.square(i)) == Colour::dark;
    }
    if (graph.degree[i] == 0) {
      return none("square " + at(g.square(i)) + " has no " + piece_word_call(p.piece) +
                  "'s jump to another free square");
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
      if (!at_start && !at_end) forced_ends.push_back(i);
    }
  }
  // With the start given, a square with a single jump (other than the start) can only be the
  // end: two of them, or one on a colour the tour cannot end on, leave no tour.
  if (!p.closed && p.start && !p.end && !forced_ends.empty()) {
    const std::string single = " a single jump to another free square";
    if (forced_ends.size() > 1) {
      return none("squares " + at(g.square(forced_ends[0])) + " and " +
                  at(g.square(forced_ends[1])) + " each have" + single +
                  ", so both would have to end a tour that starts at " + at(*p.start));
    }
    const Square end = g.square(forced_ends[0]);
    if (auto e = settle_by_colour(false, p.start, end, dark, free - dark);
        e.answer == Answer::none) {
      return none("square " + at(end) + " has" + single + ", so the tour must end there; " +
                  e.reason);
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

}  // namespace kt
