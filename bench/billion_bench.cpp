// Benchmark of the billion-square closed tour : the construction's bulk
// path (construct.hpp) and the parallel verifier (verify_successors), against a plain loop that
// merely allocates and writes one byte per square of the same board, in the same process.
//
//   billion_bench [SIDE] [--no-baseline]   (default 31622: a 31622 x 31622 board, 10^9 squares)
// Prints the build and verification times, the peak resident memory per square (getrusage,
// taken before the baseline allocates anything; natively), the baseline, and then the
// 10^4 x 10^4 board.
// A 10^9 run needs about 1 GB; run one at a time.
#include <sys/resource.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
#include <thread>
#endif

#include "construction/construct.hpp"
#include "verify/verify.hpp"

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double peak_bytes() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
#if defined(__EMSCRIPTEN__)
  return 0;  // not reported under node
#else
  return static_cast<double>(u.ru_maxrss) * 1024.0;  // Linux: kilobytes
#endif
}

struct Timing {
  double build = 0, verify = 0;
  bool ok = false;
  std::string why;
};

Timing build_and_verify(int side) {
  kt::Problem p;
  p.geometry = {side, side};
  p.closed = true;
  Timing t;
  kt::CompactTour tour;
  const double t0 = now();
  t.why = kt::construct_tour(p, tour);
  t.build = now() - t0;
  if (!t.why.empty()) return t;
  const double t1 = now();
  const kt::Verdict v = kt::verify_successors(p, tour);
  t.verify = now() - t1;
  t.ok = v.ok && v.closed;
  t.why = v.reason;
  return t;
}

// The plain C loop: allocate, write one byte per square (page faults included), free. Seconds,
// or 0 without memory.
double byte_loop(std::size_t n) {
  const double t0 = now();
  auto* board = static_cast<unsigned char*>(std::malloc(n));
  if (!board) {
    std::printf("baseline: no memory for %zu bytes\n", n);
    return 0;
  }
  for (std::size_t i = 0; i < n; ++i) board[i] = static_cast<unsigned char>(i & 7);
  const double t = now() - t0;
  std::uint64_t sum = 0;  // keep the writes observable
  for (std::size_t i = 0; i < n; i += 4099) sum += board[i];
  std::free(board);
  std::printf("baseline: malloc + write a byte/square %7.3f s   (checksum %llu)\n", t,
              static_cast<unsigned long long>(sum));
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  const int side = argc > 1 ? std::atoi(argv[1]) : 31622;
  const bool baseline = !(argc > 2 && std::strcmp(argv[2], "--no-baseline") == 0);
  const std::size_t n = static_cast<std::size_t>(side) * static_cast<std::size_t>(side);
#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
  const unsigned threads = std::thread::hardware_concurrency();
#else
  const unsigned threads = 1;
#endif
  std::printf("board %d x %d (%zu squares), %u threads\n", side, side, n, threads);

#if defined(__EMSCRIPTEN__)
  // First, while the memory is fresh (the wasm heap never shrinks: after the tour it would be
  // reused without growing). Natively after, so the peak resident memory is the tour's alone.
  const double t_base = baseline ? byte_loop(n) : 0;
#endif
  const Timing big = build_and_verify(side);
  if (!big.ok) {
    std::printf("FAILED: %s\n", big.why.c_str());
    return 1;
  }
  const double peak = peak_bytes();
  std::printf("construct (closed tour)                %7.3f s\n", big.build);
  std::printf("verify_successors                      %7.3f s   (ok, closed)\n", big.verify);
  std::printf("construct + verify                     %7.3f s\n", big.build + big.verify);
  if (peak > 0) {
    std::printf("peak resident memory                   %7.1f MB (%.3f bytes per square)\n",
                peak / 1048576.0, peak / static_cast<double>(n));
  }

#if !defined(__EMSCRIPTEN__)
  const double t_base = baseline ? byte_loop(n) : 0;
#endif
  if (t_base > 0) {
    std::printf("ratio (construct + verify) / baseline  %7.2f\n",
                (big.build + big.verify) / t_base);
  }

  if (side != 10000) {
    const Timing small = build_and_verify(10000);
    if (!small.ok) {
      std::printf("FAILED 10000 x 10000: %s\n", small.why.c_str());
      return 1;
    }
    std::printf("10000 x 10000: construct %.3f s + verify %.3f s = %.3f s\n", small.build,
                small.verify, small.build + small.verify);
  }
  return 0;
}
