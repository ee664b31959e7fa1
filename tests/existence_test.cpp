// Theory against exhaustive search: every board with both sides up to 6, open tours from every
// start and closed tours, must agree with what the complete search finds; and "unknown" fails
// wherever the search's own findings put the case inside a rule the theory states (existence.hpp):
// a theory that answered "unknown" to everything would otherwise pass.
#include <catch2/catch.hpp>

#include <array>
#include <vector>

#include "board/request.hpp"
#include "search/search.hpp"
#include "theory/existence.hpp"
#include "verify/verify.hpp"

namespace {

// A complete search (Warnsdorff order with sound pruning, backtracking to the end).
kt::Status search(const kt::Problem& p) {
  auto b = kt::make_search(p, kt::kTextbookOrder, kt::Heuristic::warnsdorff);
  return b->run(UINT64_MAX);
}

std::string describe(const kt::Problem& p) {
  return std::to_string(p.geometry.rows) + "x" + std::to_string(p.geometry.cols) + " start " +
         kt::format_square(*p.start) + (p.closed ? " closed" : " open");
}

// The theory's answer, if it gives one, is the search's. Returns the theory's answer.
kt::Answer check_agreement(const kt::Problem& p) {
  const kt::Existence e = kt::settle(p);
  const kt::Status found = search(p);
  INFO(describe(p) << ": " << e.reason);
  if (e.answer == kt::Answer::exists) CHECK(found == kt::Status::found);
  if (e.answer == kt::Answer::none) CHECK(found == kt::Status::none);
  if (e.answer != kt::Answer::unknown) CHECK_FALSE(e.reason.empty());
  return e.answer;
}

// Free squares by colour, counted here ((1,1) dark, as the textbook's board colours it).
struct Colours {
  int dark = 0, light = 0;
  // A tour alternates colours: where they differ, both ends are on the more numerous one.
  bool may_start_on(kt::Square s) const {
    const bool is_dark = (s.x + s.y) % 2 == 0;
    return dark == light || (dark > light) == is_dark;
  }
};

Colours colours(const kt::Problem& p) {
  Colours c;
  for (int i = 0; i < p.geometry.size(); ++i) {
    if (p.is_blocked(i)) continue;
    const kt::Square s = p.geometry.square(i);
    ++((s.x + s.y) % 2 == 0 ? c.dark : c.light);
  }
  return c;
}

// Whether the free squares alone leave no tour from any start, by the graph and colour rules
// the theory states (existence.hpp), worked out here from the board: the colours differ by more
// than one, a free square has no jump to another, more than two have only one (a tour can end
// on two at most), or the free squares fall apart into pieces.
bool free_squares_rule_out_tours(const kt::Problem& p) {
  const kt::Geometry g = p.geometry;
  const Colours c = colours(p);
  if (c.dark - c.light > 1 || c.light - c.dark > 1) return true;
  static constexpr std::array<int, 8> dx{1, 2, 2, 1, -1, -2, -2, -1};
  static constexpr std::array<int, 8> dy{2, 1, -1, -2, -2, -1, 1, 2};
  const auto neighbours = [&](int i) {
    std::vector<int> out;
    const kt::Square s = g.square(i);
    for (int k = 0; k < 8; ++k) {
      const kt::Square t{s.x + dx[k], s.y + dy[k]};
      if (t.x >= 1 && t.x <= g.cols && t.y >= 1 && t.y <= g.rows && !p.is_blocked(g.index(t))) {
        out.push_back(g.index(t));
      }
    }
    return out;
  };
  int single = 0, free = 0, first = -1;
  for (int i = 0; i < g.size(); ++i) {
    if (p.is_blocked(i)) continue;
    ++free;
    if (first < 0) first = i;
    const std::size_t d = neighbours(i).size();
    if (d == 0) return true;
    single += d == 1;
  }
  if (single > 2) return true;
  std::vector<char> seen(static_cast<std::size_t>(g.size()), 0);
  std::vector<int> stack{first};
  seen[static_cast<std::size_t>(first)] = 1;
  int reached = 1;
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    for (const int j : neighbours(i)) {
      if (!seen[static_cast<std::size_t>(j)]) {
        seen[static_cast<std::size_t>(j)] = 1;
        ++reached;
        stack.push_back(j);
      }
    }
  }
  return reached < free;
}

}  // namespace

