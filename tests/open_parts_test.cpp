// An open count in parts (counting/open_parts.hpp): every pair of ends a path can have falls in
// exactly one part, the weights make the sum exact on boards with every symmetry, some or none,
// and the parts (counted by rows) add up to the whole (OEIS A165134, or the search counter).
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "board/symmetry.hpp"
#include "counting/big_count.hpp"
#include "counting/count.hpp"
#include "counting/frontier_count.hpp"
#include "counting/open_parts.hpp"

using kt::BigCount;
using kt::Problem;
using kt::Square;

namespace {

Problem open_board(int rows, int cols, std::vector<Square> blocked = {}) {
  Problem p;
  p.geometry = {rows, cols};
  if (!blocked.empty()) {
    p.blocked.assign(static_cast<std::size_t>(rows * cols), 0);
    for (const Square s : blocked) p.blocked[static_cast<std::size_t>(p.geometry.index(s))] = 1;
  }
  return p;
}

// The unordered pairs of free squares a path over every free square can end on, counted here
// from the colours alone: opposite colours where the free squares are even in number (and as
// many of each), both of the colour with one square more where they are odd.
std::uint64_t admissible_pairs(const Problem& p) {
  const kt::Geometry g = p.geometry;
  std::vector<Square> free;
  int dark = 0;
  for (int i = 0; i < g.size(); ++i) {
    if (p.is_blocked(i)) continue;
    free.push_back(g.square(i));
    dark += (free.back().x + free.back().y) % 2 == 0;
  }
  const int light = static_cast<int>(free.size()) - dark;
  std::uint64_t pairs = 0;
  for (std::size_t a = 0; a < free.size(); ++a) {
    for (std::size_t b = a + 1; b < free.size(); ++b) {
      const bool da = (free[a].x + free[a].y) % 2 == 0, db = (free[b].x + free[b].y) % 2 == 0;
      if (free.size() % 2 == 0) {
        pairs += dark == light && da != db;
      } else {
        pairs += da == db && (da ? dark == light + 1 : light == dark + 1);
      }
    }
  }
  return pairs;
}

// The parts counted by rows (each between its two fixed ends), weighted and added.
BigCount sum_of_parts(const Problem& whole, int threads = 1) {
  const kt::OpenPartsPlan plan = kt::plan_open_parts(whole);
  REQUIRE(plan.error.empty());
  BigCount total;
  for (const kt::OpenPart& part : plan.parts) {
    kt::FrontierOptions options;
    options.threads = threads;
    const kt::FrontierResult r = kt::count_frontier(kt::part_problem(whole, part), options);
    REQUIRE(r.error.empty());
    REQUIRE(r.complete);
    BigCount weighted = r.count;
    weighted *= part.weight;
    total += weighted;
  }
  return total;
}

// The whole by the search counter (another counter than the parts'), every start.
BigCount searched_whole(const Problem& whole) {
  kt::CountOptions options;
  options.use_symmetry = false;
  const kt::CountResult r = kt::count_tours(whole, options);
  REQUIRE(r.error.empty());
  REQUIRE(r.complete);
  return BigCount(r.count);
}

BigCount whole_by_rows(const Problem& whole) {
  kt::FrontierOptions options;
  options.threads = 2;
  const kt::FrontierResult r = kt::count_frontier(whole, options);
  REQUIRE(r.complete);
  return r.count;
}

}  // namespace

TEST_CASE("open parts: every pair of ends a path can have is in one part, weighted by its orbit") {
  struct Case {
    Problem p;
    int symmetries;  // the board's, less those that move a blocked square
  };
  const std::vector<Case> cases = {
      {open_board(5, 5), 8},
      {open_board(8, 8), 8},
      {open_board(5, 6), 4},
      {open_board(3, 4), 4},
      {open_board(5, 5, {{3, 3}}), 8},  // the centre: every symmetry keeps it
      {open_board(5, 5, {{1, 1}, {5, 5}}),
       4},                              // a diagonal: its mirror, the other's, the half turn
      {open_board(5, 5, {{1, 2}}), 1},  // no symmetry but the identity
      {open_board(4, 6, {{1, 1}, {6, 1}}), 2},  // the left-right mirror alone
  };
  for (const Case& c : cases) {
    INFO(c.p.geometry.rows << "x" << c.p.geometry.cols << ", " << c.p.blocked.size());
    const kt::OpenPartsPlan plan = kt::plan_open_parts(c.p);
    REQUIRE(plan.error.empty());
    CHECK(plan.symmetries == c.symmetries);
    std::uint64_t pairs = 0, weight = 0;
    for (const kt::OpenPart& part : plan.parts) {
      pairs += static_cast<std::uint64_t>(part.pairs);
      weight += part.weight;
      CHECK(part.weight == 2 * static_cast<std::uint64_t>(part.pairs));
      CHECK(part.pairs >= 1);
      CHECK(c.symmetries % part.pairs == 0);  // an orbit's size divides the group's order
    }
    CHECK(pairs == admissible_pairs(c.p));
    CHECK(weight == 2 * admissible_pairs(c.p));
    CHECK(plan.hash.size() == 16);
  }
  // The chessboard: 32 x 32 pairs of opposite colours in 136 orbits, as Chernov and Stertenbrink
  // counted it (Knuth TAOCP 7.2.2.4).
  CHECK(kt::plan_open_parts(open_board(8, 8)).parts.size() == 136);
}

