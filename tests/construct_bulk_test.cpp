// The construction's bulk path (the whole board at once from band images, on every core; what
// huge boards take) against its block-by-block path: the same tour byte for byte on boards of
// both parities, closed and open, from starts all over the board, and every result accepted by
// both independent verifiers. Small boards (the bulk threshold is lowered), so the test is cheap
// under ASan and in WebAssembly.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "construction/construct.hpp"
#include "verify/verify.hpp"

using kt::CompactTour;
using kt::Problem;
using kt::Square;

namespace {

constexpr std::uint64_t kAll = std::numeric_limits<std::uint64_t>::max();

Problem make(int rows, int cols, bool closed, std::optional<Square> start = std::nullopt) {
  Problem p;
  p.geometry = {rows, cols};
  p.closed = closed;
  p.start = start;
  return p;
}

// Builds p both ways; "" when both agree and both verifiers accept the tour as asked.
std::string bulk_matches_blocks(const Problem& p) {
  kt::Construction bulk(p, /*bulk_squares=*/0);
  kt::Construction blocks(p, /*bulk_squares=*/std::numeric_limits<std::size_t>::max());
  if (bulk.run(kAll) != kt::Status::found) return "bulk: " + bulk.reason();
  if (blocks.run(kAll) != kt::Status::found) return "blocks: " + blocks.reason();
  if (bulk.blocks_done() != bulk.blocks_total()) return "bulk: blocks left";
  const CompactTour& t = bulk.tour();
  if (t.next != blocks.tour().next || !(t.start == blocks.tour().start)) return "tours differ";
  const kt::Verdict fast = kt::verify_successors(p, t);
  if (!fast.ok) return "verify_successors: " + fast.reason;
  const kt::Verdict plain = kt::verify_compact(p, t);
  if (!plain.ok) return "verify_compact: " + plain.reason;
  if (fast.closed != p.closed || plain.closed != p.closed) return "wrong kind of tour";
  return "";
}

}  // namespace

TEST_CASE("bulk construction: closed tours on every even board 5..26 x 5..26") {
  for (int rows = 5; rows <= 26; ++rows) {
    for (int cols = 5; cols <= 26; ++cols) {
      if ((rows * cols) % 2 != 0) continue;
      INFO(rows << "x" << cols);
      CHECK(bulk_matches_blocks(make(rows, cols, true)) == "");
    }
  }
}

TEST_CASE("bulk construction: open tours on odd x odd boards from starts all over") {
  for (int rows = 5; rows <= 31; rows += 2) {
    for (int cols = 5; cols <= 31; cols += 4) {
      for (int y = 1; y <= rows; y += 3) {
        for (int x = 1 + (y + 1) % 2; x <= cols; x += 4) {  // x + y even: a dark square
          INFO(rows << "x" << cols << " from " << x << "," << y);
          CHECK(bulk_matches_blocks(make(rows, cols, false, Square{x, y})) == "");
        }
      }
    }
  }
}

TEST_CASE("bulk construction: open tours cut from closed ones, and larger boards") {
  for (const Problem& p : {make(6, 9, false, Square{4, 2}), make(30, 17, false, Square{17, 30}),
                           make(48, 50, false, Square{1, 1}), make(101, 97, false, Square{50, 50}),
                           make(99, 125, false, Square{1, 99}), make(130, 200, true),
                           make(127, 64, true), make(64, 127, true, Square{33, 20})}) {
    INFO(p.geometry.rows << "x" << p.geometry.cols);
    CHECK(bulk_matches_blocks(p) == "");
  }
}

TEST_CASE("construct_tour takes the bulk path on large boards") {
  // 1100 x 1000 squares: above kBulkSquares, so construct_tour builds it at once.
  const Problem p = make(1100, 1000, true, Square{3, 7});
  REQUIRE(static_cast<std::size_t>(1100 * 1000) >= kt::kBulkSquares);
  CompactTour t;
  REQUIRE(kt::construct_tour(p, t) == "");
  const kt::Verdict v = kt::verify_successors(p, t);
  CHECK(v.ok);
  CHECK(v.closed);
  CHECK(t.start == Square{3, 7});
}
