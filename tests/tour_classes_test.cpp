// Tours up to the board's symmetries: Jelliss's published classes, and on small boards the
// classifier against orbits found by brute force over undirected edge sets.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "board/symmetry.hpp"
#include "counting/count.hpp"
#include "counting/tour_classes.hpp"

namespace {

using kt::Geometry;
using kt::Problem;
using kt::Square;
using kt::Symmetry;
using Path = std::vector<std::int32_t>;

Problem board(int rows, int cols, bool closed, std::vector<Square> blocked = {}) {
  Problem p;
  p.geometry = {rows, cols};
  p.closed = closed;
  if (!blocked.empty()) {
    p.blocked.assign(static_cast<std::size_t>(rows * cols), 0);
    for (Square s : blocked) p.blocked[p.geometry.index(s)] = 1;
  }
  return p;
}

Problem from(Problem p, Square start) {
  p.start = start;
  return p;
}
Problem to(Problem p, Square end) {
  p.end = end;
  return p;
}

struct Classified {
  kt::TourClasses classes;
  std::vector<Path> tours, representatives;
};

Classified classify(const Problem& p) {
  Classified out;
  kt::TourClassifier classifier(p);
  kt::CountOptions options;
  options.use_symmetry = false;
  options.on_tour = [&](std::span<const std::int32_t> path) {
    out.tours.emplace_back(path.begin(), path.end());
    if (classifier.add(path)) out.representatives.emplace_back(path.begin(), path.end());
  };
  const kt::CountResult r = kt::count_tours(p, options);
  REQUIRE(r.error.empty());
  out.classes = classifier.result();
  REQUIRE(out.classes.tours == r.count);
  return out;
}

std::uint64_t fixed_by(const kt::TourClasses& c, Symmetry t) {
  for (const auto& [s, n] : c.fixed) {
    if (s == t) return n;
  }
  FAIL("no such symmetry in the group");
  return 0;
}

// A tour as the set of its undirected moves (a closed tour's last move back included): a
// form that forgets start and direction, unlike the classifier's sequences.
using Edges = std::vector<std::pair<int, int>>;
Edges edges(const Geometry& g, const Path& p, bool closed, Symmetry t) {
  Edges e;
  const auto at = [&](std::int32_t i) { return g.index(kt::apply(t, g, g.square(i))); };
  for (std::size_t i = 0; i + 1 < p.size() + (closed ? 1 : 0); ++i) {
    const int a = at(p[i]), b = at(p[(i + 1) % p.size()]);
    e.emplace_back(std::min(a, b), std::max(a, b));
  }
  std::sort(e.begin(), e.end());
  return e;
}

// The orbits by brute force: the least edge set over the board's symmetries that keep the
// blocked squares (and an open tour's given start and end); and how many of them some symmetry
// other than the identity keeps.
std::pair<std::size_t, std::size_t> orbits(const Problem& p, const std::vector<Path>& tours) {
  const Geometry g = p.geometry;
  std::vector<Symmetry> group;
  for (Symmetry t : kt::board_symmetries(g)) {
    bool keeps = true;
    for (int i = 0; i < g.size() && !p.blocked.empty(); ++i) {
      keeps = keeps && p.blocked[i] == p.blocked[g.index(kt::apply(t, g, g.square(i)))];
    }
    // An open tour's given start and end stay where they are.
    for (const auto& end : {p.start, p.end}) {
      keeps = keeps && (p.closed || !end || kt::apply(t, g, *end) == *end);
    }
    if (keeps) group.push_back(t);
  }
  std::map<Edges, bool> seen;  // the orbit's least form -> symmetric
  for (const Path& tour : tours) {
    const Edges own = edges(g, tour, p.closed, Symmetry::identity);
    Edges least = own;
    bool symmetric = false;
    for (Symmetry t : group) {
      const Edges image = edges(g, tour, p.closed, t);
      least = std::min(least, image);
      symmetric = symmetric || (t != Symmetry::identity && image == own);
    }
    seen[least] = symmetric;
  }
  std::size_t symmetric = 0;
  for (const auto& [form, sym] : seen) symmetric += sym ? 1 : 0;
  return {seen.size(), symmetric};
}

}  // namespace

