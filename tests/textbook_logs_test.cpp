// The four run logs printed in Sutcliffe's chapter, reproduced to the character.
#include <catch2/catch.hpp>

#include "search/search.hpp"
#include "solve/report.hpp"
#include "verify/verify.hpp"

namespace {

std::string run_textbook(int size, kt::Square start) {
  auto search = kt::make_search(kt::open_problem({size, size}, start), kt::kTextbookOrder);
  REQUIRE(search->run(UINT64_MAX) == kt::Status::found);
  CHECK(kt::verify_board(search->geometry(), search->board()).ok);
  return kt::board_text(search->geometry(), search->board());
}

}  // namespace

TEST_CASE("Sutcliffe's run log: 5x5 from (3,3)") {
  CHECK(run_textbook(5, {3, 3}) ==
        "   23   12    7    2   21\n\n"
        "    6   17   22   13    8\n\n"
        "   11   24    1   20    3\n\n"
        "   16    5   18    9   14\n\n"
        "   25   10   15    4   19\n\n");
}

TEST_CASE("Sutcliffe's run log: 5x5 from (1,1)") {
  CHECK(run_textbook(5, {1, 1}) ==
        "   25   18    3   12   23\n\n"
        "    8   13   24   17    4\n\n"
        "   19    2    7   22   11\n\n"
        "   14    9   20    5   16\n\n"
        "    1    6   15   10   21\n\n");
}

TEST_CASE("Sutcliffe's run log: 6x6 from (1,1)") {
  CHECK(run_textbook(6, {1, 1}) ==
        "   36   31   34   21    4    7\n\n"
        "   33   20    3    6   11   22\n\n"
        "   30   35   32   23    8    5\n\n"
        "   19    2   27   10   15   12\n\n"
        "   26   29   14   17   24    9\n\n"
        "    1   18   25   28   13   16\n\n");
}

TEST_CASE("Sutcliffe's run log: 7x7 from (4,4)") {
  CHECK(run_textbook(7, {4, 4}) ==
        "   49   22   19   44   17   10    3\n\n"
        "   46   43   48   21    2    7   16\n\n"
        "   23   20   45   18    9    4   11\n\n"
        "   42   47   32    1    6   15    8\n\n"
        "   33   24   35   38   29   12    5\n\n"
        "   36   41   26   31   14   39   28\n\n"
        "   25   34   37   40   27   30   13\n\n");
}

TEST_CASE("Wirth's move order gives his table 3.1 for n = 5 from (1,1)") {
  // Wirth prints h[x, y] with x as the printed row: row x = 1 is 1 6 15 10 21.
  auto search = kt::make_search(kt::open_problem({5, 5}, {1, 1}), kt::kWirthOrder);
  REQUIRE(search->run(UINT64_MAX) == kt::Status::found);
  const int table[5][5] = {{1, 6, 15, 10, 21},
                           {14, 9, 20, 5, 16},
                           {19, 2, 7, 22, 11},
                           {8, 13, 24, 17, 4},
                           {25, 18, 3, 12, 23}};
  for (int x = 1; x <= 5; ++x) {
    for (int y = 1; y <= 5; ++y) {
      CHECK(search->board()[search->geometry().index({x, y})] == table[x - 1][y - 1]);
    }
  }
}
