#include "explorer_app.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "page_request.hpp"

namespace kt::ui {

namespace {

constexpr float kPanelWidth = 300;
constexpr float kStackBelowWidth = 700;  // narrower portrait windows stack board and panel

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

ExplorerApp::ExplorerApp() { apply_config(); }

std::string ExplorerApp::configure(std::int64_t rows, std::int64_t cols, std::string_view start,
                                   std::string_view method) {
  SolveRequest request;
  if (auto why = make_page_request(rows, cols, start, method, request); !why.empty()) return why;
  config_ = {static_cast<int>(rows), static_cast<int>(cols), std::string(start),
             std::string(method)};
  apply_config();
  return {};
}

// Rebuilds the search from config_ and returns to idle; on bad input keeps only the message
// (and the empty board when just the start is wrong, so a click can fix it).
void ExplorerApp::apply_config() {
  std::snprintf(start_buf_, sizeof start_buf_, "%s", config_.start.c_str());
  search_.reset();
  verdict_.reset();
  state_ = RunState::idle;
  run_seconds_ = window_seconds_ = rate_ = 0;
  window_steps_ = 0;
  geometry_.reset();
  if (check_page_geometry(config_.rows, config_.cols).empty()) {
    geometry_ = Geometry{config_.rows, config_.cols};
  }
  SolveRequest request;
  error_ = make_page_request(config_.rows, config_.cols, config_.start, config_.method, request);
  if (error_.empty()) {
    search_ = std::make_unique<Backtracker>(request.geometry, request.start, request.order);
  }
}

void ExplorerApp::run() {
  if (search_ && state_ != RunState::finished) state_ = RunState::running;
}

void ExplorerApp::pause() {
  if (state_ == RunState::running) state_ = RunState::paused;
}

void ExplorerApp::step() {
  if (!search_ || state_ == RunState::finished) return;
  const Counters before = search_->counters();
  search_->run(1);
  state_ = RunState::paused;
  const Counters& after = search_->counters();
  after_steps(after.placed + after.erased - before.placed - before.erased, 0);
}

void ExplorerApp::reset() { apply_config(); }

void ExplorerApp::set_start(Square s) {
  config_.start = format_square(s);
  apply_config();
}

void ExplorerApp::after_steps(std::uint64_t steps, float dt) {
  run_seconds_ += dt;
  window_seconds_ += dt;
  window_steps_ += steps;
  if (window_seconds_ >= 0.5) {
    rate_ = window_steps_ / window_seconds_;
    window_seconds_ = 0;
    window_steps_ = 0;
  }
  if (search_->status() == Status::running) return;
  state_ = RunState::finished;
  if (search_->status() == Status::found) {
    verdict_ = verify_board(search_->geometry(), search_->board());
  }
}

double ExplorerApp::steps_per_second() const {
  if (state_ == RunState::running) {
    if (rate_ == 0 && window_seconds_ > 0) return window_steps_ / window_seconds_;
    return rate_;
  }
  if (!search_ || run_seconds_ <= 0) return 0;
  const Counters& c = search_->counters();
  return (c.placed + c.erased) / run_seconds_;
}

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
  if (state_ == RunState::running && search_) {
    const std::uint64_t budget = speed_.fastest
                                     ? std::numeric_limits<std::uint64_t>::max()
                                     : static_cast<std::uint64_t>(speed_.steps_per_frame);
    after_steps(pacer_.advance(*search_, budget), dt_seconds);
  }
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
