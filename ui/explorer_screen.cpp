// ExplorerApp's drawing: the control panel, the status banner and the board area.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "explorer_app.hpp"

namespace kt::ui {

namespace {

constexpr float kBannerMinHeight = 64;
const ImVec4 kErrorText(1.0f, 0.45f, 0.42f, 1);
constexpr ImU32 kBoardBg = IM_COL32(36, 38, 44, 255);
constexpr ImU32 kNeutral = IM_COL32(56, 60, 70, 255);
constexpr ImU32 kBlue = IM_COL32(38, 84, 160, 255);
constexpr ImU32 kGreen = IM_COL32(28, 128, 64, 255);
constexpr ImU32 kRed = IM_COL32(170, 44, 44, 255);
constexpr ImU32 kAmber = IM_COL32(150, 100, 20, 255);
const char* const kDot = "  \xC2\xB7  ";

struct MethodChoice {
  Method method;
  const char* label;  // as the combo shows it
};
constexpr MethodChoice kMethods[] = {
    {Method::automatic, "auto (theory first)"},   {Method::textbook, "textbook (seed 000)"},
    {Method::wirth, "Wirth (seed 002)"},          {Method::warnsdorff, "Warnsdorff + backtracking"},
    {Method::construct, "construction (linear)"},
};

struct KindChoice {
  CountKind kind;
  const char* label;
};
constexpr KindChoice kKinds[] = {
    {CountKind::from_start, "open tours from the start"},
    {CountKind::all_open, "open tours, every start"},
    {CountKind::closed, "closed tours"},
};

void section(const char* title) {
  ImGui::Spacing();
  ImGui::TextDisabled("%s", title);
  ImGui::Separator();
}

bool button(const char* label, float width, bool enabled) {
  ImGui::BeginDisabled(!enabled);
  const bool pressed = ImGui::Button(label, ImVec2(width, 0));
  ImGui::EndDisabled();
  return pressed;
}

std::string percent(double fraction) {
  const double p = 100 * std::clamp(fraction, 0.0, 1.0);
  char text[32];
  std::snprintf(text, sizeof text, p > 0 && p < 1 ? "%.3f%%" : "%.1f%%", p);  // 7x7 creeps
  return text;
}

std::string method_name(const Solver& s) {
  if (s.method() == Method::automatic) return "auto (theory settled it)";
  if (s.requested() == Method::automatic) return std::string("auto: ") + to_string(s.method());
  return to_string(s.method());
}

}  // namespace

void ExplorerApp::draw_panel(float x, float y, float width, float height) {
  const ImVec2 origin = ImGui::GetMainViewport()->Pos;
  ImGui::SetNextWindowPos(ImVec2(origin.x + x, origin.y + y));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::Begin("Controls", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  rects_["Panel"] = Rect{origin.x + x, origin.y + y, width, height};
  if (fonts_.heading) ImGui::PushFont(fonts_.heading);
  ImGui::TextUnformatted("Knight's Tour Explorer");
  if (fonts_.heading) ImGui::PopFont();
  ImGui::TextDisabled("Theory, backtracking and construction");

  draw_board_section();
  draw_search_section();
  draw_count_section();
  draw_status_section();

  ImGui::Spacing();
  if (ImGui::CollapsingHeader("Reading the board")) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled(
        "Squares are x,y or a1: x counts columns from the left (a, b, ...), y rows from the "
        "bottom. The page takes sides up to 2048 and boards up to 1,000,000 squares (the "
        "knights CLI takes larger ones). Numbers give the "
        "order of the knight's moves and the blue line its path. Green marks the start, purple "
        "the end, orange the square the search stands on; dark crossed squares are blocked. "
        "Boards over 30x30 colour each visited square by when the knight got there, blue first "
        "and red last (squares a construction has written but not yet ordered are pale blue), "
        "and draw the path as a thin line while it is short. Lines mark the construction's "
        "blocks.");
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

void ExplorerApp::draw_board_section() {
  section("Board");
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float quarter = std::floor((avail - 3 * gap) / 4);
  const float half = std::floor((avail - gap) / 2);
  for (int n = 5; n <= 8; ++n) {
    const std::string label = std::to_string(n) + "x" + std::to_string(n);
    if (n > 5) ImGui::SameLine();
    if (button(label.c_str(), quarter, true)) {
      config_.rows = config_.cols = n;
      const Geometry g{n, n};
      const auto start = parse_square(config_.start);
      if (!start || !g.contains(*start)) config_.start = "1,1";
      const auto end = parse_square(config_.end);
      if (end && !g.contains(*end)) config_.end.clear();
      apply_config();
    }
    record(label);
  }
  // Two labelled fields on one line: "Rows [  ] Cols [  ]".
  const float label_w = 42;
  auto pair_field = [&](const char* text, bool second) {
    if (second) ImGui::SameLine(half + gap + ImGui::GetStyle().WindowPadding.x);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(half - label_w);
  };
  pair_field("Rows", false);
  if (ImGui::InputInt("##Rows", &config_.rows, 0)) apply_config();
  record("Rows");
  pair_field("Cols", true);
  if (ImGui::InputInt("##Cols", &config_.cols, 0)) apply_config();
  record("Cols");

  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Method");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-FLT_MIN);
  const MethodChoice* current = &kMethods[0];
  for (const MethodChoice& m : kMethods) {
    if (config_.method == m.method) current = &m;
  }
  if (ImGui::BeginCombo("##Method", current->label)) {
    for (const MethodChoice& m : kMethods) {
      if (ImGui::Selectable(m.label, current == &m)) {
        config_.method = m.method;
        apply_config();
      }
      record(std::string("Method:") + to_string(m.method));
    }
    ImGui::EndCombo();
  }
  record("Method");

  bool closed = config_.closed;
  if (ImGui::Checkbox("closed tour (the last jump returns)", &closed)) {
    config_.closed = closed;
    counting_.kind = closed ? CountKind::closed : CountKind::from_start;
    if (closed && click_mode_ == ClickMode::end) click_mode_ = ClickMode::start;
    apply_config();
  }
  record("Closed");

  pair_field("Start", false);
  ImGui::InputText("##Start", start_buf_, sizeof start_buf_, ImGuiInputTextFlags_AutoSelectAll);
  record("Start");
  if (ImGui::IsItemDeactivatedAfterEdit()) {  // Enter or click elsewhere: no half-typed errors
    config_.start = start_buf_;
    apply_config();
  }
  pair_field("End", true);
  ImGui::BeginDisabled(config_.closed);
  ImGui::InputTextWithHint("##End", config_.closed ? "the start" : "anywhere", end_buf_,
                           sizeof end_buf_, ImGuiInputTextFlags_AutoSelectAll);
  record("End");
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    config_.end = end_buf_;
    apply_config();
  }
  ImGui::EndDisabled();

  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Click sets");
  for (const ClickMode m : {ClickMode::start, ClickMode::end, ClickMode::block}) {
    ImGui::SameLine();
    ImGui::BeginDisabled(m == ClickMode::end && config_.closed);
    if (ImGui::RadioButton(to_string(m), click_mode_ == m)) click_mode_ = m;
    ImGui::EndDisabled();
    record(std::string("Click:") + to_string(m));
  }
  if (button("Clear blocked", half, !config_.blocked.empty())) {
    config_.blocked.clear();
    apply_config();
  }
  record("ClearBlocked");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("%s blocked", with_commas(config_.blocked.size()).c_str());

  if (!error_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorText);
    ImGui::TextWrapped("%s", error_.c_str());
    ImGui::PopStyleColor();
    if (geometry_) ImGui::TextDisabled("or click a square to fix it");
  }
  if (blocked_off_board_ > 0) {
    ImGui::TextDisabled("%d blocked square%s off the board, ignored", blocked_off_board_,
                        blocked_off_board_ == 1 ? "" : "s");
  }
}

void ExplorerApp::draw_search_section() {
  section("Search");
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float quarter = std::floor((ImGui::GetContentRegionAvail().x - 3 * gap) / 4);
  const bool can_advance = solver_ && (state_ == RunState::idle || state_ == RunState::paused);
  if (button("Run", quarter, can_advance)) run();
  record("Run");
  ImGui::SameLine();
  if (button("Pause", quarter, state_ == RunState::running)) pause();
  record("Pause");
  ImGui::SameLine();
  if (button("Step", quarter, can_advance)) step();
  record("Step");
  ImGui::SameLine();
  if (button("Reset", quarter, solver_ && state_ != RunState::idle)) reset();
  record("Reset");
  const bool constructing = solver_ && solver_->construction();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Speed");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::BeginDisabled(speed_.fastest);
  ImGui::SliderInt("##Speed", &speed_.steps_per_frame, 1, kMaxStepsPerFrame,
                   constructing ? "%d blocks/frame" : "%d steps/frame",
                   ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  ImGui::EndDisabled();
  record("Speed");
  ImGui::Checkbox("as fast as the frame allows", &speed_.fastest);
  record("Fastest");
  if (constructing) {
    ImGui::Checkbox("outline the construction's blocks", &show_blocks_);
    record("Blocks");
  }
}

void ExplorerApp::draw_status_section() {
  section("Status");
  // Key-value rows; plain SameLine columns (ImGui tables add ~10 KB gzipped).
  auto row = [](const char* key, const std::string& value) {
    ImGui::TextDisabled("%s", key);
    ImGui::SameLine(84);
    ImGui::TextUnformatted(value.c_str());
  };
  if (!solver_) {
    row("status", "invalid input");
    return;
  }
  std::string status = to_string(state_);
  if (state_ == RunState::finished) {
    status += solver_->status() == Status::found ? ": tour found" : ": no tour";
  }
  row("status", status);
  row("method", method_name(*solver_));
  const Existence& theory = solver_->theory();
  row("theory", theory.answer == Answer::exists ? "a tour exists"
                : theory.answer == Answer::none ? "no tour"
                                                : "not settled: the method decides");
  // The banner shows the reason when theory ended it.
  const bool in_banner = state_ == RunState::finished && solver_->status() == Status::none;
  if (!theory.reason.empty() && !in_banner) {
    ImGui::PushTextWrapPos(0);
    ImGui::Indent(84);
    ImGui::TextDisabled("%s", theory.reason.c_str());
    ImGui::Unindent(84);
    ImGui::PopTextWrapPos();
  }
  const std::string rate =
      with_commas(static_cast<std::uint64_t>(std::llround(steps_per_second())));
  if (const Construction* c = solver_->construction()) {
    row("blocks", with_commas(c->blocks_done()) + " of " + with_commas(c->blocks_total()) + kDot +
                      rate + "/s");
  } else if (solver_->search()) {
    const Counters k = solver_->counters();
    row("depth", with_commas(static_cast<std::uint64_t>(solver_->depth() + 1)) + " of " +
                     with_commas(static_cast<std::uint64_t>(solver_->problem().free_squares())));
    row("steps", with_commas(k.placed) + " placed, " + with_commas(k.erased) + " erased");
    row("", rate + " steps/s");
  }
  char seconds[64];
  std::snprintf(seconds, sizeof seconds, "%.2f s  (solver %.3f s)", run_seconds_,
                solver_->counters().seconds);
  row("time", seconds);
}

void ExplorerApp::draw_count_section() {
  section("Count tours (exact)");
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float half = std::floor((ImGui::GetContentRegionAvail().x - gap) / 2);
  ImGui::SetNextItemWidth(-FLT_MIN);
  const KindChoice* current = &kKinds[0];
  for (const KindChoice& k : kKinds) {
    if (counting_.kind == k.kind) current = &k;
  }
  if (ImGui::BeginCombo("##CountKind", current->label)) {
    for (const KindChoice& k : kKinds) {
      if (ImGui::Selectable(k.label, current == &k)) set_count_kind(k.kind);
      record(std::string("CountKind:") + to_string(k.kind));
    }
    ImGui::EndCombo();
  }
  record("CountKind");
  const bool running = counting_.state == CountState::running;
  if (button("Count", half, !running)) count_start();
  record("Count");
  ImGui::SameLine();
  if (button("Stop", half, running)) count_stop();
  record("Stop");

  if (!counting_.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorText);
    ImGui::TextWrapped("%s", counting_.error.c_str());
    ImGui::PopStyleColor();
    return;
  }
  if (!counting_.counter) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled(
        "Counts every tour of this board (blocked squares included), up to %d "
        "free squares. 6x6 takes a moment; 7x7 and up, hours or more.",
        kMaxCountSquares);
    ImGui::PopTextWrapPos();
    return;
  }
  const TourCounter& counter = *counting_.counter;
  const bool done = counting_.state == CountState::done;
  const double fraction = done ? 1.0 : counter.progress();
  ImGui::ProgressBar(static_cast<float>(fraction), ImVec2(-FLT_MIN, 0), percent(fraction).c_str());
  record("Progress");
  const std::string count = with_commas(counter.count());
  ImGui::PushTextWrapPos(0);
  if (done) {
    ImGui::Text("%s %s", count.c_str(), counting_.what.c_str());
  } else {
    ImGui::Text("%s %s so far%s", count.c_str(), counting_.what.c_str(),
                counting_.state == CountState::stopped ? " (stopped)" : "");
  }
  ImGui::PopTextWrapPos();
  ImGui::TextDisabled("counting %.2f s  \xC2\xB7  %s nodes", counting_.seconds,
                      with_commas(counter.nodes()).c_str());
}

