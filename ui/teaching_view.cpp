#include "teaching_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "shown_board.hpp"

namespace kt::ui {

namespace {

std::string square_name(Geometry g, std::int32_t index) {
  const Square sq = g.square(index);
  char buf[48];
  if (g.cols <= 26) {
    std::snprintf(buf, sizeof buf, "%c%d (%d,%d)", 'a' + sq.x - 1, sq.y, sq.x, sq.y);
  } else {
    std::snprintf(buf, sizeof buf, "(%d,%d)", sq.x, sq.y);
  }
  return buf;
}

void record(WidgetRects& rects, const char* label) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  rects.set(label, Rect{a.x, a.y, b.x - a.x, b.y - a.y});
}

bool small_button(const char* label, float width, bool enabled) {
  ImGui::BeginDisabled(!enabled);
  const bool pressed = ImGui::Button(label, ImVec2(width, 0));
  ImGui::EndDisabled();
  return pressed;
}

std::string duration(double seconds) {
  char buf[64];
  if (seconds < 120)
    std::snprintf(buf, sizeof buf, "%.0f s", seconds);
  else if (seconds < 7200)
    std::snprintf(buf, sizeof buf, "%.0f min", seconds / 60);
  else if (seconds < 86400 * 3)
    std::snprintf(buf, sizeof buf, "%.0f hours", seconds / 3600);
  else if (seconds < 86400 * 365 * 3.0)
    std::snprintf(buf, sizeof buf, "%.0f days", seconds / 86400);
  else
    std::snprintf(buf, sizeof buf, "%.3g years", seconds / (86400 * 365.25));
  return buf;
}

void draw_order(ExplorerState& s) {
  TeachingRun& t = s.teach;
  const std::string& order = s.draft.text.order;
  const char* current = order.empty() ? "the method's own" : order.c_str();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Order");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::BeginCombo("##TeachOrder", current)) {
    if (ImGui::Selectable("the method's own", order.empty())) set_teaching_order(s, "");
    for (const MoveOrder& o : kMoveOrders) {
      const std::string name(o.name);
      if (ImGui::Selectable(name.c_str(), order == name)) set_teaching_order(s, name);
    }
    ImGui::EndCombo();
  }
  static char custom[128] = "1,2;2,1;2,-1;1,-2;-1,-2;-2,-1;-2,1;-1,2";
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::InputTextWithHint("##TeachCustom", "custom: dx,dy;... (8 jumps)", custom, sizeof custom);
  if (ImGui::IsItemDeactivatedAfterEdit()) set_teaching_order(s, custom);
  if (!t.order_error.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error_text);
    ImGui::Text("order: %s", t.order_error.c_str());
    ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
  }
  if (!t.timeline) return;  // the combo or field may have made a new one
  const TryMoveMachine& m = t.timeline->machine();
  // The program's arrays, as the listing indexes them with count.
  std::string dx = "dX = [", dy = "dY = [";
  for (int k = 0; k < 8; ++k) {
    dx += std::to_string(m.order().dx[k]) + (k < 7 ? ", " : "]");
    dy += std::to_string(m.order().dy[k]) + (k < 7 ? ", " : "]");
  }
  ImGui::TextUnformatted(dx.c_str());
  ImGui::TextUnformatted(dy.c_str());
}

