// Exact tour counting: published counts, brute-force cross-checks, listing, limits, slicing and
// bad input.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "counting/count.hpp"
#include "verify/verify.hpp"

using kt::CountOptions;
using kt::Geometry;
using kt::Problem;
using kt::Square;
using kt::Status;

namespace {

Problem board(int rows, int cols, std::vector<Square> blocked = {}) {
  Problem p;
  p.geometry = {rows, cols};
  if (!blocked.empty()) {
    p.blocked.assign(static_cast<std::size_t>(rows * cols), 0);
    for (Square s : blocked) p.blocked[p.geometry.index(s)] = 1;
  }
  return p;
}

Problem from(Problem p, Square start) {
  p.start = start;
  return p;
}

Problem closed(Problem p) {
  p.closed = true;
  return p;
}

std::uint64_t count(const Problem& p, bool symmetry = true, int threads = 1,
                    std::size_t split_tasks = 0) {
  CountOptions o;
  o.use_symmetry = symmetry;
  o.threads = threads;
  o.split_tasks = split_tasks;
  const auto r = kt::count_tours(p, o);
  REQUIRE(r.error.empty());
  REQUIRE(r.complete);
  return r.count;
}

// OEIS's "first n cells of an R x ceiling(n/R) board" (A389755, A389759, A383660, A383661): the
// cells are taken column by column, so the last column keeps only its first n mod R cells; the
// others are blocked. (Top or bottom makes no difference: the board is symmetric.)
Problem first_cells(int rows, int cells) {
  const int cols = (cells + rows - 1) / rows;
  std::vector<Square> blocked;
  for (int y = 1; y <= rows * cols - cells; ++y) blocked.push_back({cols, y});
  return board(rows, cols, blocked);
}

// The plainest possible count, sharing nothing with the engine: a recursive walk over the board
// that tries every jump. For every free square, the directed open tours from it; and the number
// of closed tours (directed tours from the first free square that end next to it, halved).
struct BruteForce {
  Geometry g;
  std::vector<std::uint8_t> used;
  int free = 0;
  std::vector<std::uint64_t> from;  // per square index
  std::uint64_t closed = 0;
  int first = -1;

  explicit BruteForce(const Problem& p) : g(p.geometry), used(g.size(), 0), from(g.size(), 0) {
    for (int i = 0; i < g.size(); ++i) {
      used[i] = p.is_blocked(i);
      free += !used[i];
    }
    std::uint64_t closed_directed = 0;
    for (int i = 0; i < g.size(); ++i) {
      if (used[i]) continue;
      if (first < 0) first = i;
      used[i] = 1;
      std::uint64_t back = 0;
      walk(g.square(i), g.square(i), 1, from[i], back);
      used[i] = 0;
      if (i == first) closed_directed = back;
    }
    closed = free >= 3 ? closed_directed / 2 : 0;
  }

  static bool jump(Square a, Square b) { return std::abs(a.x - b.x) * std::abs(a.y - b.y) == 2; }

  void walk(Square start, Square at, int depth, std::uint64_t& tours, std::uint64_t& back) {
    if (depth == free) {
      ++tours;
      back += jump(at, start);
      return;
    }
    for (int dx = -2; dx <= 2; ++dx) {
      for (int dy = -2; dy <= 2; ++dy) {
        const Square to{at.x + dx, at.y + dy};
        if (!jump(at, to) || !g.contains(to) || used[g.index(to)]) continue;
        used[g.index(to)] = 1;
        walk(start, to, depth + 1, tours, back);
        used[g.index(to)] = 0;
      }
    }
  }

