// The course page's bindings for what the board shows beyond the engine's run (a separate
// EMSCRIPTEN_BINDINGS block, like page_bindings.cpp):
//   Module.exportBoard(kind, theme) -> the board as it stands on screen (ui/shown_board.hpp)
//     as "text", "json" or "svg" (theme "dark" or "light"); null while it is the engine's
//     run, whose exports are the app's own text(), json() and Module.boardSvg()
//   Module.shownBoard() -> what the board shows: "play", "recursion", "tour", "search" or ""
//   Module.setEmbedViews(on) -> embedded, the open teaching panels beside the board
#include <emscripten/bind.h>

#include <string>

#include "explorer_state.hpp"
#include "live_app.hpp"
#include "shown_board.hpp"

namespace kt::web {

namespace {

using emscripten::val;

std::string shown_board_js() {
  const LiveApp* app = live_app();
  const auto b = app ? ui::shown_board(app->state) : std::nullopt;
  return b ? b->shows : std::string();
}

val export_board_js(const std::string& kind, const std::string& theme) {
  const LiveApp* app = live_app();
  if (!app) return val::null();
  const std::string shows = shown_board_js();
  if (shows.empty() || shows == "search") return val::null();
  if (kind == "text") return val(ui::shown_text(app->state));
  if (kind == "json") return val(ui::shown_json(app->state));
  if (kind == "svg") return val(ui::shown_svg(app->state, theme == "dark"));
  return val::null();
}

void set_embed_views(bool on) {
  if (LiveApp* app = live_app()) app->state.view.embed_views = on;
}

}  // namespace

EMSCRIPTEN_BINDINGS(knights_tour_exercises) {
  emscripten::function("exportBoard", &export_board_js);
  emscripten::function("shownBoard", &shown_board_js);
  emscripten::function("setEmbedViews", &set_embed_views);
}

}  // namespace kt::web
