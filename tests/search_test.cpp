// The resumable backtracking search: counters, exhaustion, slicing.
#include <catch2/catch.hpp>

#include <algorithm>

#include "counting/count.hpp"
#include "search/search.hpp"
#include "teaching/try_move.hpp"
#include "verify/verify.hpp"

using kt::Status;

TEST_CASE("a finished tour has placed - erased = squares - 1") {
  for (int n : {5, 6}) {
    auto search = kt::make_search(kt::open_problem({n, n}, {1, 1}), kt::kTextbookOrder);
    REQUIRE(search->run(UINT64_MAX) == Status::found);
    const auto& c = search->counters();
    CHECK(c.placed - c.erased == static_cast<std::uint64_t>(n * n - 1));
    CHECK(search->depth() == n * n - 1);
    CHECK(search->path().size() == static_cast<std::size_t>(n * n));
  }
}

TEST_CASE("the textbook counters match the recursive program") {
  // Counts of `board[m, n] := moveNumber` and `:= 0` in Sutcliffe's TryMove on its way to his
  // first run log (5x5 from (3,3)), as his listing run line by line counts them: core/teaching's
  // machine, written from the listing apart from the engines. 25,541 and 25,517 are its figures
  // (the chapter prints the board, not the counts).
  const kt::Problem p = kt::open_problem({5, 5}, {3, 3});
  kt::TryMoveMachine listing(p, kt::kTextbookOrder);
  listing.run_until({kt::TryMoveMachine::Goal::Kind::end, 0}, UINT64_MAX);
  REQUIRE(listing.status() == Status::found);
  CHECK(listing.placed() == 25541);
  CHECK(listing.erased() == 25517);
  auto search = kt::make_search(p, kt::kTextbookOrder);
  search->run(UINT64_MAX);
  CHECK(search->counters().placed == listing.placed());
  CHECK(search->counters().erased == listing.erased());
  CHECK(search->board() == listing.board());
}

TEST_CASE("no tour on 3x3 and 4x4 after the exhaustive search") {
  for (int n : {2, 3, 4}) {
    for (int x = 1; x <= n; ++x) {
      for (int y = 1; y <= n; ++y) {
        auto search = kt::make_search(kt::open_problem({n, n}, {x, y}), kt::kTextbookOrder);
        CHECK(search->run(UINT64_MAX) == Status::none);
        // Everything placed was taken back: only the start is left on the board.
        CHECK(search->counters().placed == search->counters().erased);
        CHECK(search->depth() == 0);
      }
    }
  }
}

TEST_CASE("a 1x1 board is toured by its start square") {
  auto search = kt::make_search(kt::open_problem({1, 1}, {1, 1}), kt::kTextbookOrder);
  CHECK(search->status() == Status::found);
  CHECK(search->run(10) == Status::found);
  CHECK(kt::verify_board({1, 1}, search->board()).ok);
}

TEST_CASE("running in slices walks the same tree as one run") {
  const std::uint64_t slice = GENERATE(1, 7, 1000);
  auto whole = kt::make_search(kt::open_problem({6, 6}, {1, 1}), kt::kTextbookOrder);
  whole->run(UINT64_MAX);
  auto sliced = kt::make_search(kt::open_problem({6, 6}, {1, 1}), kt::kTextbookOrder);
  std::uint64_t slices = 0;
  while (sliced->run(slice) == Status::running) {
    ++slices;
    // Between slices the state is consistent: the path and the board agree.
    const auto path = sliced->path();
    for (std::size_t i = 0; i < path.size(); ++i) {
      REQUIRE(sliced->board()[path[i]] == static_cast<int>(i + 1));
    }
  }
  CHECK(sliced->status() == Status::found);
  CHECK(sliced->board() == whole->board());
  CHECK(sliced->counters().placed == whole->counters().placed);
  CHECK(sliced->counters().erased == whole->counters().erased);
  CHECK(slices + 1 >= (whole->counters().placed + whole->counters().erased) / slice);
}

TEST_CASE("rectangular boards are not assumed square") {
  auto search =
      kt::make_search(kt::open_problem({3, 4}, {1, 1}), kt::kTextbookOrder);  // 3 rows, 4 columns
  REQUIRE(search->run(UINT64_MAX) == Status::found);
  CHECK(kt::verify_board({3, 4}, search->board()).ok);
  auto none = kt::make_search(kt::open_problem({4, 3}, {2, 2}), kt::kTextbookOrder);
  CHECK(none->run(UINT64_MAX) == Status::none);
}

TEST_CASE("every engine reports its stack of frames and its last action") {
  const kt::Problem full = kt::open_problem({5, 5}, {1, 1});
  kt::Problem closed = kt::open_problem({6, 6}, {1, 1});
  closed.closed = true;
  for (const auto& [problem, heuristic] :
       {std::pair{full, kt::Heuristic::none}, std::pair{full, kt::Heuristic::warnsdorff},
        std::pair{closed, kt::Heuristic::none}}) {
    auto search = kt::make_search(problem, kt::kTextbookOrder, heuristic);
    REQUIRE(search->last_action() == kt::Action::none);
    bool saw_erase = false;
    for (int step = 0; step < 5000 && search->status() == kt::Status::running; ++step) {
      const int before = search->depth();
      search->run(1);
      // One step moves one frame deeper (placed) or back (erased; a closed search's full path
      // that does not close is placed and erased in one step).
      if (search->last_action() == kt::Action::placed) REQUIRE(search->depth() == before + 1);
      if (search->last_action() == kt::Action::erased) {
        REQUIRE(search->depth() <= before);
        REQUIRE(search->depth() >= before - 1);
        saw_erase = true;
      }
      for (int d = 0; d <= search->depth(); ++d) {
        const kt::Frame f = search->frame(d);
        REQUIRE(f.move == d + 1);
        REQUIRE(f.square == search->path()[d]);
        REQUIRE(search->board()[f.square] == f.move);
        REQUIRE(f.cursor <= 8);
      }
    }
    CHECK((saw_erase || heuristic == kt::Heuristic::warnsdorff));
  }
}

