// The divide-and-conquer construction: every tour it builds is checked by the independent
// verifier (verify_compact / verify_path / verify_board), never by the construction's own code.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "construction/construct.hpp"
#include "construction/construct_blocks.hpp"
#include "theory/existence.hpp"
#include "verify/verify.hpp"

using kt::CompactTour;
using kt::Problem;
using kt::Square;

namespace {

Problem closed_problem(int rows, int cols) {
  Problem p;
  p.geometry = {rows, cols};
  p.closed = true;
  return p;
}

Problem open_problem(int rows, int cols, Square start) {
  Problem p;
  p.geometry = {rows, cols};
  p.start = start;
  return p;
}

// Builds the tour and returns the verifier's reason ("" when the tour is good and of the kind
// asked for).
std::string build_and_verify(const Problem& p) {
  CompactTour t;
  const std::string why = kt::construct_tour(p, t);
  if (!why.empty()) return "refused: " + why;
  const kt::Verdict v = kt::verify_compact(p, t);
  if (!v.ok) return v.reason;
  if (v.closed != p.closed) return p.closed ? "not closed" : "closed where open was asked";
  return "";
}

std::string board_name(const Problem& p) {
  std::string s = std::to_string(p.geometry.rows) + "x" + std::to_string(p.geometry.cols);
  if (p.start) s += " from " + kt::format_square(*p.start);
  return s;
}

}  // namespace

TEST_CASE("closed tours on every board 5..40 x 5..40 with an even number of squares") {
  int built = 0;
  for (int rows = 5; rows <= 40; ++rows) {
    for (int cols = 5; cols <= 40; ++cols) {
      if ((rows * cols) % 2 != 0) continue;
      const Problem p = closed_problem(rows, cols);
      INFO(board_name(p));
      REQUIRE(build_and_verify(p) == "");
      ++built;
    }
  }
  CHECK(built == 36 * 36 - 18 * 18);
}

TEST_CASE("closed tours start where asked") {
  Problem p = closed_problem(12, 7);
  for (Square s : {Square{1, 1}, Square{7, 12}, Square{4, 6}, Square{2, 9}}) {
    p.start = s;
    INFO(board_name(p));
    CHECK(build_and_verify(p) == "");
  }
}

TEST_CASE("open tours on boards with a closed tour start on every square") {
  for (auto [rows, cols] : {std::pair{5, 6}, {6, 5}, {8, 8}, {7, 10}, {13, 14}, {10, 21}}) {
    for (int y = 1; y <= rows; ++y) {
      for (int x = 1; x <= cols; ++x) {
        const Problem p = open_problem(rows, cols, {x, y});
        INFO(board_name(p));
        REQUIRE(build_and_verify(p) == "");
      }
    }
  }
}

TEST_CASE("open tours on odd x odd boards start on every square with x + y even", "[heavy]") {
  // Every start on boards up to 21 x 21; boundary rows/columns and a scatter beyond.
  int built = 0;
  for (int rows = 5; rows <= 33; rows += 2) {
    for (int cols = 5; cols <= 33; cols += 2) {
      for (int y = 1; y <= rows; ++y) {
        for (int x = 1; x <= cols; ++x) {
          if ((x + y) % 2 != 0) continue;
          const bool every = rows <= 21 && cols <= 21;
          if (!every &&
              !(x <= 2 || y <= 2 || x >= cols - 1 || y >= rows - 1 || (3 * x + y) % 7 == 0)) {
            continue;
          }
          const Problem p = open_problem(rows, cols, {x, y});
          INFO(board_name(p));
          REQUIRE(build_and_verify(p) == "");
          ++built;
        }
      }
    }
  }
  CHECK(built > 20000);
}

TEST_CASE("large boards") {
  SECTION("1000 x 999 closed") { CHECK(build_and_verify(closed_problem(1000, 999)) == ""); }
  SECTION("999 x 1000 open from the middle") {
    CHECK(build_and_verify(open_problem(999, 1000, {500, 500})) == "");
  }
  SECTION("2000 x 2000 closed") { CHECK(build_and_verify(closed_problem(2000, 2000)) == ""); }
  SECTION("1001 x 999 open from several starts") {
    for (Square s : {Square{1, 1}, Square{999, 1001}, Square{500, 500}, Square{2, 2},
                     Square{998, 6}, Square{13, 1001}}) {
      const Problem p = open_problem(1001, 999, s);
      INFO(board_name(p));
      CHECK(build_and_verify(p) == "");
    }
  }
  SECTION("thin: 5 x 4001 open, 6 x 3001 closed, 3001 x 5 open") {
    CHECK(build_and_verify(open_problem(5, 4001, {2001, 3})) == "");
    CHECK(build_and_verify(closed_problem(6, 3001)) == "");
    CHECK(build_and_verify(open_problem(3001, 5, {5, 1})) == "");
  }
}

