// Benchmark of counting by rows (core/counting/frontier_count.hpp) against the search counter
// (core/counting/count.hpp) where both run, and on the targets where only it runs.
//
//   frontier_bench [targets]   (built by bench/CMakeLists.txt; scripts/bench.sh runs it)
// Without arguments: the boards both counters take (the search is the baseline, same process),
// square boards in two halves against one run, long strips in tables of moves against every
// square by the programme, strips m x n for m <= 5 at n = 100, 200, 400 (time should about
// double with n; 5 x n open at 100 only), and one count on two threads against one. With "5xn",
// "6xn", "7x7", "page", "7x7-page" or "8x8": those targets too (5 x n closed and open up to
// n = 1000, 6 x n closed; 7x7 open, minutes and GB, with the top half taking every crossing edge
// as the baseline; the page's larger boards by rows on one thread, as the page counts them, and
// 7x7 open so; 8x8 closed, within 20 GB). "7x7-disk" and "8x8-disk": 7x7 open at 600 MB and
// 8x8 closed at 4 GB with their states on disk. With "only": the targets named,
// without the boards above. In WebAssembly the peak printed is the module's memory, which only
// grows: what the page's 2 GB bounds.
#include <sys/resource.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
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

// The process's peak resident memory; in WebAssembly, the module's memory, which only grows (the
// peak of its heap, the figure the page's 2 GB bounds).
double peak_rss_mb() {
#ifdef __EMSCRIPTEN__
  return static_cast<double>(__builtin_wasm_memory_size(0)) * 65536 / 1e6;
#endif
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1e3;  // kilobytes on Linux
}

bool has(int argc, char** argv, const char* what) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], what) == 0) return true;
  }
  return false;
}

// One count by rows (on `threads` threads); prints the line bench_table.py reads.
bool rows(const char* name, const kt::Problem& p, const char* expected, int threads = 1,
          bool halves = true, bool periods = true, int crossing = 0,
          std::uint64_t memory_limit = 8'000'000'000, const std::string& disk = {}) {
  kt::FrontierOptions o;
  o.disk = disk;
  o.memory_limit = memory_limit;
  o.threads = threads;
  o.halves = halves;
  o.periods = periods;
  o.crossing = crossing;
  const auto r = kt::count_frontier(p, o);
  const std::string count = r.complete ? r.count.to_string() : r.error;
  const bool right = expected == nullptr || count == expected;
  std::printf("rows   %-22s %s %7.3f s  %10llu states  %8.1f MB  %.40s%s\n", name,
              right ? "ok   " : "WRONG", r.seconds, static_cast<unsigned long long>(r.max_states),
              static_cast<double>(r.peak_bytes) / 1e6, count.c_str(),
              count.size() > 40 ? "..." : "");
  // The lean figures: a state's bytes at the peak, the time a step (a state expanded or a pair
  // of the halves checked), and the process's peak resident memory so far.
  std::printf("       %-22s %10llu steps  %6.1f bytes a state  %7.1f ns a step  peak RSS %.1f MB\n",
              "", static_cast<unsigned long long>(r.steps),
              r.max_states > 0 ? static_cast<double>(r.peak_bytes) / r.max_states : 0.0,
              r.steps > 0 ? r.seconds * 1e9 / static_cast<double>(r.steps) : 0.0, peak_rss_mb());
  if (r.progress.disk_bytes > 0) {
    std::printf(
        "       %-22s %.1f MB written to disk, squares in up to %d passes, joined in %d "
        "buckets\n",
        "", static_cast<double>(r.progress.disk_bytes) / 1e6, r.progress.passes,
        r.progress.join_buckets);
  }
  std::fflush(stdout);
  return right;
}

