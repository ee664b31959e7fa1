#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "embed_view.hpp"
#include "teaching_view.hpp"
#include "theme.hpp"

namespace kt::ui {

void draw_embed_views(ExplorerState& s, WidgetRects& rects, const Rect& area) {
  struct Pane {
    Panel panel;
    const char* title;
    const char* label;  // the widget rect
    float weight;       // share of the height
  };
  // The code first: it is what the lecture points at.
  static constexpr std::array<Pane, 4> kPanes = {
      {{Panel::code, "Code", "Code", 4},
       {Panel::stack, "Call stack", "Stack", 1.5f},
       {Panel::tree, "Tree by depth", "Tree", 2},
       {Panel::estimate, "Knuth's estimate", "Estimate", 1.5f}}};
  float total = 0;
  for (const Pane& p : kPanes) total += s.view.panels[static_cast<int>(p.panel)] ? p.weight : 0;
  if (total <= 0) return;
  const ImVec2 origin = ImGui::GetMainViewport()->Pos;
  ImGui::SetNextWindowPos(ImVec2(origin.x + area.x, origin.y + area.y));
  ImGui::SetNextWindowSize(ImVec2(area.w, area.h));
  ImGui::Begin("Views", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
  const float gap = ImGui::GetStyle().ItemSpacing.y;
  const float title_h = ImGui::GetTextLineHeightWithSpacing();
  const float avail = ImGui::GetContentRegionAvail().y;
  int shown = 0;
  for (const Pane& p : kPanes) shown += s.view.panels[static_cast<int>(p.panel)] ? 1 : 0;
  const float body = avail - shown * (title_h + gap);
  for (const Pane& p : kPanes) {
    if (!s.view.panels[static_cast<int>(p.panel)]) continue;
    ImGui::TextDisabled("%s", p.title);
    const float h = std::max(40.0f, std::floor(body * p.weight / total));
    ImGui::BeginChild(p.label, ImVec2(0, h), true, ImGuiWindowFlags_HorizontalScrollbar);
    draw_teaching_pane(s, p.panel, rects);
    // The stack's innermost call, the current one, is its last line: keep it in view.
    if (p.panel == Panel::stack) ImGui::SetScrollHereY(1.0f);
    ImGui::EndChild();
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    rects.set(p.label, Rect{a.x, a.y, b.x - a.x, b.y - a.y});
  }
  ImGui::End();
}

}  // namespace kt::ui
