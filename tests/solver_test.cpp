// Every method, on many boards and starts, checked by the independent verifier.
#include <catch2/catch.hpp>

#include <random>

#include "board/request.hpp"
#include "solve/report.hpp"
#include "solve/solver.hpp"
#include "teaching/try_move.hpp"

namespace {

kt::Problem problem(const kt::ProblemInput& in) {
  kt::Problem p;
  const std::string why = kt::make_problem(in, p);
  INFO(why);
  REQUIRE(why.empty());
  return p;
}

}  // namespace

// The moves Sutcliffe's TryMove records on its way to his fourth run log (7x7 from (4,4)), as
// his listing run line by line counts them (core/teaching's machine, written from the listing
// apart from the engines; the chapter prints the board, not the counts): the case below walks
// it.
constexpr std::uint64_t kTextbook7x7Placed = 12040481, kTextbook7x7Erased = 12040433;

TEST_CASE("auto reproduces the textbook's run logs") {
  kt::Solver s(problem({7, 7, "4,4", "", "", false}), kt::Method::automatic);
  REQUIRE(s.run(UINT64_MAX) == kt::Status::found);
  CHECK(s.method() == kt::Method::textbook);
  CHECK(s.counters().placed == kTextbook7x7Placed);
  CHECK(s.counters().erased == kTextbook7x7Erased);
  CHECK(s.verify().ok);
}

TEST_CASE("the textbook's 7x7 from (4,4), its listing run line by line: auto's moves", "[heavy]") {
  const kt::Problem p = problem({7, 7, "4,4", "", "", false});
  // 349 million lines: 3 s natively (28 November 2026).
  kt::TryMoveMachine listing(p, kt::kTextbookOrder);
  listing.run_until({kt::TryMoveMachine::Goal::Kind::end, 0}, UINT64_MAX);
  REQUIRE(listing.status() == kt::Status::found);
  CHECK(listing.placed() == kTextbook7x7Placed);
  CHECK(listing.erased() == kTextbook7x7Erased);
  kt::Solver s(p, kt::Method::automatic);
  REQUIRE(s.run(UINT64_MAX) == kt::Status::found);
  CHECK(std::vector<std::int32_t>(s.board().begin(), s.board().end()) == listing.board());
}

TEST_CASE("auto hands over to Warnsdorff when the textbook search runs long") {
  kt::Solver s(problem({7, 7, "1,1", "", "", false}), kt::Method::automatic);
  REQUIRE(s.run(UINT64_MAX) == kt::Status::found);
  CHECK(s.verify().ok);
}

TEST_CASE("Warnsdorff finds open and closed tours on every board it can, verified") {
  for (int rows = 3; rows <= 12; ++rows) {
    for (int cols = rows; cols <= (rows == 4 ? 40 : 14); ++cols) {
      for (const bool closed : {false, true}) {
        kt::Solver s(problem({rows, cols, "", "", "", closed}), kt::Method::warnsdorff);
        s.run(UINT64_MAX);
        INFO(rows << "x" << cols << (closed ? " closed" : " open") << ": " << s.reason());
        const bool exists =
            closed ? kt::closed_tour_exists({rows, cols})
                   : kt::open_tour_exists({rows, cols}) && s.theory().answer != kt::Answer::none;
        if (exists) {
          REQUIRE(s.status() == kt::Status::found);
          const kt::Verdict v = s.verify();
          CHECK(v.ok);
          CHECK(v.closed == closed);
        }
      }
    }
  }
}

TEST_CASE("large boards: Warnsdorff with Roth's tie-break runs straight through") {
  kt::Solver s(problem({200, 300, "1,1", "", "", false}), kt::Method::warnsdorff);
  REQUIRE(s.run(UINT64_MAX) == kt::Status::found);
  CHECK(s.verify().ok);
  CHECK(s.counters().erased < 1000);
}