void draw_controls(ExplorerState& s, WidgetRects& rects) {
  TeachingRun& t = s.teach;
  const TryMoveMachine& m = t.timeline->machine();
  const bool running = m.status() == Status::running;
  static const char* kNames[] = {"line", "move", "dead end", "tour"};
  int g = static_cast<int>(t.granularity);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Step by");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::Combo("##Granularity", &g, kNames, 4)) set_granularity(s, static_cast<Granularity>(g));
  record(rects, "Granularity");

  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float third = std::floor((ImGui::GetContentRegionAvail().x - 2 * gap) / 3);
  if (small_button("Back##Teach", third, m.lines() > 0)) teach_back(s);
  record(rects, "TeachBack");
  ImGui::SameLine();
  if (small_button("Step##Teach", third, running)) teach_forward(s);
  record(rects, "TeachStep");
  ImGui::SameLine();
  if (small_button(t.playing ? "Pause##TeachPlay" : "Play##TeachPlay", third, running)) {
    teach_play(s, !t.playing);
  }
  record(rects, "TeachPlay");
  if (small_button("Step over##Teach", third, running)) teach_step_over(s);
  record(rects, "StepOver");
  ImGui::SameLine();
  if (small_button("Step out##Teach", third, running && m.frames().size() > 1)) teach_step_out(s);
  record(rects, "StepOut");
  ImGui::SameLine();
  if (small_button("Restart##Teach", third, m.lines() > 0)) teach_restart(s);
  record(rects, "TeachRestart");

  float sps = static_cast<float>(t.steps_per_second);
  ImGui::BeginDisabled(t.fastest);
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::SliderFloat("##TeachSpeed", &sps, static_cast<float>(kMinStepsPerSecond),
                         static_cast<float>(kMaxStepsPerSecond), "%.1f steps/s",
                         ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
    set_teaching_speed(s, sps, t.fastest);
  }
  ImGui::EndDisabled();
  bool fastest = t.fastest;
  if (ImGui::Checkbox("as fast as the frame allows##Teach", &fastest)) {
    set_teaching_speed(s, t.steps_per_second, fastest);
  }

  // The scrubber: any moment of what has run so far.
  const std::uint64_t lo = 0, hi = std::max<std::uint64_t>(1, t.timeline->furthest());
  std::uint64_t at = m.lines();
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::SliderScalar("##Timeline", ImGuiDataType_U64, &at, &lo, &hi, "line %llu")) {
    teach_seek(s, at);
  }
  record(rects, "Timeline");
  ImGui::PushTextWrapPos(0);
  ImGui::Text("line %llu of %llu run; %llu placed, %llu taken back",
              static_cast<unsigned long long>(m.lines()),
              static_cast<unsigned long long>(t.timeline->furthest()),
              static_cast<unsigned long long>(m.placed()),
              static_cast<unsigned long long>(m.erased()));
  ImGui::PopTextWrapPos();
  if (m.status() == Status::found) ImGui::TextUnformatted("The tour is complete.");
  if (m.status() == Status::none) ImGui::TextUnformatted("The tree is exhausted: no tour.");
}

// A teaching panel's header, open as s.view.panels says; a click opens or closes it there.
bool panel(ExplorerState& s, WidgetRects& rects, Panel p, const char* title, const char* label) {
  bool& open = s.view.panels[static_cast<int>(p)];
  ImGui::Indent();
  ImGui::SetNextItemOpen(open, ImGuiCond_Always);
  open = ImGui::CollapsingHeader(title);
  record(rects, label);
  ImGui::Unindent();
  return open;
}

// follow: scroll the box the code is in to keep the current line in view (an embedded view's
// own box; never the panel, which the reader scrolls).
void draw_code(const TryMoveMachine& m, bool follow = false) {
  const int current = m.status() == Status::running ? static_cast<int>(m.line()) : -1;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (const ListingLine& l : try_move_listing()) {
    const std::string text(l.text);
    const float w = ImGui::GetContentRegionAvail().x;
    if (l.line >= 0 && l.line == current) {
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const float h = ImGui::CalcTextSize(text.c_str(), nullptr, false, w).y;
      dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), palette().code_line);
      if (follow) ImGui::SetScrollHereY(0.35f);
    }
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::TextDisabled("next: %s", current >= 0 ? to_string(m.line()) : "(returned)");
}

