// The knight toolkit (core/board/knight.hpp) against brute force: the direction encoding, the
// colour convention, the bit helpers and the neighbour walk every table is built from.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <utility>
#include <vector>

#include "board/knight.hpp"
#include "board/move_order.hpp"
#include "board/problem.hpp"
#include "theory/existence.hpp"

using kt::Bitboard;
using kt::Colour;
using kt::Geometry;
using kt::Square;

namespace {

bool brute_jump(std::int64_t dx, std::int64_t dy) {
  return (std::abs(dx) == 1 && std::abs(dy) == 2) || (std::abs(dx) == 2 && std::abs(dy) == 1);
}

// A deterministic scatter of blocked squares (about one in `every`).
std::vector<std::uint8_t> scatter(Geometry g, int every, unsigned seed) {
  std::vector<std::uint8_t> blocked(static_cast<std::size_t>(g.size()), 0);
  std::uint32_t x = seed * 2654435761u + 1;
  for (auto& b : blocked) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    b = x % static_cast<std::uint32_t>(every) == 0;
  }
  return blocked;
}

bool is_blocked(const std::vector<std::uint8_t>& blocked, int i) {
  return !blocked.empty() && blocked[static_cast<std::size_t>(i)] != 0;
}

}  // namespace

TEST_CASE("the direction encoding is the fixed data format") {
  // CompactTour stores these numbers: they must never change.
  CHECK(kt::kJumpDx == std::array<int, 8>{1, 2, 2, 1, -1, -2, -2, -1});
  CHECK(kt::kJumpDy == std::array<int, 8>{2, 1, -1, -2, -2, -1, 1, 2});
  CHECK(kt::kNoJump == 0xFF);
}

TEST_CASE("direction_of round-trips the eight jumps") {
  for (int d = 0; d < 8; ++d) {
    INFO("direction " << d);
    CHECK(brute_jump(kt::kJumpDx[d], kt::kJumpDy[d]));
    CHECK(kt::direction_of(kt::kJumpDx[d], kt::kJumpDy[d]) == d);
    CHECK(kt::is_knight_jump(kt::kJumpDx[d], kt::kJumpDy[d]));
    const std::uint8_t r = kt::reverse_direction(static_cast<std::uint8_t>(d));
    CHECK(kt::kJumpDx[r] == -kt::kJumpDx[d]);
    CHECK(kt::kJumpDy[r] == -kt::kJumpDy[d]);
    CHECK(kt::reverse_direction(r) == d);
    const Square s{10, 20};
    const Square t = kt::jump(s, d);
    CHECK(kt::direction_of(t.x - s.x, t.y - s.y) == d);
    CHECK(kt::jump(t, r) == s);
    for (int e = 0; e < d; ++e) {
      CHECK_FALSE((kt::kJumpDx[e] == kt::kJumpDx[d] && kt::kJumpDy[e] == kt::kJumpDy[d]));
    }
  }
  // Constant-evaluated too.
  static_assert(kt::direction_of(2, -1) == 2 && kt::direction_of(-2, 1) == 6);
}

TEST_CASE("direction_of gives kNoJump for everything that is not a knight's jump") {
  int jumps = 0;
  for (int dy = -6; dy <= 6; ++dy) {
    for (int dx = -6; dx <= 6; ++dx) {
      INFO("(" << dx << ", " << dy << ")");
      const std::uint8_t d = kt::direction_of(dx, dy);
      CHECK(kt::is_knight_jump(dx, dy) == brute_jump(dx, dy));
      if (brute_jump(dx, dy)) {
        ++jumps;
        REQUIRE(d < 8);
        CHECK(kt::kJumpDx[d] == dx);
        CHECK(kt::kJumpDy[d] == dy);
      } else {
        CHECK(d == kt::kNoJump);
      }
    }
  }
  CHECK(jumps == 8);
  constexpr std::int64_t big = std::int64_t{1} << 40;
  for (const auto& [dx, dy] :
       {std::pair{big + 1, std::int64_t{2}}, std::pair{std::int64_t{1}, big + 2},
        std::pair{-big, -big}, std::pair{big * 3 + 1, big * 5 + 2}}) {
    CHECK(kt::direction_of(dx, dy) == kt::kNoJump);
  }
  CHECK(kt::direction_of(std::numeric_limits<std::int64_t>::min(), 1) == kt::kNoJump);
  CHECK(kt::direction_of(1, std::numeric_limits<std::int64_t>::max()) == kt::kNoJump);
}

