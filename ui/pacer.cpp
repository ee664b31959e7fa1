#include "pacer.hpp"

#include <algorithm>
#include <chrono>

namespace kt::ui {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

std::uint64_t steps_so_far(const Backtracker& s) {
  return s.counters().placed + s.counters().erased;
}

}  // namespace

std::uint64_t Pacer::advance(Backtracker& search, std::uint64_t max_steps) {
  constexpr std::uint64_t kMinChunk = 256, kMaxChunk = std::uint64_t{1} << 24;
  const auto frame_start = Clock::now();
  const std::uint64_t before = steps_so_far(search);
  std::uint64_t asked = 0;
  while (asked < max_steps && search.status() == Status::running) {
    const std::uint64_t chunk = std::min(chunk_, max_steps - asked);
    const auto chunk_start = Clock::now();
    search.run(chunk);
    asked += chunk;
    const double took = since(chunk_start);
    if (chunk == chunk_) {  // only full chunks say anything about the speed
      if (took < 0.0005) chunk_ = std::min(chunk_ * 2, kMaxChunk);
      if (took > 0.002) chunk_ = std::max(chunk_ / 2, kMinChunk);
    }
    if (since(frame_start) >= kFrameBudgetSeconds) break;
  }
  return steps_so_far(search) - before;
}

}  // namespace kt::ui