TEST_CASE("random boards, blocked squares, starts and ends: every method's tour verifies",
          "[slow]") {
  std::mt19937 rng(20261121);
  int found = 0;
  for (int trial = 0; trial < 300; ++trial) {
    // Up to 5x6, where the textbook's exhaustive search takes milliseconds.
    const int rows = 3 + static_cast<int>(rng() % 3), cols = 3 + static_cast<int>(rng() % 4);
    kt::ProblemInput in{rows, cols, "", "", "", rng() % 4 == 0};
    const int blocks = static_cast<int>(rng() % 3);
    for (int b = 0; b < blocks; ++b) {
      if (!in.blocked.empty()) in.blocked += ";";
      in.blocked += std::to_string(1 + rng() % cols) + "," + std::to_string(1 + rng() % rows);
    }
    in.start = std::to_string(1 + rng() % cols) + "," + std::to_string(1 + rng() % rows);
    if (!in.closed && rng() % 3 == 0) {
      in.end = std::to_string(1 + rng() % cols) + "," + std::to_string(1 + rng() % rows);
    }
    kt::Problem p;
    if (!kt::make_problem(in, p).empty()) continue;  // e.g. the start is blocked
    for (const kt::Method m :
         {kt::Method::warnsdorff, kt::Method::automatic, kt::Method::textbook, kt::Method::wirth}) {
      kt::Solver s(p, m);
      s.run(2'000'000);  // the textbook orders may take long: judge what finished
      INFO(rows << "x" << cols << " " << in.start << " end '" << in.end << "' blocked '"
                << in.blocked << "' " << kt::to_string(m));
      if (s.status() == kt::Status::found) {
        ++found;
        const kt::Verdict v = s.verify();
        CHECK(v.ok);
        if (p.closed) CHECK(v.closed);
      }
      if (s.status() == kt::Status::none && m == kt::Method::warnsdorff) {
        // Complete search: textbook's order, exhaustively, must agree.
        kt::Solver t(p, kt::Method::textbook);
        CHECK(t.run(UINT64_MAX) == kt::Status::none);
      }
    }
  }
  CHECK(found > 50);
}

TEST_CASE("every method runs in slices to the same result") {
  for (const kt::Method m :
       {kt::Method::textbook, kt::Method::wirth, kt::Method::warnsdorff, kt::Method::automatic}) {
    const kt::Problem p = problem({6, 6, "1,1", "", "", false});
    kt::Solver whole(p, m);
    whole.run(UINT64_MAX);
    kt::Solver sliced(p, m);
    while (sliced.run(97) == kt::Status::running) {
    }
    CHECK(sliced.status() == whole.status());
    CHECK(std::vector<int>(sliced.board().begin(), sliced.board().end()) ==
          std::vector<int>(whole.board().begin(), whole.board().end()));
  }
}

// The page builds huge boards on its counting worker's threads and hands the tour to its own
// Solver: taken only before the first block, only for the same board, start and kind of tour.
TEST_CASE("a construction built elsewhere is taken as the Solver's own") {
  for (const auto& in : {kt::ProblemInput{1024, 1024, "1,1", "", "", true},
                         kt::ProblemInput{1025, 1025, "3,5", "", "", false}}) {
    const kt::Problem p = problem(in);
    INFO(p.geometry.rows << " closed " << p.closed);
    kt::Solver here(p, kt::Method::construct);
    here.run(UINT64_MAX);
    REQUIRE(here.status() == kt::Status::found);

    kt::Solver taking(p, kt::Method::construct);
    REQUIRE(taking.construction_unstarted());
    kt::CompactTour built;
    REQUIRE(kt::construct_tour(p, built).empty());
    kt::CompactTour other_start;  // a tour of the same board from another square
    kt::Problem moved = p;
    moved.start = kt::Square{5, 3};
    REQUIRE(kt::construct_tour(moved, other_start).empty());
    CHECK_FALSE(taking.adopt_construction(std::move(other_start), 1));
    CHECK(taking.status() == kt::Status::running);
    CHECK(taking.adopt_construction(std::move(built), 0.25));
    CHECK(taking.status() == kt::Status::found);
    CHECK_FALSE(taking.construction_unstarted());
    CHECK(taking.verify().ok);
    CHECK(taking.built_tour()->next == here.built_tour()->next);
    CHECK(taking.construction()->blocks_done() == taking.construction()->blocks_total());
    CHECK(taking.reason() == here.reason());
    CHECK(taking.counters().seconds == 0.25);

    kt::Solver started(p, kt::Method::construct);
    started.run(1);  // a block written here: the rest is this Solver's to write
    CHECK_FALSE(started.construction_unstarted());
    kt::CompactTour again;
    REQUIRE(kt::construct_tour(p, again).empty());
    CHECK_FALSE(started.adopt_construction(std::move(again), 1));
    CHECK(started.status() == kt::Status::running);
  }
  // Small boards are built on the page's thread in its frames' slices.
  CHECK_FALSE(kt::Solver(problem({8, 8, "1,1", "", "", false}), kt::Method::construct)
                  .construction_unstarted());
}