TEST_CASE("every tour in the search's order (Try_All): 304 from a corner of 5x5, as counted") {
  for (const kt::MoveOrder& order : {kt::kTextbookOrder, kt::kWirthOrder}) {
    for (const auto& [g, s] : {std::pair{kt::Geometry{5, 5}, kt::Square{1, 1}},
                               std::pair{kt::Geometry{3, 4}, kt::Square{1, 1}},
                               std::pair{kt::Geometry{5, 5}, kt::Square{3, 3}}}) {
      const kt::Problem p = kt::open_problem(g, s);
      auto search = kt::make_search(p, order);
      std::uint64_t tours = 0;
      std::vector<std::vector<std::int32_t>> seen;
      while (search->run(~std::uint64_t{0}) == kt::Status::found) {
        ++tours;
        const auto path = search->path();
        seen.emplace_back(path.begin(), path.end());
        REQUIRE(path.size() == static_cast<std::size_t>(g.size()));
        search->continue_after_tour();
      }
      REQUIRE(search->status() == kt::Status::none);
      kt::CountOptions o;
      o.use_symmetry = false;
      REQUIRE(tours == kt::count_tours(p, o).count);
      std::sort(seen.begin(), seen.end());
      REQUIRE(std::adjacent_find(seen.begin(), seen.end()) == seen.end());  // all distinct
      if (g.rows == 5 && s.x == 1) REQUIRE(tours == 304);
    }
  }
}

namespace {

bool same(const kt::SearchState& a, const kt::SearchState& b) {
  return a.path == b.path && a.cursors == b.cursors && a.counters.placed == b.counters.placed &&
         a.counters.erased == b.counters.erased && a.status == b.status && a.last == b.last;
}

kt::Problem problem_of(const kt::ProblemInput& in) {
  kt::Problem p;
  REQUIRE(kt::make_problem(in, p).empty());
  return p;
}

}  // namespace

// The page hands a long search to a worker and takes it back: a search put where another
// stood (Search::resume) runs on exactly as that one, engine by engine.
TEST_CASE("a search resumed where another stood runs on as that one") {
  const struct {
    kt::ProblemInput in;
    kt::Heuristic heuristic;
  } cases[] = {
      {{6, 6, "1,1", "", "", false}, kt::Heuristic::none},     // SmallSearch
      {{5, 6, "2,1", "", "3,3", false}, kt::Heuristic::none},  // OrderedSearch, blocked
      {{6, 6, "1,1", "", "", true}, kt::Heuristic::none},      // OrderedSearch, closed
      {{8, 8, "1,1", "8,8", "4,4;5,5", false}, kt::Heuristic::warnsdorff},
      {{10, 10, "1,1", "", "", true}, kt::Heuristic::warnsdorff},
  };
  for (const auto& c : cases) {
    const kt::Problem p = problem_of(c.in);
    INFO(p.geometry.rows << "x" << p.geometry.cols << " heuristic " << int(c.heuristic));
    for (const std::uint64_t steps :
         {std::uint64_t{1}, std::uint64_t{7}, std::uint64_t{1000}, std::uint64_t{123457}}) {
      INFO("after " << steps << " steps");
      auto first = kt::make_search(p, kt::kTextbookOrder, c.heuristic);
      first->run(steps);
      const kt::SearchState there = first->state();
      auto second = kt::make_search(p, kt::kTextbookOrder, c.heuristic);
      REQUIRE(second->resume(there));
      CHECK(same(second->state(), there));
      CHECK(second->board() == first->board());
      // Run on, both take the same steps (a tour, or the next stretch of the tree).
      for (int i = 0; i < 3; ++i) {
        first->continue_after_tour();
        second->continue_after_tour();
        first->run(5000);
        second->run(5000);
        CHECK(same(second->state(), first->state()));
        CHECK(second->board() == first->board());
      }
    }
  }
}

TEST_CASE("a search refuses to resume where it could not have stood") {
  const kt::Problem p = kt::open_problem({6, 6}, {1, 1});
  auto search = kt::make_search(p, kt::kTextbookOrder);
  search->run(100);
  const kt::SearchState s = search->state();
  const auto refused = [&](const kt::SearchState& t) {
    return !kt::make_search(p, kt::kTextbookOrder)->resume(t);
  };
  CHECK_FALSE(refused(s));
  kt::SearchState t = s;
  t.path[2] = t.path[1];  // a square twice (and no knight's move)
  CHECK(refused(t));
  t = s;
  t.cursors[1] = 0;  // a frame below the top that has tried nothing
  CHECK(refused(t));
  t = s;
  t.path[0] = 7;  // another start
  CHECK(refused(t));
  t = s;
  t.cursors.pop_back();  // a cursor missing
  CHECK(refused(t));
  t = s;
  t.cursors.back() = 9;  // past the top frame's moves
  CHECK(refused(t));
  auto w = kt::make_search(p, kt::kTextbookOrder, kt::Heuristic::warnsdorff);
  CHECK_FALSE(w->resume(s));  // not its order
}
