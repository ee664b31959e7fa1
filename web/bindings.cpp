// The page's JavaScript API (Embind):
//   new Module.Search(): a solver for scripting, independent of the screen.
//   new Module.Counter(): an exact tour count for scripting, run in slices.
//   Module.app(): the live explorer on screen (null before main() ran). The handle does not
//     own the explorer: never call .delete() on it.
//   Module.frameStats(), Module.resetFrameStats(): how long the page's frames take.
// Search and the live explorer share one read-out of their search (SearchReadout: status,
// board, json, verify, ...). Every problem goes through the one input road (js_request.hpp,
// then kt::parse_request with the page's limits) and its messages come back as they are. Bad
// arguments give a message or a harmless no-op, never an abort.
#include <emscripten/bind.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "banner.hpp"
#include "board/square_list.hpp"
#include "board/text_input.hpp"
#include "counting/count_request.hpp"
#include "explorer_state.hpp"
#include "explorer_view.hpp"
#include "js_request.hpp"
#include "live_app.hpp"
#include "page_request.hpp"
#include "readout.hpp"
#include "solve/rewindable_solver.hpp"
#include "tours_js.hpp"
#include "worker_counter.hpp"

namespace kt::web {

namespace {

using emscripten::val;

// The pseudocode line that runs next after a run of whole moves (TryMove, core/teaching): a
// move ends right after its `record` (next: `filled`) or its `erase` (next: `until`). "" for
// searches other than the textbook's (its methods, open tours without an end square).
std::string line_after_moves(const Solver& s, Action last) {
  const Method m = s.method();
  const Problem& p = s.problem();
  if ((m != Method::textbook && m != Method::wirth) || p.closed || p.end || !p.start) return {};
  if (s.status() != Status::running) return to_string(Line::ret);
  if (last == Action::placed) return to_string(Line::filled);
  if (last == Action::erased) return to_string(Line::until);
  return to_string(Line::select);
}

// A frame's locals as {name: number | boolean | null (unset)}.
val locals_js(const std::vector<Local>& locals) {
  val out = val::object();
  for (const Local& l : locals) {
    const std::string name(l.name);
    switch (l.kind) {
      case Local::Kind::number:
        out.set(name, l.value);
        break;
      case Local::Kind::boolean:
        out.set(name, l.value != 0);
        break;
      case Local::Kind::unset:
        out.set(name, val::null());
        break;
    }
  }
  return out;
}

// Knuth's estimate for the textbook's tree: {moves (to exhaust it), seconds (left at the
// speed measured so far, or null), explored (share of its moves placed so far)}.
val estimate_js(const TreeEstimate& e, double placed, std::optional<double> seconds_left) {
  val out = val::object();
  const auto moves = e.nodes.to_double();
  out.set("moves", moves ? val(*moves) : val::null());
  out.set("seconds", seconds_left ? val(*seconds_left) : val::null());
  out.set("explored", moves && *moves > 0 ? std::min(1.0, placed / *moves) : 0.0);
  return out;
}

val square_js(Square sq) {
  val out = val::array();
  out.call<void>("push", sq.x, sq.y);
  return out;
}

class Search : public SearchReadout {
 public:
  Search() { configure(val(5), val(5), val("1,1"), val("textbook")); }

  std::string configure(val rows, val cols, val start, val method) {
    RequestText text;
    if (auto why = read_request_args(rows, cols, start, method, text); !why.empty()) return why;
    return adopt(text);
  }
  std::string configure_problem(val problem) {
    RequestText text;
    if (auto why = read_request(problem, text); !why.empty()) return why;
    double seconds = 0;
    if (auto why = read_time_limit(problem, seconds); !why.empty()) return why;
    if (auto why = adopt(text); !why.empty()) return why;
    if (seconds > 0) run_->set_time_limit(seconds);
    return {};
  }
  // Runs at most max_steps steps: the status, or "maxSteps: ..." when it is not a count.
  std::string run(val max_steps) {
    std::uint64_t n = 0;
    if (auto why = read_count(max_steps, "maxSteps", 1, n); !why.empty()) return why;
    run_->run(n);
    return to_string(run_->solver().status());
  }
  // After a tour, on to the next one in the search's order (textbook and wirth; run() finds
  // it): false when there is none to go on from.
  bool next_tour() { return run_->next_tour(); }
  // Back by `steps` moves (default 1): the state after that many fewer, exactly (board, stack,
  // counters), replayed from the nearest checkpoint (kt::RewindableSolver: about a millisecond
  // whatever the run's length). "" or why not.
  std::string back(val steps) {
    std::uint64_t n = 1;
    if (!steps.isUndefined()) {
      if (auto why = read_count(steps, "steps", 1, n); !why.empty()) return why;
    }
    if (!run_->back(n)) return "back: a construction's blocks are not taken back";
    return {};
  }
  std::string line() const { return line_after_moves(run_->solver(), run_->last_action()); }
  val estimate() {
    const Method m = run_->solver().method();
    const Problem& p = run_->solver().problem();
    if ((m != Method::textbook && m != Method::wirth) || p.closed || p.end || !p.start) {
      return val::null();
    }
    if (!estimate_) estimate_ = estimate_tree(p, ui::estimate_probes(p.geometry));
    const Counters k = run_->solver().counters();
    const auto moves = estimate_->nodes.to_double();
    std::optional<double> left;
    if (moves && k.seconds > 0 && k.placed > 0) {
      left = std::max(0.0, *moves - static_cast<double>(k.placed)) /
             (static_cast<double>(k.placed) / k.seconds);
    }
    return estimate_js(*estimate_, static_cast<double>(k.placed), left);
  }

