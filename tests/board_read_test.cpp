// The board readers read exactly what is written, refuse everything else with a one-line
// reason, and never echo control bytes or a byte-order mark raw.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "board/text_input.hpp"
#include "formats/board_read.hpp"
#include "formats/report.hpp"
#include "fuzz/tour_oracle.hpp"

using kt::Geometry;

namespace {

struct Read {
  std::string why;
  Geometry g;
  std::vector<std::int32_t> board;
};

Read text(std::string_view in) {
  Read r;
  r.why = kt::parse_board_text(in, r.g, r.board);
  return r;
}

Read json(std::string_view in) {
  Read r;
  r.why = kt::parse_board_json(in, r.g, r.board);
  return r;
}

Read any(std::string_view in) {
  Read r;
  r.why = kt::parse_board(in, r.g, r.board);
  return r;
}

// Move numbers of a board by index, for boards given top row first as in the input.
std::vector<std::int32_t> top_first(Geometry g, std::vector<std::int32_t> printed) {
  std::vector<std::int32_t> board(printed.size());
  for (int r = 0; r < g.rows; ++r) {
    for (int x = 1; x <= g.cols; ++x) board[g.index({x, g.rows - r})] = printed[r * g.cols + x - 1];
  }
  return board;
}

}  // namespace

TEST_CASE("the text reader reads back what board_text prints") {
  const Geometry g{3, 4};
  const std::vector<std::int32_t> board = {1, -1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  const Read r = text(kt::board_text(g, board) + "path found!\n");
  REQUIRE(r.why.empty());
  CHECK(r.g.rows == 3);
  CHECK(r.g.cols == 4);
  CHECK(r.board == board);
}

TEST_CASE("the text reader needs no fixed widths") {
  // Numbers of 5+ digits, one space apart; tabs, commas, CR LF, no final newline.
  const Read r = text("100000 100001\r\n\n\t123456,.");
  REQUIRE(r.why.empty());
  CHECK(r.board == top_first({2, 2}, {100000, 100001, 123456, -1}));
  CHECK(text("  7   8\n9 10").board == top_first({2, 2}, {7, 8, 9, 10}));
  // Numbers are read exactly, leading zeros included; 0 is read (the verifier refuses it).
  CHECK(text("007 0").board == top_first({1, 2}, {7, 0}));
  CHECK(text("1073741824").board == std::vector<std::int32_t>{1073741824});
}

TEST_CASE("the text reader skips prose lines and refuses any other text") {
  CHECK(text("Board:\n  1\nno path found.\n\n").why.empty());
  // A stopped search's last line is prose too: the board above it is read (and is no tour).
  CHECK(text("  1  0\n\nsearch stopped after 100 steps at depth 12, no path found yet\n")
            .why.empty());
  const std::pair<const char*, const char*> refused[] = {
      {"1 x 3\n", "line 1, square 2: 'x' is not a move number or '.'"},
      {"path found after 3 steps\n", "no board found"},  // prose: it starts with a word
      {"1 2\n3 path\n", "line 2, square 2: 'path' is not a move number"},
      {"1 -1\n", "'-1' is not a move number (blocked squares are written '.')"},
      {"-0\n", "'-0' is not a move number"},
      {"+1\n", "'+1' is not a move number or '.'"},
      {"1.0\n", "'1.0' is not a move number or '.'"},
      {"1e3\n", "'1e3' is not a move number"},
      {"0x1\n", "'0x1' is not a move number"},
      {"..\n", "'..' is not a move number"},
      {"4294967297\n", "'4294967297' is above 1073741824"},
      {"1073741825\n", "'1073741825' is above 1073741824"},
      {"18446744073709551617\n", "is above 1073741824"},
      {"99999999999999999999999999999999\n", "is above 1073741824"},
      {"1 2 3\n4 5\n", "line 2 has 2 squares, the first row 3 (rows must be equally long)"},
      {"1 2\n\n3 4 5\n", "line 3 has 3 squares, the first row 2"},
      {"", "no board found"},
      {" \n\t\n", "no board found"},
      {"no numbers here\n", "no board found"},
  };
  for (const auto& [in, message] : refused) {
    INFO(in);
    const Read r = text(in);
    CHECK_THAT(r.why, Catch::Contains(message));
    CHECK(kt_oracle::is_safe_message(r.why));
  }
}

TEST_CASE("reader messages escape control bytes and byte-order marks, and stay short") {
  using namespace std::string_literals;
  const std::pair<std::string, const char*> refused[] = {
      {"1 \0 2\n"s, "'\\x00'"},
      {"1 2\x1b[31m\n"s, "'2\\x1b[31m'"},
      {"1 \xEF\xBB\xBF\n"s, "'\\xef\\xbb\\xbf'"},
      {"\xEF\xBB\xBF\xEF\xBB\xBF"
       "1\n"s,
       "'\\xef\\xbb\\xbf1'"},  // only one mark is skipped
      {"1 \x7F\xFF\n"s, "'\\x7f\\xff'"},
      {"[[1, \0]]"s, "('\\x00]]')"},
      {"[[1]] \xEF\xBB\xBF"s, "not valid JSON at line 1, column 7 ('\\xef\\xbb\\xbf')"},
      {"{\"\xFF\": 1}"s, "ill-formed UTF-8"},
      {"[[\"\x1b\"]]"s, "control character"},
  };
  for (const auto& [in, message] : refused) {
    INFO(kt::excerpt(in));
    const Read r = any(in);
    CHECK_THAT(r.why, Catch::Contains(message));
    CHECK(kt_oracle::is_safe_message(r.why));
  }
  // A megabyte-long token or JSON string shows as a bounded excerpt.
  const std::string long_token(1 << 20, 'x');
  CHECK(text("1 " + long_token + "\n").why.size() < 200);
  CHECK(json("[\"" + long_token + "\x01\"]").why.size() < 300);
  CHECK(json("[[1, " + std::string(1 << 20, '1') + "]]").why.size() < 200);
}

TEST_CASE("a leading byte-order mark is skipped") {
  CHECK(any("\xEF\xBB\xBF  1\n").board == std::vector<std::int32_t>{1});
  CHECK(any("\xEF\xBB\xBF[[1]]").board == std::vector<std::int32_t>{1});
  CHECK(json("\xEF\xBB\xBF{\"board\": [[-1]]}").board == std::vector<std::int32_t>{-1});
}

TEST_CASE("the JSON reader reads rows alone or an object's board member") {
  const Read rows = json("[[1, 2], [-1, 0]]");
  REQUIRE(rows.why.empty());
  CHECK(rows.board == top_first({2, 2}, {1, 2, -1, 0}));
  // knights solve --format json: other members are skipped, however nested.
  const Read solved = json(
      R"({"status": "found", "rows": 1, "cols": 2, "start": [1, 1], "board": [[1, 2]],
          "path": [[1, 1], [2, 1]], "extra": {"a": [[[1.5, null, "x"]]]}, "seconds": 0.1})");
  REQUIRE(solved.why.empty());
  CHECK(solved.g.cols == 2);
  CHECK(solved.board == std::vector<std::int32_t>{1, 2});
  // Deep nesting elsewhere costs no stack: nlohmann's SAX parser does not recurse.
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  CHECK(json("{\"x\": " + deep + ", \"board\": [[1]]}").why.empty());
  CHECK_FALSE(json(deep).why.empty());
  // Parsing is by JSON's rules only: blanks and escaped keys are fine.
  CHECK(json(" {\"bo\\u0061rd\" : [ [ 1 ] ] } ").why.empty());
}

