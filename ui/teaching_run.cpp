#include "teaching_run.hpp"

#include <algorithm>
#include <cmath>

#include "explorer_state.hpp"

namespace kt::ui {

// Enough probes for a steady figure on 8x8 (relative error of a few per cent on small boards)
// while costing a few milliseconds once per problem: each probe walks at most one path down the
// tree, so large boards get fewer.
std::uint64_t estimate_probes(Geometry g) {
  const auto squares = static_cast<std::uint64_t>(g.rows) * static_cast<std::uint64_t>(g.cols);
  return std::clamp<std::uint64_t>(2'000'000 / std::max<std::uint64_t>(1, squares), 50, 4000);
}

namespace {

// Checkpoints of a teaching run: replaying a spacing of lines stays well under a frame.
// Called through a pointer no optimiser sees through: binaryen inlines a function with a single
// caller whatever its size, and the check (a walk of the board) would then sit in the teaching
// run's set-up, in the page's first frame, though the knight on a plain board never needs it.
std::string (*volatile listing_refusal_call)(const Problem&) = listing_refusal;

constexpr std::size_t kTimelineMemory = std::size_t{16} << 20;
constexpr float kFadeSeconds = 1.5f;

// What a method without a listing does, in a sentence for the code pane.
std::string what_runs(const Solver& solver) {
  switch (solver.method()) {
    case Method::warnsdorff:
      return "Warnsdorff's rule goes first to the square with the fewest onward jumps, and "
             "backtracks only when stuck.";
    case Method::construct:
      return "The construction joins small tours of blocks into one, without searching.";
    case Method::automatic:
      return "Theory settled this board at once: there is nothing to search.";
    default:
      return "This method searches without the textbook's procedure.";
  }
}

void rebuild(ExplorerState& s) {
  TeachingRun& t = s.teach;
  t.built_for = s.run.generation;
  t.timeline.reset();
  t.estimate.reset();
  t.playing = false;
  t.forward_goal.reset();
  t.pacer.reset();
  t.seconds = 0;
  t.played_lines = 0;
  t.fade.clear();
  t.why_not.clear();
  const Solver* solver = s.run.solver.get();
  if (!solver) {
    t.why_not = "the problem is refused";
    return;
  }
  const Method m = solver->method();
  if (m != Method::textbook && m != Method::wirth) {
    t.why_not = what_runs(*solver) +
                " It has no listing here: choose the textbook or wirth method to see the code, "
                "line by line";
    return;
  }
  const Problem& p = solver->problem();
  if (p.closed || p.end || !p.start) {
    t.why_not = "the textbook's procedure is for open tours without an end square";
    return;
  }
  if (!p.piece.is_plain_knight()) {
    if (auto why = listing_refusal_call(p); !why.empty()) {
      t.why_not = why;
      return;
    }
  }
  // The listing's own order unless one was set (the method's own for listings without one).
  const std::string name(listing_name(s));
  const auto own = make_listing(name, solver->order());
  const MoveOrder order =
      s.draft.text.order.empty() && own && own->order ? *own->order : solver->order();
  t.listing = make_listing(name, order);
  if (!t.listing) t.listing = make_listing("sutcliffe", order);
  t.breakpoints.clear();
  t.timeline = std::make_unique<Timeline>(p, order, kTimelineMemory, t.listing->semantics);
  t.fade.assign(static_cast<std::size_t>(p.geometry.rows) * p.geometry.cols, 0.0f);
  t.estimate = estimate_tree(p, estimate_probes(p.geometry));
}

// Whether forward(n) at the granularity counts steps: all but a tour, which is the end of the
// run, except for Try_All, which displays one tour after another.
bool counted(const TryMoveMachine& m, Granularity g) {
  return g != Granularity::tour || m.semantics() == Semantics::try_all;
}

// The granularity's own count of what the run has done (the unit forward(n) counts in).
std::uint64_t done_in(const TryMoveMachine& m, Granularity g) {
  switch (g) {
    case Granularity::line:
      return m.lines();
    case Granularity::move:
      return m.moves();
    case Granularity::dead_end:
      return m.erased();
    case Granularity::tour:
      return m.tours();
  }
  return 0;
}

// One frame's lines toward forward(n)'s goal; the goal is dropped once met, at a breakpoint or
// at the end of the run.
void run_forward_goal(TeachingRun& t) {
  if (!t.forward_goal) return;
  const auto [g, goal] = *t.forward_goal;
  Timeline& tl = *t.timeline;
  const std::uint64_t done = done_in(tl.machine(), g);
  const bool steps = counted(tl.machine(), g);
  const bool met = steps && done >= goal;
  if (met || tl.forward(g, steps ? goal - done : 1, kFrameLines) || tl.stopped_at_break() ||
      tl.machine().status() != Status::running) {
    t.forward_goal.reset();
  }
}

// A take-back the last step ended on leaves a mark that fades.
void mark_take_back(TeachingRun& t) {
  const TryMoveMachine& m = t.timeline->machine();
  if (m.last_effect() == Effect::erased && m.effect_square() >= 0) {
    t.fade[static_cast<std::size_t>(m.effect_square())] = 1.0f;
  }
}

}  // namespace

std::string_view listing_name(const ExplorerState& s) {
  const TeachingRun& t = s.teach;
  if (!t.listing_choice.empty()) return t.listing_choice;
  const Solver* solver = s.run.solver.get();
  return solver && solver->method() == Method::wirth ? "wirth" : "sutcliffe";
}

std::string set_listing(ExplorerState& s, std::string_view name) {
  const auto names = listing_names();
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    return "listing: expected " + listing_names_said() + " (got \"" +
           std::string(name.substr(0, 40)) + "\")";
  }
  TeachingRun& t = s.teach;
  t.listing_choice = std::string(name);
  if (!teaching_available(s)) return {};
  const TryMoveMachine& m = t.timeline->machine();
  const auto own = make_listing(name, m.order());
  const MoveOrder& order = s.draft.text.order.empty() && own->order ? *own->order : m.order();
  const bool same_machine =
      own->semantics == m.semantics() && order.dx == m.order().dx && order.dy == m.order().dy;
  if (same_machine) {  // the same run, read in another language: it keeps its place
    t.listing = make_listing(name, m.order());
    t.breakpoints.clear();
    t.timeline->set_breakpoints(0);
  } else {
    t.built_for = ~std::uint64_t{0};
    sync_teaching(s);
  }
  return {};
}