 private:
  // A refused problem leaves the current solver as it is.
  std::string adopt(const RequestText& text) {
    Request request;
    if (auto why = ui::parse_page_request(text, request); !why.empty()) return why;
    run_ = std::make_unique<RewindableSolver>(std::move(request.problem), request.method,
                                              request.order);
    estimate_.reset();
    return {};
  }
  const Solver* solver() const override { return &run_->solver(); }
  Action action() const override { return run_->last_action(); }
  std::string no_solver_reason() const override { return "not configured"; }

  std::unique_ptr<RewindableSolver> run_;  // always set: the constructor configures 5x5 from 1,1
  std::optional<TreeEstimate> estimate_;   // made on the first estimate()
};

// An exact count, run in slices like the page's own "Count tours", with the same choice of
// counter as the CLI's `knights count --counter` (kt::choose_counter):
//   const c = new Module.Counter();
//   c.configure({rows: 5, cols: 5, start: "1,1"});    // "" or why not
//   c.configure({rows: 3, cols: 30, closed: true, counter: "rows", memoryLimit: 500});
//   while (c.run(200000) === "running") {}            // "running" | "done" | "error"
//   c.count();      // the count so far, exact, as a string of decimal digits
//   c.progress(); c.seconds(); c.nodes(); c.what(); c.error(); c.delete();
//   c.counter();    // "search" | "rows": the counter counting
//   c.rows();       // counting by rows: {rowsDone, rows, squaresDone, squares, states, bytes,
//                   // peakBytes, fraction}; else null
// What is counted: closed: true, closed tours (each cycle once); else with a start, directed
// open tours from it (ending on `end` if given); without a start, directed open tours from
// every start (ending on `end` if given), as the CLI's count (kt::parse_count_request). counter:
// "auto" (default), "search" or "rows"; memoryLimit: megabytes counting by rows may take (default
// ui::kPageCountMemoryMB), refused at once past its forecast.
class Counter {
 public:
  std::string configure(val problem) {
    counter_.reset();
    seconds_ = 0;
    what_.clear();
    error_ = start(problem);
    return error_;
  }
  std::string run(val max_steps) {
    if (!counter_) return "error";
    std::uint64_t n = 0;
    if (auto why = read_count(max_steps, "maxSteps", 1, n); !why.empty()) return why;
    const auto t0 = std::chrono::steady_clock::now();
    counter_->run(n);
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return status();
  }
  std::string status() const {
    if (!counter_) return "error";
    if (counter_->status() == Status::running) return "running";
    return counter_->error().empty() ? "done" : "error";
  }
  // A string: counts pass 2^53 (3x30 closed), where a JS number loses digits.
  std::string count() const { return counter_ ? counter_->count().to_string() : "0"; }
  double progress() const { return counter_ ? counter_->progress() : 0; }
  double nodes() const { return counter_ ? static_cast<double>(counter_->nodes()) : 0; }
  double seconds() const { return seconds_; }
  std::string what() const { return what_; }
  std::string counter() const { return counter_ ? counter_->name() : ""; }
  val rows() const {
    const auto p = counter_ ? counter_->rows_progress() : std::nullopt;
    if (!p) return val::null();
    val out = val::object();
    out.set("rowsDone", p->rows_done);
    out.set("rows", p->rows);
    out.set("squaresDone", p->squares_done);
    out.set("squares", p->squares);
    out.set("states", static_cast<double>(p->states));
    out.set("bytes", static_cast<double>(p->bytes));
    out.set("peakBytes", static_cast<double>(p->peak_bytes));
    out.set("fraction", counter_->progress());
    out.set("joining", p->joining);
    return out;
  }
  std::string error() const {
    if (!counter_) return error_.empty() ? "not configured" : error_;
    return counter_->error();
  }

 private:
  // The fields say what is counted (see above): parsed as given, without a start meaning every
  // start, the request is the problem to count.
  std::string start(val problem) {
    CounterKind kind = CounterKind::automatic;
    std::uint64_t memory_mb = ui::kPageCountMemoryMB;
    if (!problem.isUndefined() && !problem.isNull() &&
        problem.typeOf().as<std::string>() == "object" && !problem.isArray()) {
      // The counter's own fields, read here; the rest is the problem (read_request).
      problem = val::global("Object").call<val>("assign", val::object(), problem);
      const val counter = problem["counter"];
      if (!counter.isUndefined()) {
        const auto k =
            counter.isString() ? parse_counter_kind(counter.as<std::string>()) : std::nullopt;
        if (!k) {
          return "counter: expected \"auto\", \"search\" or \"rows\" (got " + describe(counter) +
                 ")";
        }
        kind = *k;
      }
      const val memory = problem["memoryLimit"];
      if (!memory.isUndefined()) {
        const auto mb = whole_number(memory);
        if (!mb || *mb < 1 || *mb > static_cast<std::int64_t>(ui::kMaxPageCountMemoryMB)) {
          return "memoryLimit: expected megabytes, a whole number from 1 to " +
                 std::to_string(ui::kMaxPageCountMemoryMB) + " (got " + describe(memory) + ")";
        }
        memory_mb = static_cast<std::uint64_t>(*mb);
      }
      problem.delete_("counter");
      problem.delete_("memoryLimit");
    }
    RequestText text;
    if (auto why = read_request(problem, text, /*with_method=*/false, ", counter, memoryLimit");
        !why.empty()) {
      return why;
    }
    text.start_optional = true;  // no start: every start, as the CLI's count
    Problem p;
    if (auto why = parse_count_request(text, p, ui::kPageLimits); !why.empty()) return why;
    CounterChoice choice;
    if (auto why = ui::choose_page_counter(p, kind, memory_mb, choice); !why.empty()) return why;
    what_ = describe_count(p);
    counter_ = std::make_unique<ExactCounter>(p, choice.by_rows, memory_mb * 1'000'000);
    if (!counter_->error().empty()) {  // not expected: choose_page_counter said yes
      const std::string why = counter_->error();
      counter_.reset();
      return why;
    }
    return {};
  }