TEST_CASE("theory agrees with exhaustive search on every board up to 6x6") {
  for (int rows = 1; rows <= 6; ++rows) {
    for (int cols = 1; cols <= 6; ++cols) {
      const kt::Geometry g{rows, cols};
      // The board as the search finds it: a closed tour or not, an open tour from some start.
      kt::Problem closed;
      closed.geometry = g;
      closed.start = kt::Square{1, 1};
      closed.closed = true;
      const bool has_closed = search(closed) == kt::Status::found;
      bool has_open = false;
      for (int i = 0; i < g.size() && !has_open; ++i) {
        has_open = search(kt::open_problem(g, g.square(i))) == kt::Status::found;
      }
      // Schwenk settles every full board's closed tours.
      {
        INFO(describe(closed));
        CHECK(check_agreement(closed) != kt::Answer::unknown);
      }
      const Colours c = colours(closed);
      for (int i = 0; i < g.size(); ++i) {
        const kt::Problem open = kt::open_problem(g, g.square(i));
        const kt::Answer a = check_agreement(open);
        // The theorems say which boards have an open tour, that a closed tour opens at any
        // square, and the colours which squares cannot start one: "unknown" is left only for
        // a start the colours allow on a board with open tours but no closed one.
        INFO(describe(open) << (has_open ? ", has open tours" : ", no open tour")
                            << (has_closed ? ", has closed tours" : ", no closed tour"));
        if (!has_open || has_closed || !c.may_start_on(*open.start)) {
          CHECK(a != kt::Answer::unknown);
        }
      }
    }
  }
}

TEST_CASE("the full-board theorems") {
  // Schwenk (1991).
  CHECK_FALSE(kt::closed_tour_exists({5, 5}));
  CHECK_FALSE(kt::closed_tour_exists({4, 10}));
  CHECK_FALSE(kt::closed_tour_exists({3, 8}));
  CHECK(kt::closed_tour_exists({3, 10}));
  CHECK(kt::closed_tour_exists({6, 6}));
  CHECK(kt::closed_tour_exists({5, 6}));
  // Cull & De Curtins (1978), Conrad et al. (1994).
  CHECK(kt::open_tour_exists({3, 4}));
  CHECK_FALSE(kt::open_tour_exists({3, 5}));
  CHECK_FALSE(kt::open_tour_exists({3, 6}));
  CHECK(kt::open_tour_exists({3, 7}));
  CHECK_FALSE(kt::open_tour_exists({4, 4}));
  CHECK(kt::open_tour_exists({4, 5}));
  CHECK(kt::open_tour_exists({1, 1}));
  CHECK_FALSE(kt::open_tour_exists({2, 8}));
}

TEST_CASE("theory explains why there is no tour") {
  kt::Problem p;
  REQUIRE(kt::make_problem({5, 5, "2,1", "", "", false}, p).empty());
  CHECK_THAT(kt::settle(p).reason, Catch::Contains("more numerous colour"));
  REQUIRE(kt::make_problem({3, 3, "1,1", "", "", false}, p).empty());
  CHECK_THAT(kt::settle(p).reason, Catch::Contains("(2,2) has no knight's jump"));
  REQUIRE(kt::make_problem({8, 8, "2,1", "", "1,1;8,8", false}, p).empty());
  CHECK_THAT(kt::settle(p).reason, Catch::Contains("30 squares of one colour and 32"));
  REQUIRE(kt::make_problem({4, 4, "", "", "", true}, p).empty());
  CHECK_THAT(kt::settle(p).reason, Catch::Contains("Schwenk"));
}

TEST_CASE("theory on small boards with blocked squares agrees with exhaustive search") {
  // Every way to block one or two squares of 4x5 and 5x5, open from every free start.
  int settled_by_rules = 0;
  for (const kt::Geometry g : {kt::Geometry{4, 5}, kt::Geometry{5, 5}}) {
    for (int a = 0; a < g.size(); ++a) {
      for (int b = a + 3; b < g.size(); b += 5) {  // a sample of the pairs
        kt::Problem p;
        p.geometry = g;
        p.blocked.assign(g.size(), 0);
        p.blocked[a] = p.blocked[b] = 1;
        const bool ruled_out = free_squares_rule_out_tours(p);
        const Colours c = colours(p);
        for (int s = 0; s < g.size(); s += 2) {
          if (p.blocked[s]) continue;
          p.start = g.square(s);
          const kt::Answer answer = check_agreement(p);
          // Where the free squares' graph or colours rule out every tour, or the start's
          // colour rules it out, the theory's rules apply and "unknown" is a failure.
          INFO(describe(p) << ", blocked " << a << " and " << b);
          if (ruled_out || !c.may_start_on(*p.start)) {
            CHECK(answer != kt::Answer::unknown);
            ++settled_by_rules;
          }
        }
      }
    }
  }
  CHECK(settled_by_rules > 0);  // (the rules are exercised, not only their absence)
}
