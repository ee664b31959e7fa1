// Coordinates, algebraic names and board limits.
#include <catch2/catch.hpp>

#include "board/geometry.hpp"

using kt::Square;

TEST_CASE("squares parse as x,y or algebraic names") {
  CHECK(kt::parse_square("3,3") == Square{3, 3});
  CHECK(kt::parse_square(" 1 , 2 ") == Square{1, 2});
  CHECK(kt::parse_square("a1") == Square{1, 1});
  CHECK(kt::parse_square("C3") == Square{3, 3});
  CHECK(kt::parse_square("h8") == Square{8, 8});
  CHECK(kt::parse_square("z12") == Square{26, 12});
}

TEST_CASE("malformed squares are refused with a reason") {
  for (const char* bad : {"", ",", "3", "3,", ",3", "a", "1a", "a1b", "x,y", "3;3", "a-1"}) {
    std::string why;
    CHECK_FALSE(kt::parse_square(bad, &why));
    CHECK_FALSE(why.empty());
  }
}

TEST_CASE("squares off the board are named") {
  const kt::Geometry g{5, 6};  // 5 rows, 6 columns
  CHECK(kt::check_on_board(g, {6, 5}).empty());
  CHECK_THAT(kt::check_on_board(g, {5, 6}), Catch::Contains("off the 5x6 board"));
  CHECK_FALSE(kt::check_on_board(g, {0, 1}).empty());
}

TEST_CASE("board sizes are checked before anything is allocated") {
  CHECK(kt::check_geometry(8, 8).empty());
  CHECK(kt::check_geometry(1, 1).empty());
  CHECK_FALSE(kt::check_geometry(0, 5).empty());
  CHECK_FALSE(kt::check_geometry(-3, 5).empty());
  CHECK_THAT(kt::check_geometry(100000, 100000), Catch::Contains("too large"));
  CHECK_FALSE(kt::check_geometry(INT64_MAX, INT64_MAX).empty());
}

TEST_CASE("index and square are inverse") {
  const kt::Geometry g{3, 7};
  for (int i = 0; i < g.size(); ++i) CHECK(g.index(g.square(i)) == i);
  CHECK(g.index({1, 1}) == 0);
  CHECK(g.index({7, 1}) == 6);
  CHECK(g.index({1, 2}) == 7);
}