  std::unique_ptr<ExactCounter> counter_;
  std::string error_, what_;
  double seconds_ = 0;
};

// Module.app(): the live explorer. Its read-outs are the shared SearchReadout's, of the
// explorer's current solver (empty values and "invalid" while its input is refused); every
// other call is one of the explorer's state functions (ui/explorer_state.hpp).
class App : public SearchReadout {
 public:
  std::string configure(val rows, val cols, val start, val method) {
    RequestText text;
    if (auto why = read_request_args(rows, cols, start, method, text); !why.empty()) return why;
    return ui::configure(state(), text);
  }
  std::string configure_problem(val problem) {
    RequestText text;
    if (auto why = read_request(problem, text); !why.empty()) return why;
    double seconds = 0;
    if (auto why = read_time_limit(problem, seconds); !why.empty()) return why;
    if (seconds > 0)
      return "timeLimit: the page's search stops with its Pause button; Module.Search takes a time "
             "limit";
    return ui::configure(state(), text);
  }
  void run() { ui::run(state()); }
  void pause() { ui::pause(state()); }
  void step() { ui::step(state()); }
  // A paused run's moves (a link's steps=): placed or taken back, whatever drives the run.
  void step_moves(double n) {
    if (std::isfinite(n) && n >= 1) ui::step_moves(state(), static_cast<std::uint64_t>(n));
  }
  void reset() { ui::reset(state()); }
  std::string run_state() const { return ui::to_string(state().run.state); }
  // The Run's long parts off the page's thread (ui/build_elsewhere.hpp, search_elsewhere.hpp):
  // {building, searching (there now), built (the run's tour was built there), searched (its
  // search went there), error (why it failed there: the page went on itself)}.
  val run_elsewhere() const {
    const ui::SearchRun& r = state().run;
    val out = val::object();
    out.set("building", r.build_there != nullptr);
    out.set("searching", r.search_there != nullptr);
    out.set("built", r.built_elsewhere);
    out.set("searched", r.searched_elsewhere);
    out.set("error", r.elsewhere_error);
    return out;
  }
  // The banner above the board as it reads now: {title, detail}.
  val banner() const {
    const ui::BannerText b = ui::banner_text(state());
    val out = val::object();
    out.set("title", b.title);
    out.set("detail", b.detail);
    return out;
  }
  std::string error() const { return state().error; }