// The page hands a long search to a worker, which runs a Solver of its own, and takes its
// state back into a Solver as made.
TEST_CASE("a search taken back from another Solver runs on as that one") {
  for (const kt::Method m : {kt::Method::textbook, kt::Method::wirth, kt::Method::warnsdorff}) {
    const kt::Problem p = problem({7, 7, "1,1", "", "", false});
    kt::Solver there(p, m);
    REQUIRE(there.search_resumable());
    there.run(20000);
    REQUIRE(there.search());
    kt::Solver here(p, m);
    REQUIRE(here.resume_search(there.search()->state()));
    CHECK(std::vector<int>(here.board().begin(), here.board().end()) ==
          std::vector<int>(there.board().begin(), there.board().end()));
    there.run(UINT64_MAX);
    here.run(UINT64_MAX);
    CHECK(here.status() == there.status());
    CHECK(here.counters().placed == there.counters().placed);
    CHECK(std::vector<int>(here.board().begin(), here.board().end()) ==
          std::vector<int>(there.board().begin(), there.board().end()));
    kt::Solver started(p, m);
    started.run(1);  // no longer as made
    CHECK_FALSE(started.resume_search(there.search()->state()));
  }
  // auto's search runs in attempts the state does not hold.
  CHECK_FALSE(
      kt::Solver(problem({3, 4, "1,1", "", "", false}), kt::Method::automatic).search_resumable());
}

TEST_CASE("summary JSON has the fixed fields") {
  kt::Solver s(problem({6, 6, "", "", "", true}), kt::Method::automatic);
  s.run(UINT64_MAX);
  const std::string json = kt::to_summary_json(kt::make_report(s));
  for (const char* field : {"\"status\": \"found\"", "\"rows\": 6", "\"cols\": 6",
                            "\"closed\": true", "\"method\": \"construct\"", "\"seconds\": ",
                            "\"placed\": ", "\"erased\": ", "\"verified\": true"}) {
    CHECK_THAT(json, Catch::Contains(field));
  }
  CHECK_THAT(json, !Catch::Contains("\"board\""));
}

// The report's "method" is the engine that answered: the method's own name, or "rows" where
// counting by rows settled it.
std::string report_method(const kt::Solver& s) { return std::string(kt::make_report(s).method); }

TEST_CASE("the report names the engine that answered") {
  kt::Problem ends = problem({5, 10, "4,5", "9,3", "", false});
  for (const kt::Method m : {kt::Method::automatic, kt::Method::construct}) {
    kt::Solver s(ends, m);
    REQUIRE(s.run(UINT64_MAX) == kt::Status::none);
    INFO(s.reason());
    CHECK(s.reason().find("counting by rows finds no tour") != std::string::npos);
    CHECK(s.method() == kt::Method::construct);  // the method whose road led there
    CHECK(std::string(s.answered_by()) == "rows");
    CHECK(report_method(s) == "rows");
    CHECK_THAT(kt::to_json(kt::make_report(s)), Catch::Contains("\"method\": \"rows\""));
  }
  // While counting by rows is at work, it is the engine named.
  kt::Solver counting(ends, kt::Method::automatic);
  REQUIRE(counting.run(1000) == kt::Status::running);
  CHECK(counting.can_continue());
  CHECK(report_method(counting) == "rows");
  CHECK(counting.reason().find("counting by rows (1000 steps)") != std::string::npos);

  const struct {
    kt::ProblemInput in;
    kt::Method method;
    kt::Status status;
    const char* engine;
  } cases[] = {
      {{7, 7, "4,4", "", "", false}, kt::Method::automatic, kt::Status::found, "textbook"},
      {{6, 6, "", "", "", true}, kt::Method::automatic, kt::Status::found, "construct"},
      {{4, 30, "2,2", "", "", false}, kt::Method::automatic, kt::Status::none, "construct"},
      {{3, 10, "1,1", "", "", false}, kt::Method::construct, kt::Status::found, "construct"},
      {{20, 20, "1,1", "20,19", "", false}, kt::Method::construct, kt::Status::found, "construct"},
      {{40, 40, "1,1", "", "3,3;20,21", false},
       kt::Method::automatic,
       kt::Status::found,
       "construct"},
      // Counting by rows finds 9558 tours: Warnsdorff's search answers (construct alone stops).
      {{5, 7, "1,5", "3,1", "", false}, kt::Method::automatic, kt::Status::found, "warnsdorff"},
      {{5, 7, "1,5", "3,1", "", false}, kt::Method::construct, kt::Status::running, "construct"},
      // Theory settles it: the method asked for.
      {{8, 8, "2,1", "", "1,1;8,8", false}, kt::Method::automatic, kt::Status::none, "auto"},
      {{6, 6, "1,1", "6,5", "", false}, kt::Method::warnsdorff, kt::Status::found, "warnsdorff"},
      {{6, 6, "1,1", "", "", false}, kt::Method::wirth, kt::Status::found, "wirth"},
  };
  for (const auto& c : cases) {
    kt::Solver s(problem(c.in), c.method);
    const kt::Status got = s.run(UINT64_MAX);
    INFO(c.in.rows << "x" << c.in.cols << " " << kt::to_string(c.method) << ": " << s.reason());
    CHECK(got == c.status);
    CHECK(report_method(s) == c.engine);
    if (got == kt::Status::running) CHECK_FALSE(s.can_continue());
  }
}

