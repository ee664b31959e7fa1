// Runs sliced work (a search, a construction, a count) in time-boxed chunks so that a frame
// never stalls the page, however many steps per frame the user asks for.
#pragma once

#include <algorithm>
#include <cstdint>

namespace kt::ui {

// Steps earned by the wall time at a pace in steps per second, whatever the frame rate: the
// fraction left over is carried to the next frame, so 0.5 steps a second is one step every
// other second and 30 a second is one every other frame at 60 Hz and every fourth at 120 Hz.
// At most one second's worth (plus one step) is kept: a hidden tab does not come back as a
// burst, and work the frame's budget could not fit waits without piling up.
class StepBank {
 public:
  // Adds `dt` seconds at `per_second` and returns the whole steps now due.
  std::uint64_t earn(double dt, double per_second) {
    if (!(dt > 0) || !(per_second > 0)) return due();
    owed_ = std::min(owed_ + dt * per_second, per_second + 1);
    return due();
  }
  // `n` of the steps due were run.
  void spend(std::uint64_t n) { owed_ = std::max(0.0, owed_ - static_cast<double>(n)); }
  void reset() { owed_ = 0; }
  double owed() const { return owed_; }

 private:
  // A billionth of a step is the sum's rounding (sixty 1/60 s frames add to 0.99999...), not time.
  std::uint64_t due() const { return static_cast<std::uint64_t>(owed_ + 1e-9); }
  double owed_ = 0;
};

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
