// The default method on every board up to 8x8 and every start: each answer is a tour that the
// independent verifier accepts, or "none", and every "none" agrees with an exhaustive count.
// A wrong answer is the worst thing the product can do; this sweep is its guard.
#include <catch2/catch.hpp>
#include <limits>
#include <random>
#include <string>

#include "counting/count.hpp"
#include "solve/solver.hpp"
#include "test_support.hpp"

namespace {

using kt_test::kNoLimit;

// The answer checked: not still running; a tour the independent verifier accepts (closed where
// asked), or "none" that an exhaustive count confirms on boards of up to `exhaustive_up_to`
// free squares.
void check_answer(const kt::Solver& solver, kt::Status status, int exhaustive_up_to) {
  const kt::Problem& p = solver.problem();
  REQUIRE(status != kt::Status::running);
  if (status == kt::Status::found) {
    const kt::Verdict v = solver.verify();
    INFO(v.reason);
    REQUIRE(v.ok);
    REQUIRE((!p.closed || v.closed));
  } else if (p.free_squares() <= exhaustive_up_to) {
    REQUIRE_FALSE(kt_test::exists_exhaustively(p));
  }
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
    check_answer(solver, status, 36);
  }
}

void sweep_rows(int rows) {
  for (int cols = 1; cols <= 8; ++cols) {
    check_every_start(rows, cols, false);
    check_every_start(rows, cols, true);
  }
}

}  // namespace

// One test case per row count, so that ctest spreads the sweep over the cores. [slow]: the
// native preset runs them (minutes), the sanitizer, Debug and WebAssembly presets do not.
#define KT_SWEEP(rows)                               \
  TEST_CASE("sweep: every start on boards of " #rows \
            " rows and 1 to 8 columns, open and "    \
            "closed, default method",                \
            "[sweep][slow]") {                       \
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

// Random boards a student might type: 5x5 to 12x12 and strips up to 6x40, with 0 to 4 blocked
// squares, a random start, and an end or a closed tour in half of them. Each is answered within
// a budget of steps (a few seconds natively; the textbook's attempt alone may take 2^26) by the
// default method, with a tour the verifier accepts or a "none" that agrees with an exhaustive count
// where that is quick.
TEST_CASE("sweep: random boards up to 12x12 and strips up to 6x40 answer within the budget",
          "[sweep]") {
  constexpr std::uint64_t kBudget = std::uint64_t{1} << 28;
  std::mt19937 rng(1124);
  const int cases = kt_test::kHeavy ? 120 : 30;
  for (int k = 0; k < cases; ++k) {
    kt::Problem p;
    const bool strip = k % 5 == 4;
    const int rows = strip ? std::uniform_int_distribution<int>(3, 6)(rng)
                           : std::uniform_int_distribution<int>(5, 12)(rng);
    const int cols = strip ? std::uniform_int_distribution<int>(7, 40)(rng)
                           : std::uniform_int_distribution<int>(5, 12)(rng);
    p.geometry = {rows, cols};
    const int n = p.geometry.size();
    p.blocked.assign(static_cast<std::size_t>(n), 0);
    std::uniform_int_distribution<int> any(0, n - 1);
    const int blocked = std::uniform_int_distribution<int>(0, 4)(rng);
    for (int b = 0; b < blocked; ++b) p.blocked[static_cast<std::size_t>(any(rng))] = 1;
    auto free_square = [&] {
      for (;;) {
        if (const int i = any(rng); !p.is_blocked(i)) return p.geometry.square(i);
      }
    };
    p.start = free_square();
    const int kind = std::uniform_int_distribution<int>(0, 3)(rng);
    if (kind == 0) p.closed = true;
    if (kind == 1) {
      const kt::Square end = free_square();
      if (end != *p.start) p.end = end;
    }
    if (blocked == 0) p.blocked.clear();

    kt::Solver solver(p, kt::Method::automatic);
    const kt::Status status = solver.run(kBudget);
    INFO(rows << "x" << cols << " from " << kt::format_square(*p.start)
              << (p.end ? " to " + kt::format_square(*p.end) : "") << (p.closed ? " closed" : "")
              << ", " << blocked << " blocked: " << kt::to_string(status) << ", "
              << solver.reason());
    check_answer(solver, status, 30);
  }
}
