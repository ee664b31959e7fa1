// The count section's study of the tours (tour_study.hpp): a button, and what the tours say
// once listed: their classes up to the board's symmetries and, from a start, the end map as a
// grid drawn as the board is, top row first.
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include "board/symmetry.hpp"
#include "explorer_view.hpp"
#include "page_request.hpp"
#include "theme.hpp"

namespace kt::ui {

[[gnu::noinline]] void ExplorerView::draw_study_section(ExplorerState& s) {
  TourStudy& t = s.study;
  const bool running = t.state == TourStudy::State::running;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float half = std::floor((ImGui::GetContentRegionAvail().x - gap) / 2);
  ImGui::BeginDisabled(running);
  if (ImGui::Button("Classes and ends", ImVec2(half, 0))) study(s);
  ImGui::EndDisabled();
  record("Study");
  ImGui::SameLine();
  ImGui::BeginDisabled(!running);
  if (ImGui::Button("Stop##Study", ImVec2(half, 0))) stop_study(t);
  ImGui::EndDisabled();
  record("StudyStop");
  if (t.state == TourStudy::State::idle && t.error.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled(
        "Lists every tour counted above: how many are different up to the board's turns and "
        "mirrors, and from a start, how many end on each square.");
    ImGui::PopTextWrapPos();
    record("StudyResult");
    return;
  }
  draw_study_results(s);
}

// Not inlined into the panel: the page's first part keeps only what a first frame draws.
[[gnu::noinline]] void ExplorerView::draw_study_results(ExplorerState& s) {
  TourStudy& t = s.study;
  ImGui::PushTextWrapPos(0);
  if (!t.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error_text);
    ImGui::TextWrapped("%s", t.error.c_str());
    ImGui::PopStyleColor();
  } else {
    const TourClasses c = t.classifier->result();
    const char* so_far = t.state == TourStudy::State::done      ? ""
                         : t.state == TourStudy::State::stopped ? " so far (stopped)"
                                                                : " so far";
    ImGui::Text("%s tours, %s up to the board's symmetries%s", with_commas(c.tours).c_str(),
                with_commas(c.classes).c_str(), so_far);
    std::string kept;
    for (const auto& [sym, n] : c.fixed) {
      if (sym == Symmetry::identity || n == 0) continue;
      kept += (kept.empty() ? "" : ", ") + std::string(to_string(sym)) + " " + with_commas(n);
    }
    ImGui::TextDisabled("tours a symmetry keeps: %s", kept.empty() ? "none" : kept.c_str());
  }
  ImGui::PopTextWrapPos();
  record("StudyResult");
  if (t.ends.empty() || t.state == TourStudy::State::idle) return;
  // The end map, as the board is drawn: top row first; S the start, # a blocked square.
  const Geometry g = t.problem.geometry;
  // Plain digits in columns as wide as the widest number, drawn as text (no ImGui table: its
  // machinery would join every frame of the page), in a box that scrolls sideways when wide.
  const auto cell = [&](int i, Square sq) -> std::string {
    if (sq == *t.problem.start) return "S";
    if (!t.problem.blocked.empty() && t.problem.blocked[i]) return "#";
    return std::to_string(t.ends[i]);
  };
  float column = 0;
  for (int i = 0; i < g.size(); ++i) {
    column = std::max(column, ImGui::CalcTextSize(cell(i, g.square(i)).c_str()).x);
  }
  column += 2 * ImGui::GetStyle().ItemSpacing.x;
  const float height = ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(g.rows) +
                       ImGui::GetStyle().ScrollbarSize + 2 * ImGui::GetStyle().WindowPadding.y;
  ImGui::BeginChild("##Ends", ImVec2(0, height), true, ImGuiWindowFlags_HorizontalScrollbar);
  for (int y = g.rows; y >= 1; --y) {
    const float left = ImGui::GetCursorPosX();
    for (int x = 1; x <= g.cols; ++x) {
      const int i = g.index({x, y});
      const std::string text = cell(i, {x, y});
      if (x > 1) ImGui::SameLine();
      // Right-aligned in its column, as the CLI's map.
      ImGui::SetCursorPosX(left + column * static_cast<float>(x) -
                           ImGui::CalcTextSize(text.c_str()).x);
      if (text == "0" || text == "#") {
        ImGui::TextDisabled("%s", text.c_str());
      } else {
        ImGui::TextUnformatted(text.c_str());
      }
    }
  }
  ImGui::EndChild();
  record("Ends");
  draw_end_map_legend(s);
}

