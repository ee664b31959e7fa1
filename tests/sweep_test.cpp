// The default method on every board up to 8x8 and every start: each answer is a tour that the
// independent verifier accepts, or "none", and every "none" agrees with a count: counting by
// rows (it does not search) wherever it finishes within a budget of steps, and the exhaustive
// search where the board is small enough for it.
// A wrong answer is the worst thing the product can do; this sweep is its guard.
#include <catch2/catch.hpp>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <tuple>

#include "counting/count.hpp"
#include "counting/frontier_count.hpp"
#include "solve/solver.hpp"
#include "test_support.hpp"

namespace {

using kt_test::kNoLimit;

// Counting by rows within a budget of steps (a number, not a time: the same boards are checked
// on any machine), on one thread, in at most a GB. Empty where it does not finish.
std::optional<kt::BigCount> counted_by_rows(const kt::Problem& p, std::uint64_t steps) {
  if (!kt::check_frontier_problem(p).empty()) return std::nullopt;
  kt::FrontierCounter counter(p, {.memory_limit = std::uint64_t{1} << 30, .threads = 1});
  while (counter.status() == kt::Status::running && counter.steps() < steps) {
    counter.run(std::uint64_t{1} << 20);
  }
  if (counter.status() == kt::Status::running || !counter.error().empty()) return std::nullopt;
  return counter.count();
}

// The same, once a board: a closed tour's count does not depend on its start.
std::optional<kt::BigCount> counted_by_rows_once(const kt::Problem& p, std::uint64_t steps) {
  if (!p.closed) return counted_by_rows(p, steps);
  static std::map<std::tuple<int, int, std::vector<std::uint8_t>>, std::optional<kt::BigCount>>
      closed;
  const auto key = std::make_tuple(p.geometry.rows, p.geometry.cols, p.blocked);
  const auto it = closed.find(key);
  if (it != closed.end()) return it->second;
  return closed[key] = counted_by_rows(p, steps);
}

// Whether the colours of the free squares alone rule out the tour asked for, worked out here:
// a knight alternates colours ((x + y) even or odd), so a closed tour needs as many of each, an
// open one at most one more of either, its ends on the more numerous.
bool colours_rule_out(const kt::Problem& p) {
  int dark = 0, light = 0;
  for (int i = 0; i < p.geometry.size(); ++i) {
    if (p.is_blocked(i)) continue;
    const kt::Square s = p.geometry.square(i);
    ++((s.x + s.y) % 2 == 0 ? dark : light);
  }
  if (p.closed) return dark != light;
  if (dark - light > 1 || light - dark > 1) return true;
  const auto wrong = [&](const std::optional<kt::Square>& s) {
    return s && dark != light && ((s->x + s->y) % 2 == 0) != (dark > light);
  };
  return wrong(p.start) || wrong(p.end);
}

// The answer checked: not still running; a tour the independent verifier accepts (closed where
// asked), or "none" that a count confirms: by rows where that finishes within `rows_steps`, by
// the exhaustive search on boards of up to `exhaustive_up_to` free squares, and past both (odd
// boards of 7 to 12 columns asked for a closed tour) by the colours. A "none" none of them
// confirms fails.
void check_answer(const kt::Solver& solver, kt::Status status, int exhaustive_up_to,
                  std::uint64_t rows_steps) {
  const kt::Problem& p = solver.problem();
  REQUIRE(status != kt::Status::running);
  if (status == kt::Status::found) {
    const kt::Verdict v = solver.verify();
    INFO(v.reason);
    REQUIRE(v.ok);
    REQUIRE((!p.closed || v.closed));
    return;
  }
  bool confirmed = false;
  if (const auto count = counted_by_rows_once(p, rows_steps)) {
    INFO("counted by rows: " << count->to_string());
    REQUIRE(count->is_zero());
    confirmed = true;
  }
  if (p.free_squares() <= exhaustive_up_to) {
    REQUIRE_FALSE(kt_test::exists_exhaustively(p));
    confirmed = true;
  }
  INFO("\"none\" confirmed by neither count");
  REQUIRE((confirmed || colours_rule_out(p)));
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
    // (7x7 closed, the largest "none" of the sweep, takes 8.5 million steps: two seconds natively
    // on 28 November 2026.)
    check_answer(solver, status, 36, std::uint64_t{1} << 24);
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
// [slow]: with every "none" checked by the rows counter it takes 15 s natively, 73 s under the
// sanitizers; it runs once, natively.
TEST_CASE("sweep: random boards up to 12x12 and strips up to 6x40 answer within the budget",
          "[sweep][slow]") {
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
    // (Past 2^22 steps, about a second natively on 28 November 2026, the colours.)
    check_answer(solver, status, 30, std::uint64_t{1} << 22);
  }
}