void toggle_breakpoint(ExplorerState& s, int line) {
  if (!teaching_available(s)) return;
  TeachingRun& t = s.teach;
  const auto& lines = t.listing->lines;
  while (line >= 0 && line < static_cast<int>(lines.size()) && lines[line].point < 0) ++line;
  if (line < 0 || line >= static_cast<int>(lines.size())) return;
  auto it = std::lower_bound(t.breakpoints.begin(), t.breakpoints.end(), line);
  if (it != t.breakpoints.end() && *it == line) {
    t.breakpoints.erase(it);
  } else {
    t.breakpoints.insert(it, line);
  }
  t.timeline->set_breakpoints(breakpoint_mask(*t.listing, t.breakpoints));
}

void set_code_scale(ExplorerState& s, float scale) {
  if (!std::isfinite(scale)) scale = 1.0f;
  s.teach.code_scale = std::clamp(scale, kMinCodeScale, kMaxCodeScale);
}

std::optional<Granularity> parse_granularity(std::string_view name) {
  for (Granularity g :
       {Granularity::line, Granularity::move, Granularity::dead_end, Granularity::tour}) {
    if (name == to_string(g)) return g;
  }
  return std::nullopt;
}

void sync_teaching(ExplorerState& s) {
  if (s.teach.built_for != s.run.generation) rebuild(s);
}

bool teaching_available(ExplorerState& s) {
  sync_teaching(s);
  return s.teach.timeline != nullptr;
}

bool teaching_shown(ExplorerState& s) {
  if (s.teach.held) return s.teach.timeline && s.teach.built_for == s.run.generation;
  return teaching_available(s);
}

std::string set_teaching_order(ExplorerState& s, std::string_view text) {
  s.teach.order_error = set_order(s, text);
  return s.teach.order_error;
}

void set_granularity(ExplorerState& s, Granularity g) { s.teach.granularity = g; }

