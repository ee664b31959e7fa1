// ExplorerApp's drawing: the control panel, the status banner and the board area.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "explorer_app.hpp"

namespace kt::ui {

namespace {

constexpr float kBannerHeight = 64;
const ImVec4 kErrorText(1.0f, 0.45f, 0.42f, 1);
constexpr ImU32 kBoardBg = IM_COL32(36, 38, 44, 255);
constexpr ImU32 kNeutral = IM_COL32(56, 60, 70, 255);
constexpr ImU32 kBlue = IM_COL32(38, 84, 160, 255);
constexpr ImU32 kGreen = IM_COL32(28, 128, 64, 255);
constexpr ImU32 kRed = IM_COL32(170, 44, 44, 255);
constexpr ImU32 kAmber = IM_COL32(150, 100, 20, 255);

struct Method {
  const char* name;   // as kt::find_move_order takes it
  const char* label;  // as the combo shows it
};
constexpr Method kMethods[] = {{"textbook", "textbook (seed 000)"}, {"wirth", "Wirth (seed 002)"}};

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

void section(const char* title) {
  ImGui::Spacing();
  ImGui::TextDisabled("%s", title);
  ImGui::Separator();
}

// A label in a fixed column, then a full-width field.
void field_label(const char* text) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(text);
  ImGui::SameLine(72);
  ImGui::SetNextItemWidth(-FLT_MIN);
}

bool button(const char* label, float width, bool enabled) {
  ImGui::BeginDisabled(!enabled);
  const bool pressed = ImGui::Button(label, ImVec2(width, 0));
  ImGui::EndDisabled();
  return pressed;
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
  if (fonts_.heading) ImGui::PushFont(fonts_.heading);
  ImGui::TextUnformatted("Knight's Tour Explorer");
  if (fonts_.heading) ImGui::PopFont();
  ImGui::TextDisabled("Backtracking, one move at a time");

  section("Board");
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float quarter = std::floor((ImGui::GetContentRegionAvail().x - 3 * gap) / 4);
  for (int n = 5; n <= 8; ++n) {
    const std::string label = std::to_string(n) + "x" + std::to_string(n);
    if (n > 5) ImGui::SameLine();
    if (button(label.c_str(), quarter, true)) {
      config_.rows = config_.cols = n;
      const auto start = parse_square(config_.start);
      if (!start || !Geometry{n, n}.contains(*start)) config_.start = "1,1";
      apply_config();
    }
    record(label);
  }
  field_label("Rows");
  if (ImGui::InputInt("##Rows", &config_.rows)) apply_config();
  record("Rows");
  field_label("Cols");
  if (ImGui::InputInt("##Cols", &config_.cols)) apply_config();
  record("Cols");
  field_label("Start");
  ImGui::InputText("##Start", start_buf_, sizeof start_buf_, ImGuiInputTextFlags_AutoSelectAll);
  record("Start");
  if (ImGui::IsItemDeactivatedAfterEdit()) {  // Enter or click elsewhere: no half-typed errors
    config_.start = start_buf_;
    apply_config();
  }
  field_label("Method");
  const Method* current = nullptr;
  for (const Method& m : kMethods) {
    if (config_.method == m.name) current = &m;
  }
  if (ImGui::BeginCombo("##Method", current ? current->label : config_.method.c_str())) {
    for (const Method& m : kMethods) {
      if (ImGui::Selectable(m.label, current == &m)) {
        config_.method = m.name;
        apply_config();
      }
    }
    ImGui::EndCombo();
  }
  record("Method");
  if (!error_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorText);
    ImGui::TextWrapped("%s", error_.c_str());
    ImGui::PopStyleColor();
    if (geometry_) ImGui::TextDisabled("or click a square to start there");
  } else {
    ImGui::TextDisabled("Start: x,y or a1, or click a square");
  }