  // The problem as edited: rows and cols as numbers (the text, when it is not one), the
  // squares as text, closed as a boolean, the method's name.
  val config() const {
    const ui::Draft& d = state().draft;
    auto number_or_text = [](const std::string& text) {
      const auto n = parse_integer(text, "", 0, kMaxSide);
      return n ? val(static_cast<double>(*n)) : val(text);
    };
    val out = val::object();
    out.set("rows", number_or_text(d.text.size.empty() ? d.text.rows : d.text.size));
    out.set("cols", number_or_text(d.text.size.empty() ? d.text.cols : d.text.size));
    out.set("start", d.text.start);
    out.set("end", d.text.end);
    out.set("blocked", format_square_list(d.blocked));
    out.set("closed", ui::draft_closed(d));
    out.set("method", d.text.method.empty() ? std::string("auto") : d.text.method);
    out.set("order", d.text.order);
    out.set("leaper", d.text.leaper);               // "" for the knight
    out.set("wrap", d.text.wrap);                   // "" for a plain board
    out.set("pieceOpen", state().view.piece_open);  // the panel's piece and wrap shown
    return out;
  }
  // The run's pace: steps per second by the clock (stepsPerFrame: the same at 60 frames a
  // second, for callers of setSpeed).
  val speed() const {
    val out = val::object();
    out.set("stepsPerSecond", state().speed.steps_per_second);
    out.set("stepsPerFrame", state().speed.steps_per_second / 60);
    out.set("fastest", state().speed.fastest);
    return out;
  }
  void set_steps_per_second(val per_second, val fastest) {
    const double v = per_second.isNumber() ? per_second.as<double>() : 0;
    ui::set_speed(state(), v, fastest.isTrue());
  }
  // Steps per frame at 60 frames a second (the first API's unit).
  void set_speed(val steps_per_frame, val fastest) {
    const double v = steps_per_frame.isNumber() ? steps_per_frame.as<double>() : 0;
    ui::set_speed(state(), v * 60, fastest.isTrue());
  }
  // Every tour one by one (textbook and wirth, up to 64 squares): {index (the tour shown, 1
  // based; 0 while searching for the next), found, total (when known: the search went past
  // the last one, or Count tours counted them; else null), board (rows, top first) or null}.
  // found and total are counts: strings of digits, as every count the API gives.
  val tour() const {
    const ui::ExplorerState& s = state();
    val out = val::object();
    out.set("available", ui::lists_tours(s));
    out.set("index", static_cast<double>(s.tours.shown));
    out.set("found", std::to_string(s.tours.found));
    const auto total = ui::tour_total(s);
    out.set("total", total ? val(std::to_string(*total)) : val::null());
    const Solver* solver = s.run.solver.get();
    if (s.tours.shown == 0 || !solver) {
      out.set("board", val::null());
      return out;
    }
    const std::vector<std::int32_t>* kept = ui::shown_tour(s);
    const std::span<const std::int32_t> b =
        kept ? std::span<const std::int32_t>(*kept) : solver->board();
    const Geometry g = solver->problem().geometry;
    val rows = val::array();
    for (int y = g.rows; y >= 1; --y) {
      val row = val::array();
      for (int x = 1; x <= g.cols; ++x) row.call<void>("push", b[g.index({x, y})]);
      rows.call<void>("push", row);
    }
    out.set("board", rows);
    return out;
  }
  bool next_tour() { return ui::next_tour(state()); }
  bool previous_tour() { return ui::previous_tour(state()); }
  // The teaching panels open: ["stack", "code", ...]; setViews opens exactly the named ones
  // (unknown names are skipped) and returns those it did not know.
  val views() const {
    val out = val::array();
    for (int i = 0; i < ui::kPanelCount; ++i) {
      if (state().view.panels[i]) {
        out.call<void>("push", std::string(ui::to_string(static_cast<ui::Panel>(i))));
      }
    }
    return out;
  }
  val set_views(val names) {
    val unknown = val::array();
    if (!names.isArray()) return unknown;
    bool open[ui::kPanelCount] = {};
    const int n = std::min(64, names["length"].as<int>());
    for (int i = 0; i < n; ++i) {
      const val v = names[i];
      const auto p = v.isString() ? ui::parse_panel(v.as<std::string>()) : std::nullopt;
      if (p) {
        open[static_cast<int>(*p)] = true;
      } else {
        unknown.call<void>("push", describe(v));
      }
    }
    std::copy(std::begin(open), std::end(open), state().view.panels);
    return unknown;
  }
  std::string click_mode() const { return ui::to_string(state().view.click_mode); }
  std::string set_click_mode(val mode) {
    const auto m = mode.isString() ? ui::parse_click_mode(mode.as<std::string>()) : std::nullopt;
    if (!m) return "mode: expected \"start\", \"end\" or \"block\" (got " + describe(mode) + ")";
    if (!ui::set_click_mode(state(), *m)) return "mode: a closed tour has no end square to set";
    return {};
  }
  // A click on square (x, y), as on the board: "edited", "selected" or "ignored".
  std::string click_square(val x, val y) {
    const auto sx = whole_number(x), sy = whole_number(y);
    if (!sx || !sy || *sx < 1 || *sy < 1 || *sx > kMaxSide || *sy > kMaxSide) return "ignored";
    return ui::to_string(
        ui::click_square(state(), Square{static_cast<int>(*sx), static_cast<int>(*sy)}));
  }
  val selected() const {
    const auto& s = state().view.selected;
    if (!s) return val::null();
    val out = val::array();
    out.call<void>("push", s->x, s->y);
    return out;
  }
  // --- the exercises (ui/play_mode.hpp, ui/predict_mode.hpp) -------------------------------
  // What a click on the board does: "watch" (edit, then watch the runs), "predict" or "play".
  std::string mode() const { return ui::to_string(state().mode); }
  std::string set_mode(val name) {
    const auto m = name.isString() ? ui::parse_mode(name.as<std::string>()) : std::nullopt;
    if (!m) return "mode: expected \"watch\", \"predict\" or \"play\" (got " + describe(name) + ")";
    return ui::set_mode(state(), *m);
  }
  // The student says where the recursion's next move goes: {right, answer: [x, y], move, why,
  // score: {right, asked}}, the run moved on to that move; null when there is nothing to
  // predict (no recursion, or its run has ended).
  val predict(val x, val y) {
    const auto sx = whole_number(x), sy = whole_number(y);
    if (!sx || !sy || std::abs(*sx) > kMaxSide || std::abs(*sy) > kMaxSide) return val::null();
    const auto p = ui::predict(state(), Square{static_cast<int>(*sx), static_cast<int>(*sy)});
    if (!p) return val::null();
    val out = val::object();
    out.set("right", p->right);
    out.set("answer", square_js(p->answer));
    out.set("move", p->move);
    out.set("why", p->why);
    out.set("score", predict_score());
    return out;
  }
  val predict_score() const {
    val out = val::object();
    out.set("right", static_cast<double>(state().predict.right));
    out.set("asked", static_cast<double>(state().predict.asked));
    return out;
  }
  // The game by hand: {path: [[x, y], ...], legal: [[x, y], ...], dead (no move left, or an
  // exact search proved no tour can be finished), finishable ("yes", "no", "unknown"), done
  // (every square visited), verified (the verifier's verdict on a finished tour), message,
  // available, why}.
  val play() {
    ui::ExplorerState& s = state();
    val out = val::object();
    out.set("available", ui::play_available(s));
    out.set("why", s.play.why_not);
    const Geometry g = s.play.problem.geometry;
    val path = val::array();
    for (const std::int32_t i : s.play.path) path.call<void>("push", square_js(g.square(i)));
    out.set("path", path);
    val legal = val::array();
    for (const Square q : ui::play_legal(s)) legal.call<void>("push", square_js(q));
    out.set("legal", legal);
    out.set("dead", ui::play_dead(s.play));
    out.set("finishable", std::string(ui::to_string(s.play.finishable)));
    out.set("done", ui::play_done(s.play));
    out.set("verified", s.play.verdict ? s.play.verdict->ok : false);
    out.set("message", s.play.message);
    return out;
  }
  bool undo() { return ui::play_undo(state()); }
  // Where the recursion stands, cheaply (no board): {available, lines, granularity, status},
  // for the address bar, which follows it twice a second.
  val recursion_position() const {
    ui::ExplorerState& s = state();
    val out = val::object();
    out.set("available", ui::teaching_available(s));
    out.set("granularity", std::string(to_string(s.teach.granularity)));
    const bool any = s.teach.timeline != nullptr;
    out.set("lines", any ? static_cast<double>(s.teach.timeline->machine().lines()) : 0.0);
    out.set("status", std::string(any ? to_string(s.teach.timeline->machine().status()) : ""));
    return out;
  }
  // Warnsdorff's choice: [x, y], or null without a move.
  val hint() {
    const auto h = ui::play_hint(state());
    return h ? square_js(*h) : val::null();
  }
  // "Watch the search from this start": false when nothing was played.
  bool watch_from_start() { return ui::watch_from_play_start(state()); }

