// The line-by-line textbook machine against the search engines, and its timeline.
#include <catch2/catch.hpp>
#include <random>

#include "search/search.hpp"
#include "teaching/timeline.hpp"

namespace {

void require_same(const kt::TryMoveMachine& a, const kt::TryMoveMachine& b) {
  REQUIRE(a.lines() == b.lines());
  REQUIRE(a.line() == b.line());
  REQUIRE(a.board() == b.board());
  REQUIRE(a.placed() == b.placed());
  REQUIRE(a.erased() == b.erased());
  REQUIRE(a.status() == b.status());
  REQUIRE(a.frames().size() == b.frames().size());
  for (std::size_t i = 0; i < a.frames().size(); ++i) {
    REQUIRE(a.frames()[i].square == b.frames()[i].square);
    REQUIRE(a.frames()[i].count == b.frames()[i].count);
  }
  REQUIRE(a.reached() == b.reached());
  REQUIRE(a.dead_ends() == b.dead_ends());
}

kt::TryMoveMachine run_lines(const kt::Problem& p, std::uint64_t lines) {
  kt::TryMoveMachine m(p, kt::kTextbookOrder);
  for (std::uint64_t i = 0; i < lines && m.step_line(); ++i) {
  }
  return m;
}

}  // namespace

TEST_CASE("the machine walks the engines' tree: same moves recorded and erased", "[heavy]") {
  for (const kt::MoveOrder& order : {kt::kTextbookOrder, kt::kWirthOrder}) {
    for (const int n : {3, 4, 5}) {
      for (int i = 0; i < n * n; ++i) {
        const kt::Problem p = kt::open_problem({n, n}, kt::Geometry{n, n}.square(i));
        kt::TryMoveMachine m(p, order);
        m.run_until({kt::TryMoveMachine::Goal::Kind::end, 0}, ~std::uint64_t{0});
        auto engine = kt::make_search(p, order);
        engine->run(~std::uint64_t{0});
        INFO(order.name << " " << n << "x" << n << " from " << i);
        REQUIRE(m.status() == engine->status());
        REQUIRE(m.placed() == engine->counters().placed);
        REQUIRE(m.erased() == engine->counters().erased);
        if (m.status() == kt::Status::found) REQUIRE(m.board() == engine->board());
      }
    }
  }
}

TEST_CASE("the machine on 5x5 from (1,1): the run log's 148,660 moves, a tree that fans out") {
  kt::TryMoveMachine m(kt::open_problem({5, 5}, {1, 1}), kt::kTextbookOrder);
  REQUIRE(m.line() == kt::Line::select);
  REQUIRE(m.frames().size() == 1);
  // The first lines: INC count (k = 1: (2,3)), acceptable, record move 2, filled?, recurse.
  const kt::Line first[] = {kt::Line::select, kt::Line::acceptable, kt::Line::record,
                            kt::Line::filled, kt::Line::recurse,    kt::Line::select};
  for (const kt::Line l : first) {
    REQUIRE(m.line() == l);
    m.step_line();
  }
  REQUIRE(m.board()[kt::Geometry{5, 5}.index({2, 3})] == 2);
  REQUIRE(m.frames().size() == 2);
  REQUIRE(m.frames()[1].move == 3);
  m.run_until({kt::TryMoveMachine::Goal::Kind::end, 0}, ~std::uint64_t{0});
  REQUIRE(m.status() == kt::Status::found);
  REQUIRE(m.moves() == 148660);
  REQUIRE(m.placed() - m.erased() == 24);
  std::uint64_t reached = 0;
  for (const auto r : m.reached()) reached += r;
  REQUIRE(reached == m.placed() + 1);  // the start is reached once
}

TEST_CASE("the current call's candidates: off the board, visited, failed, trying, untried") {
  kt::TryMoveMachine m(kt::open_problem({5, 5}, {1, 1}), kt::kTextbookOrder);
  auto c = m.candidates();
  // From (1,1) the textbook's order tries (2,3) and (3,2) first; the other six are off.
  REQUIRE(c[0] == kt::Candidate::untried);
  REQUIRE(c[1] == kt::Candidate::untried);
  for (int k = 2; k < 8; ++k) REQUIRE(c[k] == kt::Candidate::off_board);
  m.step_line();  // select k = 1
  REQUIRE(m.candidates()[0] == kt::Candidate::trying);
  m.run_until({kt::TryMoveMachine::Goal::Kind::erase, 0}, 1'000'000);
  // After the first dead end the innermost call has tried the erased square and failed.
  const auto& f = m.frames().back();
  REQUIRE(m.candidates()[f.count - 1] == kt::Candidate::failed);
  REQUIRE(m.effect_candidate() == f.count);
}

TEST_CASE("timeline: back at every granularity reaches exactly the earlier state") {
  const kt::Problem p = kt::open_problem({5, 5}, {1, 1});
  kt::Timeline t(p, kt::kTextbookOrder, 200'000);  // a small budget: checkpoints get thinned
  std::mt19937_64 rng(7);
  t.forward(kt::Granularity::move, 60'000, ~std::uint64_t{0});
  REQUIRE(t.machine().moves() == 60'000);
  for (int trial = 0; trial < 30; ++trial) {
    const std::uint64_t line = rng() % t.furthest();
    t.seek(line);
    require_same(t.machine(), run_lines(p, line));
    if (line == 0) continue;
    t.back(kt::Granularity::line);
    require_same(t.machine(), run_lines(p, line - 1));
  }
  // Back one move after N moves is the state right after move N - 1.
  t.seek(0);
  t.forward(kt::Granularity::move, 5000, ~std::uint64_t{0});
  const std::uint64_t at = t.machine().lines();
  t.back(kt::Granularity::move);
  REQUIRE(t.machine().moves() == 4999);
  REQUIRE(t.machine().last_effect() != kt::Effect::none);
  kt::TryMoveMachine fresh(p, kt::kTextbookOrder);
  fresh.run_until({kt::TryMoveMachine::Goal::Kind::moves, 4999}, ~std::uint64_t{0});
  require_same(t.machine(), fresh);
  t.seek(at);
  t.back(kt::Granularity::dead_end);
  REQUIRE(t.machine().last_effect() == kt::Effect::erased);
  REQUIRE(t.machine().lines() < at);
  t.back(kt::Granularity::tour);
  REQUIRE(t.machine().lines() == 0);
}

TEST_CASE("timeline: step over runs a whole call, step out returns to the caller") {
  kt::Timeline t(kt::open_problem({5, 5}, {1, 1}), kt::kTextbookOrder);
  t.forward(kt::Granularity::line, 4, 100);
  REQUIRE(t.machine().line() == kt::Line::recurse);
  const std::size_t depth = t.machine().frames().size();
  REQUIRE(t.step_over(~std::uint64_t{0}));
  REQUIRE(t.machine().frames().size() == depth);
  // The call from move 2 found the tour, so its caller is at the erase line with moveOK.
  REQUIRE(t.machine().line() == kt::Line::erase);
  t.seek(20);
  const std::size_t inner = t.machine().frames().size();
  REQUIRE(t.step_out(~std::uint64_t{0}));
  REQUIRE(t.machine().frames().size() == inner - 1);
}
