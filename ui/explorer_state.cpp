#include "explorer_state.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "board/square_list.hpp"
#include "counting/choose_counter.hpp"
#include "counting/estimate.hpp"

namespace kt::ui {

namespace {

double now_seconds() {
  using Clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

bool is_true(std::string_view text) { return text == "1" || text == "true"; }

// The board of the draft alone, through the same road as the whole problem.
std::optional<Geometry> draft_geometry(const Draft& d) {
  RequestText size_only;
  size_only.size = d.text.size;
  size_only.rows = d.text.rows;
  size_only.cols = d.text.cols;
  size_only.start_optional = true;
  Request r;
  if (!parse_request(size_only, r, kPageLimits).empty()) return std::nullopt;
  return r.problem.geometry;
}

DraftBoard draft_board(const Draft& d) {
  DraftBoard b;
  b.geometry = draft_geometry(d);
  if (!b.geometry) return b;
  const Geometry g = *b.geometry;
  for (const Square s : d.blocked) {
    if (!g.contains(s)) {
      ++b.blocked_off_board;
      continue;
    }
    if (b.blocked.empty()) b.blocked.assign(static_cast<std::size_t>(g.size()), 0);
    b.blocked[g.index(s)] = 1;
  }
  if (const auto s = parse_square(d.text.start); s && g.contains(*s)) b.start = s;
  if (const auto e = parse_square(d.text.end); e && g.contains(*e) && !draft_closed(d)) b.end = e;
  return b;
}

void clear_count(Counting& c) {
  c.counter.reset();
  c.state = CountState::idle;
  c.what.clear();
  c.error.clear();
  c.forecast.clear();
  c.forecast_seconds = 0;
  c.seconds = 0;
}

void finish(SearchRun& r) {
  r.state = RunState::finished;
  // The verifier runs at the next tick, which does nothing else heavy (on a million squares it
  // takes about as long as a frame's search budget).
  r.verify_pending = r.solver->status() == Status::found;
}

// The draft has changed: back to idle with a new solver for `request`, the draft as parsed,
// or, when the draft is refused (`why`), only the message and the board when its size is
// acceptable (so that a click can fix the squares).
std::string start_over(ExplorerState& s, std::string why, Request&& request) {
  ++s.draft_version;
  SearchRun& r = s.run;
  r.solver.reset();
  r.origin.reset();
  r.engine_drives = false;
  r.state = RunState::idle;
  r.last_action = Action::none;
  r.verdict.reset();
  r.verify_pending = false;
  r.build_there.reset();
  r.search_there.reset();
  r.built_elsewhere = r.searched_elsewhere = false;
  r.steps_owed = 0;
  r.elsewhere_error.clear();
  ++r.generation;
  r.pacer.reset();
  r.bank.reset();
  r.seconds = r.window_seconds = r.rate = 0;
  r.window_start_work = r.last_work = 0;
  clear_count(s.counting);
  s.view.selected.reset();
  s.tours = TourList{};

  s.board = draft_board(s.draft);
  s.error = std::move(why);
  if (!s.error.empty()) return s.error;
  s.board.start = request.problem.start;  // the default start too, when none was typed
  r.solver = std::make_unique<Solver>(std::move(request.problem), request.method, request.order);
  if (r.solver->status() != Status::running) finish(r);  // theory settled it
  return {};
}

// The draft, parsed once, and a new start.
std::string rebuild(ExplorerState& s) {
  Request request;
  std::string why = parse_page_request(request_text(s.draft), request);
  return start_over(s, std::move(why), std::move(request));
}

void after_steps(SearchRun& r, double dt) {
  r.seconds += dt;
  r.window_seconds += dt;
  std::uint64_t work = 0;
  if (const Construction* c = r.solver->construction()) {
    work = c->blocks_done();
  } else if (r.search_there) {  // the latest news from there
    const Counters k = r.search_there->counters();
    work = k.placed + k.erased;
  } else {
    const Counters k = r.solver->counters();
    work = k.placed + k.erased;
  }
  if (work < r.last_work) r.window_start_work = 0;  // auto handed over to another method
  r.last_work = work;
  if (r.window_seconds >= 0.5) {
    r.rate = (work - r.window_start_work) / r.window_seconds;
    r.window_seconds = 0;
    r.window_start_work = work;
  }
  if (r.solver->status() != Status::running && r.state != RunState::finished) finish(r);
}

void record_tour(TourList& t, const Solver& solver) {
  const auto b = solver.board();
  // The recursion's tour again, after Back and forward: the same tour, not the next one.
  if (!t.boards.empty() && t.found == t.boards.size() &&
      std::equal(b.begin(), b.end(), t.boards.back().begin(), t.boards.back().end())) {
    t.shown = t.found;
    return;
  }
  ++t.found;
  t.shown = t.found;
  if (t.boards.size() < kMaxKeptTours) t.boards.emplace_back(b.begin(), b.end());
}

std::uint64_t engine_moves(const Solver& solver) {
  const Counters k = solver.counters();
  return k.placed + k.erased;
}

bool textbook_at_work(const Solver& solver) {
  return solver.method() == Method::textbook || solver.method() == Method::wirth;
}

// Whether the run can be the recursion, making the recursion's timeline when it can: called by
// the actions that start or step a run (not by the frames, which must not make it: the page's
// first frame holds none of the teaching code).
bool take_recursion(ExplorerState& s) {
  const SearchRun& r = s.run;
  if (s.mode != Mode::watch || !r.solver || r.engine_drives || !textbook_at_work(*r.solver)) {
    return false;
  }
  return teaching_available(s) && recursion_is_run(s);
}

void advance_count(Counting& c, double budget) {
  PageCounter& counter = *c.counter;
  if (counter.seconds_elsewhere()) {  // counted elsewhere: only its news, the frame stays free
    counter.run(0);
    c.last_slice = 0;
    c.seconds = *counter.seconds_elsewhere();
  } else {
    const double t0 = now_seconds();
    c.pacer.advance([&](std::uint64_t n) { return counter.run(n) == Status::running; },
                    std::numeric_limits<std::uint64_t>::max(), budget);
    c.last_slice = now_seconds() - t0;
    c.seconds += c.last_slice;
  }
  if (counter.status() != Status::running) {
    c.state = CountState::done;
    c.error = counter.error();  // counting by rows stopped at the memory limit
  }
}

}  // namespace

const char* to_string(RunState s) {
  switch (s) {
    case RunState::idle:
      return "idle";
    case RunState::running:
      return "running";
    case RunState::paused:
      return "paused";
    case RunState::finished:
      return "finished";
  }
  return "?";
}

const char* to_string(ClickMode m) {
  switch (m) {
    case ClickMode::start:
      return "start";
    case ClickMode::end:
      return "end";
    case ClickMode::block:
      return "block";
  }
  return "?";
}

std::optional<ClickMode> parse_click_mode(std::string_view name) {
  for (const ClickMode m : {ClickMode::start, ClickMode::end, ClickMode::block}) {
    if (name == to_string(m)) return m;
  }
  return std::nullopt;
}

const char* to_string(CountState s) {
  switch (s) {
    case CountState::idle:
      return "idle";
    case CountState::asking:
      return "asking";
    case CountState::running:
      return "running";
    case CountState::stopped:
      return "stopped";
    case CountState::done:
      return "done";
  }
  return "?";
}

const char* to_string(Panel p) {
  switch (p) {
    case Panel::stack:
      return "stack";
    case Panel::code:
      return "code";
    case Panel::tree:
      return "tree";
    case Panel::estimate:
      return "estimate";
  }
  return "?";
}

std::optional<Panel> parse_panel(std::string_view name) {
  for (const Panel p : {Panel::stack, Panel::code, Panel::tree, Panel::estimate}) {
    if (name == to_string(p)) return p;
  }
  return std::nullopt;
}

const char* to_string(Click c) {
  switch (c) {
    case Click::edited:
      return "edited";
    case Click::selected:
      return "selected";
    case Click::ignored:
      return "ignored";
    case Click::played:
      return "played";
    case Click::refused:
      return "refused";
    case Click::predicted:
      return "predicted";
  }
  return "?";
}

RequestText starting_request() {
  RequestText t;
  t.rows = "5";
  t.cols = "5";
  t.start = "1,1";
  return t;
}

bool draft_closed(const Draft& d) { return is_true(d.text.closed); }

RequestText request_text(const Draft& d) {
  RequestText t = d.text;
  if (draft_closed(d)) t.end.clear();
  std::vector<Square> on_board;
  if (const auto g = draft_geometry(d)) {
    for (const Square s : d.blocked) {
      if (g->contains(s)) on_board.push_back(s);
    }
  }
  t.blocked = format_square_list(on_board);
  return t;
}

ExplorerState::ExplorerState() { rebuild(*this); }

// --- the problem -------------------------------------------------------------------------------

std::string configure(ExplorerState& s, const RequestText& text) {
  Request request;
  if (auto why = parse_page_request(text, request); !why.empty()) return why;
  const Problem& p = request.problem;
  Draft d;
  d.text = text;
  d.text.size.clear();
  d.text.rows = std::to_string(p.geometry.rows);
  d.text.cols = std::to_string(p.geometry.cols);
  d.text.blocked.clear();
  d.text.closed = p.closed ? "1" : "";
  d.text.method = to_string(request.method);
  d.text.order = request.order ? format_move_order(*request.order) : "";
  d.text.start_optional = false;
  for (int i = 0; i < static_cast<int>(p.blocked.size()); ++i) {
    if (p.blocked[i]) d.blocked.push_back(p.geometry.square(i));
  }
  s.draft = std::move(d);
  // A link's other piece or wrapped board: its section open, so the choice shows.
  if (!p.piece.is_plain_knight()) s.view.piece_open = true;
  s.counting.kind = p.closed ? CountKind::closed : CountKind::from_start;
  if (p.closed && s.view.click_mode == ClickMode::end) s.view.click_mode = ClickMode::start;
  return start_over(s, {}, std::move(request));
}

// The piece's text as links write it ("1,3", "torus"; "" for the knight and a plain board), or
// as typed when it does not parse, so that the draft is refused with the field's reason.
// Out of line: only the panel's piece section and the accessible controls call it.
[[gnu::noinline]] static void set_piece_text(RequestText& t, Field f, std::string_view text) {
  if (f == Field::wrap) {
    const auto w = parse_wrap(text);
    t.wrap = !w ? std::string(text) : *w == Wrap::none ? "" : to_string(*w);
    return;
  }
  const auto l = parse_leaper(text);
  t.leaper = !l ? std::string(text) : *l == kKnight ? "" : format_leaper(*l);
}

// Through a pointer no optimiser sees through: binaryen inlines a one-caller function.
static void (*volatile set_piece_text_call)(RequestText&, Field, std::string_view) = set_piece_text;

std::string set_field(ExplorerState& s, Field f, std::string_view text) {
  RequestText& t = s.draft.text;
  switch (f) {
    case Field::rows:
      t.size.clear();
      t.rows = text;
      break;
    case Field::cols:
      t.size.clear();
      t.cols = text;
      break;
    case Field::start:
      t.start = text;
      break;
    case Field::end:
      t.end = text;
      break;
    case Field::closed:
      t.closed = text;
      break;
    case Field::method:
      t.method = text;
      break;
    case Field::leaper:
    case Field::wrap:
      set_piece_text_call(t, f, text);
      break;
  }
  return rebuild(s);
}

std::string set_board(ExplorerState& s, int rows, int cols) {
  RequestText& t = s.draft.text;
  t.size.clear();
  t.rows = std::to_string(rows);
  t.cols = std::to_string(cols);
  const Geometry g{rows, cols};
  if (const auto start = parse_square(t.start); !t.start.empty() && (!start || !g.contains(*start)))
    t.start = "1,1";
  if (const auto end = parse_square(t.end); end && !g.contains(*end)) t.end.clear();
  return rebuild(s);
}

std::string set_closed(ExplorerState& s, bool closed) {
  s.draft.text.closed = closed ? "1" : "";
  s.counting.kind = closed ? CountKind::closed : CountKind::from_start;
  if (closed && s.view.click_mode == ClickMode::end) s.view.click_mode = ClickMode::start;
  return rebuild(s);
}

std::string set_method(ExplorerState& s, Method m) {
  s.draft.text.method = to_string(m);
  return rebuild(s);
}

std::string set_order(ExplorerState& s, std::string_view text) {
  std::string why;
  if (!text.empty() && !parse_move_order(text, &why)) return "order: " + why;
  RequestText& t = s.draft.text;
  t.order = std::string(text);
  if (t.method == to_string(Method::wirth) && !text.empty() && text != kWirthOrder.name) {
    t.method = to_string(Method::textbook);
  }
  return rebuild(s);
}

std::string clear_blocked(ExplorerState& s) {
  s.draft.blocked.clear();
  return rebuild(s);
}

bool board_editable(const ExplorerState& s) {
  const SearchRun& r = s.run;
  if (!r.solver || r.state == RunState::idle) return true;
  return r.state == RunState::finished && work_done(s) == 0;  // theory answered: nothing to lose
}

Click click_square(ExplorerState& s, Square sq) {
  if (!s.board.geometry || !s.board.geometry->contains(sq)) return Click::ignored;
  // The exercises take the board's clicks (play_mode.hpp, predict_mode.hpp).
  if (s.mode == Mode::play) return play_click(s, sq) ? Click::played : Click::refused;
  if (s.mode == Mode::predict) return predict(s, sq) ? Click::predicted : Click::ignored;
  if (!board_editable(s)) {
    if (s.view.selected == sq) {
      s.view.selected.reset();
    } else {
      s.view.selected = sq;
    }
    return Click::selected;
  }
  Draft& d = s.draft;
  const std::string name = format_square(sq);
  switch (s.view.click_mode) {
    case ClickMode::start:
      d.text.start = name;
      break;
    case ClickMode::end:
      if (draft_closed(d)) return Click::ignored;   // the panel turns this mode off then
      d.text.end = d.text.end == name ? "" : name;  // a second click takes the end away
      break;
    case ClickMode::block: {
      const auto it = std::find(d.blocked.begin(), d.blocked.end(), sq);
      if (it == d.blocked.end()) {
        d.blocked.push_back(sq);
      } else {
        d.blocked.erase(it);
      }
      break;
    }
  }
  rebuild(s);
  return Click::edited;
}

bool set_click_mode(ExplorerState& s, ClickMode m) {
  if (m == ClickMode::end && draft_closed(s.draft)) return false;
  s.view.click_mode = m;
  return true;
}

void set_show_blocks(ExplorerState& s, bool show) { s.view.show_blocks = show; }

// --- the run -----------------------------------------------------------------------------------

bool recursion_is_run(const ExplorerState& s) {
  const SearchRun& r = s.run;
  const TeachingRun& t = s.teach;
  return s.mode == Mode::watch && r.solver && !r.engine_drives && textbook_at_work(*r.solver) &&
         t.timeline && t.built_for == r.generation;
}

void follow_recursion(ExplorerState& s) {
  if (!recursion_is_run(s)) return;
  SearchRun& r = s.run;
  TeachingRun& t = s.teach;
  const TryMoveMachine& m = t.timeline->machine();
  const std::uint64_t target = m.moves();
  // The engine as made, to start over from: kept when it first follows (made then, not with the
  // solver, so that a first visit's first frame copies nothing).
  if (!r.origin && engine_moves(*r.solver) == 0) r.origin = r.solver->snapshot();
  if (engine_moves(*r.solver) > target) {  // Back: the engine starts over and runs up to it
    if (!r.origin) {
      const Solver& e = *r.solver;
      r.origin = std::make_unique<Solver>(e.problem(), e.requested(), e.order());
    }
    r.solver = r.origin->snapshot();
    r.verdict.reset();
    r.verify_pending = false;
  }
  // The engine stops at a tour where Try_All goes on: it goes on too (a bounded number of times
  // a frame: a tour per move at most).
  for (int guard = 0; guard < 1'000'000 && engine_moves(*r.solver) < target; ++guard) {
    if (r.solver->status() == Status::found && !r.solver->next_tour()) break;
    if (r.solver->status() != Status::running) break;
    r.last_action = advance(*r.solver, target - engine_moves(*r.solver));
  }
  if (!textbook_at_work(*r.solver)) {  // auto handed over: its next method is the run
    r.state = t.playing ? RunState::running : RunState::paused;
    t.playing = false;
    return;
  }
  if (m.status() != Status::running && r.solver->status() == Status::running) {
    advance(*r.solver, 1);  // the tree is exhausted: the engine's last step finds it out
  }
  r.last_work = engine_moves(*r.solver);
  if (t.playing) {
    r.state = RunState::running;
  } else if (m.lines() == 0) {
    r.state = RunState::idle;
  } else if (m.status() != Status::running) {
    if (r.state != RunState::finished) finish(r);
  } else {
    r.state = RunState::paused;
  }
}

void run(ExplorerState& s) {
  if (take_recursion(s)) {
    TeachingRun& t = s.teach;
    if (t.timeline->machine().status() != Status::running) return;
    t.playing = true;
    t.forward_goal.reset();
    s.run.bank.reset();
    follow_recursion(s);
    return;
  }
  if (s.run.solver && s.run.state != RunState::finished) s.run.state = RunState::running;
}

void pause(ExplorerState& s) {
  if (recursion_is_run(s)) {
    s.teach.playing = false;
    follow_recursion(s);
    return;
  }
  if (s.run.state == RunState::running) s.run.state = RunState::paused;
  if (s.run.search_there) s.run.search_there->stop();  // its state comes back at once
}

void run_or_pause(ExplorerState& s) {
  if (s.run.state == RunState::running) {
    pause(s);
  } else {
    run(s);
  }
}

void step(ExplorerState& s) {
  if (take_recursion(s)) {
    teach_forward(s);
    return;
  }
  SearchRun& r = s.run;
  if (!r.solver || r.state == RunState::finished) return;
  if (r.search_there) {  // the step is taken where the search stopped, once its state is back
    r.search_there->stop();
    r.steps_owed = 1;
    r.state = RunState::paused;
    return;
  }
  r.build_there.reset();  // a block written here: the rest is the page's to write
  r.last_action = advance(*r.solver, 1);
  r.state = RunState::paused;
  after_steps(r, 0);
}

void step_moves(ExplorerState& s, std::uint64_t moves) {
  if (moves == 0) return;
  if (take_recursion(s)) {
    TeachingRun& t = s.teach;
    if (t.forward_goal && t.forward_goal->first == Granularity::move) {
      t.forward_goal->second += moves;  // a link's moves asked for in parts: one goal
      return;
    }
    const Granularity g = t.granularity;
    t.granularity = Granularity::move;
    teach_forward(s, moves);
    t.granularity = g;
    return;
  }
  SearchRun& r = s.run;
  if (!r.solver || r.state == RunState::finished) return;
  r.last_action = advance(*r.solver, moves);
  r.state = RunState::paused;
  after_steps(r, 0);
}

void reset(ExplorerState& s) { rebuild(s); }

void set_speed(ExplorerState& s, double steps_per_second, bool fastest) {
  if (!std::isfinite(steps_per_second)) steps_per_second = steps_per_second > 0 ? kMaxRunSpeed : 0;
  s.speed.steps_per_second = std::clamp(steps_per_second, kMinRunSpeed, kMaxRunSpeed);
  s.speed.fastest = fastest;
}

// --- every tour, one by one --------------------------------------------------------------------

bool lists_tours(const ExplorerState& s) {
  const Solver* solver = s.run.solver.get();
  if (!solver) return false;
  const Method m = solver->method();
  return (m == Method::textbook || m == Method::wirth) &&
         solver->problem().geometry.size() <= kMaxTourListSquares;
}

bool next_tour(ExplorerState& s) {
  TourList& t = s.tours;
  SearchRun& r = s.run;
  if (t.shown < t.boards.size()) {
    ++t.shown;
    return true;
  }
  if (!lists_tours(s) || r.state != RunState::finished || t.shown != t.found || !r.verdict ||
      !r.verdict->ok || !r.solver->next_tour()) {
    return false;
  }
  // The recursion's procedure ends at its tour: the search goes on past it, and is the run.
  r.engine_drives = true;
  s.teach.playing = false;
  r.verdict.reset();
  r.state = RunState::running;
  t.shown = 0;  // the live run
  return true;
}

bool previous_tour(ExplorerState& s) {
  TourList& t = s.tours;
  if (s.run.state == RunState::running || t.shown <= 1 || t.boards.empty()) return false;
  t.shown = std::min<std::uint64_t>(t.shown - 1, t.boards.size());  // past the kept: the last
  return true;
}

const std::vector<std::int32_t>* shown_tour(const ExplorerState& s) {
  const TourList& t = s.tours;
  if (t.shown == 0 || t.shown > t.boards.size()) return nullptr;
  // The last tour found is the solver's own board while it stands on it.
  const Solver* solver = s.run.solver.get();
  if (t.shown == t.found && solver && solver->status() == Status::found) return nullptr;
  return &t.boards[t.shown - 1];
}

std::optional<std::uint64_t> tour_total(const ExplorerState& s) {
  if (s.tours.exhausted) return s.tours.found;
  const Counting& c = s.counting;
  const Solver* solver = s.run.solver.get();
  if (c.state == CountState::done && c.kind == CountKind::from_start && c.counter && solver &&
      !solver->problem().closed && !solver->problem().end && c.counter->error().empty()) {
    const BigCount n = c.counter->count();
    if (n.fits_u64()) return n.low64();
  }
  return std::nullopt;
}

// --- counting ----------------------------------------------------------------------------------

std::string count_saving(const Counting& c) {
  if (!c.counter || !c.counter->by_rows()) return {};
  std::string saving = c.counter->saving();
  return saving.empty() ? c.not_saved_here : saving;
}

void set_count_kind(ExplorerState& s, CountKind k) {
  if (k == s.counting.kind) return;
  s.counting.kind = k;
  clear_count(s.counting);
}

void set_counter_kind(ExplorerState& s, CounterKind k) {
  if (k == s.counting.counter_kind) return;
  s.counting.counter_kind = k;
  clear_count(s.counting);
}

namespace {

// Past the page's memory limit, where the states go (CounterChoice::on_disk).
[[gnu::noinline]] std::string storage_note(const CounterChoice& c, std::uint64_t limit_mb) {
  if (!c.on_disk) return {};
  return " Past " + with_commas(limit_mb) + " MB, its states go to the browser's storage.";
}

}  // namespace

std::string count(ExplorerState& s, bool confirmed) {
  Counting& c = s.counting;
  const bool asked = c.state == CountState::asking;
  const std::string forecast = c.forecast;
  const double forecast_seconds = c.forecast_seconds;
  clear_count(c);
  Problem p;
  c.error = parse_count_request(request_text(s.draft), c.kind, p);
  if (!c.error.empty()) return c.error;
  c.what = describe_count(p);
  CounterChoice choice;
  const std::uint64_t bytes = c.memory_limit_mb * 1'000'000;
  const std::uint64_t room = c.elsewhere && c.storage_room ? c.storage_room() : 0;
  if (c.elsewhere && c.counter_kind == CounterKind::automatic) {
    // Both counters can count it: auto's trial of the search runs elsewhere too, off the page's
    // thread (a refusal of either is known here at once, from the checks and the forecast).
    CounterChoice rows;
    if (choose_page_counter(p, CounterKind::rows, c.memory_limit_mb, rows, false, room).empty() &&
        rows.search_refusal.empty()) {
      c.counter = c.elsewhere(p, std::nullopt, bytes);
      if (c.counter) {
        c.forecast = "Counting " + c.what + " by rows should take at most " +
                     about_bytes(rows.forecast_bytes) + " of memory (a forecast), on " +
                     std::to_string(c.counter->threads()) + " threads." +
                     storage_note(rows, c.memory_limit_mb);
      }
    }
  }
  if (!c.counter) {
    c.error = choose_page_counter(p, c.counter_kind, c.memory_limit_mb, choice, false, room);
    if (!c.error.empty()) return c.error;
    if (confirmed && asked) {
      c.forecast = forecast;  // the one the user said yes to
      c.forecast_seconds = forecast_seconds;
    } else {
      // The forecast the CLI's refusal gives: the search's short trial (at most about a
      // second), or counting by rows' memory.
      if (choice.by_rows) {
        c.forecast = "Counting " + c.what + " by rows should take " +
                     about_bytes(choice.forecast_bytes) + " of memory (a forecast)." +
                     storage_note(choice, c.memory_limit_mb);
      } else {
        const CountTimeEstimate t =
            choice.trial ? *choice.trial : estimate_count_seconds(p, true, false);
        c.forecast_seconds = t.seconds;
        c.forecast =
            "Counting " + c.what + " should take about " + human_time(LogValue::of(t.seconds)) +
            (t.measured ? " (measured by a short trial)."
                        : " (estimated from a short trial; the estimate tends to be high).");
      }
      if (!confirmed && c.forecast_seconds > kAskCountSeconds) {
        c.state = CountState::asking;
        return {};
      }
    }
    // The page's memory is asked for only when the count runs here.
    if (c.elsewhere) c.counter = c.elsewhere(p, choice.by_rows, bytes);
  }
  if (!c.counter) {
    c.error = page_count_memory_refusal(choice);
    if (!c.error.empty()) return c.error;
    c.counter = std::make_unique<LocalCounter>(p, choice.by_rows, bytes);
  }
  if (!c.counter->error().empty()) {  // not expected: choose_page_counter checked it
    c.error = c.counter->error();
    c.counter.reset();
    return c.error;
  }
  c.state = CountState::running;
  c.pacer.reset();
  return {};
}

[[gnu::noinline]] std::string study(ExplorerState& s) {  // a click, never a first frame
  Problem p;
  if (auto why = parse_count_request(request_text(s.draft), s.counting.kind, p); !why.empty()) {
    s.study = TourStudy{};
    s.study.error = why;
    return why;
  }
  return start_study(s.study, p, s.draft_version);
}

void cancel_count(ExplorerState& s) {
  if (s.counting.state == CountState::asking) clear_count(s.counting);
}

void stop_count(ExplorerState& s) {
  if (s.counting.state != CountState::running) return;
  s.counting.state = CountState::stopped;
  s.counting.counter->stop();
}

// --- time --------------------------------------------------------------------------------------

// A huge construction's Run, built off the page's thread where the host can
// (build_elsewhere.hpp): started before the construction's first step, then asked for its news
// once a frame, and its tour taken with the verifier's verdict there. Returns whether the run
// is elsewhere this frame (the page's solver takes no steps of its own).
bool run_elsewhere(SearchRun& r) {
  if (!r.build_there) {
    if (!r.build_elsewhere || !r.elsewhere_error.empty() || !r.solver->construction_unstarted()) {
      return false;
    }
    r.build_there = r.build_elsewhere(r.solver->problem());
    if (!r.build_there) return false;
  }
  if (r.build_there->running()) return true;
  const std::unique_ptr<ElsewhereBuild> built = std::move(r.build_there);
  r.elsewhere_error = built->error();
  if (!r.elsewhere_error.empty()) return false;
  std::optional<CompactTour> tour = built->take_tour();
  if (!tour || !r.solver->adopt_construction(std::move(*tour), built->seconds())) {
    r.elsewhere_error = "the tour built off the page's thread was not this board's";
    return false;
  }
  r.built_elsewhere = true;
  finish(r);
  r.verdict = built->verdict();
  r.verify_pending = false;
  return true;
}

// The Solver as made, put where the search there stood (search_elsewhere.hpp).
void take_search_state(SearchRun& r, const SearchState& state) {
  const Solver& was = *r.solver;
  auto taken = std::make_unique<Solver>(was.problem(), was.requested(), was.order());
  if (!taken->resume_search(state)) {
    r.elsewhere_error = "the search's state from off the page's thread was not this board's";
    return;
  }
  r.solver = std::move(taken);
  r.last_action = state.last;
}

// Once a frame while a search runs elsewhere, whatever the run's state: its states taken as
// they come; once it has stopped, the step Step asked for meanwhile, and the run's end.
void follow_search_there(SearchRun& r) {
  const bool more = r.search_there->running();
  if (auto state = r.search_there->take_state()) take_search_state(r, *state);
  if (more) return;
  if (const std::string& why = r.search_there->error(); !why.empty()) r.elsewhere_error = why;
  r.search_there.reset();
  if (r.steps_owed > 0 && r.solver->status() == Status::running) {
    r.last_action = advance(*r.solver, 1);
  }
  r.steps_owed = 0;
  after_steps(r, 0);
}

// A search that has run for a second at the fastest pace goes on elsewhere, where the host can
// and the search is the method's own (not auto's attempts): on boards of up to
// kSearchSnapshotSquares its state comes back every half second, to draw.
void hand_search_over(SearchRun& r) {
  const Solver& solver = *r.solver;
  if (!r.search_elsewhere || !r.elsewhere_error.empty() || r.seconds < 1.0 ||
      solver.status() != Status::running || !solver.search_resumable()) {
    return;
  }
  r.search_there = r.search_elsewhere(solver.problem(), solver.order(),
                                      solver.method() == Method::warnsdorff, *solver.search(),
                                      solver.problem().geometry.size() <= kSearchSnapshotSquares);
  if (r.search_there) r.searched_elsewhere = true;
}

// Called through pointers no optimiser sees through, as explorer_view.cpp's: binaryen inlines a
// function with one caller whatever its size, and these would then be in the page's first part,
// which keeps only what a first frame runs.
static bool (*volatile run_elsewhere_call)(SearchRun&) = run_elsewhere;
static void (*volatile follow_search_there_call)(SearchRun&) = follow_search_there;
static void (*volatile hand_search_over_call)(SearchRun&) = hand_search_over;

double count_alone_slice(double dt_seconds, double last_slice, double budget) {
  const double rest = std::max(0.0, dt_seconds - last_slice);
  return std::clamp(4 * rest, 4 * budget, std::max(4 * budget, 0.25));
}

TickReport tick(ExplorerState& s, double dt_seconds, double budget) {
  TickReport report;
  teach_tick(s, dt_seconds);  // what a step asked beyond a frame's lines
  SearchRun& r = s.run;
  if (r.verify_pending) {
    r.verdict = r.solver->verify();
    r.verify_pending = false;
    report.verified = true;
    if (lists_tours(s) && r.verdict->ok) record_tour(s.tours, *r.solver);
  }
  study_tick(s.study, s.draft_version, budget / 2);
  const bool recursion = recursion_is_run(s);
  const bool playing = recursion && s.teach.playing && !report.verified;
  const bool searching = !recursion && r.state == RunState::running && r.solver;
  const bool counting = s.counting.state == CountState::running && !report.verified;
  const bool count_alone = counting && !searching && !playing;
  const double slice = count_alone ? count_alone_slice(dt_seconds, s.counting.last_slice, budget)
                                   : budget / ((searching || playing) && counting ? 2 : 1);
  if (playing) {
    const std::uint64_t lines = s.speed.fastest ? std::numeric_limits<std::uint64_t>::max()
                                                : r.bank.earn(dt_seconds, s.speed.steps_per_second);
    const std::uint64_t before = s.teach.timeline->machine().lines();
    if (!teach_play_frame(s, dt_seconds, lines, slice)) s.teach.playing = false;
    if (!s.speed.fastest) r.bank.spend(s.teach.timeline->machine().lines() - before);
  }
  if (recursion) follow_recursion(s);
  if (playing && recursion_is_run(s)) after_steps(r, dt_seconds);  // the measured speed
  // At a pace again, the search comes back to be watched step by step.
  if (r.search_there && !s.speed.fastest) r.search_there->stop();
  if (r.search_there) follow_search_there_call(r);
  if (searching) {
    const std::uint64_t steps = s.speed.fastest ? std::numeric_limits<std::uint64_t>::max()
                                                : r.bank.earn(dt_seconds, s.speed.steps_per_second);
    Solver& solver = *r.solver;
    if (run_elsewhere_call(r)) {
      report.verified = r.verdict.has_value();
    } else if (!r.search_there && steps > 0) {
      const std::uint64_t ran = r.pacer.advance(
          [&](std::uint64_t n) {
            r.last_action = advance(solver, n);
            return solver.status() == Status::running;
          },
          steps, slice);
      if (!s.speed.fastest) r.bank.spend(ran);
      if (s.speed.fastest) hand_search_over_call(r);
    }
    after_steps(r, dt_seconds);
    if (r.state == RunState::finished && solver.status() == Status::none && lists_tours(s) &&
        s.tours.found > 0) {
      s.tours.exhausted = true;  // Next went past the last tour: back to it
      s.tours.shown = s.tours.found;
    }
  }
  if (counting) advance_count(s.counting, slice);
  return report;
}

// --- read-outs ---------------------------------------------------------------------------------

std::uint64_t work_done(const ExplorerState& s) {
  const Solver* solver = s.run.solver.get();
  if (!solver) return 0;
  if (const Construction* c = solver->construction()) return c->blocks_done();
  if (s.run.search_there) {
    const Counters k = s.run.search_there->counters();
    return k.placed + k.erased;
  }
  const Counters k = solver->counters();
  return k.placed + k.erased;
}

double steps_per_second(const ExplorerState& s) {
  const SearchRun& r = s.run;
  if (r.state == RunState::running) {
    if (r.rate == 0 && r.window_seconds > 0)
      return (r.last_work - r.window_start_work) / r.window_seconds;
    return r.rate;
  }
  if (!r.solver || r.seconds <= 0) return 0;
  return work_done(s) / r.seconds;
}

std::optional<std::int32_t> move_at(const ExplorerState& s, Square sq) {
  const Solver* solver = s.run.solver.get();
  if (!solver) return std::nullopt;
  const Geometry g = solver->problem().geometry;
  if (!g.contains(sq)) return std::nullopt;
  const auto board = solver->board();
  if (board.size() != static_cast<std::size_t>(g.size())) return std::nullopt;
  return board[g.index(sq)];
}

}  // namespace kt::ui