  std::string set_count_kind(val kind) {
    const auto k = kind.isString() ? ui::parse_count_kind(kind.as<std::string>()) : std::nullopt;
    if (!k) {
      return "kind: expected \"from-start\", \"all-open\" or \"closed\" (got " + describe(kind) +
             ")";
    }
    ui::set_count_kind(state(), *k);
    return {};
  }
  // As the Count button: "" when counting started, else the refusal shown in the panel.
  std::string count_start() { return ui::count(state()); }
  // The count's counter, as the CLI's --counter: "auto", "search" or "rows".
  std::string set_counter(val name) {
    const auto k = name.isString() ? parse_counter_kind(name.as<std::string>()) : std::nullopt;
    if (!k)
      return "counter: expected \"auto\", \"search\" or \"rows\" (got " + describe(name) + ")";
    ui::set_counter_kind(state(), *k);
    return {};
  }
  void count_stop() { ui::stop_count(state()); }
  // After countStart() left the count asking (its forecast is long): the user's yes or no.
  std::string count_confirm() { return ui::count(state(), true); }
  void count_cancel() { ui::cancel_count(state()); }
  // As "Classes and ends": "" when the study started, else the refusal shown in the panel.
  std::string study_start() { return ui::study(state()); }
  void study_stop() { ui::stop_study(state().study); }
  // {state: "idle" | "running" | "done" | "stopped", tours, classes, fixed (tours_js.hpp),
  // ends (with a start, else null), onBoard (the end map drawn on the board), seconds, error}
  val study() const {
    const ui::TourStudy& t = state().study;
    static constexpr const char* kStates[] = {"idle", "running", "done", "stopped"};
    val out = t.classifier ? classes_js(t.classifier->result()) : val::object();
    out.set("state", kStates[static_cast<int>(t.state)]);
    out.set("tours", std::to_string(t.classifier ? t.classifier->result().tours : 0));
    out.set("ends", t.ends.empty() ? val::null() : ends_js(t.problem, t.ends));
    out.set("onBoard", ui::end_map_on_board(state()));  // the map drawn on the board
    out.set("seconds", t.seconds);
    out.set("error", t.error);
    return out;
  }
  val count_state() const {
    const ui::Counting& c = state().counting;
    val out = val::object();
    out.set("state", std::string(ui::to_string(c.state)));
    out.set("kind", std::string(ui::to_string(c.kind)));
    out.set("count", c.counter ? c.counter->count().to_string() : std::string("0"));
    out.set("counter", std::string(c.counter ? c.counter->name() : ""));
    // Threads counting: 1 on the page's own thread, more in the counting worker.
    out.set("threads", c.counter ? c.counter->threads() : 0);
    out.set("progress", !c.counter                        ? 0.0
                        : c.state == ui::CountState::done ? 1.0
                                                          : c.counter->progress());
    const auto rows = c.counter ? c.counter->rows_progress() : std::nullopt;
    out.set("rowsDone", rows ? rows->rows_done : 0);
    out.set("rows", rows ? rows->rows : 0);
    out.set("states", rows ? static_cast<double>(rows->states) : 0.0);
    out.set("bytes", rows ? static_cast<double>(rows->bytes) : 0.0);
    // Bytes of states written to the browser's storage past the memory limit, so far.
    out.set("diskBytes", rows ? static_cast<double>(rows->disk_bytes) : 0.0);
    out.set("memoryLimit", static_cast<double>(c.memory_limit_mb));
    out.set("joining", rows ? rows->joining : false);
    out.set("seconds", c.seconds);
    out.set("what", c.what);
    out.set("forecast", c.forecast);
    out.set("forecastSeconds", c.forecast_seconds);
    out.set("error", c.error);
    // A count by rows: whether it is saved as it goes and how far, or why it cannot be.
    out.set("saving", ui::count_saving(c));
    return out;
  }
  // The count saved in the browser's storage (worker_counter.hpp): what and how far, or null.
  val saved_count() const { return web::saved_count(); }
  // Goes on with it (the board set as its): "" or why not.
  std::string resume_count() { return resume_saved_count(state()); }
  void discard_saved_count() { web::discard_saved_count(); }
  bool large_board() const { return ui::large_board(state()); }