TEST_CASE("open parts: the plan's identity follows its board") {
  const std::string a = kt::plan_open_parts(open_board(5, 5)).hash;
  CHECK(a == kt::plan_open_parts(open_board(5, 5)).hash);
  CHECK(a != kt::plan_open_parts(open_board(5, 5, {{3, 3}})).hash);
  CHECK(a != kt::plan_open_parts(open_board(5, 6)).hash);
  Problem closed = open_board(5, 5);
  closed.closed = true;
  CHECK(!kt::plan_open_parts(closed).error.empty());
  Problem from = open_board(5, 5);
  from.start = Square{1, 1};
  CHECK(!kt::plan_open_parts(from).error.empty());
  CHECK(!kt::plan_open_parts(open_board(1, 1)).error.empty());
  CHECK(!kt::plan_open_parts(open_board(12, 1000)).error.empty());  // millions of parts
  // The parts are the knight's on a plain board: another piece or a wrap is refused, not split
  // as if it were the knight.
  Problem camel = open_board(5, 5);
  camel.piece.leaper = kt::Leaper{1, 3};
  CHECK(kt::plan_open_parts(camel).error.find("camel (1,3)'s on a board") != std::string::npos);
  Problem torus = open_board(5, 5);
  torus.piece.wrap = kt::Wrap::torus;
  CHECK(kt::plan_open_parts(torus).error.find("knight's on a torus") != std::string::npos);
}

TEST_CASE("open parts: the sum of the parts is the whole, with every symmetry, some or none") {
  // 5x5: 1,728 directed open tours (OEIS A165134).
  CHECK(sum_of_parts(open_board(5, 5)) == BigCount(1728));
  // Against the search counter on the same board, blocked squares keeping 8, 4, 2 or 1 of the
  // symmetries (and boards whose colours leave no tour).
  for (const Problem& p : {open_board(3, 4), open_board(4, 5), open_board(5, 5, {{3, 3}}),
                           open_board(5, 5, {{1, 1}, {5, 5}}), open_board(5, 5, {{1, 2}}),
                           open_board(4, 6, {{1, 1}, {6, 1}}), open_board(4, 5, {{2, 2}}),
                           open_board(5, 5, {{1, 1}, {2, 1}})}) {
    INFO(p.geometry.rows << "x" << p.geometry.cols);
    CHECK(sum_of_parts(p) == searched_whole(p));
  }
}

TEST_CASE("open parts: 6x6, 5x6, 6x7 and 6x8 add up to the direct count", "[slow]") {
  // 6x6: 6,637,920 directed open tours (OEIS A165134).
  CHECK(sum_of_parts(open_board(6, 6), 2) == BigCount(6637920));
  // The rectangles against the direct count by rows (one count over the whole board).
  for (const Problem& p : {open_board(5, 6), open_board(6, 7), open_board(6, 8)}) {
    INFO(p.geometry.rows << "x" << p.geometry.cols);
    CHECK(sum_of_parts(p, 2) == whole_by_rows(p));
  }
}

// Hidden from the test suite ([.]: 50 parts, about 3.5 minutes of both cores, more than the
// whole suite's budget allows): run by hand, `core_tests "open parts: 7x7*"`, or through the
// commands `--parts` prints, `PARTS="--size 7" scripts/bench_counter.sh` (docs/performance.md).
TEST_CASE("open parts: 7x7 adds up to OEIS A165134", "[.][by-hand]") {
  // 165,575,218,320 directed open tours of 7x7 (OEIS A165134); 50 parts of seconds each.
  CHECK(sum_of_parts(open_board(7, 7), 2) == BigCount(165575218320ull));
}

TEST_CASE("open parts: two fixed ends are forecast as a closed count and not as an open one") {
  // 8x8 from a1 to b1 was forecast as the open count (840 GB) and refused; its states are a
  // closed count's with the paths to its two ends (docs/performance.md: 7x7's parts took 0.5
  // to 3.6 times the closed count's memory), at width 8 in wider keys and links (1.68 times).
  Problem closed = open_board(8, 8);
  closed.closed = true;
  Problem ends = open_board(8, 8);
  ends.start = Square{1, 1};
  ends.end = Square{2, 1};
  const double closed_bytes = static_cast<double>(kt::estimate_frontier_bytes(closed));
  const double ends_bytes = static_cast<double>(kt::estimate_frontier_bytes(ends));
  const double open_bytes = static_cast<double>(kt::estimate_frontier_bytes(open_board(8, 8)));
  CHECK(ends_bytes > 0.5 * closed_bytes);
  CHECK(ends_bytes < 3.6 * 1.68 * 1.1 * closed_bytes);
  CHECK(ends_bytes < open_bytes / 10);
  // Ends deep in their halves cost less than ends in a half's first row.
  Problem deep = open_board(8, 8);
  deep.start = Square{4, 3};
  deep.end = Square{4, 6};
  CHECK(kt::estimate_frontier_bytes(deep) < ends_bytes);
  // One end alone leaves a free tour end: forecast as the open count still.
  Problem one = open_board(8, 8);
  one.start = Square{1, 1};
  CHECK(kt::estimate_frontier_bytes(one) == kt::estimate_frontier_bytes(open_board(8, 8)));
}
