// Benchmark of counting by rows (core/counting/frontier_count.hpp) against the search counter
// (core/counting/count.hpp) where both run, and on the targets where only it runs.
//
//   frontier_bench [targets]   (built by bench/CMakeLists.txt; scripts/bench.sh runs it)
// Without arguments: the boards both counters take (the search is the baseline, same process),
// and strips m x n for m <= 5 at n = 100, 200, 400 (time should double with n). With "5xn",
// "6xn", "7x7" or "8x8": those targets too (n = 1000 strips; 7x7 open, several minutes and a few
// GB; 8x8 closed, which stops at the 8 GB limit).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "counting/count.hpp"
#include "counting/frontier_count.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

kt::Problem board(int rows, int cols, bool closed) {
  kt::Problem p;
  p.geometry = {rows, cols};
  p.closed = closed;
  return p;
}

bool has(int argc, char** argv, const char* what) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], what) == 0) return true;
  }
  return false;
}

// One count by rows; prints the line bench_table.py reads.
bool rows(const char* name, const kt::Problem& p, const char* expected) {
  kt::FrontierOptions o;
  o.memory_limit = std::uint64_t{8'000'000'000};
  const auto r = kt::count_frontier(p, o);
  const std::string count = r.complete ? r.count.to_string() : r.error;
  const bool right = expected == nullptr || count == expected;
  std::printf("rows   %-22s %s %7.3f s  %10llu states  %8.1f MB  %.40s%s\n", name,
              right ? "ok   " : "WRONG", r.seconds, static_cast<unsigned long long>(r.max_states),
              static_cast<double>(r.peak_bytes) / 1e6, count.c_str(),
              count.size() > 40 ? "..." : "");
  std::fflush(stdout);
  return right;
}

bool search(const char* name, const kt::Problem& p, std::uint64_t expected) {
  const auto r = kt::count_tours(p);
  const bool right = r.complete && r.count == expected;
  std::printf("search %-22s %s %7.3f s  %llu\n", name, right ? "ok   " : "WRONG", r.seconds,
              static_cast<unsigned long long>(r.count));
  std::fflush(stdout);
  return right;
}

}  // namespace

int main(int argc, char** argv) {
  bool ok = true;
  // Both counters (the search, one thread, is the baseline).
  ok &= search("6x6 closed", board(6, 6, true), 9862);
  ok &= rows("6x6 closed", board(6, 6, true), "9862");
  ok &= search("3x16 closed", board(3, 16, true), 15424);
  ok &= rows("3x16 closed", board(3, 16, true), "15424");
  ok &= search("5x6 open", board(5, 6, false), 2 * 18784);
  ok &= rows("5x6 open", board(5, 6, false), "37568");
  ok &= search("6x7 closed", board(6, 7, true), 1067638);
  ok &= rows("6x7 closed", board(6, 7, true), "1067638");
  // Strips: time linear in n (per state, the counts' limbs grow with n too).
  for (int m = 3; m <= 5; ++m) {
    for (const int n : {100, 200, 400}) {
      for (const bool closed : {true, false}) {
        if (m == 5 && !closed) continue;  // 7e5 states a square: the "5xn" target below
        const std::string name =
            std::to_string(m) + "x" + std::to_string(n) + (closed ? " closed" : " open");
        ok &= rows(name.c_str(), board(m, n, closed), nullptr);
      }
    }
  }
  if (has(argc, argv, "5xn")) {
    for (const int n : {1000}) {
      ok &= rows("3x1000 closed", board(3, n, true), nullptr);
      ok &= rows("4x1000 open", board(4, n, false), nullptr);
      ok &= rows("5x1000 closed", board(5, n, true), nullptr);
      ok &= rows("5x1000 open", board(5, n, false), nullptr);
    }
  }
  if (has(argc, argv, "6xn")) {
    for (const int n : {50, 100, 200, 1000}) {
      const std::string name = "6x" + std::to_string(n) + " closed";
      ok &= rows(name.c_str(), board(6, n, true), nullptr);
    }
  }
  if (has(argc, argv, "7x7")) {
    ok &= rows("6x6 open", board(6, 6, false), "6637920");
    ok &= rows("7x7 open", board(7, 7, false), "165575218320");
  }
  if (has(argc, argv, "8x8")) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto need = kt::estimate_frontier_bytes(board(8, 8, true));
    std::printf("rows   8x8 closed forecast %.1f GB (%.3f s)\n", static_cast<double>(need) / 1e9,
                seconds_since(t0));
    rows("8x8 closed", board(8, 8, true), "13267364410532");
  }
  return ok ? 0 : 1;
}