  // The textbook's recursion (ui/teaching_run.hpp), for the textbook and wirth methods on open
  // tours without an end square. Steps go by the granularity ("line", "move", "dead-end",
  // "tour"); back(n) undoes n of them exactly.
  val recursion() const {
    ui::ExplorerState& s = state();
    val out = val::object();
    out.set("available", ui::teaching_available(s));
    out.set("why", s.teach.why_not);
    out.set("granularity", std::string(to_string(s.teach.granularity)));
    out.set("playing", s.teach.playing);
    // Whether it is the run (ui::recursion_is_run): Run, Step and the pace drive it.
    out.set("isRun", ui::recursion_is_run(s));
    if (!s.teach.timeline) return out;
    const TryMoveMachine& m = s.teach.timeline->machine();
    out.set("line", std::string(to_string(m.line())));
    out.set("lines", static_cast<double>(m.lines()));
    out.set("furthest", static_cast<double>(s.teach.timeline->furthest()));
    out.set("placed", static_cast<double>(m.placed()));
    out.set("erased", static_cast<double>(m.erased()));
    // Tours completed so far: Try_All (listing handout-all) displays one after another. A count:
    // a string of digits.
    out.set("tours", std::to_string(m.tours()));
    out.set("status", std::string(to_string(m.status())));
    out.set("order", std::string(m.order().name));
    static const char* kEffects[] = {"none", "placed", "erased", "displayed"};
    out.set("lastEffect", std::string(kEffects[static_cast<int>(m.last_effect())]));
    out.set("stack", teach_stack());
    val cand = val::array();
    static const char* kCandidates[] = {"off_board", "visited", "failed", "trying", "untried"};
    if (!m.frames().empty()) {
      for (Candidate c : m.candidates()) cand.call<void>("push", std::string(kCandidates[int(c)]));
    }
    out.set("candidates", cand);
    const Geometry g = m.geometry();
    val rows = val::array();
    for (int y = g.rows; y >= 1; --y) {
      val row = val::array();
      for (int x = 1; x <= g.cols; ++x) row.call<void>("push", m.board()[g.index({x, y})]);
      rows.call<void>("push", row);
    }
    out.set("board", rows);
    return out;
  }
  // The calls from the start: [{move, x, y, candidate}, ...] (move: the number the call writes).
  val teach_stack() const {
    val out = val::array();
    ui::ExplorerState& s = state();
    if (!ui::teaching_available(s)) return out;
    const TryMoveMachine& m = s.teach.timeline->machine();
    for (std::size_t i = 0; i < m.frames().size(); ++i) {
      const auto& f = m.frames()[i];
      val o = val::object();
      o.set("move", f.move);
      o.set("x", f.at.x);  // the page's numbering (the pseudocode's calls may be off the board)
      o.set("y", f.at.y);
      o.set("candidate", f.count);
      o.set("call", format_call(*s.teach.listing, m, i));
      o.set("locals", locals_js(frame_locals(*s.teach.listing, m, i)));
      out.call<void>("push", o);
    }
    return out;
  }

