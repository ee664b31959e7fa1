#include "explorer_app.hpp"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>

#include "board/square_list.hpp"

namespace kt::ui {

namespace {

constexpr float kPanelWidth = 320;
constexpr float kStackBelowWidth = 700;  // narrower portrait windows stack board and panel

double now_seconds() {
  using Clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
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

const char* to_string(CountState s) {
  switch (s) {
    case CountState::idle:
      return "idle";
    case CountState::running:
      return "running";
    case CountState::stopped:
      return "stopped";
    case CountState::done:
      return "done";
  }
  return "?";
}

ExplorerApp::ExplorerApp() { apply_config(); }

std::string ExplorerApp::configure(std::int64_t rows, std::int64_t cols, std::string_view start,
                                   std::string_view method) {
  ProblemInput in;
  in.rows = rows;
  in.cols = cols;
  in.start = std::string(start);
  return configure_problem(in, method);
}

std::string ExplorerApp::configure_problem(const ProblemInput& in, std::string_view method) {
  Method m;
  if (auto why = parse_page_method(method, m); !why.empty()) return why;
  Problem p;
  if (auto why = make_page_problem(in, p); !why.empty()) return why;
  if (auto why = check_size(p, m); !why.empty()) return why;
  config_.rows = static_cast<int>(in.rows);
  config_.cols = static_cast<int>(in.cols);
  config_.start = in.start;
  config_.end = in.end;
  config_.closed = in.closed;
  config_.method = m;
  config_.blocked.clear();
  for (int i = 0; i < static_cast<int>(p.blocked.size()); ++i) {
    if (p.blocked[i]) config_.blocked.push_back(p.geometry.square(i));
  }
  counting_.kind = in.closed ? CountKind::closed : CountKind::from_start;
  apply_config();
  return {};
}

ProblemInput ExplorerApp::input() const {
  ProblemInput in;
  in.rows = config_.rows;
  in.cols = config_.cols;
  in.start = config_.start;
  in.end = config_.closed ? "" : config_.end;  // the End field is off for closed tours
  in.closed = config_.closed;
  const Geometry g{config_.rows, config_.cols};
  std::vector<Square> on_board;
  for (const Square s : config_.blocked) {
    if (g.contains(s)) on_board.push_back(s);
  }
  in.blocked = format_square_list(on_board);
  return in;
}

bool ExplorerApp::large_board() const {
  return geometry_ && (geometry_->rows > kDetailedMaxSide || geometry_->cols > kDetailedMaxSide);
}

// Rebuilds the solver from config_ and returns to idle; on bad input keeps only the message
// (and the board when only the squares are wrong, so a click can fix them).
void ExplorerApp::apply_config() {
  std::snprintf(start_buf_, sizeof start_buf_, "%s", config_.start.c_str());
  std::snprintf(end_buf_, sizeof end_buf_, "%s", config_.end.c_str());
  solver_.reset();
  verdict_.reset();
  verify_pending_ = false;
  state_ = RunState::idle;
  run_seconds_ = window_seconds_ = rate_ = 0;
  window_start_work_ = last_work_ = 0;
  pacer_.reset();
  picture_.forget();
  count_clear();

  geometry_.reset();
  view_blocked_.clear();
  view_start_.reset();
  view_end_.reset();
  blocked_off_board_ = 0;
  if (check_page_geometry(config_.rows, config_.cols).empty()) {
    const Geometry g{config_.rows, config_.cols};
    geometry_ = g;
    for (const Square s : config_.blocked) {
      if (!g.contains(s)) {
        ++blocked_off_board_;
        continue;
      }
      if (view_blocked_.empty()) view_blocked_.assign(static_cast<std::size_t>(g.size()), 0);
      view_blocked_[g.index(s)] = 1;
    }
    if (const auto s = parse_square(config_.start); s && g.contains(*s)) view_start_ = s;
    if (const auto e = parse_square(config_.end); e && g.contains(*e) && !config_.closed) {
      view_end_ = e;
    }
  }
  error_ = make_page_solver(input(), config_.method, solver_);
  if (!error_.empty()) return;
  view_start_ = solver_->problem().start;              // the default start, when none was typed
  if (solver_->status() != Status::running) finish();  // theory settled it
}

// The verifier runs at the start of the next frame, which does nothing else heavy (on a
// million squares it takes about as long as a frame's search budget).
void ExplorerApp::finish() {
  state_ = RunState::finished;
  verify_pending_ = solver_->status() == Status::found;
}

void ExplorerApp::run() {
  if (solver_ && state_ != RunState::finished) state_ = RunState::running;
}

void ExplorerApp::pause() {
  if (state_ == RunState::running) state_ = RunState::paused;
}

void ExplorerApp::step() {
  if (!solver_ || state_ == RunState::finished) return;
  solver_->run(1);
  state_ = RunState::paused;
  after_steps(0);
}

void ExplorerApp::reset() { apply_config(); }

void ExplorerApp::clicked(Square s) {
  switch (click_mode_) {
    case ClickMode::start:
      config_.start = format_square(s);
      break;
    case ClickMode::end: {
      const std::string name = format_square(s);
      if (config_.closed) return;  // the panel turns this mode off for closed tours
      config_.end = config_.end == name ? "" : name;  // a second click takes the end away
      break;
    }
    case ClickMode::block: {
      const auto it = std::find(config_.blocked.begin(), config_.blocked.end(), s);
      if (it == config_.blocked.end()) {
        config_.blocked.push_back(s);
      } else {
        config_.blocked.erase(it);
      }
      break;
    }
  }
  apply_config();
}

std::uint64_t ExplorerApp::work_done() const {
  if (!solver_) return 0;
  if (const Construction* c = solver_->construction()) return c->blocks_done();
  const Counters k = solver_->counters();
  return k.placed + k.erased;
}

void ExplorerApp::after_steps(float dt) {
  run_seconds_ += dt;
  window_seconds_ += dt;
  const std::uint64_t work = work_done();
  if (work < last_work_) window_start_work_ = 0;  // auto handed over to another method
  last_work_ = work;
  if (window_seconds_ >= 0.5) {
    rate_ = (work - window_start_work_) / window_seconds_;
    window_seconds_ = 0;
    window_start_work_ = work;
  }
  if (solver_->status() != Status::running) finish();
}

double ExplorerApp::steps_per_second() const {
  if (state_ == RunState::running) {
    if (rate_ == 0 && window_seconds_ > 0)
      return (last_work_ - window_start_work_) / window_seconds_;
    return rate_;
  }
  if (!solver_ || run_seconds_ <= 0) return 0;
  return work_done() / run_seconds_;
}

// --- counting ---------------------------------------------------------------------------------

void ExplorerApp::count_clear() {
  counting_.counter.reset();
  counting_.state = CountState::idle;
  counting_.what.clear();
  counting_.error.clear();
  counting_.seconds = 0;
}

void ExplorerApp::set_count_kind(CountKind k) {
  if (k == counting_.kind) return;
  counting_.kind = k;
  count_clear();
}

void ExplorerApp::count_start() {
  count_clear();
  Problem p;
  counting_.error = make_count_problem(input(), counting_.kind, p);
  if (!counting_.error.empty()) return;
  counting_.what = describe_count(p);
  counting_.counter = std::make_unique<TourCounter>(p);
  if (!counting_.counter->error().empty()) {  // not expected: make_count_problem checked it
    counting_.error = counting_.counter->error();
    counting_.counter.reset();
    return;
  }
  counting_.state = CountState::running;
  count_pacer_.reset();
}

void ExplorerApp::count_stop() {
  if (counting_.state == CountState::running) counting_.state = CountState::stopped;
}

void ExplorerApp::advance_count(double budget) {
  TourCounter& counter = *counting_.counter;
  const double t0 = now_seconds();
  count_pacer_.advance([&](std::uint64_t n) { return counter.run(n) == Status::running; },
                       std::numeric_limits<std::uint64_t>::max(), budget);
  counting_.seconds += now_seconds() - t0;
  if (counter.status() != Status::running) counting_.state = CountState::done;
}

// --- layout -------------------------------------------------------------------------------------

std::optional<Rect> ExplorerApp::widget_rect(std::string_view label) const {
  const auto it = rects_.find(label);
  if (it == rects_.end()) return std::nullopt;
  return it->second;
}

std::optional<Rect> ExplorerApp::square_rect(int x, int y) const {
  if (!geometry_) return std::nullopt;
  return board_view_.square_rect({x, y});
}

void ExplorerApp::record(std::string_view label) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  rects_[std::string(label)] = Rect{a.x, a.y, b.x - a.x, b.y - a.y};
}

void ExplorerApp::frame(float dt_seconds) {
  ++frames_;
  // Popup items are recorded only while their popup is open.
  std::erase_if(rects_, [](const auto& r) {
    return r.first.find(':') != std::string::npos && r.first.rfind("Click:", 0) != 0;
  });
  quiet_frame_ = verify_pending_;
  if (verify_pending_) {
    verdict_ = solver_->verify();
    verify_pending_ = false;
  }
  const bool searching = state_ == RunState::running && solver_;
  const bool counting = counting_.state == CountState::running && !quiet_frame_;
  const double budget = Pacer::kFrameBudgetSeconds / (searching && counting ? 2 : 1);
  if (searching) {
    const std::uint64_t steps = speed_.fastest ? std::numeric_limits<std::uint64_t>::max()
                                               : static_cast<std::uint64_t>(speed_.steps_per_frame);
    pacer_.advance([&](std::uint64_t n) { return solver_->run(n) == Status::running; }, steps,
                   budget);
    after_steps(dt_seconds);
  }
  if (counting) advance_count(budget);

  const ImVec2 size = ImGui::GetMainViewport()->Size;
  if (size.x < kStackBelowWidth && size.y > size.x) {  // phone portrait: board above, panel below
    const float board = std::floor(std::min(size.y * 0.6f, size.x + 90));
    draw_board_area(0, 0, size.x, board);
    draw_panel(0, board, size.x, size.y - board);
  } else {
    const float panel = std::min(kPanelWidth, std::floor(size.x * 0.5f));
    draw_panel(0, 0, panel, size.y);
    draw_board_area(panel, 0, size.x - panel, size.y);
  }
}

}  // namespace kt::ui
