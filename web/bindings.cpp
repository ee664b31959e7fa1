// The page's JavaScript API (Embind):
//   new Module.Search(): a search for scripting, independent of the screen.
//   Module.app(): the live ExplorerApp on screen (null before main() ran). The handle does not
//     own the app: never call .delete() on it.
// Bad arguments give a message (configure) or a harmless no-op, never an abort.
#include <emscripten/bind.h>

#include <algorithm>
#include <memory>

#include "live_app.hpp"
#include "page_request.hpp"
#include "readout.hpp"

namespace kt::web {

namespace {

using emscripten::val;
using ui::ExplorerApp;

class Search {
 public:
  Search() { configure(val(5), val(5), val("1,1"), val("textbook")); }

  std::string configure(val rows, val cols, val start, val method) {
    ConfigArgs a;
    if (auto why = read_config_args(rows, cols, start, method, a); !why.empty()) return why;
    SolveRequest r;
    if (auto why = ui::make_page_request(a.rows, a.cols, a.start, a.method, r); !why.empty()) {
      return why;
    }
    search_ = std::make_unique<Backtracker>(r.geometry, r.start, r.order);
    return {};
  }
  std::string run(val max_steps) { return to_string(search_->run(read_step_count(max_steps))); }
  std::string status() const { return to_string(search_->status()); }
  int depth() const { return search_->depth(); }
  double placed() const { return static_cast<double>(search_->counters().placed); }
  double erased() const { return static_cast<double>(search_->counters().erased); }
  double seconds() const { return search_->counters().seconds; }
  val board() const { return board_rows(*search_); }
  val path() const { return path_pairs(*search_); }
  std::string text() const { return text_of(*search_); }
  std::string json() const { return json_of(*search_); }
  val verify() const { return verify_search(*search_); }

 private:
  std::unique_ptr<Backtracker> search_;  // always set: the constructor configures 5x5 from 1,1
};

// The live app's read-outs: those of its search, or empty values while its input is invalid.
const Backtracker* current(const ExplorerApp& app) { return app.search(); }

std::string app_configure(ExplorerApp& app, val rows, val cols, val start, val method) {
  ConfigArgs a;
  if (auto why = read_config_args(rows, cols, start, method, a); !why.empty()) return why;
  return app.configure(a.rows, a.cols, a.start, a.method);
}
std::string app_state(const ExplorerApp& app) { return ui::to_string(app.state()); }
std::string app_status(const ExplorerApp& app) {
  return current(app) ? to_string(current(app)->status()) : "invalid";
}
std::string app_error(const ExplorerApp& app) { return app.error(); }
int app_depth(const ExplorerApp& app) { return current(app) ? current(app)->depth() : 0; }
double app_placed(const ExplorerApp& app) {
  return current(app) ? static_cast<double>(current(app)->counters().placed) : 0;
}
double app_erased(const ExplorerApp& app) {
  return current(app) ? static_cast<double>(current(app)->counters().erased) : 0;
}
double app_seconds(const ExplorerApp& app) {
  return current(app) ? current(app)->counters().seconds : 0;
}
val app_board(const ExplorerApp& app) {
  return current(app) ? board_rows(*current(app)) : val::array();
}
val app_path(const ExplorerApp& app) {
  return current(app) ? path_pairs(*current(app)) : val::array();
}
std::string app_text(const ExplorerApp& app) { return current(app) ? text_of(*current(app)) : ""; }
std::string app_json(const ExplorerApp& app) { return current(app) ? json_of(*current(app)) : ""; }
val app_verify(const ExplorerApp& app) {
  if (current(app)) return verify_search(*current(app));
  val out = val::object();
  out.set("ok", false);
  out.set("closed", false);
  out.set("reason", app.error());
  return out;
}
val app_config(const ExplorerApp& app) {
  val out = val::object();
  out.set("rows", app.config().rows);
  out.set("cols", app.config().cols);
  out.set("start", app.config().start);
  out.set("method", app.config().method);
  return out;
}
val app_speed(ExplorerApp& app) {
  val out = val::object();
  out.set("stepsPerFrame", app.speed().steps_per_frame);
  out.set("fastest", app.speed().fastest);
  return out;
}
void app_set_speed(ExplorerApp& app, val steps_per_frame, val fastest) {
  const std::uint64_t n = read_step_count(steps_per_frame);
  app.speed().steps_per_frame =
      static_cast<int>(std::clamp<std::uint64_t>(n, 1, ui::kMaxStepsPerFrame));
  app.speed().fastest = fastest.isTrue();
}
double app_frames(const ExplorerApp& app) { return static_cast<double>(app.frames()); }
val app_widget_rect(const ExplorerApp& app, std::string label) {
  return rect_or_null(app.widget_rect(label));
}
val app_square_rect(const ExplorerApp& app, int x, int y) {
  return rect_or_null(app.square_rect(x, y));
}
ExplorerApp* app_instance() { return live_app(); }

}  // namespace

EMSCRIPTEN_BINDINGS(knights_tour) {
  using emscripten::allow_raw_pointers;
  emscripten::class_<Search>("Search")
      .constructor<>()
      .function("configure", &Search::configure)
      .function("run", &Search::run)
      .function("status", &Search::status)
      .function("depth", &Search::depth)
      .function("placed", &Search::placed)
      .function("erased", &Search::erased)
      .function("seconds", &Search::seconds)
      .function("board", &Search::board)
      .function("path", &Search::path)
      .function("text", &Search::text)
      .function("json", &Search::json)
      .function("verify", &Search::verify);

  emscripten::class_<ExplorerApp>("ExplorerApp")
      .function("configure", &app_configure)
      .function("run", &ExplorerApp::run)
      .function("pause", &ExplorerApp::pause)
      .function("step", &ExplorerApp::step)
      .function("reset", &ExplorerApp::reset)
      .function("state", &app_state)
      .function("status", &app_status)
      .function("error", &app_error)
      .function("depth", &app_depth)
      .function("placed", &app_placed)
      .function("erased", &app_erased)
      .function("seconds", &app_seconds)
      .function("board", &app_board)
      .function("path", &app_path)
      .function("text", &app_text)
      .function("json", &app_json)
      .function("verify", &app_verify)
      .function("config", &app_config)
      .function("speed", &app_speed)
      .function("setSpeed", &app_set_speed)
      .function("frames", &app_frames)
      .function("widgetRect", &app_widget_rect)
      .function("squareRect", &app_square_rect);
  emscripten::function("app", &app_instance, allow_raw_pointers());
}

}  // namespace kt::web