  // The course's listing (core/teaching/listing.hpp): setListing(name) -> "" or why not;
  // listing() -> {name, title, note, lines: [text, ...], current (1-based, 0 once returned),
  // currentLines, breakpoints (1-based), names}; locals() -> the current call's locals by the
  // listing's names (null when unset), {} without a run; toggleBreakpoint(line) (1-based);
  // codeScale()/setCodeScale(x): the code pane's font size.
  std::string set_listing(val name) {
    if (!name.isString()) return "listing: expected a name such as \"wirth\"";
    return ui::set_listing(state(), name.as<std::string>());
  }
  val listing() const {
    ui::ExplorerState& s = state();
    val out = val::object();
    out.set("name", std::string(ui::listing_name(s)));
    val names = val::array();
    for (const std::string_view n : listing_names()) names.call<void>("push", std::string(n));
    out.set("names", names);
    if (!ui::teaching_available(s)) return out;
    const Listing& l = *s.teach.listing;
    const TryMoveMachine& m = s.teach.timeline->machine();
    out.set("title", std::string(l.title));
    out.set("note", std::string(l.note));
    val lines = val::array();
    for (const ListingLine& line : l.lines) lines.call<void>("push", line.text);
    out.set("lines", lines);
    out.set("current", current_line(l, m) + 1);
    val current = val::array();
    for (const int i : current_lines(l, m)) current.call<void>("push", i + 1);
    out.set("currentLines", current);
    val breaks = val::array();
    for (const int i : s.teach.breakpoints) breaks.call<void>("push", i + 1);
    out.set("breakpoints", breaks);
    out.set("narration", narrate(l, m));
    return out;
  }
  val locals() const {
    ui::ExplorerState& s = state();
    if (!ui::teaching_available(s)) return val::object();
    const TryMoveMachine& m = s.teach.timeline->machine();
    if (m.frames().empty()) return val::object();
    return locals_js(frame_locals(*s.teach.listing, m, m.frames().size() - 1));
  }
  void toggle_breakpoint(int line) { ui::toggle_breakpoint(state(), line - 1); }
  double code_scale() const { return state().teach.code_scale; }
  // How the code pane laid the listing out when last drawn: {lines, rows, width, widest, scale,
  // whole}; widest <= width means no row is cut, whole that every row is in its box at once.
  val code_layout() const {
    const ui::CodeLayout& c = state().teach.code_layout;
    val out = val::object();
    out.set("lines", c.lines);
    out.set("rows", c.rows);
    out.set("width", c.width);
    out.set("widest", c.widest);
    out.set("scale", c.scale);
    out.set("whole", c.whole);
    return out;
  }
  void set_code_scale(double scale) { ui::set_code_scale(state(), static_cast<float>(scale)); }
  std::string line() const {
    ui::ExplorerState& s = state();
    return ui::teaching_available(s) ? to_string(s.teach.timeline->machine().line()) : "";
  }
  // forward(n), back(n), seek(line): "" or "steps: ..." / "line: ..." when not a count.
  std::string forward(val n) {
    std::uint64_t steps = 1;
    if (auto why = read_steps(n, steps); !why.empty()) return why;
    ui::teach_forward(state(), steps);
    return {};
  }
  std::string back(val n) {
    std::uint64_t steps = 1;
    if (auto why = read_steps(n, steps); !why.empty()) return why;
    ui::teach_back(state(), steps);
    return {};
  }
  void step_over() { ui::teach_step_over(state()); }
  void step_out() { ui::teach_step_out(state()); }
  std::string seek(val line) {
    std::uint64_t to = 0;
    if (auto why = read_count(line, "line", 0, to); !why.empty()) return why;
    ui::teach_seek(state(), to);
    return {};
  }
  // The recursion's Play is the run's Run (one run: ui::recursion_is_run), its pace the run's.
  void teach_play(val on) {
    if (on.isTrue()) {
      ui::run(state());
    } else {
      ui::pause(state());
    }
  }
  void set_teach_speed(double steps_per_second, val fastest) {
    ui::set_speed(state(), steps_per_second, fastest.isTrue());
  }
  std::string granularity() const { return to_string(state().teach.granularity); }
  std::string set_granularity(val g) {
    const auto parsed = g.isString() ? ui::parse_granularity(g.as<std::string>()) : std::nullopt;
    if (!parsed) {
      return "granularity: expected \"line\", \"move\", \"dead-end\" or \"tour\" (got " +
             describe(g) + ")";
    }
    ui::set_granularity(state(), *parsed);
    return {};
  }
  // A preset's name ("sutcliffe", "wirth", "handout", ...), "dx,dy;..." pairs, or "" for the
  // method's own: "" or why not.
  std::string set_order(val text) {
    if (!text.isString()) return "order: expected a string (got " + describe(text) + ")";
    return ui::set_teaching_order(state(), text.as<std::string>());
  }
  // Knuth's estimate: {moves (to exhaust the tree), seconds (left at the measured speed, or
  // null), explored (share of the tree's moves placed so far)}; null without a teaching run.
  val estimate() const {
    ui::ExplorerState& s = state();
    if (!ui::teaching_available(s) || !s.teach.estimate) return val::null();
    return estimate_js(*s.teach.estimate, static_cast<double>(s.teach.timeline->machine().placed()),
                       ui::teaching_seconds_left(s.teach));
  }
  // --- the board's camera (ui/board_camera.hpp): zoom and pan, go to a move or a square ---
  // Squares are (x, y) as everywhere: the view's centre {cx, cy} is in the same units (square
  // (x, y)'s centre is at (x, y)); scale is CSS pixels a square; visible: the squares in view;
  // detail: what was drawn close in ("colours", "lines", "numbers").
  val zoom() const {
    const ui::BoardView& b = view().board_view();
    const ui::BoardCamera& c = b.camera();
    const int rows = state().board.geometry ? state().board.geometry->rows : 0;
    val out = val::object();
    out.set("cx", c.cx + 0.5);
    out.set("cy", rows - c.cy + 0.5);
    out.set("scale", c.scale);
    out.set("fitted", c.fitted);
    out.set("detail", std::string(ui::to_string(b.detail())));
    if (const auto r = b.visible()) {
      val v = val::object();
      v.set("x0", r->x0);
      v.set("x1", r->x1);
      v.set("y0", r->y0);
      v.set("y1", r->y1);
      out.set("visible", v);
    } else {
      out.set("visible", val::null());
    }
    out.set("viewport", rect_or_null(b.viewport()));
    return out;
  }
  void set_view(double cx, double cy, double scale) {
    const int rows = state().board.geometry ? state().board.geometry->rows : 0;
    view().board_view().set_view(cx - 0.5, rows - cy + 0.5, scale);
  }
  // Zooms by `factor` about the view's centre, or about CSS point (sx, sy).
  void zoom_by(double factor) { view().board_view().zoom(factor); }
  void zoom_at(double factor, double sx, double sy) { view().board_view().zoom_at(factor, sx, sy); }
  void pan_by(double dx, double dy) { view().board_view().pan(dx, dy); }
  void fit_view() { view().board_view().fit(); }
  bool over_board(double x, double y) const { return view().board_view().over_board(x, y); }
  // Centres move n's square and selects it: [x, y], or null when there is no such move (yet).
  val go_to_move(val n) {
    const auto k = whole_number(n);
    if (!k) return val::null();
    const auto sq = view().go_to_move(state(), *k);
    if (!sq) return val::null();
    val out = val::array();
    out.call<void>("push", sq->x, sq->y);
    return out;
  }
  bool go_to_square(val x, val y) {
    const auto sx = whole_number(x), sy = whole_number(y);
    if (!sx || !sy || *sx < 1 || *sy < 1 || *sx > kMaxSide || *sy > kMaxSide) return false;
    return view().go_to_square(state(), Square{static_cast<int>(*sx), static_cast<int>(*sy)});
  }
  // The move number on (x, y) as the board shows it (null off the board or before it is known).
  val move_at(val x, val y) const {
    const auto sx = whole_number(x), sy = whole_number(y);
    if (!sx || !sy || *sx < 1 || *sy < 1 || *sx > kMaxSide || *sy > kMaxSide) return val::null();
    const auto m =
        view().move_number(state(), Square{static_cast<int>(*sx), static_cast<int>(*sy)});
    return m ? val(*m) : val::null();
  }
  // The visible squares' move numbers, top row first: {x0, x1, y0, y1, rows}; null when more
  // than 40,000 squares are in view.
  val visible_moves() const {
    const auto r = view().board_view().visible();
    if (!r || r->count() > 40000) return val::null();
    val out = val::object();
    out.set("x0", r->x0);
    out.set("x1", r->x1);
    out.set("y0", r->y0);
    out.set("y1", r->y1);
    val rows = val::array();
    for (int y = r->y1; y >= r->y0; --y) {
      val row = val::array();
      for (int x = r->x0; x <= r->x1; ++x) {
        row.call<void>("push", view().move_number(state(), Square{x, y}).value_or(0));
      }
      rows.call<void>("push", row);
    }
    out.set("rows", rows);
    return out;
  }
  double frames() const { return static_cast<double>(live_app()->frames); }
  void redraw() const { web::redraw(); }
  val widget_rect(std::string label) const {
    return rect_or_null(live_app()->view.rects().find(label));
  }
  val square_rect(int x, int y) const {
    return rect_or_null(live_app()->view.square_rect(state(), Square{x, y}));
  }

