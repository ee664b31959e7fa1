// Runs sliced work (a search, a construction, a count) in time-boxed chunks so that a frame
// never stalls the page, however many steps per frame the user asks for.
#pragma once

#include <algorithm>
#include <cstdint>

namespace kt::ui {

class Pacer {
 public:
  // Wall time one frame may spend working: leaves room to draw at 60 frames per second.
  static constexpr double kFrameBudgetSeconds = 0.010;

  // Starts the chunk size over (new work whose step cost is unknown: a construction block
  // costs far more than a search step).
  void reset() { chunk_ = 1; }

  // Calls run(n), which does up to n steps and returns false once the work is done, with
  // chunks summing to at most max_steps, until `budget` seconds are used. Returns the steps
  // asked for (the work may have stopped earlier).
  template <class Run>
  std::uint64_t advance(Run&& run, std::uint64_t max_steps, double budget = kFrameBudgetSeconds) {
    const double frame_start = now();
    std::uint64_t asked = 0;
    while (asked < max_steps) {
      const std::uint64_t chunk = std::min(chunk_, max_steps - asked);
      const double chunk_start = now();
      const bool more = run(chunk);
      asked += chunk;
      const double end = now();
      if (chunk == chunk_) tune(end - chunk_start);  // only full chunks tell the speed
      if (!more || end - frame_start >= budget) break;
    }
    return asked;
  }

 private:
  static double now();  // seconds, monotonic
  // Aims at about a millisecond per chunk, so the budget is kept without reading the clock
  // on every step.
  void tune(double took) {
    constexpr std::uint64_t kMaxChunk = std::uint64_t{1} << 24;
    if (took < 0.0005) chunk_ = std::min(chunk_ * 2, kMaxChunk);
    if (took > 0.002) chunk_ = std::max<std::uint64_t>(chunk_ / 2, 1);
  }

  std::uint64_t chunk_ = 1;
};

}  // namespace kt::ui
