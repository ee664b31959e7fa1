// Taking a run back: every state reached by back() is the state a fresh run reaches after as
// many moves (and the same next_tour() calls), whatever the checkpoints and their thinning.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "solve/rewindable_solver.hpp"
#include "test_support.hpp"

namespace {

std::uint64_t moves_of(const kt::Solver& s) { return s.counters().placed + s.counters().erased; }

// The oracle: a plain Solver run one step at a time to `target` moves, calling next_tour() at
// the moves in `tours` (those before the target).
std::unique_ptr<kt::Solver> fresh_run(const kt::Problem& p, kt::Method m, std::uint64_t target,
                                      const std::vector<std::uint64_t>& tours) {
  auto s = std::make_unique<kt::Solver>(p, m);
  std::size_t t = 0;
  for (;;) {
    while (t < tours.size() && tours[t] < target && tours[t] == moves_of(*s)) {
      REQUIRE(s->next_tour());
      ++t;
    }
    if (moves_of(*s) >= target || !s->can_continue()) break;
    s->run(1);
  }
  return s;
}

void require_same(const kt::Solver& a, const kt::Solver& b) {
  REQUIRE(moves_of(a) == moves_of(b));
  CHECK(a.status() == b.status());
  CHECK(a.depth() == b.depth());
  CHECK(std::vector<std::int32_t>(a.board().begin(), a.board().end()) ==
        std::vector<std::int32_t>(b.board().begin(), b.board().end()));
  CHECK(std::vector<std::int32_t>(a.path().begin(), a.path().end()) ==
        std::vector<std::int32_t>(b.path().begin(), b.path().end()));
  CHECK(a.counters().placed == b.counters().placed);
}

}  // namespace

TEST_CASE("back() reaches the states a fresh run reaches, every method, checkpoints thinned") {
  struct Case {
    kt::ProblemInput in;
    kt::Method method;
  };
  const std::vector<Case> cases = {
      {{5, 5, "1,1", "", "", false}, kt::Method::textbook},
      {{5, 5, "3,3", "", "", false}, kt::Method::wirth},
      {{8, 8, "1,1", "", "", true}, kt::Method::warnsdorff},
      {{6, 6, "2,1", "", "5,5", false}, kt::Method::textbook},
      {{6, 6, "1,1", "", "", false}, kt::Method::automatic},
  };
  for (const Case& c : cases) {
    const kt::Problem p = kt_test::problem_of(c.in);
    // A small spacing and a budget of a few checkpoints: thinned many times over.
    kt::RewindableSolver r(p, c.method, std::nullopt, std::size_t{40} << 10, 8);
    std::mt19937 rng(7);
    std::vector<std::uint64_t> tours;
    for (int round = 0; round < 60; ++round) {
      const std::uint64_t steps = 1 + rng() % 400;
      r.run(steps);
      if (r.solver().status() == kt::Status::found && r.next_tour()) tours.push_back(r.moves());
      if (round % 3 == 2) {
        const std::uint64_t n = 1 + rng() % (round % 2 ? 5 : 300);
        REQUIRE(r.back(n));
        while (!tours.empty() && tours.back() >= r.moves()) tours.pop_back();
        INFO("method " << kt::to_string(c.method) << ", round " << round);
        require_same(r.solver(), *fresh_run(p, c.method, r.moves(), tours));
      }
    }
    CHECK(r.checkpoints() * (p.geometry.size() * 64 + 4096) <= (std::size_t{40} << 10));
    CHECK(r.spacing() > 8);  // thinned
  }
}

TEST_CASE("back() across the next_tour() calls of Try_All, then on again, finds the same tours") {
  const kt::Problem p = kt_test::problem_of({5, 5, "1,1", "", "", false});
  kt::RewindableSolver r(p, kt::Method::textbook, std::nullopt, std::size_t{1} << 20, 64);
  std::vector<std::uint64_t> found;
  for (int k = 0; k < 3; ++k) {
    REQUIRE(r.run(UINT64_MAX) == kt::Status::found);
    found.push_back(r.moves());
    REQUIRE(r.next_tour());
  }
  // Back to before the second tour, and forward again: the same second and third tours.
  REQUIRE(r.back(r.moves() - found[0]));
  CHECK(r.moves() == found[0]);
  CHECK(r.solver().status() == kt::Status::found);  // the tour, before its next_tour()
  REQUIRE(r.next_tour());
  REQUIRE(r.run(UINT64_MAX) == kt::Status::found);
  CHECK(r.moves() == found[1]);
  CHECK(r.last_action() == kt::Action::placed);
  REQUIRE(r.back(1));
  CHECK(r.solver().status() == kt::Status::running);
  require_same(r.solver(), *fresh_run(p, kt::Method::textbook, found[1] - 1, {found[0]}));
}

TEST_CASE("back() to the start, and a step back costs one spacing whatever the run") {
  const kt::Problem p = kt_test::problem_of({7, 7, "1,1", "", "", false});
  kt::RewindableSolver r(p, kt::Method::textbook);
  r.run(3'000'000);
  const std::uint64_t total = r.moves();
  REQUIRE(total > 2'000'000);
  CHECK(r.checkpoints() >= total / r.spacing() / 2);
  REQUIRE(r.back(1));
  CHECK(r.moves() == total - 1);
  CHECK(r.last_action() != kt::Action::none);
  REQUIRE(r.back(UINT64_MAX));
  CHECK(r.moves() == 0);
  CHECK(r.solver().depth() == 0);
  CHECK(r.checkpoints() == 1);
}

TEST_CASE("a construction's run is not taken back") {
  kt::RewindableSolver r(kt_test::problem_of({20, 20, "1,1", "", "", false}),
                         kt::Method::construct);
  r.run(10);
  CHECK_FALSE(r.back(1));
}