TEST_CASE("streamed JSON and text are the documents' lines, piece by piece") {
  // Found (blocked squares: -1 and "."), stopped part-way, refused by theory (no board).
  const std::vector<std::pair<kt::Problem, kt::Method>> runs = {
      {problem({12, 12, "1,1", "", "6,6;6,7", false}), kt::Method::automatic},
      {problem({8, 8, "1,1", "", "", false}), kt::Method::textbook},
      {problem({3, 3, "1,1", "", "", false}), kt::Method::automatic},
      {problem({100, 100, "", "", "", true}), kt::Method::automatic}};
  for (const auto& [p, method] : runs) {
    kt::Solver s(p, method);
    s.run(method == kt::Method::textbook ? 50 : UINT64_MAX);
    const kt::Report r = kt::make_report(s);
    kt::Json document = kt::report_json(r);
    document["index"] = 7;
    std::string streamed;
    std::size_t pieces = 0;
    kt::write_json(r, kt::Json{{"index", 7}}, [&](std::string_view piece) {
      streamed += piece;
      ++pieces;
    });
    CHECK(streamed == kt::json_line(document));
    CHECK(kt::to_json(r) == kt::json_line(kt::report_json(r)));
    std::string text;
    kt::write_board_text(p.geometry, s.board(), [&](std::string_view piece) { text += piece; });
    CHECK(text == kt::board_text(p.geometry, s.board()));
    if (p.geometry.rows == 100) {
      CHECK(pieces > 1);  // written in pieces, not as one string
    }
  }
}

TEST_CASE("bad problems are refused with a reason") {
  kt::Problem p;
  CHECK_THAT(kt::make_problem({8, 8, "1,1", "", "1,1", false}, p), Catch::Contains("blocked"));
  CHECK_THAT(kt::make_problem({8, 8, "", "", "9,9", false}, p), Catch::Contains("off the"));
  CHECK_THAT(kt::make_problem({8, 8, "", "2,3", "", true}, p),
             Catch::Contains("end: a closed tour"));
  CHECK_THAT(kt::make_problem({8, 8, "1,1", "1,1", "", false}, p), Catch::Contains("cannot end"));
  CHECK_THAT(kt::make_problem({8, 8, "", "", "1,1;zz", false}, p), Catch::Contains("blocked"));
  CHECK_THAT(kt::make_problem({0, 8, "", "", "", false}, p), Catch::Contains("at least"));
  CHECK_THAT(kt::make_problem({8, 8, "99999999999,1", "", "", false}, p),
             Catch::Contains("start: square is off the 8x8 board"));
  CHECK_THAT(kt::make_problem({2, 2, "", "", ". 1,1;1,2;2,1;2,2", false}, p),
             Catch::Contains("blocked:"));
  CHECK_THAT(kt::make_problem({2, 2, "", "", "1,1;1,2;2,1;2,2", true}, p),
             Catch::Contains("blocked: every square of the board is blocked"));
  CHECK_THAT(kt::make_problem({1 << 15, 1 << 15, "2,1", "", "1,1", false}, p),
             Catch::Contains("blocked: blocked squares are taken on boards of up to"));
}
