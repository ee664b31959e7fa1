// Benchmark of exact tour counting (core/count.hpp): wall and CPU time, best of a few runs.
//
//   count_bench [threads] [runs]      (built by bench/CMakeLists.txt; scripts/bench.sh runs it)
// The baseline, in the same process: a plain recursive counter (the handout's Try_All) on 5x5,
// every start, against the library on the same count.
// The two targets: 6x6 directed open tours, every start (6,637,920), within 5 s on two threads;
// 6x6 closed tours (9,862) within 2 s.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "counting/count.hpp"

namespace {

// The handout's Try_All, counting instead of printing: no pruning, no symmetry.
int side;
int seen[8][8];
const int kDx[8] = {1, 2, 2, 1, -1, -2, -2, -1}, kDy[8] = {2, 1, -1, -2, -2, -1, 1, 2};
std::uint64_t try_all(int k, int x, int y) {
  if (k > side * side) return 1;
  std::uint64_t tours = 0;
  for (int d = 0; d < 8; ++d) {
    const int u = x + kDx[d], v = y + kDy[d];
    if (u < 0 || u >= side || v < 0 || v >= side || seen[u][v]) continue;
    seen[u][v] = 1;
    tours += try_all(k + 1, u, v);
    seen[u][v] = 0;
  }
  return tours;
}

struct Case {
  const char* name;
  int rows, cols;
  bool closed;
  int start_x, start_y;  // 0: every start
  std::uint64_t expected;
};

}  // namespace

int main(int argc, char** argv) {
  const int threads = argc > 1 ? std::atoi(argv[1]) : 2;
  const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
  const Case cases[] = {
      {"6x6 open, every start", 6, 6, false, 0, 0, 6637920},  // OEIS A165134
      {"6x6 closed", 6, 6, true, 0, 0, 9862},                 // OEIS A001230
      {"6x6 open from 1,1", 6, 6, false, 1, 1, 524486},       // brute-force cross-checked
      {"6x7 closed", 6, 7, true, 0, 0, 1067638},              // OEIS A175881
      {"5x7 open, every start", 5, 7, false, 0, 0, 1245736},  // OEIS A389755 a(35) x 2
  };
  std::printf("threads %d, best of %d runs\n", threads, runs);
  bool ok = true;
  for (const Case& c : cases) {
    kt::Problem p;
    p.geometry = {c.rows, c.cols};
    p.closed = c.closed;
    if (c.start_x) p.start = kt::Square{c.start_x, c.start_y};
    kt::CountOptions o;
    o.threads = threads;
    double best_wall = 1e9, best_cpu = 1e9;
    kt::CountResult r;
    for (int i = 0; i < runs; ++i) {
      const std::clock_t c0 = std::clock();
      r = kt::count_tours(p, o);
      best_cpu = std::min(best_cpu, double(std::clock() - c0) / CLOCKS_PER_SEC);
      best_wall = std::min(best_wall, r.seconds);
    }
    const bool right = r.count == c.expected && r.complete;
    ok = ok && right;
    std::printf("%-24s %14llu %s  %7.3f s wall  %7.3f s cpu  %11llu nodes\n", c.name,
                static_cast<unsigned long long>(r.count), right ? "ok   " : "WRONG", best_wall,
                best_cpu, static_cast<unsigned long long>(r.nodes));
  }
  // Baseline: the plain counter and the library, 5x5, every start.
  side = 5;
  auto t0 = std::chrono::steady_clock::now();
  std::uint64_t plain = 0;
  for (int x = 0; x < side; ++x) {
    for (int y = 0; y < side; ++y) {
      seen[x][y] = 1;
      plain += try_all(2, x, y);
      seen[x][y] = 0;
    }
  }
  const double plain_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  kt::Problem p;
  p.geometry = {5, 5};
  kt::CountOptions o;
  o.threads = threads;
  const kt::CountResult r = kt::count_tours(p, o);
  std::printf(
      "baseline: plain counter 5x5 every start %llu tours in %.3f s; library %llu in "
      "%.4f s: %.0fx\n",
      static_cast<unsigned long long>(plain), plain_s, static_cast<unsigned long long>(r.count),
      r.seconds, plain_s / r.seconds);
  ok = ok && plain == 1728 && r.count == 1728;
  return ok ? 0 : 1;
}
