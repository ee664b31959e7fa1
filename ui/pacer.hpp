// Runs a search in time-boxed slices so that a frame never stalls the page, however many
// steps per frame the user asks for.
#pragma once

#include <cstdint>

#include "backtrack.hpp"

namespace kt::ui {

class Pacer {
 public:
  // Wall time one frame may spend searching: leaves room to draw at 60 frames per second.
  static constexpr double kFrameBudgetSeconds = 0.010;

  // Advances `search` by up to max_steps steps, stopping early when the frame budget is used
  // up or the search ends. Returns the steps taken (placed + erased).
  std::uint64_t advance(Backtracker& search, std::uint64_t max_steps);

 private:
  // Steps per run() call between clock checks; tuned to about a millisecond so the budget is
  // kept without reading the clock on every step.
  std::uint64_t chunk_ = 4096;
};

}  // namespace kt::ui
