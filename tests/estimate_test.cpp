// Knuth's estimate against the exact size of small backtracking trees.
#include <catch2/catch.hpp>

#include <vector>

#include "counting/estimate.hpp"
#include "board/request.hpp"

namespace {

// Exact: every move the plain search places on its way through the whole tree, and the tours.
struct Exact {
  double nodes = 0, tours = 0;
};

void walk(const kt::Geometry g, std::vector<int>& seen, kt::Square at, int left, Exact& e) {
  if (left == 0) {
    ++e.tours;
    return;
  }
  static constexpr int dx[8] = {1, 2, 2, 1, -1, -2, -2, -1}, dy[8] = {2, 1, -1, -2, -2, -1, 1, 2};
  for (int k = 0; k < 8; ++k) {
    const kt::Square to{at.x + dx[k], at.y + dy[k]};
    if (!g.contains(to) || seen[g.index(to)]) continue;
    ++e.nodes;
    seen[g.index(to)] = 1;
    walk(g, seen, to, left - 1, e);
    seen[g.index(to)] = 0;
  }
}

}  // namespace

TEST_CASE("Knuth's estimate is close to the exact tree size") {
  for (const auto& [rows, cols, start] :
       {std::tuple{5, 5, "1,1"}, std::tuple{4, 5, "1,1"}, std::tuple{5, 5, "3,3"}}) {
    kt::Problem p;
    REQUIRE(kt::make_problem({rows, cols, start, "", "", false}, p).empty());
    Exact exact;
    std::vector<int> seen(p.geometry.size(), 0);
    seen[p.geometry.index(*p.start)] = 1;
    walk(p.geometry, seen, *p.start, p.geometry.size() - 1, exact);

    const kt::TreeEstimate e = kt::estimate_tree(p, 40000, 7);
    INFO(rows << "x" << cols << " from " << start << ": exact " << exact.nodes << " nodes, "
              << exact.tours << " tours; estimate " << e.nodes << " +- " << e.relative_error * 100
              << "%, " << e.tours << " tours");
    // Unbiased: within five standard errors (and the error itself is small here).
    CHECK(std::abs(e.nodes - exact.nodes) < 5 * e.relative_error * e.nodes);
    CHECK(e.relative_error < 0.05);
    if (exact.tours == 0) CHECK(e.tours == 0);
  }
}

TEST_CASE("the estimate is reproducible for a seed") {
  kt::Problem p;
  REQUIRE(kt::make_problem({6, 6, "1,1", "", "", false}, p).empty());
  CHECK(kt::estimate_tree(p, 500, 3).nodes == kt::estimate_tree(p, 500, 3).nodes);
  CHECK(kt::estimate_tree(p, 0).nodes == 0);
}