namespace {

// The end map's shade for a share `t` (0..1) of the most tours ending on one square: pale
// yellow to dark brown (ColorBrewer's YlOrBr, a sequential scale that reads in grey too).
ImU32 end_map_shade(double t) {
  constexpr int from[3] = {255, 247, 188}, to[3] = {140, 45, 4};
  int c[3];
  for (int k = 0; k < 3; ++k) {
    c[k] = static_cast<int>(std::lround(from[k] + (to[k] - from[k]) * std::clamp(t, 0.0, 1.0)));
  }
  return IM_COL32(c[0], c[1], c[2], 255);
}

std::uint64_t most_ends(const TourStudy& t) {
  return t.ends.empty() ? 0 : *std::max_element(t.ends.begin(), t.ends.end());
}

}  // namespace

// Whether the board shows the end map: asked for, the study is of the board shown, and no run
// has started on it (Run shows the search).
bool end_map_on_board(const ExplorerState& s) {
  const TourStudy& t = s.study;
  return s.view.show_end_map && !t.ends.empty() && t.state != TourStudy::State::idle &&
         t.draft_version == s.draft_version && t.problem.start && s.mode == Mode::watch &&
         (!s.run.solver || s.run.state == RunState::idle);
}

// Under the map's numbers: whether the board shows it, and its shades' legend.
[[gnu::noinline]] void ExplorerView::draw_end_map_legend(ExplorerState& s) {
  bool on = s.view.show_end_map;
  if (ImGui::Checkbox("end map on the board", &on)) s.view.show_end_map = on;
  record("EndMap");
  if (!on) return;
  const std::uint64_t most = most_ends(s.study);
  // "0 [pale ... dark] most": the bar drawn in steps of the board's own shades.
  ImGui::TextUnformatted("0");
  ImGui::SameLine();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float w = 120, h = ImGui::GetTextLineHeight();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  constexpr int kSteps = 8;
  for (int k = 0; k < kSteps; ++k) {
    const float x0 = at.x + w * k / kSteps, x1 = at.x + w * (k + 1) / kSteps;
    dl->AddRectFilled(ImVec2(x0, at.y), ImVec2(x1, at.y + h), end_map_shade((k + 0.5) / kSteps));
  }
  ImGui::Dummy(ImVec2(w, h));
  ImGui::SameLine();
  ImGui::Text("%s", with_commas(most).c_str());
  ImGui::TextDisabled("darker: more tours end there; S the start");
}

// On the board: each square shaded by the tours that end there, its number on it.
[[gnu::noinline]] void ExplorerView::draw_end_map(const ExplorerState& s) {
  if (!end_map_on_board(s)) return;
  const TourStudy& t = s.study;
  const Geometry g = t.problem.geometry;
  const double most = static_cast<double>(std::max<std::uint64_t>(1, most_ends(t)));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImFont* font = ImGui::GetFont();
  for (int i = 0; i < g.size(); ++i) {
    const Square sq = g.square(i);
    if (!t.problem.blocked.empty() && t.problem.blocked[i]) continue;  // drawn blocked
    const auto r = board_view_.square_rect(sq);
    if (!r) continue;
    const bool start = sq == *t.problem.start;
    const double share = start ? 0 : static_cast<double>(t.ends[i]) / most;
    const float inset = std::max(1.0f, r->w * 0.04f);
    dl->AddRectFilled(ImVec2(r->x + inset, r->y + inset),
                      ImVec2(r->x + r->w - inset, r->y + r->h - inset),
                      start ? palette().start : end_map_shade(share), r->w * 0.08f);
    const std::string text = start ? "S" : std::to_string(t.ends[i]);
    const float px = std::min(r->w * 0.4f, 22.0f);
    if (px < 7) continue;  // too small to read: the shade alone
    const ImVec2 size = font->CalcTextSizeA(px, FLT_MAX, 0, text.c_str());
    const ImU32 ink =
        start || share > 0.5 ? IM_COL32(255, 255, 255, 255) : IM_COL32(20, 20, 20, 255);
    dl->AddText(font, px, ImVec2(r->x + (r->w - size.x) / 2, r->y + (r->h - size.y) / 2), ink,
                text.c_str());
  }
}

}  // namespace kt::ui
