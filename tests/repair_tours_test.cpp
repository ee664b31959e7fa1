// Blocked squares on boards with both sides at least 5 (construction/repair_tours.hpp, through
// the default method), and narrow boards where no construction answers (counting by rows):
// every answer is a verified tour or "none" with a reason, and the "none" answers agree with an
// exhaustive search.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "construction/repair_tours.hpp"
#include "counting/count.hpp"
#include "solve/solver.hpp"
#include "test_support.hpp"
#include "verify/verify.hpp"

namespace {

using kt_test::exists_exhaustively;
using kt_test::kHeavy;
using kt_test::kNoLimit;

kt::Problem board(int rows, int cols, const std::vector<kt::Square>& blocked) {
  kt::Problem p;
  p.geometry = {rows, cols};
  p.blocked.assign(static_cast<std::size_t>(p.geometry.size()), 0);
  for (const kt::Square s : blocked) p.blocked[static_cast<std::size_t>(p.geometry.index(s))] = 1;
  return p;
}

// A random problem on rows x cols with `count` blocked squares whose colours the theory allows
// (balanced for a closed tour, within one for an open one), a start on a colour that can start,
// and sometimes an end or a closed tour.
kt::Problem random_problem(std::mt19937& random, int rows, int cols, int count) {
  const kt::Geometry g{rows, cols};
  auto any_square = [&] {
    return kt::Square{1 + static_cast<int>(random() % static_cast<unsigned>(cols)),
                      1 + static_cast<int>(random() % static_cast<unsigned>(rows))};
  };
  while (true) {
    const int kind = static_cast<int>(random() % 4);  // 0, 1 open; 2 open with an end; 3 closed
    std::vector<kt::Square> blocked;
    while (static_cast<int>(blocked.size()) < count) {
      const kt::Square s = any_square();
      if (std::find(blocked.begin(), blocked.end(), s) == blocked.end()) blocked.push_back(s);
    }
    kt::Problem p = board(rows, cols, blocked);
    int dark = 0;
    for (int i = 0; i < g.size(); ++i) {
      dark += !p.is_blocked(i) && kt::colour_of(g.square(i)) == kt::Colour::dark;
    }
    const int light = p.free_squares() - dark;
    if (std::abs(dark - light) > 1 || (kind == 3 && dark != light)) continue;
    auto free_square = [&](int colour) {  // -1: any; else 0 dark, 1 light
      while (true) {
        const kt::Square s = any_square();
        if (p.is_blocked(g.index(s))) continue;
        if (colour < 0 || static_cast<int>(kt::colour_of(s) != kt::Colour::dark) == colour)
          return s;
      }
    };
    if (dark == light) {
      p.start = free_square(-1);
    } else {
      p.start = free_square(dark > light ? 0 : 1);
    }
    if (kind == 2) {
      const bool start_dark = kt::colour_of(*p.start) == kt::Colour::dark;
      const int colour = dark == light ? (start_dark ? 1 : 0) : (dark > light ? 0 : 1);
      do {
        p.end = free_square(colour);
      } while (*p.end == *p.start);
    }
    p.closed = kind == 3;
    return p;
  }
}

std::string describe(const kt::Problem& p) {
  std::string text = std::to_string(p.geometry.rows) + "x" + std::to_string(p.geometry.cols);
  if (p.start) text += " from " + kt::format_square(*p.start);
  if (p.end) text += " to " + kt::format_square(*p.end);
  if (p.closed) text += " closed";
  text += " blocked";
  for (int i = 0; i < p.geometry.size(); ++i) {
    if (p.is_blocked(i)) text += " " + kt::format_square(p.geometry.square(i));
  }
  return text;
}

// The default method's answer, with a time limit so that a failure shows as a stop rather than
// a hang; a tour must pass the verifier.
kt::Status answer(kt::Solver& solver) {
  solver.set_time_limit(20.0);
  const kt::Status s = solver.run(kNoLimit);
  INFO(solver.reason());
  REQUIRE(s != kt::Status::running);
  REQUIRE_FALSE(solver.reason().empty());
  if (s == kt::Status::found) {
    const kt::Verdict v = solver.verify();
    INFO(v.reason);
    REQUIRE(v.ok);
    if (solver.problem().closed) REQUIRE(v.closed);
  }
  return s;
}

bool repaired(const kt::Solver& solver) {
  return solver.method() == kt::Method::construct &&
         solver.reason().find("blocked square") != std::string::npos &&
         solver.reason().find("dropped") != std::string::npos;
}

}  // namespace