// The banner above the board; returns its height (it grows when the detail wraps).
float ExplorerApp::draw_banner(float x, float y, float w) {
  std::string title, detail;
  ImU32 colour = kNeutral;
  if (!solver_) {
    title = "Check the input";
    detail = error_;
    colour = kAmber;
  } else {
    const Solver& s = *solver_;
    const Construction* c = s.construction();
    const Counters k = s.counters();
    const std::string steps = with_commas(k.placed + k.erased) + " steps";
    const std::string progress =
        c ? "block " + with_commas(c->blocks_done()) + " of " + with_commas(c->blocks_total()) +
                kDot + percent(c->blocks_total() ? double(c->blocks_done()) / c->blocks_total() : 0)
          : "move " + with_commas(static_cast<std::uint64_t>(s.depth() + 1)) + " of " +
                with_commas(static_cast<std::uint64_t>(s.problem().free_squares())) + kDot + steps;
    const std::string method = method_name(s);
    switch (state_) {
      case RunState::idle:
        title = "Ready";
        detail = "Press Run, or click a square to set the " + std::string(to_string(click_mode_));
        if (s.theory().answer == Answer::none) {
          detail = "Theory says no tour (" + s.theory().reason + "); the " + method +
                   " search will try every possibility anyway";
        }
        break;
      case RunState::running:
        title = c ? "Constructing... (" + method + ")" : "Searching... (" + method + ")";
        detail = progress;
        colour = kBlue;
        break;
      case RunState::paused:
        title = "Paused";
        detail = progress + kDot +
                 (c ? "Step: one block written" : "Step: one move placed or taken back");
        break;
      case RunState::finished: {
        const std::string from = s.problem().start && !s.problem().closed
                                     ? " from (" + format_square(*s.problem().start) + ")"
                                     : "";
        if (s.status() == Status::none) {
          title = s.problem().closed ? "No closed tour" : "No tour" + from;
          detail = s.reason();
          // The textbook's methods search even where theory already said no: say so too.
          if (s.search() && s.theory().answer == Answer::none) {
            detail += kDot + std::string("the ") + to_string(s.method()) +
                      " search tried every move sequence: " + steps;
          }
          colour = kRed;
        } else if (!verdict_) {
          title = "Tour found: verifying...";
          detail = method;
          colour = kGreen;
        } else if (verdict_->ok) {
          title =
              "Tour found: " + with_commas(static_cast<std::uint64_t>(s.problem().free_squares())) +
              " squares, verified \xE2\x9C\x93";
          detail =
              std::string(verdict_->closed ? "closed" : "open") + " tour" + kDot + method + kDot +
              (c ? with_commas(c->blocks_total()) + (c->blocks_total() == 1 ? " block" : " blocks")
                 : steps);
          char t[32];
          std::snprintf(t, sizeof t, "%.3f s", k.seconds);
          detail += kDot + std::string(t);
          if (picture_.colouring()) detail += std::string(kDot) + "colouring the order...";
          colour = kGreen;
        } else {
          title = "Tour reported, but verification failed";
          detail = verdict_->reason;
          colour = kRed;
        }
        break;
      }
    }
  }
  ImFont* heading = fonts_.heading ? fonts_.heading : ImGui::GetFont();
  ImFont* text = fonts_.text ? fonts_.text : ImGui::GetFont();
  const float wrap = std::max(50.0f, w - 32);
  const float detail_h = text->CalcTextSizeA(kTextPx, FLT_MAX, wrap, detail.c_str()).y;
  const float h = std::max(kBannerMinHeight, 37 + detail_h + 10);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 a(x, y), b(x + w, y + h);
  dl->AddRectFilled(a, b, colour, 6);
  rects_["Banner"] = Rect{a.x, a.y, w, h};
  dl->PushClipRect(a, b, true);
  dl->AddText(heading, kHeadingPx, ImVec2(x + 16, y + 10), IM_COL32_WHITE, title.c_str());
  dl->AddText(text, kTextPx, ImVec2(x + 16, y + 37), IM_COL32(225, 228, 235, 255), detail.c_str(),
              nullptr, wrap);
  dl->PopClipRect();
  return h;
}