TEST_CASE("the board's symmetries map the board onto itself", "[classes]") {
  for (const Geometry g : {Geometry{8, 8}, Geometry{3, 5}}) {
    const auto group = kt::board_symmetries(g);
    CHECK(group.size() == (g.rows == g.cols ? 8u : 4u));
    for (Symmetry t : group) {
      std::set<int> images;
      for (int i = 0; i < g.size(); ++i) {
        const Square s = kt::apply(t, g, g.square(i));
        REQUIRE(g.contains(s));
        images.insert(g.index(s));
      }
      CHECK(images.size() == static_cast<std::size_t>(g.size()));
    }
  }
  // On the chessboard: a1 goes to a8 by the quarter turn, to h1 by three of them.
  CHECK(kt::apply(Symmetry::quarter_turn, {8, 8}, {1, 1}) == Square{1, 8});
  CHECK(kt::apply(Symmetry::three_quarter_turn, {8, 8}, {1, 1}) == Square{8, 1});
  CHECK(kt::apply(Symmetry::half_turn, {3, 5}, {1, 1}) == Square{5, 3});
}

TEST_CASE("5x5: 112 geometrically distinct tours, 8 of them symmetric (Jelliss)", "[classes]") {
  // George Jelliss, Knight's Tour Notes 5a: "112 geometrically distinct tours, all open, of
  // which 8 are symmetric", each symmetric one in 4 orientations and each other in 8, so
  // 8 x 4 + 104 x 8 = 864 undirected tours, 1,728 directed.
  const Problem p = board(5, 5, false);
  const Classified c = classify(p);
  CHECK(c.classes.tours == 1728);
  CHECK(c.classes.classes == 112);
  CHECK(c.representatives.size() == 112);
  CHECK(fixed_by(c.classes, Symmetry::identity) == 1728);
  // The 8 symmetric classes, 8 directed tours each, are each fixed by one other symmetry
  // (with the reversal): 112 x 16 = 1728 + 64.
  std::uint64_t others = 0;
  for (const auto& [t, n] : c.classes.fixed) others += t == Symmetry::identity ? 0 : n;
  CHECK(others == 64);
  CHECK(orbits(p, c.tours) == std::pair<std::size_t, std::size_t>{112, 8});
}

TEST_CASE("6x6 closed: 1,245 geometrically distinct, 5 quarter-turn and 17 half-turn symmetric",
          "[classes]") {
  // Jelliss's count of the 9,862 closed tours of 6x6: 1,245 classes, 5 with quarter-turn
  // symmetry and 17 more with half-turn symmetry, none with a mirror's. By Burnside the half
  // turn fixes 17 x 4 + 5 x 2 = 78 cycles and each quarter turn 5 x 2 = 10.
  const Problem p = board(6, 6, true);
  const Classified c = classify(p);
  CHECK(c.classes.tours == 9862);
  CHECK(c.classes.classes == 1245);
  CHECK(c.representatives.size() == 1245);
  CHECK(fixed_by(c.classes, Symmetry::half_turn) == 78);
  CHECK(fixed_by(c.classes, Symmetry::quarter_turn) == 10);
  CHECK(fixed_by(c.classes, Symmetry::three_quarter_turn) == 10);
  for (Symmetry t : {Symmetry::mirror_left_right, Symmetry::mirror_top_bottom,
                     Symmetry::mirror_diagonal, Symmetry::mirror_antidiagonal}) {
    CHECK(fixed_by(c.classes, t) == 0);
  }
  CHECK(orbits(p, c.tours) == std::pair<std::size_t, std::size_t>{1245, 22});
}

TEST_CASE("classes against brute-force orbits on small and blocked boards", "[classes]") {
  for (const Problem& p :
       {board(3, 4, false), board(3, 7, false), board(4, 5, false), board(5, 6, true),
        board(3, 10, true), board(5, 5, false, {{3, 3}}), board(4, 5, false, {{1, 1}}),
        from(board(5, 5, false), {1, 1}), from(board(5, 5, false), {3, 3}),
        from(board(6, 6, false), {2, 2}), to(board(5, 5, false), {1, 1})}) {
    CAPTURE(p.geometry.rows, p.geometry.cols, p.closed, p.start.has_value(), p.end.has_value());
    const Classified c = classify(p);
    REQUIRE(c.classes.tours > 0);
    const auto [classes, symmetric] = orbits(p, c.tours);
    CHECK(c.classes.classes == classes);
    CHECK(c.representatives.size() == classes);
    // The representatives are of different classes: their least forms differ.
    CHECK(orbits(p, c.representatives).first == classes);
    (void)symmetric;
  }
}