TEST_CASE("colours: a1 is dark, a checkerboard, and the theory's colours") {
  CHECK(kt::colour_of(Square{1, 1}) == Colour::dark);  // a1, as on a chessboard
  CHECK(kt::colour_of(Square{2, 1}) == Colour::light);
  CHECK(kt::colour_of(Square{8, 8}) == Colour::dark);  // h8
  for (int y = -3; y <= 12; ++y) {
    for (int x = -3; x <= 12; ++x) {
      const Square s{x, y};
      // A checkerboard: neighbours along a row or a column differ.
      CHECK(kt::colour_of(Square{x + 1, y}) != kt::colour_of(s));
      CHECK(kt::colour_of(Square{x, y + 1}) != kt::colour_of(s));
      // 0-based coordinates colour alike.
      CHECK(kt::colour_of(x - 1, y - 1) == kt::colour_of(s));
      // Every knight's jump changes colour.
      for (int d = 0; d < 8; ++d) CHECK(kt::colour_of(kt::jump(s, d)) != kt::colour_of(s));
    }
  }
  for (int rows = 1; rows <= 9; ++rows) {
    for (int cols = 1; cols <= 9; ++cols) {
      const Geometry g{rows, cols};
      int dark = 0;
      for (int i = 0; i < g.size(); ++i) dark += kt::colour_of(g.square(i)) == Colour::dark;
      CHECK(kt::dark_squares(g) == dark);
      if (rows % 2 == 1 && cols % 2 == 1) CHECK(dark == g.size() - dark + 1);
    }
  }
  // The theory's colour argument: on an odd x odd board an open tour starts on a dark square
  // (the majority) and never on a light one.
  for (const Geometry g : {Geometry{5, 5}, Geometry{7, 7}, Geometry{5, 9}, Geometry{9, 7}}) {
    for (int i = 0; i < g.size(); ++i) {
      const Square s = g.square(i);
      INFO(g.rows << "x" << g.cols << " from " << kt::format_square(s));
      kt::Problem p;
      p.geometry = g;
      p.start = s;
      const kt::Existence e = kt::settle(p);
      CHECK((e.answer == kt::Answer::none) == (kt::colour_of(s) == Colour::light));
    }
  }
}

TEST_CASE("bit helpers") {
  CHECK(kt::bit(0) == 1);
  CHECK(kt::bit(63) == Bitboard{1} << 63);
  CHECK(kt::bit(std::uint8_t{5}) == 32);
  CHECK(kt::first_squares(0) == 0);
  CHECK(kt::first_squares(1) == 1);
  CHECK(kt::first_squares(63) == (Bitboard{1} << 63) - 1);
  CHECK(kt::first_squares(64) == ~Bitboard{0});
  std::uint64_t x = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < 1000; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    const Bitboard b = x >> (i % 64);  // sparse and dense sets
    int count = 0, low = -1, high = -1;
    for (int k = 0; k < 64; ++k) {
      if (b >> k & 1) {
        ++count;
        if (low < 0) low = k;
        high = k;
      }
    }
    CHECK(kt::popcount(b) == count);
    CHECK(kt::popcount_portable(b) == count);
    if (b != 0) {
      CHECK(kt::lsb(b) == low);
      CHECK(kt::msb(b) == high);
      Bitboard c = b;
      CHECK(kt::pop_lsb(c) == low);
      CHECK(c == (b & ~kt::bit(low)));
    }
  }
  static_assert(kt::popcount_portable(~Bitboard{0}) == 64 && kt::lsb(8) == 3 && kt::msb(9) == 3);
}

