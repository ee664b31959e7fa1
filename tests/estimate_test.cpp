// Knuth's estimate against the exact size of small backtracking trees.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include "board/request.hpp"
#include "counting/count.hpp"
#include "counting/estimate.hpp"

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
    const double nodes = e.nodes.to_double().value();
    INFO(rows << "x" << cols << " from " << start << ": exact " << exact.nodes << " nodes, "
              << exact.tours << " tours; estimate " << nodes << " +- " << e.relative_error * 100
              << "%, " << e.tours.text() << " tours");
    // Unbiased: within five standard errors (and the error itself is small here).
    CHECK(std::abs(nodes - exact.nodes) < 5 * e.relative_error * nodes);
    CHECK(e.relative_error < 0.05);
    if (exact.tours == 0) {
      CHECK(e.tours.is_zero());
      CHECK(!e.first_tour);  // no time to a first tour is made up
    } else {
      const double tours = e.tours.to_double().value();
      CHECK(std::abs(tours - exact.tours) < 0.25 * exact.tours);
      REQUIRE(e.first_tour);
      CHECK(e.first_tour->to_double().value() == Approx(nodes / (tours + 1)));
    }
  }
}

TEST_CASE("the estimate is reproducible for a seed") {
  kt::Problem p;
  REQUIRE(kt::make_problem({6, 6, "1,1", "", "", false}, p).empty());
  CHECK(kt::estimate_tree(p, 500, 3).nodes == kt::estimate_tree(p, 500, 3).nodes);
  CHECK(kt::estimate_tree(p, 0).nodes.is_zero());
}

TEST_CASE("estimates beyond a double's range stay finite") {
  // 30x30: about 1e360 nodes, past a double (1.8e308); the old sums in doubles gave inf for
  // the nodes and nan for the error.
  kt::Problem p;
  REQUIRE(kt::make_problem({30, 30, "1,1", "", "", false}, p).empty());
  const kt::TreeEstimate e = kt::estimate_tree(p, 200, 1);
  CHECK(std::isfinite(static_cast<double>(e.nodes.ln)));
  CHECK(e.nodes.ln / std::log(10.0L) > 308);
  CHECK(!e.nodes.to_double());
  CHECK(std::isfinite(e.relative_error));
  CHECK(e.relative_error >= 0);
  const std::string text = e.nodes.text(6);
  INFO(text);
  CHECK(text.find("e+") != std::string::npos);
  CHECK(text.find_first_of("ni") == std::string::npos);  // no nan, no inf
}

TEST_CASE("a LogValue prints as printf's %g would, whatever its size") {
  CHECK(kt::LogValue{}.text() == "0");
  CHECK(kt::LogValue::of(14).text() == "14");
  CHECK(kt::LogValue::of(2.5e10).text(3) == "2.5e+10");
  CHECK(kt::LogValue::of(2.5e10).to_double() == Approx(2.5e10));
  const long double ln10 = std::log(10.0L);
  CHECK(kt::LogValue{1000 * ln10}.text(3) == "1e+1000");
  CHECK(kt::LogValue{std::log(1.5L) + 812 * ln10}.text(3) == "1.5e+812");
  CHECK(kt::LogValue{std::log(9.9999L) + 400 * ln10}.text(3) == "1e+401");  // rounded up
  CHECK(kt::LogValue{std::log(1.5L) - 400 * ln10}.text(2) == "0");          // below a double: 0
  CHECK((kt::LogValue::of(6) / kt::LogValue::of(3)).to_double() == Approx(2));
}

// [slow]: a timing against ten counts, meaningful natively only (the sanitizers and node change
// the two sides unequally); it runs once, natively.
TEST_CASE("the time of a count is measured on small boards, estimated on large ones", "[slow]") {
  kt::Problem small;
  // 6x6 from a corner: 3,286 tasks, of which the trial runs 16 and scales them up. (On 5x5 the
  // plan's own time is most of both the estimate and the count, which hid the scaling.)
  kt::ProblemInput six{6, 6, "1,1", "", "", false};
  REQUIRE(kt::make_problem(six, small).empty());
  // Against the count itself, timed here: where every task sampled finishes, as here, the
  // estimate is within a factor of two or three (estimate.hpp); allowed four, each side the
  // fastest of ten runs. (The trial takes milliseconds, scaled by the tasks it did not run: one
  // run that the machine's other work held up can be off by more than that.)
  kt::CountTimeEstimate s;
  double estimated = 1e300, counted = 1e300;
  for (int run = 0; run < 10; ++run) {
    s = kt::estimate_count_seconds(small, true, false);
    estimated = std::min(estimated, s.seconds);
    const auto t0 = std::chrono::steady_clock::now();
    kt::CountOptions options;
    options.threads = 1;
    REQUIRE(kt::count_tours(small, options).error.empty());
    counted = std::min(
        counted, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  INFO("estimated " << estimated << " s, counted in " << counted << " s");
  CHECK(s.tasks > s.sampled);
  CHECK(s.finished == s.sampled);
  CHECK(s.sampled > 0);
  constexpr double kFactor = 4;
  CHECK(estimated < kFactor * counted);
  CHECK(estimated > counted / kFactor);

  kt::Problem large;
  kt::ProblemInput eight{8, 8, "", "", "", false, true};
  REQUIRE(kt::make_problem(eight, large).empty());
  const kt::CountTimeEstimate l = kt::estimate_count_seconds(large, true, false);
  INFO(l.seconds << " s from " << l.sampled << " of " << l.tasks << " tasks");
  CHECK(!l.measured);
  CHECK(l.seconds > 365 * 24 * 3600.0);  // 8x8 has about 4e16 directed open tours
  CHECK(std::isfinite(l.seconds));
  CHECK(s.seconds < l.seconds);
}