 private:
  static ui::ExplorerState& state() { return live_app()->state; }
  static ui::ExplorerView& view() { return live_app()->view; }
  static std::string read_steps(val n, std::uint64_t& steps) {  // one when not given
    return n.isUndefined() ? std::string() : read_count(n, "steps", 1, steps);
  }
  const Solver* solver() const override { return state().run.solver.get(); }
  Action action() const override { return state().run.last_action; }
  std::string no_solver_reason() const override { return state().error; }
};

App* app_instance() {
  static App handle;  // stateless: every call goes to live_app()
  return live_app() ? &handle : nullptr;
}

val frame_stats_js() {
  const FrameStats s = frame_stats();
  val out = val::object();
  out.set("lastMs", s.last_ms);
  out.set("maxMs", s.max_ms);
  out.set("frames", s.frames);
  out.set("drawn", s.drawn);
  out.set("p50Ms", s.p50_ms);
  out.set("p95Ms", s.p95_ms);
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(knights_tour) {
  using emscripten::allow_raw_pointers;
  using emscripten::base;
  emscripten::class_<SearchReadout>("SearchReadout")
      .function("status", &SearchReadout::status)
      .function("method", &SearchReadout::method)
      .function("reason", &SearchReadout::reason)
      .function("depth", &SearchReadout::depth)
      .function("placed", &SearchReadout::placed)
      .function("erased", &SearchReadout::erased)
      .function("seconds", &SearchReadout::seconds)
      .function("blocks", &SearchReadout::blocks)
      .function("board", &SearchReadout::board)
      .function("path", &SearchReadout::path)
      .function("text", &SearchReadout::text)
      .function("json", &SearchReadout::json)
      .function("summary", &SearchReadout::summary)
      .function("verify", &SearchReadout::verify)
      .function("stack", &SearchReadout::stack)
      .function("lastAction", &SearchReadout::last_action);

  emscripten::class_<Search, base<SearchReadout>>("Search")
      .constructor<>()
      .function("configure", &Search::configure)
      .function("configureProblem", &Search::configure_problem)
      .function("run", &Search::run)
      .function("nextTour", &Search::next_tour)
      .function("back", &Search::back)
      .function("line", &Search::line)
      .function("estimate", &Search::estimate);

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
      .function("counter", &Counter::counter)
      .function("rows", &Counter::rows)
      .function("error", &Counter::error);

  emscripten::class_<App, base<SearchReadout>>("ExplorerApp")
      .function("configure", &App::configure)
      .function("configureProblem", &App::configure_problem)
      .function("run", &App::run)
      .function("pause", &App::pause)
      .function("step", &App::step)
      .function("stepMoves", &App::step_moves)
      .function("reset", &App::reset)
      .function("state", &App::run_state)
      .function("runElsewhere", &App::run_elsewhere)
      .function("banner", &App::banner)
      .function("error", &App::error)
      .function("config", &App::config)
      .function("speed", &App::speed)
      .function("setSpeed", &App::set_speed)
      .function("setStepsPerSecond", &App::set_steps_per_second)
      .function("tour", &App::tour)
      .function("nextTour", &App::next_tour)
      .function("previousTour", &App::previous_tour)
      .function("views", &App::views)
      .function("setViews", &App::set_views)
      .function("clickMode", &App::click_mode)
      .function("setClickMode", &App::set_click_mode)
      .function("clickSquare", &App::click_square)
      .function("selected", &App::selected)
      .function("mode", &App::mode)
      .function("setMode", &App::set_mode)
      .function("predict", &App::predict)
      .function("predictScore", &App::predict_score)
      .function("play", &App::play)
      .function("undo", &App::undo)
      .function("hint", &App::hint)
      .function("watchFromStart", &App::watch_from_start)
      .function("recursionPosition", &App::recursion_position)
      .function("setCountKind", &App::set_count_kind)
      .function("countStart", &App::count_start)
      .function("setCounter", &App::set_counter)
      .function("countStop", &App::count_stop)
      .function("countConfirm", &App::count_confirm)
      .function("countCancel", &App::count_cancel)
      .function("countState", &App::count_state)
      .function("savedCount", &App::saved_count)
      .function("resumeCount", &App::resume_count)
      .function("discardSavedCount", &App::discard_saved_count)
      .function("studyStart", &App::study_start)
      .function("studyStop", &App::study_stop)
      .function("study", &App::study)
      .function("largeBoard", &App::large_board)
      .function("recursion", &App::recursion)
      .function("teachStack", &App::teach_stack)
      .function("setListing", &App::set_listing)
      .function("listing", &App::listing)
      .function("locals", &App::locals)
      .function("toggleBreakpoint", &App::toggle_breakpoint)
      .function("codeLayout", &App::code_layout)
      .function("codeScale", &App::code_scale)
      .function("setCodeScale", &App::set_code_scale)
      .function("line", &App::line)
      .function("forward", &App::forward)
      .function("back", &App::back)
      .function("stepOver", &App::step_over)
      .function("stepOut", &App::step_out)
      .function("seek", &App::seek)
      .function("teachPlay", &App::teach_play)
      .function("setTeachSpeed", &App::set_teach_speed)
      .function("granularity", &App::granularity)
      .function("setGranularity", &App::set_granularity)
      .function("setOrder", &App::set_order)
      .function("estimate", &App::estimate)
      .function("frames", &App::frames)
      .function("redraw", &App::redraw)
      .function("widgetRect", &App::widget_rect)
      .function("squareRect", &App::square_rect)
      .function("zoom", &App::zoom)
      .function("setView", &App::set_view)
      .function("zoomBy", &App::zoom_by)
      .function("zoomAt", &App::zoom_at)
      .function("panBy", &App::pan_by)
      .function("fitView", &App::fit_view)
      .function("overBoard", &App::over_board)
      .function("goToMove", &App::go_to_move)
      .function("goToSquare", &App::go_to_square)
      .function("moveAt", &App::move_at)
      .function("visibleMoves", &App::visible_moves);
  emscripten::function("app", &app_instance, allow_raw_pointers());
  emscripten::function("frameStats", &frame_stats_js);
  emscripten::function("resetFrameStats", &reset_frame_stats);
}

}  // namespace kt::web
