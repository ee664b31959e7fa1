// The one ExplorerApp the page runs, shared by the main loop (main.cpp) and the JS bindings.
#pragma once

#include "explorer_app.hpp"

namespace kt::web {

// Null until main() has created the window and the app.
ui::ExplorerApp* live_app();

// Wall time of the page's frames (the app's work, ImGui and the GL calls), in milliseconds:
// the last one, the longest since reset_frame_stats(), and how many were measured.
struct FrameStats {
  double last_ms = 0, max_ms = 0;
  double frames = 0;
};
FrameStats frame_stats();
void reset_frame_stats();

}  // namespace kt::web