  std::uint64_t all() const {
    std::uint64_t sum = 0;
    for (auto n : from) sum += n;
    return sum;
  }
};

// Compares every kind of count of `p`'s board with the brute force.
void check_against_brute_force(const Problem& p) {
  const BruteForce brute(p);
  const Geometry g = p.geometry;
  INFO(g.rows << "x" << g.cols << " with " << g.size() - brute.free << " blocked");
  // Small boards are often enumerated whole by the split: also count with one task per start,
  // so that the search proper (pruning, memo) walks the whole tree.
  CHECK(count(p) == brute.all());
  CHECK(count(p, false) == brute.all());
  CHECK(count(p, true, 1, 1) == brute.all());
  CHECK(count(closed(p)) == brute.closed);
  CHECK(count(closed(p), true, 1, 1) == brute.closed);
  for (int i = 0; i < g.size(); ++i) {
    if (p.is_blocked(i)) continue;
    INFO("from " << kt::format_square(g.square(i)));
    CHECK(count(from(p, g.square(i))) == brute.from[i]);
    CHECK(count(from(p, g.square(i)), true, 1, 1) == brute.from[i]);
  }
}

// A pseudo-random choice of `k` squares to block, the same on every run.
std::vector<Square> scatter(Geometry g, int k, std::uint32_t seed) {
  std::vector<Square> out;
  while (static_cast<int>(out.size()) < k) {
    seed = seed * 1664525u + 1013904223u;
    const Square s = g.square(static_cast<int>((seed >> 8) % static_cast<std::uint32_t>(g.size())));
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  }
  return out;
}

// Lists every tour of `p` and checks each with the independent verifier.
std::vector<std::vector<std::int32_t>> list_and_verify(const Problem& p, int threads = 1) {
  std::vector<std::vector<std::int32_t>> tours;
  CountOptions o;
  o.threads = threads;
  o.on_tour = [&](std::span<const std::int32_t> path) {
    tours.emplace_back(path.begin(), path.end());
  };
  const auto r = kt::count_tours(p, o);
  REQUIRE(r.complete);
  REQUIRE(r.count == tours.size());
  const Geometry g = p.geometry;
  for (const auto& t : tours) {
    if (p.blocked.empty()) {
      std::vector<Square> path;
      for (auto i : t) path.push_back(g.square(i));
      const auto v = kt::verify_path(g, path, p.closed);
      INFO(v.reason);
      REQUIRE(v.ok);
    } else {  // the compact form is what the verifier checks against blocked squares
      kt::CompactTour c{g, g.square(t.front()), p.closed,
                        std::vector<std::uint8_t>(g.size(), kt::kNoJump)};
      for (std::size_t k = 0; k < t.size(); ++k) {
        if (k + 1 == t.size() && !p.closed) break;
        const Square a = g.square(t[k]), b = g.square(t[(k + 1) % t.size()]);
        for (std::uint8_t d = 0; d < 8; ++d) {
          if (a.x + kt::kJumpDx[d] == b.x && a.y + kt::kJumpDy[d] == b.y) c.next[t[k]] = d;
        }
      }
      const auto v = kt::verify_compact(p, c);
      INFO(v.reason);
      REQUIRE(v.ok);
    }
    if (p.start) REQUIRE(t.front() == g.index(*p.start));
  }
  return tours;
}

// A closed tour as a set of edges does not depend on where it starts or which way it runs.
std::vector<std::int32_t> canonical_cycle(std::vector<std::int32_t> t) {
  std::rotate(t.begin(), std::min_element(t.begin(), t.end()), t.end());
  if (t.size() > 2 && t.back() < t[1]) std::reverse(t.begin() + 1, t.end());
  return t;
}

}  // namespace

// --- Published counts -----------------------------------------------------------------------

TEST_CASE("published counts of directed open tours on square boards") {
  // OEIS A165134 (directed Hamiltonian paths of the n x n knight graph): 1, 0, 0, 0, 1728,
  // 6637920, ...
  CHECK(count(board(1, 1)) == 1);
  CHECK(count(board(2, 2)) == 0);
  CHECK(count(board(3, 3)) == 0);
  CHECK(count(board(4, 4)) == 0);
  CHECK(count(board(5, 5)) == 1728);
  CHECK(count(board(6, 6), true, 2) == 6637920);
  // A165134's example (Coserea): tours from each square of 5x5, 304*4 + 56*8 + 64 = 1728.
  CHECK(count(from(board(5, 5), {1, 1})) == 304);
  CHECK(count(from(board(5, 5), {5, 5})) == 304);
  CHECK(count(from(board(5, 5), {2, 1})) == 0);
  CHECK(count(from(board(5, 5), {3, 1})) == 56);
  CHECK(count(from(board(5, 5), {2, 2})) == 56);
  CHECK(count(from(board(5, 5), {3, 3})) == 64);
}

