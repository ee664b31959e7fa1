// The page's JavaScript API (Embind):
//   new Module.Search(): a solver for scripting, independent of the screen.
//   new Module.Counter(): an exact tour count for scripting, run in slices.
//   Module.app(): the live ExplorerApp on screen (null before main() ran). The handle does not
//     own the app: never call .delete() on it.
//   Module.frameStats(), Module.resetFrameStats(): how long the page's frames take.
// Bad arguments give a message (configure*) or a harmless no-op, never an abort.
#include <emscripten/bind.h>

#include <algorithm>
#include <chrono>
#include <memory>

#include "live_app.hpp"
#include "page_problem.hpp"
#include "readout.hpp"
#include "board/square_list.hpp"

namespace kt::web {

namespace {

using emscripten::val;
using ui::ExplorerApp;

// Validates and builds a solver; "" or why not.
std::string make_solver(const ProblemInput& in, const std::string& method_name,
                        std::unique_ptr<Solver>& out) {
  Method m;
  if (auto why = ui::parse_page_method(method_name, m); !why.empty()) return why;
  return ui::make_page_solver(in, m, out);
}

class Search {
 public:
  Search() { configure(val(5), val(5), val("1,1"), val("textbook")); }

  std::string configure(val rows, val cols, val start, val method) {
    ProblemInput in;
    std::string m;
    if (auto why = read_config_args(rows, cols, start, method, in, m); !why.empty()) return why;
    return make_solver(in, m, solver_);
  }
  std::string configure_problem(val problem) {
    ProblemInput in;
    std::string m;
    if (auto why = read_problem(problem, in, &m); !why.empty()) return why;
    return make_solver(in, m, solver_);
  }
  std::string run(val max_steps) { return to_string(solver_->run(read_step_count(max_steps))); }
  std::string status() const { return to_string(solver_->status()); }
  std::string method() const { return to_string(solver_->method()); }
  std::string reason() const { return solver_->reason(); }
  int depth() const { return solver_->depth(); }
  double placed() const { return static_cast<double>(solver_->counters().placed); }
  double erased() const { return static_cast<double>(solver_->counters().erased); }
  double seconds() const { return solver_->counters().seconds; }
  val blocks() const { return blocks_of(*solver_); }
  val board() const { return board_rows(*solver_); }
  val path() const { return path_pairs(*solver_); }
  std::string text() const { return text_of(*solver_); }
  std::string json() const { return json_of(*solver_); }
  std::string summary() const { return summary_of(*solver_); }
  val verify() const { return verify_solver(*solver_); }

 private:
  std::unique_ptr<Solver> solver_;  // always set: the constructor configures 5x5 from 1,1
};

// An exact count, run in slices like the page's own "Count tours":
//   const c = new Module.Counter();
//   c.configure({rows: 5, cols: 5, start: "1,1"});    // "" or why not
//   while (c.run(200000) === "running") {}            // "running" | "done" | "error"
//   c.count(); c.progress(); c.seconds(); c.nodes(); c.what(); c.error(); c.delete();
// What is counted: closed: true, closed tours (each cycle once); else with a start, directed
// open tours from it (ending on `end` if given); without a start, directed open tours from
// every start.
class Counter {
 public:
  std::string configure(val problem) {
    counter_.reset();
    seconds_ = 0;
    what_.clear();
    ProblemInput in;
    error_ = read_problem(problem, in, nullptr);
    if (error_.empty()) {
      ui::CountKind kind = in.closed           ? ui::CountKind::closed
                           : !in.start.empty() ? ui::CountKind::from_start
                                               : ui::CountKind::all_open;
      if (kind == ui::CountKind::all_open && !in.end.empty()) {
        error_ = "end: counting open tours from every start takes no end square (give a start)";
      } else {
        Problem p;
        error_ = ui::make_count_problem(in, kind, p);
        if (error_.empty()) {
          what_ = ui::describe_count(p);
          counter_ = std::make_unique<TourCounter>(p);
          error_ = counter_->error();
          if (!error_.empty()) counter_.reset();
        }
      }
    }
    return error_;
  }
  std::string run(val max_steps) {
    if (!counter_) return "error";
    const auto t0 = std::chrono::steady_clock::now();
    counter_->run(read_step_count(max_steps));
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return status();
  }
  std::string status() const {
    if (!counter_) return "error";
    return counter_->status() == Status::running ? "running" : "done";
  }
  double count() const { return counter_ ? static_cast<double>(counter_->count()) : 0; }
  double progress() const {
    if (!counter_) return 0;
    return counter_->status() == Status::running ? counter_->progress() : 1.0;
  }
  double nodes() const { return counter_ ? static_cast<double>(counter_->nodes()) : 0; }
  double seconds() const { return seconds_; }
  std::string what() const { return what_; }
  std::string error() const { return counter_ ? "" : error_.empty() ? "not configured" : error_; }