  section("Search");
  const bool can_advance = search_ && (state_ == RunState::idle || state_ == RunState::paused);
  if (button("Run", quarter, can_advance)) run();
  record("Run");
  ImGui::SameLine();
  if (button("Pause", quarter, state_ == RunState::running)) pause();
  record("Pause");
  ImGui::SameLine();
  if (button("Step", quarter, can_advance)) step();
  record("Step");
  ImGui::SameLine();
  if (button("Reset", quarter, search_ && state_ != RunState::idle)) reset();
  record("Reset");
  ImGui::TextUnformatted("Speed: steps per frame");
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::BeginDisabled(speed_.fastest);
  ImGui::SliderInt("##Speed", &speed_.steps_per_frame, 1, kMaxStepsPerFrame, "%d",
                   ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  ImGui::EndDisabled();
  record("Speed");
  ImGui::Checkbox("as fast as the frame allows", &speed_.fastest);
  record("Fastest");

  section("Status");
  // Key-value rows; plain SameLine columns (ImGui tables add ~10 KB gzipped).
  auto row = [](const char* key, const std::string& value) {
    ImGui::TextDisabled("%s", key);
    ImGui::SameLine(84);
    ImGui::TextUnformatted(value.c_str());
  };
  const Counters c = search_ ? search_->counters() : Counters{};
  std::string status = search_ ? to_string(state_) : "invalid input";
  if (state_ == RunState::finished) {
    status += search_->status() == Status::found ? ": tour found" : ": no tour";
  }
  row("status", status);
  row("depth", search_ ? std::to_string(search_->depth() + 1) + " of " +
                             std::to_string(search_->geometry().size())
                       : "-");
  row("placed", with_commas(c.placed));
  row("erased", with_commas(c.erased));
  char seconds[64];
  std::snprintf(seconds, sizeof seconds, "%.2f  (solver %.3f)", run_seconds_, c.seconds);
  row("seconds", seconds);
  row("steps/s", with_commas(static_cast<std::uint64_t>(std::llround(steps_per_second()))));

  section("Reading the board");
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled(
      "x counts columns from the left (a, b, ...), y rows from the bottom. Numbers give the "
      "order of the knight's moves and the blue line its path. Green marks the start, orange "
      "the square the search stands on.");
  ImGui::PopTextWrapPos();
  ImGui::End();
}

void ExplorerApp::draw_banner(float x, float y, float w) {
  std::string title, detail;
  ImU32 colour = kNeutral;
  const Counters c = search_ ? search_->counters() : Counters{};
  const std::string steps = with_commas(c.placed + c.erased) + " steps";
  if (!search_) {
    title = "Check the input";
    detail = error_;
    colour = kAmber;
  } else {
    const std::string depth = "move " + std::to_string(search_->depth() + 1) + " of " +
                              std::to_string(search_->geometry().size());
    switch (state_) {
      case RunState::idle:
        title = "Ready";
        detail = "Press Run, or click a square to choose the start";
        break;
      case RunState::running:
        title = "Searching...";
        detail = depth + "  \xC2\xB7  " + steps;
        colour = kBlue;
        break;
      case RunState::paused:
        title = "Paused";
        detail = depth + "  \xC2\xB7  " + steps + "  \xC2\xB7  Step: one move placed or taken back";
        break;
      case RunState::finished:
        if (search_->status() == Status::none) {
          title = "No tour exists from (" + format_square(search_->start()) + ")";
          detail = "every move sequence was tried: " + steps;
          colour = kRed;
        } else if (verdict_ && verdict_->ok) {
          title = "Tour found: " + std::to_string(search_->geometry().size()) +
                  " squares, verified \xE2\x9C\x93";
          detail = std::string(verdict_->closed ? "closed" : "open") + " tour  \xC2\xB7  " + steps;
          colour = kGreen;
        } else {
          title = "Tour reported, but verification failed";
          detail = verdict_ ? verdict_->reason : "";
          colour = kRed;
        }
        break;
    }
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 a(x, y), b(x + w, y + kBannerHeight);
  dl->AddRectFilled(a, b, colour, 6);
  rects_["Banner"] = Rect{a.x, a.y, w, kBannerHeight};
  dl->PushClipRect(a, b, true);
  ImFont* heading = fonts_.heading ? fonts_.heading : ImGui::GetFont();
  ImFont* text = fonts_.text ? fonts_.text : ImGui::GetFont();
  dl->AddText(heading, kHeadingPx, ImVec2(x + 16, y + 10), IM_COL32_WHITE, title.c_str());
  dl->AddText(text, kTextPx, ImVec2(x + 16, y + 37), IM_COL32(225, 228, 235, 255), detail.c_str());
  dl->PopClipRect();
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
  draw_banner(left, top, width - 2 * pad);
  if (geometry_) {
    BoardScene scene{*geometry_, {}, {}, std::nullopt, false, 0};
    if (search_) {
      scene.board = search_->board();
      scene.path = search_->path();
      scene.start = search_->start();
      scene.show_current = state_ != RunState::idle && search_->status() == Status::running;
      if (state_ == RunState::finished) {
        scene.border =
            search_->status() == Status::found && verdict_ && verdict_->ok ? kGreen : kRed;
      }
    }
    const float board_top = top + kBannerHeight + 12;
    const auto clicked = board_view_.draw(scene, fonts_, left, board_top, width - 2 * pad,
                                          origin.y + y + height - board_top - pad);
    if (clicked && (state_ == RunState::idle || state_ == RunState::finished)) set_start(*clicked);
  }
  ImGui::End();
}

}  // namespace kt::ui
