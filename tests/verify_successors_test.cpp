// verify_successors (the parallel, bitmap-free compact-tour verifier) against verify_compact,
// the plain walk from the start, as its oracle: on good tours of both kinds, on every single-byte
// corruption of small tours' successor arrays (every other value a byte can hold that matters:
// each other direction, the end mark, invalid numbers), on two disjoint cycles, and with
// blocked squares. Small boards, so the test is cheap under ASan and in WebAssembly.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "construction/construct.hpp"
#include "solve/solver.hpp"
#include "verify/verify.hpp"

using kt::CompactTour;
using kt::Problem;
using kt::Square;
using kt::Verdict;

namespace {

Problem problem(int rows, int cols, bool closed, std::optional<Square> start = std::nullopt) {
  Problem p;
  p.geometry = {rows, cols};
  p.closed = closed;
  p.start = start;
  return p;
}

CompactTour built(const Problem& p) {
  CompactTour t;
  const std::string why = kt::construct_tour(p, t);
  INFO(why);
  REQUIRE(why.empty());
  return t;
}

// Both verifiers give the same verdict (ok, closed); a rejection always says why.
void agree(const Problem& p, const CompactTour& t, int threads = 0) {
  const Verdict want = kt::verify_compact(p, t);
  const Verdict got = kt::verify_successors(p, t, threads);
  INFO("verify_compact: " << (want.ok ? "ok" : want.reason));
  INFO("verify_successors: " << (got.ok ? "ok" : got.reason));
  REQUIRE(got.ok == want.ok);
  REQUIRE(got.closed == want.closed);
  if (!got.ok) REQUIRE_FALSE(got.reason.empty());
}

// Every value but the square's own, each direction, the end mark and invalid numbers, on every
// square; returns how many of the corrupted tours the verifiers still accept.
int corrupt_every_byte(const Problem& p, CompactTour t, int threads) {
  int accepted = 0;
  for (std::size_t k = 0; k < t.next.size(); ++k) {
    const std::uint8_t keep = t.next[k];
    for (int value : {0, 1, 2, 3, 4, 5, 6, 7, 8, 0x7F, 0xFE, 0xFF}) {
      if (value == keep) continue;
      t.next[k] = static_cast<std::uint8_t>(value);
      INFO("square index " << k << " set to " << value);
      agree(p, t, threads);
      accepted += kt::verify_compact(p, t).ok;
    }
    t.next[k] = keep;
  }
  return accepted;
}

}  // namespace

TEST_CASE("verify_successors accepts constructed tours of both kinds on many sizes") {
  for (int rows = 5; rows <= 16; ++rows) {
    for (int cols = 5; cols <= 16; ++cols) {
      INFO(rows << "x" << cols);
      if ((rows * cols) % 2 == 0) {
        const Problem closed = problem(rows, cols, true);
        const CompactTour t = built(closed);
        CHECK(kt::verify_successors(closed, t).ok);
        CHECK(kt::verify_successors(closed, t, 2).closed);
        const Problem open = problem(rows, cols, false, Square{cols, rows});
        agree(open, built(open), 3);
      } else {
        const Problem open = problem(rows, cols, false, Square{3, 3});
        const Verdict v = kt::verify_successors(open, built(open), 2);
        CHECK(v.ok);
        CHECK_FALSE(v.closed);
      }
    }
  }
}

TEST_CASE("verify_successors rejects every single-byte corruption the plain walk rejects") {
  SECTION("closed 6x8, one and two threads") {
    const Problem p = problem(6, 8, true);
    const CompactTour t = built(p);
    CHECK(corrupt_every_byte(p, t, 1) == 0);
    CHECK(corrupt_every_byte(p, t, 2) == 0);
    // Asked for an open tour from (1,1), the closed tour cut before (1,1) is one too: the end
    // mark on the start's predecessor is the only accepted corruption.
    Problem open = p;
    open.closed = false;
    open.start = Square{1, 1};
    CHECK(corrupt_every_byte(open, t, 2) == 1);
  }
  SECTION("open 7x9 from (5,3), fixed end") {
    Problem p = problem(7, 9, false, Square{5, 3});
    const CompactTour t = built(p);
    CHECK(corrupt_every_byte(p, t, 2) == 0);
    p.end = kt::compact_to_path(t).back();
    CHECK(corrupt_every_byte(p, t, 1) == 0);
    p.end = Square{1, 1};
    CHECK_THAT(kt::verify_successors(p, t).reason, Catch::Contains("not at (1,1)"));
  }
  SECTION("closed 12x10 whose interior rows take the vector path") {
    const Problem p = problem(12, 10, true);
    CHECK(corrupt_every_byte(p, built(p), 2) == 0);
  }
}