void draw_stack(const TryMoveMachine& m) {
  const auto& frames = m.frames();
  const std::size_t n = frames.size();
  // Deep stacks: the first calls and the current ones, the middle folded.
  constexpr std::size_t kHead = 2, kTail = 6;
  ImGui::TextDisabled("%zu call%s, outermost first", n, n == 1 ? "" : "s");
  for (std::size_t i = 0; i < n; ++i) {
    if (n > kHead + kTail + 1 && i == kHead) {
      ImGui::TextDisabled("   ... %zu calls folded ...", n - kHead - kTail);
      i = n - kTail - 1;
      continue;
    }
    const auto& f = frames[i];
    const std::string sq = square_name(m.geometry(), f.square);
    if (i + 1 == n) ImGui::PushStyleColor(ImGuiCol_Text, palette().current_call);
    ImGui::Text("TryMove(%d, %s)  k %d of 8", f.move, sq.c_str(), f.count);
    if (i + 1 == n) ImGui::PopStyleColor();
  }
}

// A legend entry in the colour of the markers it names.
void key(ImU32 colour, const char* text) {
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour), "%s", text);
}

void draw_legend(const TryMoveMachine& m) {
  const Palette& ink = palette();
  key(ink.untried, "o not yet tried");
  ImGui::SameLine();
  key(ink.trying, "o being tried");
  key(ink.tried_failed, "o tried and failed");
  ImGui::SameLine();
  key(ink.visited, "o visited");
  int off = 0;
  if (!m.frames().empty() && m.status() == Status::running) {
    for (Candidate c : m.candidates()) off += c == Candidate::off_board;
  }
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%d of 8 candidates off the board; red squares were just taken back.", off);
  ImGui::PopTextWrapPos();
}

void draw_tree(const TryMoveMachine& m) {
  // Depth i: how often move i was placed, and taken back; log scale, the counts grow fast.
  const auto& reached = m.reached();
  const auto& dead = m.dead_ends();
  std::vector<float> r, d;
  std::uint64_t top = 0;
  for (std::size_t i = 2; i < reached.size(); ++i) {
    r.push_back(static_cast<float>(std::log10(1.0 + static_cast<double>(reached[i]))));
    d.push_back(
        static_cast<float>(std::log10(1.0 + static_cast<double>(i < dead.size() ? dead[i] : 0))));
    top = std::max(top, reached[i]);
  }
  if (r.empty()) return;
  const float h = 60, w = ImGui::GetContentRegionAvail().x;
  const float scale = std::max(1.0f, *std::max_element(r.begin(), r.end()));
  ImGui::PlotHistogram("##Reached", r.data(), static_cast<int>(r.size()), 0,
                       "times each move was placed (log)", 0, scale, ImVec2(w, h));
  ImGui::PlotHistogram("##DeadEnds", d.data(), static_cast<int>(d.size()), 0,
                       "dead ends by move (log)", 0, scale, ImVec2(w, h));
  ImGui::TextDisabled("moves 2..%zu left to right; most placed: %llu", reached.size() - 1,
                      static_cast<unsigned long long>(top));
}

void draw_estimate(const TeachingRun& t) {
  if (!t.estimate) return;
  const TreeEstimate& e = *t.estimate;
  ImGui::PushTextWrapPos(0);
  ImGui::Text("Knuth's estimate: about %s moves to exhaust the tree (+-%.0f%%, %llu probes).",
              e.nodes.text(3).c_str(), 100 * e.relative_error,
              static_cast<unsigned long long>(e.probes));
  if (const auto share = teaching_explored(t)) {
    ImGui::Text("Explored so far: %.3g%% of it.", 100 * *share);
  }
  const double lps = teaching_lines_per_second(t);
  if (const auto left = teaching_seconds_left(t)) {
    ImGui::Text("At the measured %.0f lines/s, the rest takes about %s.", lps,
                duration(*left).c_str());
  } else {
    ImGui::TextDisabled("Play for a moment to measure the speed and the time left.");
  }
  ImGui::PopTextWrapPos();
}

}  // namespace

bool teaching_on_board(const ExplorerState& s) { return recursion_on_board(s); }

std::vector<std::int32_t> teaching_path(const TryMoveMachine& m) { return path_of(m.board()); }

