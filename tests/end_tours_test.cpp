// Open tours between two given squares on boards with both sides at least 5
// (construction/end_tours.hpp, through the default method): every answer is a verified tour
// ending where asked, or "none" that an exhaustive search confirms.
#include <catch2/catch.hpp>
#include <limits>
#include <random>

#include "construction/end_tours.hpp"
#include "counting/count.hpp"
#include "solve/solver.hpp"
#include "test_support.hpp"

namespace {

using kt_test::exists_exhaustively;
using kt_test::kHeavy;
using kt_test::kNoLimit;

kt::Problem between(kt::Geometry g, kt::Square s, kt::Square e) {
  kt::Problem p;
  p.geometry = g;
  p.start = s;
  p.end = e;
  return p;
}

// The default method's answer; a tour must pass the verifier (which checks both ends).
kt::Status answer(const kt::Problem& p, kt::Solver& solver) {
  const kt::Status s = solver.run(kNoLimit);
  REQUIRE(s != kt::Status::running);
  if (s == kt::Status::found) {
    const kt::Verdict v = solver.verify();
    INFO(v.reason);
    REQUIRE(v.ok);
  }
  (void)p;
  return s;
}

}  // namespace

TEST_CASE("end squares: every pair on 5x5 agrees with an exhaustive search", "[end]") {
  const kt::Geometry g{5, 5};
  for (int s = 0; s < g.size(); ++s) {
    for (int e = 0; e < g.size(); ++e) {
      if (s == e) continue;
      const kt::Problem p = between(g, g.square(s), g.square(e));
      kt::Solver solver(p, kt::Method::automatic);
      INFO(kt::format_square(*p.start) << " to " << kt::format_square(*p.end));
      REQUIRE((answer(p, solver) == kt::Status::found) == exists_exhaustively(p));
    }
  }
}

TEST_CASE("end squares: samples on 5x6 .. 10x10 are built by rotations and verified", "[end]") {
  std::mt19937 random(7);
  for (int rows = 5; rows <= 10; ++rows) {
    for (int cols = rows + 1; cols <= 10; cols += 2) {
      const kt::Geometry g{rows, cols};
      for (int trial = 0; trial < 6; ++trial) {
        const int s = static_cast<int>(random() % g.size());
        int e = static_cast<int>(random() % g.size());
        // Opposite colours: on these even boards the only pairs a tour can join.
        if (kt::colour_of(g.square(s)) == kt::colour_of(g.square(e))) e = (e + 1) % g.size();
        if (s == e) continue;
        const kt::Problem p = between(g, g.square(s), g.square(e));
        kt::Solver solver(p, kt::Method::automatic);
        solver.set_time_limit(1.0);
        const kt::Status st = solver.run(kNoLimit);
        INFO(rows << "x" << cols << " " << kt::format_square(*p.start) << " to "
                  << kt::format_square(*p.end) << ": " << solver.reason());
        if (st == kt::Status::found) REQUIRE(solver.verify().ok);
        if (st == kt::Status::none && g.size() <= 36) REQUIRE_FALSE(exists_exhaustively(p));
        // Where the rotations give up and the search runs out of time: an honest stop.
        if (st == kt::Status::running)
          REQUIRE(solver.reason().find("time limit") != std::string::npos);
      }
    }
  }
}

TEST_CASE("end squares: large boards answer at once through the rotations", "[end]") {
  const int side = kHeavy ? 300 : 60;
  const kt::Geometry g{side, side + 1};
  for (const auto& [s, e] : {std::pair{kt::Square{1, 1}, kt::Square{side + 1, side}},
                             std::pair{kt::Square{side / 2, side / 2}, kt::Square{3, 2}},
                             std::pair{kt::Square{2, 1}, kt::Square{1, 1}}}) {
    const kt::Problem p = between(g, s, e);
    kt::Solver solver(p, kt::Method::automatic);
    INFO(kt::format_square(s) << " to " << kt::format_square(e) << ": " << solver.reason());
    REQUIRE(answer(p, solver) == kt::Status::found);
    REQUIRE(solver.method() == kt::Method::construct);
    REQUIRE(solver.reason().find("rotations") != std::string::npos);
  }
}
