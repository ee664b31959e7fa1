// The independent verifier accepts tours and rejects each kind of broken one.
#include <catch2/catch.hpp>

#include <vector>

#include "formats/report.hpp"
#include "verify/verify.hpp"

using kt::Geometry;
using kt::Square;

namespace {

// Seed 000's 5x5 tour from (3,3), top row first as printed.
std::vector<std::int32_t> textbook_5x5() {
  const int printed[5][5] = {{23, 12, 7, 2, 21},
                             {6, 17, 22, 13, 8},
                             {11, 24, 1, 20, 3},
                             {16, 5, 18, 9, 14},
                             {25, 10, 15, 4, 19}};
  std::vector<std::int32_t> board(25);
  for (int r = 0; r < 5; ++r) {
    for (int x = 1; x <= 5; ++x) board[Geometry{5, 5}.index({x, 5 - r})] = printed[r][x - 1];
  }
  return board;
}

// The closed 8x8 tour printed in seed 003, rows 1..8 as printed (row 1 first).
std::vector<std::int32_t> closed_8x8() {
  const int printed[8][8] = {{1, 8, 11, 18, 35, 6, 33, 20},    {10, 17, 2, 7, 12, 19, 36, 5},
                             {15, 64, 9, 52, 3, 34, 21, 32},   {50, 25, 16, 13, 22, 57, 4, 37},
                             {63, 14, 51, 24, 53, 38, 31, 58}, {26, 49, 42, 45, 60, 23, 56, 39},
                             {43, 62, 47, 28, 41, 54, 59, 30}, {48, 27, 44, 61, 46, 29, 40, 55}};
  std::vector<std::int32_t> board(64);
  for (int r = 0; r < 8; ++r) {
    for (int c = 0; c < 8; ++c) board[r * 8 + c] = printed[r][c];
  }
  return board;
}

}  // namespace

TEST_CASE("the verifier accepts the textbook tour as open") {
  const auto v = kt::verify_board({5, 5}, textbook_5x5());
  CHECK(v.ok);
  CHECK_FALSE(v.closed);
  CHECK_FALSE(kt::verify_board({5, 5}, textbook_5x5(), true).ok);
}

TEST_CASE("the verifier accepts the handout's closed 8x8 tour") {
  const auto v = kt::verify_board({8, 8}, closed_8x8(), true);
  CHECK(v.ok);
  CHECK(v.closed);
}

TEST_CASE("the verifier rejects broken boards") {
  auto board = textbook_5x5();
  SECTION("a number out of range") {
    board[0] = 26;
    CHECK_THAT(kt::verify_board({5, 5}, board).reason, Catch::Contains("expected 1..25"));
  }
  SECTION("an empty square") {
    board[3] = 0;
    CHECK_FALSE(kt::verify_board({5, 5}, board).ok);
  }
  SECTION("a number used twice") {
    board[0] = board[1];
    CHECK_THAT(kt::verify_board({5, 5}, board).reason, Catch::Contains("appears twice"));
  }
  SECTION("two squares swapped: no longer knight's jumps") {
    std::swap(board[0], board[1]);
    CHECK_THAT(kt::verify_board({5, 5}, board).reason, Catch::Contains("not a knight's jump"));
  }
  SECTION("the wrong size") {
    board.pop_back();
    CHECK_FALSE(kt::verify_board({5, 5}, board).ok);
  }
}

TEST_CASE("the verifier rejects broken paths") {
  const Geometry g{3, 4};
  // An open tour of 3 rows x 4 columns.
  std::vector<Square> path = {{1, 1}, {3, 2}, {1, 3}, {2, 1}, {4, 2}, {2, 3},
                              {3, 1}, {4, 3}, {2, 2}, {4, 1}, {3, 3}, {1, 2}};
  REQUIRE(kt::verify_path(g, path).ok);
  SECTION("off the board") {
    path[11] = {0, 2};
    CHECK_THAT(kt::verify_path(g, path).reason, Catch::Contains("off the board"));
  }
  SECTION("a square revisited") {
    path[11] = path[0];
    CHECK_THAT(kt::verify_path(g, path).reason, Catch::Contains("revisits"));
  }
  SECTION("too short") {
    path.pop_back();
    CHECK_FALSE(kt::verify_path(g, path).ok);
  }
  SECTION("open where a closed tour is required") {
    CHECK_THAT(kt::verify_path(g, path, true).reason, Catch::Contains("the tour is open"));
  }
}

TEST_CASE("boards with blocked squares verify without them") {
  // A 3x4 tour with (1,1) blocked is not possible, but a 3x4 path over 11 squares is: take the
  // 12-square tour above and drop its first square.
  const Geometry g{3, 4};
  const std::vector<Square> path = {{1, 1}, {3, 2}, {1, 3}, {2, 1}, {4, 2}, {2, 3},
                                    {3, 1}, {4, 3}, {2, 2}, {4, 1}, {3, 3}, {1, 2}};
  std::vector<std::int32_t> board(12);
  for (std::size_t i = 1; i < path.size(); ++i) board[g.index(path[i])] = static_cast<int>(i);
  board[g.index(path[0])] = -1;
  CHECK(kt::verify_board(g, board).ok);
  board[g.index(path[1])] = -1;  // two blocked: numbers no longer fit
  CHECK_FALSE(kt::verify_board(g, board).ok);
}

TEST_CASE("the text format reads back what board_text prints") {
  const Geometry g{5, 5};
  auto board = textbook_5x5();
  board[0] = -1;  // print and read a blocked square too
  Geometry read;
  std::vector<std::int32_t> back;
  CHECK(kt::parse_board_text(kt::board_text(g, board) + "path found!\n", read, back).empty());
  CHECK(read.rows == 5);
  CHECK(read.cols == 5);
  CHECK(back == board);
  CHECK_FALSE(kt::parse_board_text("1 2 3\n4 5\n", read, back).empty());
  CHECK_FALSE(kt::parse_board_text("no numbers here\n", read, back).empty());
  CHECK_FALSE(kt::parse_board_text("1 x 3\n", read, back).empty());
}