TEST_CASE("refusals carry a reason") {
  CompactTour t;
  const auto refuse = [&](const Problem& p) {
    const std::string why = kt::construct_tour(p, t);
    CHECK(t.next.empty());
    CHECK(why == kt::construction_refusal(p));
    return why;
  };
  // Whether a tour exists is the theory's answer, reason and all.
  const auto theory = [](const Problem& p) {
    const kt::Existence e = kt::settle_full_board(p.geometry, p.closed, p.start, p.end);
    CHECK(e.answer == kt::Answer::none);
    return e.reason;
  };
  for (const Problem& p :
       {closed_problem(7, 9), closed_problem(4, 10), closed_problem(3, 8),
        open_problem(4, 4, {1, 1}), open_problem(6, 3, {1, 1}), open_problem(9, 7, {2, 1})}) {
    CHECK(refuse(p) == theory(p));
  }
  CHECK_THAT(refuse(closed_problem(7, 9)), Catch::Contains("as many squares of each colour"));
  CHECK_THAT(refuse(closed_problem(4, 10)), Catch::Contains("no 4x10 board has a closed tour"));
  CHECK_THAT(refuse(closed_problem(3, 8)), Catch::Contains("no 3x8 board has a closed tour"));
  CHECK_THAT(refuse(open_problem(4, 4, {1, 1})), Catch::Contains("no 4x4 board has an open tour"));
  CHECK_THAT(refuse(open_problem(6, 3, {1, 1})), Catch::Contains("no 6x3 board has an open tour"));
  CHECK_THAT(refuse(open_problem(9, 7, {2, 1})),
             Catch::Contains("must start on the more numerous colour, and (2,1) is not"));
  CHECK_THAT(refuse(open_problem(4, 10, {1, 1})), Catch::Contains("too small"));
  CHECK_THAT(refuse(closed_problem(3, 10)), Catch::Contains("too small"));
  Problem no_start;
  no_start.geometry = {8, 8};
  CHECK_THAT(refuse(no_start), Catch::Contains("needs a start"));
  Problem blocked = closed_problem(8, 8);
  blocked.blocked.assign(64, 0);
  blocked.blocked[10] = 1;
  CHECK_THAT(refuse(blocked), Catch::Contains("blocked"));
  Problem with_end = open_problem(8, 8, {1, 1});
  with_end.end = Square{2, 3};
  CHECK_THAT(refuse(with_end), Catch::Contains("end square"));
  Problem off = open_problem(8, 8, {9, 1});
  CHECK_FALSE(refuse(off).empty());
  // A blocked-square array with nothing blocked is fine.
  Problem none_blocked = closed_problem(8, 8);
  none_blocked.blocked.assign(64, 0);
  CHECK(build_and_verify(none_blocked) == "");
}

TEST_CASE("the sliced construction builds the same tour one block at a time") {
  for (const Problem& p :
       {closed_problem(60, 47), open_problem(37, 41, {20, 18}), open_problem(40, 30, {7, 9})}) {
    INFO(board_name(p));
    CompactTour whole;
    REQUIRE(kt::construct_tour(p, whole) == "");
    kt::Construction c(p);
    REQUIRE(c.status() == kt::Status::running);
    std::uint64_t calls = 0;
    while (c.run(1) == kt::Status::running) {
      ++calls;
      CHECK(c.blocks_done() <= c.blocks_total());
    }
    REQUIRE(c.status() == kt::Status::found);
    CHECK(c.blocks_done() == c.blocks_total());
    CHECK(calls >= c.blocks_total());
    int sum_w = 0, sum_h = 0;
    for (int w : c.column_bands()) sum_w += w;
    for (int h : c.row_bands()) sum_h += h;
    CHECK(sum_w == p.geometry.cols);
    CHECK(sum_h == p.geometry.rows);
    CHECK(c.tour().next == whole.next);
    CHECK(c.tour().start == whole.start);
    CHECK(kt::verify_compact(p, c.tour()).ok);
  }
  kt::Construction refused(closed_problem(5, 5));
  CHECK(refused.status() == kt::Status::none);
  CHECK_THAT(refused.reason(), Catch::Contains("closed tour"));
  CHECK(refused.run(100) == kt::Status::none);
}