 private:
  std::unique_ptr<TourCounter> counter_;
  std::string error_, what_;
  double seconds_ = 0;
};

// The live app's read-outs: those of its solver, or empty values while its input is invalid.
const Solver* current(const ExplorerApp& app) { return app.solver(); }

std::string app_configure(ExplorerApp& app, val rows, val cols, val start, val method) {
  ProblemInput in;
  std::string m;
  if (auto why = read_config_args(rows, cols, start, method, in, m); !why.empty()) return why;
  return app.configure_problem(in, m);
}
std::string app_configure_problem(ExplorerApp& app, val problem) {
  ProblemInput in;
  std::string m;
  if (auto why = read_problem(problem, in, &m); !why.empty()) return why;
  return app.configure_problem(in, m);
}
std::string app_state(const ExplorerApp& app) { return ui::to_string(app.state()); }
std::string app_status(const ExplorerApp& app) {
  return current(app) ? to_string(current(app)->status()) : "invalid";
}
std::string app_method(const ExplorerApp& app) {
  return current(app) ? to_string(current(app)->method()) : "";
}
std::string app_reason(const ExplorerApp& app) {
  return current(app) ? current(app)->reason() : app.error();
}
std::string app_summary(const ExplorerApp& app) {
  return current(app) ? summary_of(*current(app)) : "";
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
val app_blocks(const ExplorerApp& app) {
  return current(app) ? blocks_of(*current(app)) : val::null();
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
  if (current(app)) return verify_solver(*current(app));
  val out = val::object();
  out.set("ok", false);
  out.set("closed", false);
  out.set("reason", app.error());
  return out;
}
val app_config(const ExplorerApp& app) {
  const ui::Config& c = app.config();
  val out = val::object();
  out.set("rows", c.rows);
  out.set("cols", c.cols);
  out.set("start", c.start);
  out.set("end", c.end);
  out.set("blocked", format_square_list(c.blocked));
  out.set("closed", c.closed);
  out.set("method", std::string(to_string(c.method)));
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
std::string app_click_mode(const ExplorerApp& app) { return ui::to_string(app.click_mode()); }
std::string app_set_click_mode(ExplorerApp& app, val mode) {
  for (const ui::ClickMode m : {ui::ClickMode::start, ui::ClickMode::end, ui::ClickMode::block}) {
    if (mode.isString() && mode.as<std::string>() == ui::to_string(m)) {
      app.set_click_mode(m);
      return {};
    }
  }
  return "click mode must be \"start\", \"end\" or \"block\"";
}
std::string app_set_count_kind(ExplorerApp& app, val kind) {
  const auto k = kind.isString() ? ui::parse_count_kind(kind.as<std::string>()) : std::nullopt;
  if (!k) return "count kind must be \"from-start\", \"all-open\" or \"closed\"";
  app.set_count_kind(*k);
  return {};
}
// As the Count button: "" when counting started, else the refusal shown in the panel.
std::string app_count_start(ExplorerApp& app) {
  app.count_start();
  return app.counting().error;
}
void app_count_stop(ExplorerApp& app) { app.count_stop(); }
val app_count_state(const ExplorerApp& app) {
  const ui::Counting& c = app.counting();
  val out = val::object();
  out.set("state", std::string(ui::to_string(c.state)));
  out.set("kind", std::string(ui::to_string(c.kind)));
  out.set("count", c.counter ? static_cast<double>(c.counter->count()) : 0.0);
  out.set("progress", !c.counter                        ? 0.0
                      : c.state == ui::CountState::done ? 1.0
                                                        : c.counter->progress());
  out.set("seconds", c.seconds);
  out.set("what", c.what);
  out.set("error", c.error);
  return out;
}
bool app_large_board(const ExplorerApp& app) { return app.large_board(); }
double app_frames(const ExplorerApp& app) { return static_cast<double>(app.frames()); }
val app_widget_rect(const ExplorerApp& app, std::string label) {
  return rect_or_null(app.widget_rect(label));
}
val app_square_rect(const ExplorerApp& app, int x, int y) {
  return rect_or_null(app.square_rect(x, y));
}
ExplorerApp* app_instance() { return live_app(); }

val frame_stats_js() {
  const FrameStats s = frame_stats();
  val out = val::object();
  out.set("lastMs", s.last_ms);
  out.set("maxMs", s.max_ms);
  out.set("frames", s.frames);
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(knights_tour) {
  using emscripten::allow_raw_pointers;
  emscripten::class_<Search>("Search")
      .constructor<>()
      .function("configure", &Search::configure)
      .function("configureProblem", &Search::configure_problem)
      .function("run", &Search::run)
      .function("status", &Search::status)
      .function("method", &Search::method)
      .function("reason", &Search::reason)
      .function("depth", &Search::depth)
      .function("placed", &Search::placed)
      .function("erased", &Search::erased)
      .function("seconds", &Search::seconds)
      .function("blocks", &Search::blocks)
      .function("board", &Search::board)
      .function("path", &Search::path)
      .function("text", &Search::text)
      .function("json", &Search::json)
      .function("summary", &Search::summary)
      .function("verify", &Search::verify);

  emscripten::class_<Counter>("Counter")
      .constructor<>()
      .function("configure", &Counter::configure)
      .function("run", &Counter::run)
      .function("status", &Counter::status)
      .function("count", &Counter::count)
      .function("progress", &Counter::progress)
      .function("nodes", &Counter::nodes)
      .function("seconds", &Counter::seconds)
      .function("what", &Counter::what)
      .function("error", &Counter::error);

  emscripten::class_<ExplorerApp>("ExplorerApp")
      .function("configure", &app_configure)
      .function("configureProblem", &app_configure_problem)
      .function("run", &ExplorerApp::run)
      .function("pause", &ExplorerApp::pause)
      .function("step", &ExplorerApp::step)
      .function("reset", &ExplorerApp::reset)
      .function("state", &app_state)
      .function("status", &app_status)
      .function("method", &app_method)
      .function("reason", &app_reason)
      .function("summary", &app_summary)
      .function("error", &app_error)
      .function("depth", &app_depth)
      .function("placed", &app_placed)
      .function("erased", &app_erased)
      .function("seconds", &app_seconds)
      .function("blocks", &app_blocks)
      .function("board", &app_board)
      .function("path", &app_path)
      .function("text", &app_text)
      .function("json", &app_json)
      .function("verify", &app_verify)
      .function("config", &app_config)
      .function("speed", &app_speed)
      .function("setSpeed", &app_set_speed)
      .function("clickMode", &app_click_mode)
      .function("setClickMode", &app_set_click_mode)
      .function("setCountKind", &app_set_count_kind)
      .function("countStart", &app_count_start)
      .function("countStop", &app_count_stop)
      .function("countState", &app_count_state)
      .function("largeBoard", &app_large_board)
      .function("frames", &app_frames)
      .function("widgetRect", &app_widget_rect)
      .function("squareRect", &app_square_rect);
  emscripten::function("app", &app_instance, allow_raw_pointers());
  emscripten::function("frameStats", &frame_stats_js);
  emscripten::function("resetFrameStats", &reset_frame_stats);
}

}  // namespace kt::web