TEST_CASE("the JSON reader refuses everything but rows of integers") {
  const std::pair<const char*, const char*> refused[] = {
      {"[[-2]]", "row 1, square 1: -2 is not a move number (-1 marks a blocked square)"},
      {"[[-9223372036854775808]]", "is not a move number"},
      {"[[-9223372036854775809]]", "'-9223372036854775809' is not a move number"},  // a float
      {"[[1073741825]]", "1073741825 is above 1073741824"},
      {"[[4294967297]]", "4294967297 is above 1073741824"},
      {"[[9223372036854775808]]", "9223372036854775808 is above 1073741824"},
      {"[[18446744073709551617]]", "'18446744073709551617' is above 1073741824"},
      {"[[1.0]]", "'1.0' is not a whole number"},
      {"[[1e0]]", "'1e0' is not a whole number"},
      {"[[1E400]]", "not valid JSON at line 1, column 7 ('0]]'): a number too large"},
      {"[[\"1\"]]", "row 1, square 1 holds a string, not a move number"},
      {"[[true]]", "holds true or false"},
      {"[[null]]", "holds null"},
      {"[[[1]]]", "holds an array"},
      {"[[{}]]", "holds an object"},
      {"[1, 2]", "row 1 is a number, not an array of numbers"},
      {"[{}]", "row 1 is an object"},
      {"[]", "the board has no rows"},
      {"[[]]", "row 1 has no numbers"},
      {"[[1], []]", "row 2 has no numbers"},
      {"[[1, 2], [3]]", "row 2 has 1 numbers, the first row 2 (rows must be equally long)"},
      {"{}", "expected \"board\""},
      {"{\"rows\": 1}", "expected \"board\""},
      {"{\"board\": 5}", "expected rows of move numbers in \"board\", found a number"},
      {"{\"board\": {\"a\": 1}}", "found an object"},
      {"{\"board\": [[1]], \"board\": [[1]]}", "\"board\" appears twice"},
      {"{\"x\": {\"board\": [[1]]}}", "expected \"board\""},
      {"\"[[1]]\"", "expected rows of move numbers, found a string"},
      {"[[1]] [[1]]", "not valid JSON at line 1, column 7 ('[[1]]')"},
      {"[[1,\n 2,]]", "not valid JSON at line 2, column 4"},
      {"[[1]", "unexpected end of input"},
  };
  for (const auto& [in, message] : refused) {
    INFO(in);
    const Read r = json(in);
    CHECK_THAT(r.why, Catch::Contains(message));
    CHECK(kt_oracle::is_safe_message(r.why));
  }
}

TEST_CASE("a failed read leaves the caller's board alone") {
  Geometry g{2, 3};
  std::vector<std::int32_t> board = {1, 2, 3, 4, 5, 6};
  CHECK_FALSE(kt::parse_board_text("1 2\n3\n", g, board).empty());
  CHECK_FALSE(kt::parse_board_json("[[1, 2], [3]]", g, board).empty());
  CHECK(g.rows == 2);
  CHECK(g.cols == 3);
  CHECK(board == std::vector<std::int32_t>{1, 2, 3, 4, 5, 6});
}

TEST_CASE("parse_board tells JSON from text by the first byte") {
  CHECK(any(" \n\t[[1]]").why.empty());
  CHECK(any("{\"board\": [[1]]}").why.empty());
  CHECK(any("1\n").why.empty());
  CHECK_THAT(any("[[1] x]").why, Catch::Contains("not valid JSON"));
  CHECK_THAT(any("x [[1]]").why, Catch::Contains("no board found"));
  CHECK_THAT(any("1 x [[1]]").why, Catch::Contains("'x' is not a move number"));
}