TEST_CASE("neighbour walks and masks match brute force, with blocked squares") {
  const std::vector<Geometry> boards = {{1, 1}, {1, 64},  {2, 5},  {3, 4},  {4, 4},
                                        {5, 5}, {8, 8},   {7, 9},  {4, 16}, {16, 4},
                                        {6, 7}, {13, 11}, {3, 40}, {31, 2}};
  for (const Geometry g : boards) {
    for (int every : {0, 7, 3}) {  // none blocked, a few, many
      const std::vector<std::uint8_t> blocked =
          every == 0 ? std::vector<std::uint8_t>{} : scatter(g, every, g.rows * 100 + g.cols);
      INFO(g.rows << "x" << g.cols << " blocked one in " << every);
      // Brute force: every pair of free squares a knight's jump apart, in index order.
      std::vector<std::vector<int>> brute(static_cast<std::size_t>(g.size()));
      for (int a = 0; a < g.size(); ++a) {
        if (is_blocked(blocked, a)) continue;
        for (int b = 0; b < g.size(); ++b) {
          const Square sa = g.square(a), sb = g.square(b);
          if (!is_blocked(blocked, b) && brute_jump(sb.x - sa.x, sb.y - sa.y)) {
            brute[static_cast<std::size_t>(a)].push_back(b);
          }
        }
      }
      for (int a = 0; a < g.size(); ++a) {
        if (is_blocked(blocked, a)) continue;
        // The walk visits each free neighbour once, in the direction encoding's sequence.
        std::vector<int> seen;
        int last_k = -1;
        kt::for_each_neighbour(
            g, a,
            [&](int to, int k) {
              CHECK(k > last_k);
              last_k = k;
              const Square sa = g.square(a), st = g.square(to);
              CHECK(kt::direction_of(st.x - sa.x, st.y - sa.y) == k);
              seen.push_back(to);
            },
            blocked);
        std::sort(seen.begin(), seen.end());
        CHECK(seen == brute[static_cast<std::size_t>(a)]);
      }
      const std::vector<Bitboard> masks = kt::neighbour_masks(g, blocked);
      if (g.size() > 64) {
        CHECK(masks.empty());
        continue;
      }
      REQUIRE(masks.size() == static_cast<std::size_t>(g.size()));
      for (int a = 0; a < g.size(); ++a) {
        Bitboard want = 0;
        for (int b : brute[static_cast<std::size_t>(a)]) want |= kt::bit(b);
        CHECK(masks[static_cast<std::size_t>(a)] == want);
        CHECK(kt::popcount(masks[static_cast<std::size_t>(a)]) ==
              static_cast<int>(brute[static_cast<std::size_t>(a)].size()));
      }
    }
  }
}

TEST_CASE("a move order's walk and MoveTable keep the order's sequence") {
  for (const kt::MoveOrder& order : {kt::kTextbookOrder, kt::kWirthOrder}) {
    for (const Geometry g : {Geometry{5, 5}, Geometry{8, 8}, Geometry{3, 7}}) {
      const kt::MoveTable table(g, order);
      for (int a = 0; a < g.size(); ++a) {
        const Square s = g.square(a);
        std::vector<int> want;
        for (int k = 0; k < 8; ++k) {
          const Square t{s.x + order.dx[k], s.y + order.dy[k]};
          if (g.contains(t)) want.push_back(g.index(t));
        }
        std::vector<int> walked;
        kt::for_each_neighbour(
            g, a, [&](int to) { walked.push_back(to); }, {}, order.dx, order.dy);
        CHECK(walked == want);
        const auto listed = table.neighbours(a);
        CHECK(std::vector<int>(listed.begin(), listed.end()) == want);
      }
    }
  }
}