TEST_CASE("blocked squares: big boards are repaired, not searched", "[repair]") {
  struct Case {
    int rows, cols;
    std::vector<kt::Square> blocked;
    kt::Square start;
    std::optional<kt::Square> end;
    bool closed;
  };
  std::vector<Case> cases = {
      {200, 200, {{3, 3}, {100, 101}}, {1, 1}, std::nullopt, false},
      {200, 200, {{5, 5}, {6, 7}, {150, 20}, {20, 151}}, {100, 100}, std::nullopt, true},
      {200, 201, {{4, 3}, {199, 181}}, {1, 2}, kt::Square{200, 200}, false},
      {201, 201, {{101, 101}}, {2, 1}, std::nullopt, false},  // light start: turned around
      {199, 201, {{1, 1}, {50, 60}, {51, 60}}, {3, 1}, std::nullopt, true},
  };
  if (kHeavy) {
    cases.push_back({1000, 1000, {{3, 3}, {500, 501}}, {1, 1}, std::nullopt, false});
    cases.push_back({1000,
                     1000,
                     {{10, 10}, {11, 12}, {900, 100}, {100, 901}, {500, 500}, {501, 502}},
                     {400, 600},
                     std::nullopt,
                     true});
  }
  for (const Case& c : cases) {
    kt::Problem p = board(c.rows, c.cols, c.blocked);
    p.start = c.start;
    p.end = c.end;
    p.closed = c.closed;
    INFO(describe(p));
    kt::Solver solver(p, kt::Method::automatic);
    REQUIRE(answer(solver) == kt::Status::found);
    INFO(solver.reason());
    CHECK(repaired(solver));
  }
}

TEST_CASE("blocked squares: random boards 8..300 per side answer with a verified tour",
          "[repair]") {
  std::mt19937 random(20261122);
  const int max_side = kHeavy ? 300 : 80;
  const int trials = kHeavy ? 60 : 20;
  int repairs = 0, asked = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const int rows = 8 + static_cast<int>(random() % static_cast<unsigned>(max_side - 7));
    const int cols = 8 + static_cast<int>(random() % static_cast<unsigned>(max_side - 7));
    const kt::Problem p = random_problem(random, rows, cols, 1 + static_cast<int>(random() % 6));
    INFO(describe(p));
    kt::Solver solver(p, kt::Method::automatic);
    const kt::Status s = answer(solver);
    INFO(solver.reason());
    // On boards this size a tour exists wherever the theory allows one (colours, squares with
    // a single jump), and the repair finds it.
    if (solver.theory().answer == kt::Answer::none) continue;
    ++asked;
    REQUIRE(s == kt::Status::found);
    repairs += repaired(solver);
  }
  CHECK(asked > trials / 2);
  CHECK(repairs == asked);
}

TEST_CASE("blocked squares: small boards agree with an exhaustive search", "[repair]") {
  std::mt19937 random(11);
  int found = 0, none = 0;
  for (int trial = 0; trial < 120; ++trial) {
    const int rows = 5, cols = 5 + static_cast<int>(random() % 2);
    const kt::Problem p = random_problem(random, rows, cols, 1 + static_cast<int>(random() % 3));
    INFO(describe(p));
    kt::Solver solver(p, kt::Method::automatic);
    const kt::Status s = answer(solver);
    INFO(solver.reason());
    REQUIRE((s == kt::Status::found) == exists_exhaustively(p));
    (s == kt::Status::found ? found : none) += 1;
  }
  CHECK(found > 10);
  CHECK(none > 10);
}

TEST_CASE("no tour from (4,5) to (9,3) on 5x10: counting by rows says so exhaustively",
          "[repair]") {
  kt::Problem p;
  p.geometry = {5, 10};
  p.start = kt::Square{4, 5};
  p.end = kt::Square{9, 3};
  kt::Solver solver(p, kt::Method::automatic);
  REQUIRE(answer(solver) == kt::Status::none);
  INFO(solver.reason());
  CHECK(solver.reason().find("counting by rows finds no tour") != std::string::npos);
  CHECK(solver.reason().find("from (4,5) to (9,3)") != std::string::npos);
  CHECK(solver.reason().find("exhaustive") != std::string::npos);
}

TEST_CASE("narrow boards with blocked squares: counting by rows settles what the repair cannot",
          "[repair]") {
  // On 5x5 boards with 2..4 blocked squares the repair often has nothing to find: counting by
  // rows then proves there is no tour (checked against the search counter).
  std::mt19937 random(5);
  int none = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const kt::Problem p = random_problem(random, 5, 5, 2 + static_cast<int>(random() % 3));
    kt::Solver solver(p, kt::Method::automatic);
    const kt::Status s = answer(solver);
    INFO(describe(p) << ": " << solver.reason());
    if (s == kt::Status::none && solver.theory().answer != kt::Answer::none) {
      ++none;
      CHECK(solver.reason().find("counting by rows finds no tour") != std::string::npos);
      CHECK_FALSE(exists_exhaustively(p));
    }
  }
  CHECK(none > 0);
}

TEST_CASE("the repair stops when asked, and says what it tried", "[repair]") {
  kt::Problem p = board(60, 60, {{3, 3}, {30, 31}});
  p.start = kt::Square{1, 1};
  const kt::RepairResult r = kt::repair_tour(p, [] { return true; });
  CHECK(r.status == kt::Status::running);
  CHECK(r.reason.find("blocked squares") != std::string::npos);
  const kt::RepairResult whole = kt::repair_tour(p);
  REQUIRE(whole.status == kt::Status::found);
  CHECK(whole.dropped == 2);
  CHECK(kt::verify_compact(p, whole.tour).ok);
}
