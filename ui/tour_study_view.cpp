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
}

}  // namespace kt::ui