std::string temporary_folder() {
  std::error_code ec;
  return std::filesystem::temp_directory_path(ec).string();
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

bool everyday() {
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
  // Boards about as long as wide: two halves joined at the middle against one run over the
  // board (the baseline, same process).
  ok &= rows("6x6 closed, one run", board(6, 6, true), "9862", 1, false);
  ok &= rows("6x7 closed, one run", board(6, 7, true), "1067638", 1, false);
  ok &= rows("6x6 open, one run", board(6, 6, false), "6637920", 1, false);
  ok &= rows("6x6 open", board(6, 6, false), "6637920");
#ifndef __EMSCRIPTEN__  // (no files in WebAssembly)
  // States on disk past a memory limit of 24 MB (half the peak) against the tables in memory
  // (above).
  ok &= rows("6x6 open, 24 MB, disk", board(6, 6, false), "6637920", 1, true, true, 0, 24'000'000,
             temporary_folder());
#endif
  // 5 x n strips, where the search still runs (OEIS A383661: 5x8 closed 44202).
  ok &= search("5x8 closed", board(5, 8, true), 44202);
  ok &= rows("5x8 closed", board(5, 8, true), "44202");
  // Threads (one in WebAssembly without pthreads): the same count, the time against one thread.
  ok &= rows("6x7 closed, 2 threads", board(6, 7, true), "1067638", 2);
  // Long strips in tables of moves against every square by the programme (the baseline, same
  // process).
  ok &= rows("5x100 closed, programme", board(5, 100, true), nullptr, 1, true, false);
  ok &= rows("5x100 closed", board(5, 100, true), nullptr);
  ok &= rows("4x200 open, programme", board(4, 200, false), nullptr, 1, true, false);
  ok &= rows("4x200 open", board(4, 200, false), nullptr);
  // Strips: time linear in n (per state, the counts' limbs grow with n too).
  for (int m = 3; m <= 5; ++m) {
    for (const int n : {100, 200, 400}) {
      for (const bool closed : {true, false}) {
        if (m == 5 && !closed && n > 100) continue;  // 8e5 states a square: "5xn" below
        const std::string name =
            std::to_string(m) + "x" + std::to_string(n) + (closed ? " closed" : " open");
        ok &= rows(name.c_str(), board(m, n, closed), nullptr);
      }
    }
  }
  return ok;
}

int main(int argc, char** argv) {
  bool ok = true;
  // "only": the targets named, without the boards below.
  if (!has(argc, argv, "only")) ok &= everyday();
  if (has(argc, argv, "5xn")) {
    // Linear in n: 5 x n closed and open at n = 100, 200, 400, 1000 (open: about 8e5 states a
    // square, so a minute or more per hundred columns).
    ok &= rows("3x1000 closed", board(3, 1000, true), nullptr);
    ok &= rows("4x1000 open", board(4, 1000, false), nullptr);
    for (const int n : {100, 200, 400, 1000}) {
      for (const bool closed : {true, false}) {
        const std::string name =
            "5x" + std::to_string(n) + (closed ? " closed" : " open") + ", 2 threads";
        ok &= rows(name.c_str(), board(5, n, closed), nullptr, 2);
      }
    }
  }
  if (has(argc, argv, "6xn")) {
    // OEIS A175881 (closed tours on 6 x n): 6x40, then longer strips.
    ok &= rows("6x40 closed, 2 threads", board(6, 40, true),
               "377031597006006571424070743308269493020186682009428464253448495336", 2);
    for (const int n : {100, 200, 1000}) {
      const std::string name = "6x" + std::to_string(n) + " closed, 2 threads";
      ok &= rows(name.c_str(), board(6, n, true), nullptr, 2);
    }
  }
  if (has(argc, argv, "7x7")) {
    ok &= rows("7x7 closed, one run, 2 threads", board(7, 7, true), "0", 2, false);
    ok &= rows("7x7 closed, 2 threads", board(7, 7, true), "0", 2);
    // The top half taking every crossing edge (the baseline: the counter before they were
    // shared), then shared.
    ok &= rows("7x7 open, top crossing, 2 threads", board(7, 7, false), "165575218320", 2, true,
               true, 15);
    ok &= rows("7x7 open, 2 threads", board(7, 7, false), "165575218320", 2);
  }
  // As the page counts them: one thread (WebAssembly: frontier_bench.js only page 7x7-page).
  if (has(argc, argv, "7x7-page")) ok &= rows("7x7 open", board(7, 7, false), "165575218320");
  if (has(argc, argv, "page")) {
    ok &= rows("6x6 open", board(6, 6, false), "6637920");
    ok &= rows("7x7 closed", board(7, 7, true), "0");
    ok &= rows("6x7 open", board(6, 7, false), nullptr);
  }
  // States on disk past the memory limit (the system's temporary folder), before the same
  // count in memory (the baseline; first, as the peak RSS printed is the process's so far).
  if (has(argc, argv, "7x7-disk")) {
    ok &= rows("7x7 open, 600 MB, disk", board(7, 7, false), "165575218320", 2, true, true, 0,
               600'000'000, temporary_folder());
    ok &= rows("7x7 open, 2 threads", board(7, 7, false), "165575218320", 2);
  }
  if (has(argc, argv, "8x8-disk")) {
    ok &= rows("8x8 closed, 4 GB, disk", board(8, 8, true), "13267364410532", 2, true, true, 0,
               4'000'000'000, temporary_folder());
  }
  if (has(argc, argv, "8x8")) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto need = kt::estimate_frontier_bytes(board(8, 8, true));
    std::printf("rows   8x8 closed forecast %.1f GB (%.3f s)\n", static_cast<double>(need) / 1e9,
                seconds_since(t0));
    // Every closed tour of the chessboard: about 12 GB and half an hour on one thread.
    ok &= rows("8x8 closed, 2 threads", board(8, 8, true), "13267364410532", 2, true, true, 0,
               20'000'000'000);
  }
  return ok ? 0 : 1;
}
