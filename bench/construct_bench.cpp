// Benchmark of the divide-and-conquer construction (core/construct.hpp) against the cost of
// merely writing one int32 per square (what any move-number board costs).
//
//   construct_bench [ROWS COLS] [--no-baseline]   (default 10000 x 10000; scripts/bench.sh)
// With --no-baseline only the construction and the verification run, so the peak resident
// memory reported by /usr/bin/time -v is theirs (the baseline's int32 board is 4 bytes/square).
#include <sys/resource.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "construction/construct.hpp"
#include "construction/construct_blocks.hpp"
#include "verify/verify.hpp"

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double peak_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;  // Linux: kilobytes
}

}  // namespace

int main(int argc, char** argv) {
  const int rows = argc > 1 ? std::atoi(argv[1]) : 10000;
  const int cols = argc > 2 ? std::atoi(argv[2]) : 10000;
  const bool baseline = !(argc > 3 && std::strcmp(argv[3], "--no-baseline") == 0);
  const std::size_t n = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  std::printf("board %d x %d (%zu squares)\n", rows, cols, n);

  double t_base = 0;
  if (baseline) {
    // Allocate and write one int32 per square (a move-number board), then free it.
    const double t0 = now();
    std::unique_ptr<std::int32_t[]> board(new std::int32_t[n]);
    for (std::size_t i = 0; i < n; ++i) board[i] = static_cast<std::int32_t>(i + 1);
    t_base = now() - t0;
    std::uint64_t sum = 0;  // keep the writes observable
    for (std::size_t i = 0; i < n; i += 4099) sum += static_cast<std::uint64_t>(board[i]);
    std::printf("baseline: write an int32 per square   %7.3f s   (checksum %llu)\n", t_base,
                static_cast<unsigned long long>(sum));
  }

  kt::Problem p;
  p.geometry = {rows, cols};
  p.closed = (n % 2) == 0;
  if (!p.closed) p.start = kt::Square{1, 1};
  kt::CompactTour tour;
  const double t1 = now();
  const std::string why = kt::construct_tour(p, tour);
  const double t_build = now() - t1;
  if (!why.empty()) {
    std::printf("refused: %s\n", why.c_str());
    return 1;
  }
  const auto st = kt::construct_detail::block_stats();
  std::printf("construct (%s tour)                 %7.3f s   (block searches: %llu, %.4f s)\n",
              p.closed ? "closed" : "open", t_build, static_cast<unsigned long long>(st.searches),
              st.seconds);
  const double t2 = now();
  const kt::Verdict v = kt::verify_compact(p, tour);
  const double t_verify = now() - t2;
  std::printf(
      "verify_compact                        %7.3f s   (%s%s)\n", t_verify,
      v.ok ? "ok" : "FAILED: ", v.ok ? (v.closed ? ", closed" : ", open") : v.reason.c_str());
  const double t3 = now();
  const kt::Verdict v2 = kt::verify_successors(p, tour);
  const double t_verify2 = now() - t3;
  std::printf("verify_successors                     %7.3f s   (%s)\n", t_verify2,
              v2.ok ? "ok" : v2.reason.c_str());
  std::printf("construct + verify                    %7.3f s\n", t_build + t_verify);
  if (baseline && t_base > 0) {
    std::printf("ratio construct / baseline            %7.2f\n", t_build / t_base);
    std::printf("ratio (construct + verify) / baseline %7.2f\n", (t_build + t_verify) / t_base);
  }
  std::printf("peak resident memory                  %7.1f MB (%.2f bytes per square)\n", peak_mb(),
              peak_mb() * 1048576.0 / static_cast<double>(n));
  return v.ok ? 0 : 1;
}