void ExplorerApp::draw_board_area(float x, float y, float width, float height) {
  const ImVec2 origin = ImGui::GetMainViewport()->Pos;
  ImGui::SetNextWindowPos(ImVec2(origin.x + x, origin.y + y));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, kBoardBg);
  ImGui::Begin("Board", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleColor();
  const float pad = 16, left = origin.x + x + pad, top = origin.y + y + pad;
  const float banner = draw_banner(left, top, width - 2 * pad);
  if (geometry_) {
    const float board_top = top + banner + 12;
    const float board_w = width - 2 * pad, board_h = origin.y + y + height - board_top - pad;
    BoardScene scene;
    scene.geometry = *geometry_;
    scene.large = large_board();
    scene.blocked = view_blocked_;
    scene.start = view_start_;
    scene.end = view_end_;
    if (solver_) {
      const Solver& s = *solver_;
      const Construction* c = s.construction();
      // A large construction is pictured from its compact tour: its move-number board and
      // path would cost 8 bytes a square and a walk of the whole tour to make.
      const bool cheap_board = !c || !scene.large || geometry_->size() <= int(kThinPathMaxPoints);
      if (cheap_board) {
        scene.board = s.board();
        scene.path = s.path();
      }
      if (c && s.status() == Status::running) scene.written = c->tour().next;
      scene.show_current = state_ != RunState::idle && s.status() == Status::running && !c;
      if (c && show_blocks_) {
        scene.col_bands = c->column_bands();
        scene.row_bands = c->row_bands();
      }
      if (state_ == RunState::finished) {
        scene.border = s.status() == Status::found && verdict_ && verdict_->ok ? kGreen : kRed;
      }
      if (scene.large) {
        // Squares of 3 pixels and more are checkered; smaller ones would only shimmer.
        const bool checker = BoardView::square_side(*geometry_, board_w, board_h) >= 3;
        if (!quiet_frame_) picture_.update(s, checker);
        scene.texture = picture_.texture();
      }
    }
    const auto clicked = board_view_.draw(scene, fonts_, left, board_top, board_w, board_h);
    if (clicked && (state_ == RunState::idle || state_ == RunState::finished))
      this->clicked(*clicked);
  }
  ImGui::End();
}

}  // namespace kt::ui
