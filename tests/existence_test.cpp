// Theory against exhaustive search: every board with both sides up to 6, open tours from every
// start and closed tours, must agree with what the complete search finds.
#include <catch2/catch.hpp>

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

void check_agreement(const kt::Problem& p) {
  const kt::Existence e = kt::settle(p);
  const kt::Status found = search(p);
  INFO(p.geometry.rows << "x" << p.geometry.cols << " start " << kt::format_square(*p.start)
                       << (p.closed ? " closed" : " open") << ": " << e.reason);
  if (e.answer == kt::Answer::exists) CHECK(found == kt::Status::found);
  if (e.answer == kt::Answer::none) CHECK(found == kt::Status::none);
  if (e.answer != kt::Answer::unknown) CHECK_FALSE(e.reason.empty());
}

}  // namespace

TEST_CASE("theory agrees with exhaustive search on every board up to 6x6") {
  for (int rows = 1; rows <= 6; ++rows) {
    for (int cols = 1; cols <= 6; ++cols) {
      const kt::Geometry g{rows, cols};
      for (int i = 0; i < g.size(); ++i) {
        kt::Problem open;
        open.geometry = g;
        open.start = g.square(i);
        check_agreement(open);
      }
      kt::Problem closed;
      closed.geometry = g;
      closed.start = kt::Square{1, 1};
      closed.closed = true;
      check_agreement(closed);
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
  for (const kt::Geometry g : {kt::Geometry{4, 5}, kt::Geometry{5, 5}}) {
    for (int a = 0; a < g.size(); ++a) {
      for (int b = a + 3; b < g.size(); b += 5) {  // a sample of the pairs
        kt::Problem p;
        p.geometry = g;
        p.blocked.assign(g.size(), 0);
        p.blocked[a] = p.blocked[b] = 1;
        for (int s = 0; s < g.size(); s += 2) {
          if (p.blocked[s]) continue;
          p.start = g.square(s);
          check_agreement(p);
        }
      }
    }
  }
}