TEST_CASE("published counts of directed open tours on rectangles") {
  // OEIS A118067 (directed Hamiltonian paths of the 3 x n knight graph): 3x4 16, 3x5 0, 3x6 0,
  // 3x7 104, 3x8 792, 3x9 1120, 3x10 6096.
  CHECK(count(board(3, 4)) == 16);
  CHECK(count(board(4, 3)) == 16);
  CHECK(count(board(3, 5)) == 0);
  CHECK(count(board(3, 6)) == 0);
  CHECK(count(board(3, 7)) == 104);
  CHECK(count(board(3, 8)) == 792);
  CHECK(count(board(3, 9)) == 1120);
  CHECK(count(board(3, 10)) == 6096);
  // OEIS A079137 (undirected Hamiltonian paths of the 4 x n knight graph): 4x5 82, 4x6 744,
  // 4x7 6378 paths, each two directed tours.
  CHECK(count(board(4, 5)) == 2 * 82);
  CHECK(count(board(4, 6)) == 2 * 744);
  CHECK(count(board(7, 4)) == 2 * 6378);
  // OEIS A083386 (5 x n), here as A389755's a(30) = 18784 undirected paths on 5x6.
  CHECK(count(board(5, 6)) == 2 * 18784);
  CHECK(count(board(5, 7)) == 2 * 622868);  // A389755's a(35)
}

TEST_CASE("published counts of closed tours") {
  // OEIS A001230 (undirected closed tours on 2n x 2n): 0, 0, 9862 (4x4 none, 6x6 9862).
  CHECK(count(closed(board(4, 4))) == 0);
  CHECK(count(closed(board(6, 6))) == 9862);
  // OEIS A175881 (closed tours on 6 x n): 6x5 8, 6x6 9862.
  CHECK(count(closed(board(5, 6))) == 8);
  CHECK(count(closed(board(6, 5))) == 8);
  CHECK(count(closed(board(6, 7)), true, 2) == 1067638);
  // OEIS A070030 (closed tours on 3 x 2n): 3x8 0, 3x10 16, 3x12 176.
  CHECK(count(closed(board(3, 8))) == 0);
  CHECK(count(closed(board(3, 10))) == 16);
  CHECK(count(closed(board(3, 12))) == 176);
  // An odd number of squares never has a closed tour (the knight alternates colours).
  CHECK(count(closed(board(5, 5))) == 0);
  CHECK(count(closed(board(1, 1))) == 0);
}

TEST_CASE("published counts with blocked squares") {
  // Knuth's "first n cells" boards, whose last column is short (undirected paths, so twice as
  // many directed tours). A389759 (3 rows): a(10) = 2, a(11) = 2, a(13) = 8, a(14) = 4.
  CHECK(count(first_cells(3, 10)) == 2 * 2);
  CHECK(count(first_cells(3, 11)) == 2 * 2);
  CHECK(count(first_cells(3, 13)) == 2 * 8);
  CHECK(count(first_cells(3, 14)) == 2 * 4);
  // A389755 (5 rows): a(14) = 4, a(17) = 4, a(18) = 95, a(19) = 144, a(21) = 16, a(24) = 4292.
  CHECK(count(first_cells(5, 14)) == 2 * 4);
  CHECK(count(first_cells(5, 17)) == 2 * 4);
  CHECK(count(first_cells(5, 18)) == 2 * 95);
  CHECK(count(first_cells(5, 19)) == 2 * 144);
  CHECK(count(first_cells(5, 21)) == 2 * 16);
  CHECK(count(first_cells(5, 24)) == 2 * 4292);
  // Closed tours. A383661 (5 rows, 2n cells): a(9) = 1, a(11) = 1, a(12) = 30, a(14) = 148.
  CHECK(count(closed(first_cells(5, 18))) == 1);
  CHECK(count(closed(first_cells(5, 22))) == 1);
  CHECK(count(closed(first_cells(5, 24))) == 30);
  CHECK(count(closed(first_cells(5, 28))) == 148);
  // A383660 (3 rows, 2n cells): a(11) = 4, a(13) = 4, a(14) = 24.
  CHECK(count(closed(first_cells(3, 22))) == 4);
  CHECK(count(closed(first_cells(3, 26))) == 4);
  CHECK(count(closed(first_cells(3, 28))) == 24);
}

// --- Brute force ----------------------------------------------------------------------------

TEST_CASE("counts match a brute-force walk on every small board, from every start", "[slow]") {
  for (int rows = 1; rows <= 5; ++rows) {
    for (int cols = rows; cols <= 5; ++cols) check_against_brute_force(board(rows, cols));
  }
  check_against_brute_force(board(3, 7));
  check_against_brute_force(board(4, 6));
}

