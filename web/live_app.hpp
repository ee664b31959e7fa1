// The one ExplorerApp the page runs, shared by the main loop (main.cpp) and the JS bindings.
#pragma once

#include "explorer_app.hpp"

namespace kt::web {

// Null until main() has created the window and the app.
ui::ExplorerApp* live_app();

}  // namespace kt::web
