// The one explorer the page runs, shared by the main loop (main.cpp) and the JS bindings.
#pragma once

#include <cstdint>

#include "explorer_state.hpp"
#include "explorer_view.hpp"

namespace kt::web {

struct LiveApp {
  ui::ExplorerState state;
  ui::ExplorerView view;
  std::uint64_t frames = 0;  // ImGui frames so far (drawn on the canvas or not: main.cpp)
};

// Null until main() has created the window and the app.
LiveApp* live_app();

// Draws the next frame on the canvas even if its picture is unchanged (a script that reads
// the canvas's pixels right after the app's frame).
void redraw();

// Wall time of the page's frames (the app's work, ImGui and the GL calls), in milliseconds:
// the last one, the longest, the median and the 95th percentile since reset_frame_stats() (of
// the last 10,000 frames), how many were measured, and how many of them were drawn on the
// canvas (the others showed the same picture as the frame before).
struct FrameStats {
  double last_ms = 0, max_ms = 0, p50_ms = 0, p95_ms = 0;
  double frames = 0, drawn = 0;
};
FrameStats frame_stats();
void reset_frame_stats();

}  // namespace kt::web