TEST_CASE("counts match a brute-force walk with blocked squares", "[slow]") {
  // Symmetric patterns keep some symmetries for the shortcut; scattered ones keep none.
  check_against_brute_force(board(5, 5, {{3, 3}}));
  check_against_brute_force(board(5, 5, {{1, 1}, {5, 5}}));
  check_against_brute_force(board(5, 5, {{1, 1}, {5, 1}, {1, 5}, {5, 5}}));
  check_against_brute_force(board(4, 5, {{1, 1}, {5, 4}}));
  check_against_brute_force(board(4, 6, {{1, 1}, {6, 1}}));
  check_against_brute_force(board(3, 8, {{4, 2}, {5, 2}}));
  std::uint32_t seed = 7;
  for (const auto& [rows, cols, k] : std::vector<std::array<int, 3>>{{4, 4, 1},
                                                                     {4, 5, 1},
                                                                     {4, 5, 2},
                                                                     {4, 5, 3},
                                                                     {5, 5, 1},
                                                                     {5, 5, 2},
                                                                     {5, 5, 3},
                                                                     {3, 7, 1},
                                                                     {3, 8, 2},
                                                                     {5, 6, 6}}) {
    check_against_brute_force(board(rows, cols, scatter({rows, cols}, k, seed += 101)));
  }
}

TEST_CASE("a board with no free square or a lone one") {
  CHECK(count(board(2, 2, {{1, 1}, {1, 2}, {2, 1}, {2, 2}})) == 0);
  CHECK(count(board(2, 2, {{1, 2}, {2, 1}, {2, 2}})) == 1);
  CHECK(count(from(board(1, 1), {1, 1})) == 1);
  CHECK(count(closed(board(2, 3))) == 0);
}

TEST_CASE("tours between a given start and end") {
  // The tours from a corner of 5x5 split by where they end; counted from the end, reversed.
  const Problem corner = from(board(5, 5), {1, 1});
  std::uint64_t sum = 0;
  for (int i = 1; i < 25; ++i) {
    Problem p = corner;
    p.end = Geometry{5, 5}.square(i);
    const auto tours = list_and_verify(p);
    for (const auto& t : tours) CHECK(t.back() == i);
    CHECK(count(p) == tours.size());
    sum += tours.size();
  }
  CHECK(sum == 304);
  Problem to_corner = board(5, 5);
  to_corner.end = Square{1, 1};
  CHECK(count(to_corner) == 304);
  for (const auto& t : list_and_verify(to_corner)) CHECK(t.back() == 0);
}

// --- Listing --------------------------------------------------------------------------------

TEST_CASE("every listed tour is a distinct verified tour") {
  SECTION("open, from a corner of 5x5") {
    const auto tours = list_and_verify(from(board(5, 5), {1, 1}));
    CHECK(tours.size() == 304);
    CHECK(std::set(tours.begin(), tours.end()).size() == 304);
  }
  SECTION("open, every start of 5x5, two threads") {
    const auto tours = list_and_verify(board(5, 5), 2);
    CHECK(tours.size() == 1728);
    CHECK(std::set(tours.begin(), tours.end()).size() == 1728);
  }
  SECTION("closed 6x6: 9862 different cycles") {
    const auto tours = list_and_verify(closed(board(6, 6)));
    std::set<std::vector<std::int32_t>> cycles;
    for (const auto& t : tours) cycles.insert(canonical_cycle(t));
    CHECK(cycles.size() == 9862);
  }
  SECTION("closed, starting where asked") {
    const auto tours = list_and_verify(from(closed(board(5, 6)), {3, 2}));
    CHECK(tours.size() == 8);
  }
  SECTION("blocked squares") {
    CHECK(list_and_verify(board(5, 5, {{3, 3}, {1, 2}})).size() ==
          BruteForce(board(5, 5, {{3, 3}, {1, 2}})).all());
    CHECK(list_and_verify(closed(first_cells(5, 24))).size() == 30);
  }
}

// --- Limits, threads and slices -------------------------------------------------------------

TEST_CASE("a limit stops the count after that many tours") {
  for (int threads : {1, 2}) {
    CountOptions o;
    o.threads = threads;
    o.limit = 100;
    std::uint64_t listed = 0;
    o.on_tour = [&](std::span<const std::int32_t>) { ++listed; };
    const auto r = kt::count_tours(board(5, 5), o);
    CHECK(r.count == 100);
    CHECK(listed == 100);
    CHECK_FALSE(r.complete);
  }
  CountOptions o;
  o.limit = 2000;  // more than there are
  const auto r = kt::count_tours(board(5, 5), o);
  CHECK(r.count == 1728);
  CHECK(r.complete);
}

TEST_CASE("threads give the same counts as one thread") {
  for (const Problem& p : {board(5, 6), closed(board(5, 6)), from(board(6, 6), {2, 1})}) {
    CHECK(count(p, true, 2) == count(p, true, 1));
    CHECK(count(p, true, 0) == count(p, false, 2));
  }
}