TEST_CASE("a half-built construction has unwritten squares") {
  kt::Construction c(closed_problem(100, 100));
  c.run(5);
  REQUIRE(c.status() == kt::Status::running);
  CHECK(c.blocks_done() == 4);  // the first step also sets up
  const auto& next = c.tour().next;
  CHECK(std::count(next.begin(), next.end(), kt::kNoJump) > 0);
}

TEST_CASE("compact tours convert to paths and move-number boards") {
  const Problem closed = closed_problem(9, 10);
  CompactTour t;
  REQUIRE(kt::construct_tour(closed, t) == "");
  const std::vector<Square> path = kt::compact_to_path(t);
  CHECK(path.size() == 90);
  CHECK(kt::verify_path(closed.geometry, path, true).ok);
  CHECK(kt::verify_board(closed.geometry, kt::compact_to_board(t), true).ok);

  const Problem open = open_problem(11, 7, {4, 6});
  REQUIRE(kt::construct_tour(open, t) == "");
  const std::vector<Square> open_path = kt::compact_to_path(t);
  REQUIRE_FALSE(open_path.empty());
  CHECK(open_path.front() == Square{4, 6});
  CHECK(kt::verify_path(open.geometry, open_path).ok);
  const auto board = kt::compact_to_board(t);
  CHECK(board[open.geometry.index({4, 6})] == 1);
  CHECK(kt::verify_board(open.geometry, board).ok);
}

TEST_CASE("building blocks exist for every size and join pattern the tiling uses") {
  using namespace kt::construct_detail;
  // Closed blocks: all sides 5..12 with an even area, with the N edges the joins ask for by
  // default (the corner edges are in every closed tour). Not every combination exists (5 x 6
  // cannot take N_h and N_v at both corners of a side), so the neighbours of the start's block
  // are checked when that block's joins are chosen.
  for (int w = 5; w <= 12; ++w) {
    for (int h = 5; h <= 12; ++h) {
      if ((w * h) % 2 != 0) continue;
      for (std::uint16_t mask :
           {std::uint16_t{0}, edge_bit(kBottomRight, kNh), edge_bit(kTopLeft, kNv),
            static_cast<std::uint16_t>(edge_bit(kBottomRight, kNh) | edge_bit(kTopLeft, kNv))}) {
        INFO(w << "x" << h << " mask " << mask);
        const Block* b = closed_block(w, h, mask);
        REQUIRE(b != nullptr);
        // Its tour, read back as a path, passes the verifier.
        std::vector<Square> path;
        int cell = 0;
        for (int i = 0; i < w * h; ++i) {
          path.push_back({cell % w + 1, cell / w + 1});
          const int d = b->fwd[cell];
          cell = (cell / w + kt::kJumpDy[d]) * w + cell % w + kt::kJumpDx[d];
        }
        CHECK(cell == 0);
        CHECK(kt::verify_path(kt::Geometry{h, w}, path, true).ok);
      }
    }
  }
  // Open blocks from every majority square of every odd size, joined on all four sides.
  for (int w = 5; w <= 11; w += 2) {
    for (int h = 5; h <= 11; h += 2) {
      for (int s = 0; s < w * h; ++s) {
        if ((s % w + s / w) % 2 != 0) continue;
        INFO(w << "x" << h << " start " << s);
        CHECK(open_block(w, h, 0, s) != nullptr);
      }
    }
  }
  CHECK(open_block(5, 5, 0, 1) == nullptr);  // a minority square
}

TEST_CASE("tilings cover every side length with bands of 5..12") {
  using namespace kt::construct_detail;
  for (int length = 6; length <= 400; length += 2) {
    const std::vector<int> bands = even_bands(length);
    int sum = 0;
    for (int b : bands) {
      CHECK(b % 2 == 0);
      CHECK(b >= 6);
      CHECK(b <= 12);
      sum += b;
    }
    CHECK(sum == length);
  }
  for (int length = 5; length <= 301; length += 2) {
    for (int at = -1; at < length; ++at) {
      INFO("length " << length << " odd band over " << at);
      std::vector<int> bands;
      int odd = -1;
      REQUIRE(odd_bands(length, at, bands, odd));
      int sum = 0, odd_count = 0, odd_from = 0;
      for (std::size_t i = 0; i < bands.size(); ++i) {
        CHECK(bands[i] >= 5);
        CHECK(bands[i] <= 12);
        if (bands[i] % 2 != 0) {
          ++odd_count;
          CHECK(static_cast<int>(i) == odd);
          odd_from = sum;
        }
        sum += bands[i];
      }
      CHECK(sum == length);
      CHECK(odd_count == 1);
      if (at >= 0) {
        CHECK(odd_from <= at);
        CHECK(at < odd_from + bands[odd]);
      }
    }
  }
}