void draw_teaching_overlay(const ExplorerState& s, const BoardView& view) {
  if (!teaching_on_board(s)) return;
  const TeachingRun& t = s.teach;
  const TryMoveMachine& m = t.timeline->machine();
  const Geometry g = m.geometry();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const Palette& ink = palette();
  for (std::int32_t i = 0; i < static_cast<std::int32_t>(t.fade.size()); ++i) {
    if (t.fade[i] <= 0) continue;
    if (const auto r = view.square_rect(g.square(i))) {
      dl->AddRectFilled(ImVec2(r->x, r->y), ImVec2(r->x + r->w, r->y + r->h),
                        with_alpha(ink.tried_failed, static_cast<int>(150 * t.fade[i])));
    }
  }
  if (m.frames().empty() || m.status() != Status::running) return;
  const auto cand = m.candidates();
  const Square from = g.square(m.frames().back().square);
  for (int k = 0; k < 8; ++k) {
    const Square to{from.x + m.order().dx[k], from.y + m.order().dy[k]};
    if (cand[k] == Candidate::off_board) continue;
    const auto r = view.square_rect(to);
    if (!r) continue;
    ImU32 c = ink.untried;
    if (cand[k] == Candidate::visited) c = ink.visited;
    if (cand[k] == Candidate::failed) c = ink.tried_failed;
    if (cand[k] == Candidate::trying) c = ink.trying;
    const ImVec2 center(r->x + r->w * 0.8f, r->y + r->h * 0.2f);
    dl->AddCircleFilled(center, std::max(4.0f, r->w * 0.1f), c);
    char num[4];
    std::snprintf(num, sizeof num, "%d", k + 1);  // k as in the listing's dX[count]
    const ImVec2 ts = ImGui::CalcTextSize(num);
    if (r->w >= 28)
      dl->AddText(ImVec2(center.x - ts.x / 2, center.y - ts.y / 2), ink.candidate_number, num);
    if (cand[k] == Candidate::trying) {
      dl->AddRect(ImVec2(r->x + 2, r->y + 2), ImVec2(r->x + r->w - 2, r->y + r->h - 2), c, 0, 0, 4);
    }
  }
}

void draw_teaching_section(ExplorerState& s, WidgetRects& rects) {
  ImGui::Spacing();
  if (!ImGui::CollapsingHeader("Watch the recursion", ImGuiTreeNodeFlags_DefaultOpen)) return;
  record(rects, "Recursion");
  if (!teaching_available(s)) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s.", s.teach.why_not.c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  draw_controls(s, rects);
  draw_legend(s.teach.timeline->machine());
  // The panels, each open or closed as the state says (a link's `views` opens them), so that
  // the code and the stack can be read side by side with the board.
  const TryMoveMachine& m = s.teach.timeline->machine();
  if (panel(s, rects, Panel::code, "Code", "Tab:Code")) draw_code(m);
  if (panel(s, rects, Panel::stack, "Call stack", "Tab:Stack")) draw_stack(m);
  if (panel(s, rects, Panel::tree, "Tree by depth", "Tab:Tree")) draw_tree(m);
  if (panel(s, rects, Panel::estimate, "Knuth's estimate", "Tab:Estimate")) draw_estimate(s.teach);
  ImGui::Indent();
  const bool order_open = ImGui::CollapsingHeader("Move order");
  record(rects, "Tab:Order");
  ImGui::Unindent();
  if (order_open) draw_order(s);
}

}  // namespace kt::ui

namespace kt::ui {

void draw_teaching_pane(ExplorerState& s, Panel p) {
  if (!teaching_available(s)) return;
  const TryMoveMachine& m = s.teach.timeline->machine();
  switch (p) {
    case Panel::code:
      draw_code(m, true);
      break;
    case Panel::stack:
      draw_stack(m);
      break;
    case Panel::tree:
      draw_tree(m);
      break;
    case Panel::estimate:
      draw_estimate(s.teach);
      break;
  }
}

}  // namespace kt::ui