void teach_forward(ExplorerState& s, std::uint64_t steps) {
  if (!teaching_available(s)) return;
  TeachingRun& t = s.teach;
  t.playing = false;
  const Granularity g = t.granularity;
  const std::uint64_t done = done_in(t.timeline->machine(), g);
  t.forward_goal.emplace(g, done + std::min(steps, ~std::uint64_t{0} - done));
  run_forward_goal(t);
  mark_take_back(t);
  follow_recursion(s);
}

void teach_back(ExplorerState& s, std::uint64_t steps) {
  if (!teaching_available(s)) return;
  s.teach.playing = false;
  s.teach.forward_goal.reset();
  s.teach.timeline->back(s.teach.granularity, steps);
  follow_recursion(s);
}

void teach_step_over(ExplorerState& s) {
  if (!teaching_available(s)) return;
  s.teach.playing = false;
  s.teach.forward_goal.reset();
  s.teach.timeline->step_over(kFrameLines * 50);
  mark_take_back(s.teach);
  follow_recursion(s);
}

void teach_step_out(ExplorerState& s) {
  if (!teaching_available(s)) return;
  s.teach.playing = false;
  s.teach.forward_goal.reset();
  s.teach.timeline->step_out(kFrameLines * 50);
  mark_take_back(s.teach);
  follow_recursion(s);
}

void teach_seek(ExplorerState& s, std::uint64_t line) {
  if (!teaching_available(s)) return;
  s.teach.playing = false;
  s.teach.forward_goal.reset();
  s.teach.timeline->seek(std::min(line, s.teach.timeline->furthest()));
  follow_recursion(s);
}

void teach_restart(ExplorerState& s) { teach_seek(s, 0); }

void teach_tick(ExplorerState& s, double dt) {
  TeachingRun& t = s.teach;
  // A run made for an earlier problem is not played; the next use makes the new one (making it
  // here would cost the engine's frames an estimate they may never show).
  if (!t.timeline || t.built_for != s.run.generation) return;
  for (float& f : t.fade) f = std::max(0.0f, f - static_cast<float>(dt) / kFadeSeconds);
  if (t.forward_goal) {
    run_forward_goal(t);
    mark_take_back(t);
    follow_recursion(s);
  }
}

bool teach_play_frame(ExplorerState& s, double dt, std::uint64_t lines, double budget) {
  TeachingRun& t = s.teach;
  if (!t.timeline || t.built_for != s.run.generation) return false;
  Timeline& tl = *t.timeline;
  t.seconds += dt;  // a slow pace's frames without a line count too: the speed is by the clock
  if (lines == 0) return tl.machine().status() == Status::running;
  const std::uint64_t before = tl.machine().lines();
  t.pacer.advance(
      [&](std::uint64_t n) {
        return tl.forward(Granularity::line, n, n) && !tl.stopped_at_break() &&
               tl.machine().status() == Status::running;
      },
      lines, budget);
  mark_take_back(t);
  t.played_lines += tl.machine().lines() - before;
  return tl.machine().status() == Status::running && !tl.stopped_at_break();
}

double teaching_lines_per_second(const TeachingRun& t) {
  return t.seconds > 0.25 ? static_cast<double>(t.played_lines) / t.seconds : 0;
}

std::optional<double> teaching_explored(const TeachingRun& t) {
  if (!t.timeline || !t.estimate) return std::nullopt;
  const auto nodes = t.estimate->nodes.to_double();
  if (!nodes || *nodes <= 0) return std::nullopt;
  return std::min(1.0, static_cast<double>(t.timeline->machine().placed()) / *nodes);
}

std::optional<double> teaching_seconds_left(const TeachingRun& t) {
  if (!t.timeline || !t.estimate) return std::nullopt;
  const TryMoveMachine& m = t.timeline->machine();
  const auto nodes = t.estimate->nodes.to_double();
  if (!nodes || m.lines() == 0 || m.placed() == 0) return std::nullopt;
  // Lines per placed move so far turn the measured lines per second into moves per second.
  const double lps = teaching_lines_per_second(t);
  if (lps <= 0) return std::nullopt;
  const double moves_per_second =
      lps * static_cast<double>(m.placed()) / static_cast<double>(m.lines());
  return std::max(0.0, *nodes - static_cast<double>(m.placed())) / moves_per_second;
}

}  // namespace kt::ui
