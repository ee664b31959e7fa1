#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "embed_view.hpp"
#include "teaching_view.hpp"
#include "theme.hpp"

namespace kt::ui {

namespace {

struct Pane {
  Panel panel;
  const char* title;
  const char* label;  // the widget rect
  float weight;       // share of the height
};
// The code first: it is what the lecture points at.
constexpr std::array<Pane, 4> kPanes = {{{Panel::code, "Code", "Code", 4},
                                         {Panel::stack, "Call stack", "Stack", 1.5f},
                                         {Panel::tree, "Tree by depth", "Tree", 2},
                                         {Panel::estimate, "Knuth's estimate", "Estimate", 1.5f}}};

enum class Stack { with_others, apart, alone };

// The open panes in `area`, one window, each pane a box of its share of the height; the stack
// among them, left out, or alone.
void draw_column(ExplorerState& s, WidgetRects& rects, const Rect& area, const char* window,
                 Stack stack) {
  const auto shown = [&](const Pane& p) {
    if (!s.view.panels[static_cast<int>(p.panel)]) return false;
    return stack == Stack::with_others || (p.panel == Panel::stack) == (stack == Stack::alone);
  };
  float total = 0;
  int count = 0;
  for (const Pane& p : kPanes) {
    total += shown(p) ? p.weight : 0;
    count += shown(p) ? 1 : 0;
  }
  if (total <= 0) return;
  const ImVec2 origin = ImGui::GetMainViewport()->Pos;
  ImGui::SetNextWindowPos(ImVec2(origin.x + area.x, origin.y + area.y));
  ImGui::SetNextWindowSize(ImVec2(area.w, area.h));
  ImGui::Begin(window, nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
  const float gap = ImGui::GetStyle().ItemSpacing.y;
  const float title_h = ImGui::GetTextLineHeightWithSpacing();
  const float body = ImGui::GetContentRegionAvail().y - count * (title_h + gap);
  for (const Pane& p : kPanes) {
    if (!shown(p)) continue;
    ImGui::TextDisabled("%s", p.title);
    const float h = std::max(40.0f, std::floor(body * p.weight / total));
    // The code wraps its lines; the other panes' rows scroll sideways.
    ImGui::BeginChild(p.label, ImVec2(0, h), true,
                      p.panel == Panel::code ? 0 : ImGuiWindowFlags_HorizontalScrollbar);
    draw_teaching_pane(s, p.panel, rects);
    // The stack's innermost call, the current one, is its last line: keep it in view.
    if (p.panel == Panel::stack) ImGui::SetScrollHereY(1.0f);
    ImGui::EndChild();
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    rects.set(p.label, Rect{a.x, a.y, b.x - a.x, b.y - a.y});
  }
  ImGui::End();
}

}  // namespace

void draw_embed_views(ExplorerState& s, WidgetRects& rects, const Rect& area, const Rect& below) {
  const bool stack_below = below.w > 0 && s.view.panels[static_cast<int>(Panel::stack)];
  draw_column(s, rects, area, "Views", stack_below ? Stack::apart : Stack::with_others);
  if (stack_below) draw_column(s, rects, below, "Below", Stack::alone);
}

}  // namespace kt::ui
