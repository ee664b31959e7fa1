// The named move orders and custom ones, and the tree each walks, against a plain recursive
// transcription of the textbook's TryMove written here.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "board/move_order.hpp"
#include "search/search.hpp"
#include "teaching/try_move.hpp"

namespace {

// Sutcliffe's TryMove, recursive, on an n x n board, stopping after `cap` steps (placed plus
// erased): the counters and the board at that point.
struct Plain {
  int n;
  const kt::MoveOrder& order;
  std::uint64_t cap;
  std::vector<int> board;  // [x][y], 1-based, as the Modula-2 program
  std::uint64_t placed = 0, erased = 0;
  bool stopped = false;

  bool at(int x, int y) const { return x >= 1 && x <= n && y >= 1 && y <= n; }
  int& sq(int x, int y) { return board[(y - 1) * n + (x - 1)]; }
  bool try_move(int move, int x, int y) {
    for (int k = 0; k < 8; ++k) {
      const int m = x + order.dx[k], v = y + order.dy[k];
      if (!at(m, v) || sq(m, v) != 0) continue;
      if (placed + erased == cap) {
        stopped = true;
        return true;
      }
      sq(m, v) = move;
      ++placed;
      if (move == n * n || try_move(move + 1, m, v)) return true;
      if (placed + erased == cap) {
        stopped = true;
        return true;
      }
      sq(m, v) = 0;
      ++erased;
    }
    return false;
  }
};

}  // namespace

TEST_CASE("every named order walks the plain recursion's tree (5x5, 6x6 capped)", "[heavy]") {
  for (const kt::MoveOrder& order : kt::kMoveOrders) {
    for (const auto& [n, cap] :
         {std::pair{5, std::uint64_t{0}}, std::pair{6, std::uint64_t{1'000'000}}}) {
      // Corners and centre have tours on 5x5; (2,1) has none, so its whole tree is walked.
      for (const kt::Square s : n == 5 ? std::vector<kt::Square>{{1, 1}, {3, 3}, {2, 1}}
                                       : std::vector<kt::Square>{{1, 1}}) {
        const kt::Geometry g{n, n};
        Plain plain{n, order, cap ? cap : ~std::uint64_t{0}, std::vector<int>(n * n, 0)};
        plain.sq(s.x, s.y) = 1;
        plain.try_move(2, s.x, s.y);
        auto engine = kt::make_search(kt::open_problem(g, s), order);
        engine->run(plain.stopped ? plain.placed + plain.erased : ~std::uint64_t{0});
        INFO(order.name << " " << n << "x" << n << " from " << kt::format_square(s));
        REQUIRE(engine->counters().placed == plain.placed);
        REQUIRE(engine->counters().erased == plain.erased);
        for (int k = 0; k < g.size(); ++k) REQUIRE(engine->board()[k] == plain.board[k]);
        if (!plain.stopped) {
          kt::TryMoveMachine m(kt::open_problem(g, s), order);
          m.run_until({kt::TryMoveMachine::Goal::Kind::end, 0}, ~std::uint64_t{0});
          REQUIRE(m.placed() == plain.placed);
          REQUIRE(m.erased() == plain.erased);
        }
      }
    }
  }
}

TEST_CASE("move orders by name and as eight pairs") {
  REQUIRE(kt::parse_move_order("sutcliffe")->dx == kt::kTextbookOrder.dx);
  REQUIRE(kt::parse_move_order("pseudocode")->dy == kt::kPseudocodeOrder.dy);
  // The handout's loops: i = -2..2, j = -2..2 with i*i + j*j = 5.
  std::vector<std::pair<int, int>> loops;
  for (int i = -2; i <= 2; ++i) {
    for (int j = -2; j <= 2; ++j) {
      if (i * i + j * j == 5) loops.emplace_back(i, j);
    }
  }
  for (int k = 0; k < 8; ++k) {
    REQUIRE(kt::kHandoutLoopOrder.dx[k] == loops[k].first);
    REQUIRE(kt::kHandoutLoopOrder.dy[k] == loops[k].second);
  }
  const auto custom = kt::parse_move_order("1,2;2,1;2,-1;1,-2;-1,-2;-2,-1;-2,1;-1,2");
  REQUIRE(custom);
  REQUIRE(custom->name == "custom");
  REQUIRE(kt::format_move_order(*custom) == "1,2;2,1;2,-1;1,-2;-1,-2;-2,-1;-2,1;-1,2");
  // A list equal to a named order takes its name.
  REQUIRE(kt::parse_move_order("1,2;2,1;1,-2;2,-1;-1,2;-2,1;-1,-2;-2,-1")->name == "sutcliffe");
  std::string why;
  for (const char* bad :
       {"", "knuth", "1,2", "1,2;2,1;2,-1;1,-2;-1,-2;-2,-1;-2,1;1,2",
        "1,2;2,1;2,-1;1,-2;-1,-2;-2,-1;-2,1;-1,2;1,2", "1,1;2,1;2,-1;1,-2;-1,-2;-2,-1;-2,1;-1,2",
        "0x1,2;2,1;2,-1;1,-2;-1,-2;-2,-1;-2,1;-1,2"}) {
    INFO(bad);
    REQUIRE_FALSE(kt::parse_move_order(bad, &why));
    REQUIRE_FALSE(why.empty());
  }
}