TEST_CASE("a sliced count equals the threaded count") {
  for (const Problem& p :
       {board(5, 5), closed(board(6, 6)), from(board(6, 6), {1, 1}), board(5, 5, {{3, 3}})}) {
    kt::TourCounter counter(p);
    REQUIRE(counter.error().empty());
    double last = 0;
    int slices = 0;
    while (counter.run(997) == Status::running) {
      ++slices;
      CHECK(counter.progress() >= last);
      CHECK(counter.progress() <= 1.0);
      last = counter.progress();
    }
    CHECK(counter.status() == Status::none);
    CHECK(counter.progress() == 1.0);
    CHECK(counter.count() == count(p, true, 2));
    if (p.geometry.rows == 6) CHECK(slices > 10);
  }
}

TEST_CASE("a sliced listing stops at each tour") {
  kt::TourCounter counter(from(board(5, 5), {1, 1}), /*list_tours=*/true);
  std::set<std::vector<std::int32_t>> seen;
  Status s;
  while ((s = counter.run(50)) != Status::none) {
    if (s != Status::found) continue;
    seen.emplace(counter.tour().begin(), counter.tour().end());
    CHECK(counter.tour().size() == 25);
  }
  CHECK(seen.size() == 304);
  CHECK(counter.count() == 304);
}

TEST_CASE("progress reports arrive from the caller's thread") {
  CountOptions o;
  o.threads = 2;
  o.progress_interval = 0;  // every slice
  int calls = 0;
  double last = 0;
  bool monotone = true;
  o.on_progress = [&](double fraction, std::uint64_t) {
    ++calls;
    monotone = monotone && fraction >= last - 1e-9 && fraction <= 1.0 + 1e-9;
    last = fraction;
  };
  const auto r = kt::count_tours(board(5, 6), o);
  CHECK(r.count == 2 * 18784);
  CHECK(calls > 0);
  CHECK(monotone);
}

TEST_CASE("nodes report the work done, the split's included") {
  // On 5x5 the split into tasks walks the whole tree: the tasks are finished tours, so the
  // searches enter no square and "nodes" read 0 beside a count of 304.
  CountOptions o;
  const auto r = kt::count_tours(from(board(5, 5), {1, 1}), o);
  CHECK(r.count == 304);
  CHECK(r.nodes >= 304 * 24 / 8);  // at least the squares of the tours, up to symmetry
  kt::TourCounter counter(from(board(5, 5), {1, 1}));
  CHECK(counter.nodes() > 0);  // the split is done when the counter is made
  while (counter.run(1000) == Status::running) {
  }
  CHECK(counter.nodes() >= r.nodes / 2);
  CHECK(counter.count() == 304);
  // A split that leaves the work to the tasks still counts both.
  o.split_tasks = 1;
  const auto whole = kt::count_tours(from(board(5, 5), {1, 1}), o);
  CHECK(whole.count == 304);
  CHECK(whole.nodes > 0);
}

// --- Bad input ------------------------------------------------------------------------------

TEST_CASE("problems that cannot be counted are refused with a reason") {
  auto refused = [](const Problem& p) {
    const auto r = kt::count_tours(p);
    CHECK_FALSE(r.complete);
    CHECK(r.count == 0);
    CHECK(kt::TourCounter(p).error() == r.error);
    CHECK(kt::TourCounter(p).status() == Status::none);
    return r.error;
  };
  CHECK_THAT(refused(board(8, 9)), Catch::Contains("at most 64 free squares"));
  CHECK(kt::check_count_problem(board(8, 8)).empty());  // accepted (though hopeless to finish)
  CHECK(kt::check_count_problem(
            board(8, 9, {{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}, {8, 8}}))
            .empty());
  CHECK_THAT(refused(from(board(5, 5), {6, 1})), Catch::Contains("off the 5x5 board"));
  CHECK_THAT(refused(from(board(5, 5, {{2, 2}}), {2, 2})), Catch::Contains("is blocked"));
  CHECK_THAT(refused(board(0, 5)), Catch::Contains("at least 1x1"));
  Problem bad_flags = board(5, 5);
  bad_flags.blocked.assign(3, 0);
  CHECK_THAT(refused(bad_flags), Catch::Contains("one flag per square"));
  Problem closed_end = closed(board(6, 6));
  closed_end.end = Square{2, 3};
  CHECK_THAT(refused(closed_end), Catch::Contains("closed"));
}
