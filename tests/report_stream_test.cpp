// The text and JSON of a tour written in slices (the page's exports, a slice between frames)
// are the same bytes whatever the slice, read back as the tour itself: the JSON through a
// standard parser into the document report_json builds on its own, the text through the
// board reader. A huge construction's path walked from its compact tour is its path.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "formats/board_read.hpp"
#include "solve/report_stream.hpp"
#include "solve/solver.hpp"
#include "test_support.hpp"

namespace {

using kt_test::kNoLimit;

std::string in_slices(const kt::Report& r, kt::ReportFormat f, std::size_t slice,
                      const kt::CompactTour* walk = nullptr) {
  kt::ReportStream stream(r, f, kt::Json{{"shows", "tour"}}, walk);
  std::string out;
  int calls = 0;
  while (!stream.done()) {
    const double before = stream.progress();
    const std::size_t size = out.size();
    stream.next(out, slice);
    REQUIRE(out.size() > size);  // every slice moves on
    REQUIRE(stream.progress() >= before);
    ++calls;
  }
  REQUIRE(stream.progress() == 1.0);
  REQUIRE(stream.written() == out.size());
  if (slice == 1) REQUIRE(calls > 1);
  return out;
}

}  // namespace

TEST_CASE("a tour's JSON and text in slices of any size are the same bytes and read back") {
  const kt::Problem p = kt_test::problem_of({6, 6, "1,1", "", "6,5", false});
  kt::Solver solver(p, kt::Method::automatic);
  solver.run(kNoLimit);
  REQUIRE(solver.status() == kt::Status::found);
  const kt::Report r = kt::make_report(solver);

  const std::string json = in_slices(r, kt::ReportFormat::json, 1);
  CHECK(in_slices(r, kt::ReportFormat::json, 100) == json);
  CHECK(in_slices(r, kt::ReportFormat::json, 1 << 20) == json);
  kt::Json expected = kt::report_json(r);
  expected["shows"] = "tour";
  CHECK(kt::Json::parse(json) == expected);

  const std::string text = in_slices(r, kt::ReportFormat::text, 1);
  CHECK(in_slices(r, kt::ReportFormat::text, 1 << 20) == text);
  CHECK(text == kt::board_text(p.geometry, solver.board()));
  kt::Geometry g{};
  std::vector<std::int32_t> board;
  REQUIRE(kt::parse_board_text(text, g, board).empty());
  CHECK(g.rows == 6);
  CHECK(g.cols == 6);
  CHECK(text.find('.') != std::string::npos);  // the blocked square
  CHECK(board == std::vector<std::int32_t>(solver.board().begin(), solver.board().end()));
}

TEST_CASE("a construction's path walked from its compact tour is its path") {
  for (const bool closed : {false, true}) {
    const kt::Problem p = kt_test::problem_of({30, 40, closed ? "" : "3,1", "", "", closed});
    kt::Solver solver(p, kt::Method::construct);
    solver.run(kNoLimit);
    REQUIRE(solver.status() == kt::Status::found);
    const auto tour = solver.compact();
    REQUIRE(tour);
    const kt::Report whole = kt::make_report(solver);
    kt::Report walked = whole;
    walked.path = {};
    const std::string json = in_slices(walked, kt::ReportFormat::json, 4096, &*tour);
    CHECK(json == in_slices(whole, kt::ReportFormat::json, 4096));
    CHECK(kt::Json::parse(json)["path"].size() == 1200);
  }
}

TEST_CASE("nothing built yet: empty text, JSON with an empty board") {
  kt::Report r;
  r.status = "running";
  r.geometry = {8, 8};
  r.start = {1, 1};
  kt::Json expected = kt::report_json(r);
  expected["shows"] = "tour";
  CHECK(kt::Json::parse(in_slices(r, kt::ReportFormat::json, 7)) == expected);
  CHECK(kt::Json::parse(kt::to_json(r))["board"].empty());
  kt::ReportStream text(r, kt::ReportFormat::text);
  CHECK(text.done());
}
