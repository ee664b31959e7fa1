// Every end at once: the end map from a start against one count per end square (a different
// search: the end fixed in its plan), on 5x5 and 6x6 from a corner and on a blocked board.
#include <catch2/catch.hpp>

#include <cstdint>
#include <numeric>
#include <vector>

#include "counting/count.hpp"
#include "counting/end_map.hpp"

namespace {

kt::Problem from(int rows, int cols, kt::Square start, std::vector<kt::Square> blocked = {}) {
  kt::Problem p;
  p.geometry = {rows, cols};
  p.start = start;
  if (!blocked.empty()) {
    p.blocked.assign(static_cast<std::size_t>(rows * cols), 0);
    for (kt::Square s : blocked) p.blocked[p.geometry.index(s)] = 1;
  }
  return p;
}

void check_against_each_end(const kt::Problem& p, std::uint64_t total) {
  const kt::EndMap map = kt::count_ends(p);
  REQUIRE(map.total.error.empty());
  CHECK(map.total.complete);
  CHECK(map.total.count == total);
  CHECK(std::accumulate(map.ends.begin(), map.ends.end(), std::uint64_t{0}) == total);
  for (int i = 0; i < p.geometry.size(); ++i) {
    const kt::Square s = p.geometry.square(i);
    CAPTURE(s.x, s.y);
    if (s == *p.start || (!p.blocked.empty() && p.blocked[i])) {
      CHECK(map.ends[i] == 0);
      continue;
    }
    kt::Problem to = p;
    to.end = s;
    CHECK(map.ends[i] == kt::count_tours(to).count);
  }
}

}  // namespace

TEST_CASE("the end map of 5x5 from a corner: 304 tours", "[ends]") {
  // 304 directed open tours from a corner of 5x5 (count_test's published figure); the far
  // corner, counted by hand from the listing, takes 56 of them.
  const kt::Problem p = from(5, 5, {1, 1});
  check_against_each_end(p, 304);
  CHECK(kt::count_ends(p).ends[p.geometry.index({5, 5})] == 56);
}

TEST_CASE("the end map of 6x6 from a corner, and of a blocked 5x5", "[ends]") {
  const kt::Problem corner = from(6, 6, {1, 1});
  check_against_each_end(corner, kt::count_tours(corner).count);
  // A tour from a1 that ends a knight's move away closes: every one of the 9,862 closed tours
  // of 6x6 passes a1 between b3 and c2, so each of the two ends takes 9,862.
  const kt::EndMap map = kt::count_ends(corner);
  CHECK(map.ends[corner.geometry.index({2, 3})] == 9862);
  CHECK(map.ends[corner.geometry.index({3, 2})] == 9862);
  check_against_each_end(from(5, 5, {1, 1}, {{3, 3}}), 16);
}

TEST_CASE("the end map refuses what has none", "[ends]") {
  kt::Problem closed = from(6, 6, {1, 1});
  closed.closed = true;
  CHECK_FALSE(kt::count_ends(closed).total.error.empty());
  kt::Problem no_start = from(5, 5, {1, 1});
  no_start.start.reset();
  CHECK_FALSE(kt::count_ends(no_start).total.error.empty());
  kt::Problem with_end = from(5, 5, {1, 1});
  with_end.end = kt::Square{5, 5};
  CHECK_FALSE(kt::count_ends(with_end).total.error.empty());
}