TEST_CASE("verify_successors rejects two cycles that each look like a tour locally") {
  // A 6x12 board holding two closed 6x6 tours side by side: every jump is legal and every
  // square has one predecessor, but the walk from the start returns after half the board.
  const CompactTour half = built(problem(6, 6, true));
  CompactTour t;
  t.geometry = {6, 12};
  t.start = {1, 1};
  t.closed = true;
  t.next.resize(72);
  for (int y = 0; y < 6; ++y) {
    for (int x = 0; x < 12; ++x) t.next[y * 12 + x] = half.next[y * 6 + x % 6];
  }
  for (int threads : {1, 2, 4}) {
    const Verdict v = kt::verify_successors(problem(6, 12, true), t, threads);
    CHECK_FALSE(v.ok);
    CHECK_THAT(v.reason, Catch::Contains("returns to it after 36 of 72 squares"));
  }
  // No landmark (the first column's squares) lies on the right half's cycle: only the count
  // finds it.
  agree(problem(6, 12, true), t, 2);
}

TEST_CASE("verify_successors names the fault") {
  const Problem p = problem(6, 6, true);
  CompactTour t = built(p);
  SECTION("an invalid direction") {
    t.next[7] = 9;
    CHECK_THAT(kt::verify_successors(p, t).reason, Catch::Contains("invalid direction 9"));
  }
  SECTION("off the board") {
    t.next[0] = 4;  // (1,1) jumps down and left
    CHECK_THAT(kt::verify_successors(p, t).reason, Catch::Contains("jumps off the board"));
  }
  SECTION("two predecessors") {
    t.next[0] = t.next[0] == 0 ? 1 : 0;
    CHECK_THAT(kt::verify_successors(p, t).reason, Catch::Contains("successor of 2 squares"));
  }
  SECTION("two ends") {
    t.next[0] = kt::kNoJump;
    t.next[35] = kt::kNoJump;
    for (int threads : {1, 3}) {
      CHECK_THAT(kt::verify_successors(p, t, threads).reason,
                 Catch::Contains("2 ends, at (1,1) and (6,6)"));
    }
  }
  SECTION("a size mismatch") {
    t.next.pop_back();
    CHECK_THAT(kt::verify_successors(p, t).reason, Catch::Contains("35 squares"));
  }
  SECTION("a start elsewhere") {
    Problem q = p;
    q.start = Square{2, 2};
    CHECK_THAT(kt::verify_successors(q, t).reason, Catch::Contains("not at (2,2)"));
    CHECK_THAT(kt::verify_compact(q, t).reason, Catch::Contains("not at (2,2)"));
  }
  SECTION("blocked squares for another board") {
    for (const std::size_t size : {std::size_t{1}, std::size_t{35}, std::size_t{37}}) {
      Problem q = p;
      q.blocked.assign(size, 0);
      CHECK_THAT(kt::verify_successors(q, t).reason, Catch::Contains("another board size"));
      CHECK_THAT(kt::verify_compact(q, t).reason, Catch::Contains("another board size"));
    }
  }
}

TEST_CASE("verify_successors ignores blocked squares' bytes and rejects jumps onto them") {
  Problem p = problem(6, 6, false, Square{1, 1});
  p.blocked.assign(36, 0);
  p.blocked[5 * 6 + 5] = 1;  // (6,6)
  p.blocked[2 * 6 + 3] = 1;  // (4,3)
  kt::Solver solver(p, kt::Method::warnsdorff);
  solver.run(10'000'000);
  REQUIRE(solver.status() == kt::Status::found);
  CompactTour t = *solver.compact();
  agree(p, t, 2);
  CHECK(kt::verify_successors(p, t).ok);
  t.next[35] = 3;  // a blocked square's byte is no part of the tour
  CHECK(kt::verify_successors(p, t).ok);
  // Only the blocked squares' own bytes (2 squares x 11 values) may change unnoticed.
  CHECK(corrupt_every_byte(p, t, 2) == 22);
}

TEST_CASE("verify_successors agrees with the plain walk on a threaded board") {
  // 520 x 520 squares: more than the single-thread threshold, so the default splits it.
  const Problem p = problem(520, 520, true);
  CompactTour t = built(p);
  CHECK(kt::verify_successors(p, t).ok);
  std::mt19937 rng(7);
  for (int i = 0; i < 12; ++i) {
    const std::size_t k = rng() % t.next.size();
    const std::uint8_t keep = t.next[k];
    t.next[k] = static_cast<std::uint8_t>(rng() % 9 == 8 ? kt::kNoJump : rng() % 8);
    if (t.next[k] != keep) CHECK_FALSE(kt::verify_successors(p, t).ok);
    t.next[k] = keep;
  }
}
