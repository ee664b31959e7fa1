// The checks every road shares (the CLI, the JS API, the page): what a count counts, and which
// boards the method that will answer can take.
#include <catch2/catch.hpp>

#include <string>

#include "counting/count_request.hpp"
#include "solve/solve_request.hpp"
#include "solve/solver.hpp"

namespace {

kt::RequestText board(std::string size, std::string start = "", std::string end = "") {
  kt::RequestText t;
  t.size = std::move(size);
  t.start = std::move(start);
  t.end = std::move(end);
  return t;
}

kt::Problem solvable(const kt::RequestText& text) {
  kt::Request r;
  REQUIRE(kt::parse_request(text, r).empty());
  return r.problem;
}

}  // namespace

TEST_CASE("a count's problem: no start counts every start, an end without one too", "[rules]") {
  kt::RequestText text = board("5", "", "3,3");
  text.start_optional = true;
  text.method = "bogus";  // a count has no method: it cannot stop one
  kt::Problem p;
  REQUIRE(kt::parse_count_request(text, p) == "");
  CHECK_FALSE(p.start);
  REQUIRE(p.end);
  CHECK(kt::describe_count(p) == "directed open tours from every start to (3,3)");

  text.end.clear();
  REQUIRE(kt::parse_count_request(text, p) == "");
  CHECK(kt::describe_count(p) == "directed open tours (every start, each direction)");

  // Without start_optional an empty start is the default one, (1,1).
  REQUIRE(kt::parse_count_request(board("5", "", "5,5"), p) == "");
  CHECK(kt::describe_count(p) == "directed open tours from (1,1) to (5,5)");

  kt::RequestText closed = board("6");
  closed.closed = "1";
  REQUIRE(kt::parse_count_request(closed, p) == "");
  CHECK(kt::describe_count(p) == "closed tours (each cycle once)");
}

TEST_CASE("a count's refusals name the field and leave the problem alone", "[rules]") {
  kt::Problem p;
  REQUIRE(kt::parse_count_request(board("5", "2,2"), p) == "");
  const kt::Problem before = p;
  CHECK(kt::parse_count_request(board("5", "9,9"), p).starts_with("start: "));
  CHECK(kt::parse_count_request(board("5", "1,1", "1,1"), p).starts_with("end: "));
  CHECK(kt::parse_count_request(board("0"), p).starts_with("size: "));
  const kt::RequestLimits small{25, 5, " (a small caller)"};
  const std::string why = kt::parse_count_request(board("6"), p, small);
  CHECK_THAT(why, Catch::Contains("(a small caller)"));
  CHECK(p.start == before.start);
}

TEST_CASE("which method answers: a search's limit only where the Solver searches", "[rules]") {
  kt::RequestLimits limits;
  limits.max_search_squares = 1'000'000;
  const kt::Problem big = solvable(board("2000", "1,1"));
  CHECK(kt::answers_without_search(big, kt::Method::automatic));
  CHECK(kt::answers_without_search(big, kt::Method::construct));
  CHECK_FALSE(kt::answers_without_search(big, kt::Method::warnsdorff));
  CHECK(kt::check_size(big, kt::Method::automatic, limits).empty());
  CHECK(kt::check_size(big, kt::Method::warnsdorff).empty());  // the core's own limit: 2^25
  // (The remedy as a fact: each front end words it, the CLI with --method.)
  CHECK(kt::check_size(big, kt::Method::warnsdorff, limits) ==
        kt::Refusal{"board: 2000x2000 (4000000 squares) is too large for a backtracking search, "
                    "which takes at most 1000000 squares",
                    kt::Remedy::construct_method});

  // Blocked squares: the construction does not take them, so only a search would.
  kt::RequestText blocked = board("2000", "1,1");
  blocked.blocked = "5,6";  // the other colour from the start: theory cannot rule it out
  const kt::Problem holed = solvable(blocked);
  CHECK_FALSE(kt::answers_without_search(holed, kt::Method::automatic));
  CHECK(kt::check_size(holed, kt::Method::automatic, limits) ==
        kt::Refusal{"board: 2000x2000 (4000000 squares) is too large for a backtracking search, "
                    "which takes at most 1000000 squares",
                    kt::Remedy::none});

  // Theory says no tour: answered at once, whatever the size.
  const kt::Problem odd_closed = [] {
    kt::RequestText t = board("1999");
    t.closed = "1";
    return solvable(t);
  }();
  CHECK(kt::answers_without_search(odd_closed, kt::Method::automatic));

  // parse_solve_request: the same refusal, and nothing taken.
  kt::Request r;
  kt::RequestText text = board("2000", "1,1");
  text.method = "warnsdorff";
  CHECK(kt::parse_solve_request(text, r, limits).reason.starts_with("board: 2000x2000 "));
  text.method = "auto";
  CHECK(kt::parse_solve_request(text, r, limits).empty());
}

TEST_CASE("answers_without_search says what the Solver does", "[rules]") {
  // Past automatic's textbook attempt (49 squares): theory, the strip programme, the
  // construction.
  struct Case {
    std::string rows, cols, start, closed;
  };
  const Case cases[] = {{"8", "8", "2,1", ""}, {"12", "12", "1,1", ""}, {"3", "20", "1,1", ""},
                        {"4", "30", "", "1"},  {"9", "9", "", "1"},     {"10", "11", "3,3", ""}};
  for (const Case& c : cases) {
    kt::RequestText text;
    text.rows = c.rows;
    text.cols = c.cols;
    text.start = c.start;
    text.closed = c.closed;
    const kt::Problem p = solvable(text);
    for (const kt::Method m : {kt::Method::automatic, kt::Method::construct}) {
      INFO(c.rows << "x" << c.cols << " " << kt::to_string(m));
      REQUIRE(kt::answers_without_search(p, m));
      kt::Solver solver(p, m);
      while (solver.run(std::uint64_t{1} << 24) == kt::Status::running) {
        REQUIRE(solver.search() == nullptr);
      }
      CHECK(solver.search() == nullptr);
      CHECK(solver.status() != kt::Status::running);
    }
  }
}
