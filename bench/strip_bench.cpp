// Benchmark of the strip programme (construction/strip_tours.hpp): 3 x n and 4 x n tours of
// 10^6 squares from a corner and from the middle, and with blocked squares, against the cost
// of writing one int32 per square (a move-number board) in the same process.
//
//   strip_bench [SQUARES]   (default 1000000; scripts/bench.sh)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "construction/strip_tours.hpp"
#include "verify/verify.hpp"

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Builds and verifies; prints one line with the build time and its ratio to the baseline.
bool run(const char* name, const kt::Problem& p, double baseline) {
  const double t0 = now();
  const kt::StripResult r = kt::solve_strip(p);
  const double t_build = now() - t0;
  const kt::Verdict v = r.status == kt::Status::found ? kt::verify_compact(p, r.tour)
                                                      : kt::Verdict{false, false, "no tour"};
  std::printf("%-34s %-5s %7.3f s  (%5.2fx baseline, %lld columns computed, verify %s)\n", name,
              kt::to_string(r.status), t_build, t_build / baseline,
              static_cast<long long>(r.columns), v.ok ? "ok" : v.reason.c_str());
  return v.ok;
}

}  // namespace

int main(int argc, char** argv) {
  const long squares = argc > 1 ? std::atol(argv[1]) : 1000000;
  const std::size_t n = static_cast<std::size_t>(squares);
  const double t0 = now();
  std::unique_ptr<std::int32_t[]> board(new std::int32_t[n]);
  for (std::size_t i = 0; i < n; ++i) board[i] = static_cast<std::int32_t>(i + 1);
  const double t_base = now() - t0;
  std::uint64_t sum = 0;  // keep the writes observable
  for (std::size_t i = 0; i < n; i += 4099) sum += static_cast<std::uint64_t>(board[i]);
  std::printf("baseline: write an int32 per square   %7.3f s   (%zu squares, checksum %llu)\n",
              t_base, n, static_cast<unsigned long long>(sum));

  bool ok = true;
  for (const int rows : {3, 4}) {
    const int cols = static_cast<int>(squares / rows);
    kt::Problem p;
    p.geometry = {rows, cols};
    p.start = kt::Square{1, 1};
    const std::string tag = std::to_string(rows) + " x " + std::to_string(cols);
    ok &= run((tag + " open from 1,1").c_str(), p, t_base);
    // The middle, on the majority colour (x + y even) so an odd board has a tour from it.
    p.start = kt::Square{cols / 2 + (cols / 2 + rows) % 2, rows};
    ok &= run((tag + " open from the middle").c_str(), p, t_base);
    p.start = kt::Square{1, 1};
    p.blocked.assign(static_cast<std::size_t>(p.geometry.size()), 0);
    for (const int x : {cols / 3, 2 * cols / 3}) {
      p.blocked[static_cast<std::size_t>(p.geometry.index({x, 2}))] = 1;
      p.blocked[static_cast<std::size_t>(p.geometry.index({x + 1, 2}))] = 1;
    }
    run((tag + " with 4 blocked").c_str(), p, t_base);  // a tour or an exhaustive none
    if (rows == 3) {
      kt::Problem c;
      c.geometry = {rows, cols - cols % 2};
      c.start = kt::Square{1, 1};
      c.closed = true;
      ok &= run((tag + " closed").c_str(), c, t_base);
    }
  }
  return ok ? 0 : 1;
}
