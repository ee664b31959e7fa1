// The answer does not depend on how the caller slices the run: the CLI runs the solver in
// slices of a few million steps, the page in slices of a frame, a test in one call. Every
// hand-over (the textbook's attempt, the construction, counting by rows, Warnsdorff's search)
// happens inside Solver, so slices of 1, 1000 and unlimited steps must give the same answer and
// the same tour. Random boards with blocked squares and ends come from a fixed seed.
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "solve/solver.hpp"
#include "test_support.hpp"

namespace {

using kt_test::kNoLimit;

struct Answer {
  kt::Status status;
  std::vector<std::int32_t> board;
  std::string reason;
};

// Runs in slices of `slice` steps until an answer, at most `budget` steps in all.
Answer solve_in_slices(const kt::Problem& p, std::uint64_t slice, std::uint64_t budget) {
  kt::Solver solver(p, kt::Method::automatic);
  std::uint64_t spent = 0;
  while (solver.status() == kt::Status::running && solver.can_continue() && spent < budget) {
    solver.run(slice);
    spent += slice;
  }
  const auto b = solver.board();
  return {solver.status(), {b.begin(), b.end()}, solver.reason()};
}

void check_same_answer(const kt::Problem& p, std::uint64_t budget) {
  const Answer whole = solve_in_slices(p, kNoLimit, kNoLimit);
  INFO(p.geometry.rows << "x" << p.geometry.cols << " from "
                       << (p.start ? kt::format_square(*p.start) : "any") << " to "
                       << (p.end ? kt::format_square(*p.end) : "any") << (p.closed ? " closed" : "")
                       << ": " << kt::to_string(whole.status) << ", " << whole.reason);
  REQUIRE(whole.status != kt::Status::running);
  for (const std::uint64_t slice : {std::uint64_t{1000}, std::uint64_t{1}}) {
    if (slice == 1 && p.geometry.size() > 36) continue;  // a step a call: small boards only
    const Answer sliced = solve_in_slices(p, slice, budget);
    INFO("slices of " << slice << ": " << kt::to_string(sliced.status) << ", " << sliced.reason);
    CHECK(sliced.status == whole.status);
    CHECK(sliced.board == whole.board);
  }
}

// A board with `blocked` random squares blocked, a random free start, and sometimes a random
// end or a closed tour.
kt::Problem random_problem(std::mt19937& rng, int rows, int cols, int blocked) {
  kt::Problem p;
  p.geometry = {rows, cols};
  const int n = p.geometry.size();
  p.blocked.assign(static_cast<std::size_t>(n), 0);
  std::uniform_int_distribution<int> any(0, n - 1);
  for (int k = 0; k < blocked; ++k) p.blocked[static_cast<std::size_t>(any(rng))] = 1;
  auto free_square = [&] {
    for (;;) {
      const int i = any(rng);
      if (!p.is_blocked(i)) return p.geometry.square(i);
    }
  };
  p.start = free_square();
  switch (std::uniform_int_distribution<int>(0, 3)(rng)) {
    case 0:
      p.closed = true;
      break;
    case 1:
      if (p.free_squares() > 1) {
        do p.end = free_square();
        while (*p.end == *p.start);
      }
      break;
    default:
      break;
  }
  if (blocked == 0) p.blocked.clear();
  return p;
}

}  // namespace

TEST_CASE("slices: every start on boards up to 5x5, open and closed", "[slices]") {
  for (int rows = 1; rows <= 5; ++rows) {
    for (int cols = rows; cols <= 5; ++cols) {
      const kt::Geometry g{rows, cols};
      for (int i = 0; i < g.size(); ++i) {
        for (const bool closed : {false, true}) {
          kt::Problem p;
          p.geometry = g;
          p.start = g.square(i);
          p.closed = closed;
          check_same_answer(p, kNoLimit);
        }
      }
    }
  }
}

TEST_CASE("slices: the end square counting by rows settles on 5x10", "[slices]") {
  kt::Problem p;
  p.geometry = {5, 10};
  p.start = kt::Square{4, 5};
  p.end = kt::Square{9, 3};
  check_same_answer(p, kNoLimit);
  CHECK(solve_in_slices(p, 1u << 22, kNoLimit).status == kt::Status::none);
}

TEST_CASE("slices: random boards with blocked squares, ends and closed tours", "[slices][heavy]") {
  std::mt19937 rng(20261124);
  const int shapes[][2] = {{5, 5}, {5, 6}, {6, 6}, {4, 9}, {5, 10}, {3, 12}};
  for (const auto& shape : shapes) {
    for (int k = 0; k < 8; ++k) {
      const int blocked = std::uniform_int_distribution<int>(0, 4)(rng);
      check_same_answer(random_problem(rng, shape[0], shape[1], blocked), kNoLimit);
    }
  }
}
