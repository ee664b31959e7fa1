#include "teaching_view.hpp"

#include "theme.hpp"

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

void record(WidgetRects& rects, std::string_view label) {
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

// Where the run stands, in one sentence: its end, or Try_All's tours displayed so far.
std::string run_said(const TryMoveMachine& m) {
  if (m.semantics() != Semantics::try_all) {
    if (m.status() == Status::found) return "The tour is complete.";
    if (m.status() == Status::none) return "The tree is exhausted: no tour.";
    return {};
  }
  const std::uint64_t n = m.tours();
  const std::string tours = std::to_string(n) + (n == 1 ? " tour" : " tours");
  if (m.status() != Status::running) {
    return "The tree is exhausted: " + (n == 0 ? std::string("no tour") : tours) + " displayed.";
  }
  if (m.last_effect() == Effect::displayed) return "Tour " + std::to_string(n) + " displayed.";
  return tours + " displayed so far.";
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
  // Play is the run's Run and Pause: the search on the board is this recursion.
  if (small_button(t.playing ? "Pause##TeachPlay" : "Play##TeachPlay", third, running)) {
    run_or_pause(s);
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

  // The run's one pace, in lines a second here (the Search section's slider is the same).
  float sps = static_cast<float>(s.speed.steps_per_second);
  ImGui::BeginDisabled(s.speed.fastest);
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::SliderFloat("##TeachSpeed", &sps, static_cast<float>(kMinRunSpeed),
                         static_cast<float>(kMaxRunSpeed),
                         sps >= 1000 ? "%.0f lines/s" : "%.3g lines/s",
                         ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
    set_speed(s, sps, s.speed.fastest);
  }
  ImGui::EndDisabled();
  bool fastest = s.speed.fastest;
  if (ImGui::Checkbox("as fast as the frame allows##Teach", &fastest)) {
    set_speed(s, s.speed.steps_per_second, fastest);
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
  const std::string said = run_said(m);
  if (!said.empty()) ImGui::TextUnformatted(said.c_str());
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

void draw_listing_choice(ExplorerState& s, WidgetRects& rects) {
  TeachingRun& t = s.teach;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Listing");
  ImGui::SameLine();
  const float buttons = ImGui::GetFrameHeight() * 2 + ImGui::GetStyle().ItemSpacing.x * 4;
  ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x - buttons));
  const std::string current(t.listing->title);
  if (ImGui::BeginCombo("##Listing", current.c_str())) {
    for (const std::string_view name : listing_names()) {
      const auto l = make_listing(name, t.timeline->machine().order());
      const std::string title(l->title);
      if (ImGui::Selectable(title.c_str(), name == t.listing->name)) set_listing(s, name);
      record(rects, "Listing:" + std::string(name));
    }
    ImGui::EndCombo();
  }
  record(rects, "Listing");
  // The font size, for a projector at the back of the room.
  ImGui::SameLine();
  if (ImGui::Button("A-##Code", ImVec2(ImGui::GetFrameHeight(), 0))) {
    set_code_scale(s, t.code_scale / 1.25f);
  }
  record(rects, "CodeSmaller");
  ImGui::SameLine();
  if (ImGui::Button("A+##Code", ImVec2(ImGui::GetFrameHeight(), 0))) {
    set_code_scale(s, t.code_scale * 1.25f);
  }
  record(rects, "CodeLarger");
  if (!t.listing->note.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%.*s", static_cast<int>(t.listing->note.size()), t.listing->note.data());
    ImGui::PopTextWrapPos();
  }
}

// A listing line cut into rows of at most `width` pixels: breaks after the last space that fits
// (anywhere, for a word longer than a row), each row after the first indented by the line's own
// indent and two spaces more, so a wrapped line reads as one statement.
struct CodeRow {
  const char* begin;
  const char* end;
  float indent;  // pixels before the row's text
};
std::vector<CodeRow> wrap_code_line(const ImFont& font, float size, const std::string& text,
                                    float width) {
  std::vector<CodeRow> rows;
  const char* p = text.c_str();
  const char* const stop = p + text.size();
  const std::size_t lead = text.find_first_not_of(' ');
  const float hang =
      font.CalcTextSizeA(size, FLT_MAX, 0, "  ").x +
      (lead == std::string::npos
           ? 0
           : font.CalcTextSizeA(size, FLT_MAX, 0, text.c_str(), text.c_str() + lead).x);
  float indent = 0;
  do {
    const float room = std::max(width - indent, size);  // at least a character a row
    const char* cut = p;
    const char* space = nullptr;
    while (cut < stop) {
      const char* next = cut + 1;
      while (next < stop && (static_cast<unsigned char>(*next) & 0xC0) == 0x80) ++next;  // UTF-8
      if (font.CalcTextSizeA(size, FLT_MAX, 0, p, next).x > room && cut > p) break;
      if (*cut == ' ') space = next;
      cut = next;
    }
    if (cut < stop && space && space > p) cut = space;  // break after a space that fits
    rows.push_back({p, cut, indent});
    p = cut;
    while (p < stop && *p == ' ' && !rows.empty())
      ++p;  // a row does not start with the break's spaces
    indent = hang;
  } while (p < stop);
  return rows;
}

// The listing in a monospace font, wrapped to the pane (never cut, at any width or font size),
// with line numbers, the line that runs next highlighted and breakpoints toggled by a click on a
// number. follow: a box of the height left, scrolled to keep the current line in view (an
// embedded view's own box); else as tall as the listing, in the panel the reader scrolls.
void draw_listing(ExplorerState& s, WidgetRects& rects, bool follow = false) {
  TeachingRun& t = s.teach;
  const Listing& l = *t.listing;
  const TryMoveMachine& m = t.timeline->machine();
  const std::vector<int> current = current_lines(l, m);
  ImFont* mono = code_font();
  ImFont& font = mono ? *mono : *ImGui::GetFont();
  const float scale = t.code_scale;
  ImGui::PushFont(&font);
  const float size = ImGui::GetFontSize() * scale;
  ImGui::PopFont();
  const float line_h = size;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float gutter = font.CalcTextSizeA(size, FLT_MAX, 0, "000 ").x + line_h;
  // The rows the lines take in the pane's width (less its padding and a vertical scrollbar).
  const float inner =
      ImGui::GetContentRegionAvail().x - 2 * style.WindowPadding.x - style.ScrollbarSize - gutter;
  std::vector<std::vector<CodeRow>> rows;
  std::size_t row_count = 0;
  CodeLayout layout;
  layout.width = inner;
  for (const ListingLine& line : l.lines) {
    rows.push_back(wrap_code_line(font, size, line.text, inner));
    row_count += rows.back().size();
    for (const CodeRow& r : rows.back()) {
      layout.widest = std::max(layout.widest,
                               r.indent + font.CalcTextSizeA(size, FLT_MAX, 0, r.begin, r.end).x);
    }
  }
  layout.lines = static_cast<int>(l.lines.size());
  layout.rows = static_cast<int>(row_count);
  layout.scale = scale;
  const float full_h = line_h * static_cast<float>(row_count) + 2 * style.WindowPadding.y;
  const float pane_h =
      follow ? std::min(full_h, std::max(4 * line_h, ImGui::GetContentRegionAvail().y - 3 * line_h))
             : full_h;
  layout.whole = pane_h >= full_h;
  t.code_layout = layout;
  ImGui::BeginChild("##Code", ImVec2(0, pane_h), true);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(style.ItemSpacing.x, 0));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x;
  for (int i = 0; i < static_cast<int>(l.lines.size()); ++i) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float h = line_h * static_cast<float>(rows[i].size());
    const bool here = std::find(current.begin(), current.end(), i) != current.end();
    if (here) {
      dl->AddRectFilled(p, ImVec2(p.x + width, p.y + h), palette().code_line);
      if (follow) ImGui::SetScrollHereY(0.35f);
    }
    // The number: a click sets or clears a breakpoint (a dot before it).
    char num[16];
    std::snprintf(num, sizeof num, "%3d", i + 1);
    ImGui::PushID(i);
    if (ImGui::InvisibleButton("##Gutter", ImVec2(gutter, h))) toggle_breakpoint(s, i);
    ImGui::PopID();
    record(rects, "Gutter:" + std::to_string(i + 1));
    const bool brk = std::binary_search(t.breakpoints.begin(), t.breakpoints.end(), i);
    if (brk) {
      dl->AddCircleFilled(ImVec2(p.x + line_h * 0.4f, p.y + line_h * 0.5f), line_h * 0.3f,
                          palette().error_text);
    }
    const ImU32 dim = ImGui::GetColorU32(here ? ImGuiCol_Text : ImGuiCol_TextDisabled);
    dl->AddText(&font, size, ImVec2(p.x + line_h * 0.8f, p.y), dim, num);
    const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text);
    for (std::size_t r = 0; r < rows[i].size(); ++r) {
      const CodeRow& row = rows[i][r];
      dl->AddText(&font, size,
                  ImVec2(p.x + gutter + row.indent, p.y + line_h * static_cast<float>(r)), ink,
                  row.begin, row.end);
    }
  }
  ImGui::PopStyleVar();
  ImGui::EndChild();
  record(rects, "Code");
}

// The current call's locals beside (or under) the code, in the listing's names.
void draw_locals(const TeachingRun& t, WidgetRects& rects) {
  const TryMoveMachine& m = t.timeline->machine();
  if (m.frames().empty() || m.status() != Status::running) {
    ImGui::TextDisabled("The outermost call has returned.");
    return;
  }
  const std::size_t top = m.frames().size() - 1;
  ImGui::BeginGroup();
  ImGui::Text("Locals of %s", format_call(*t.listing, m, top).c_str());
  ImFont* mono = code_font();
  if (mono) ImGui::PushFont(mono);
  ImGui::SetWindowFontScale(t.code_scale);
  // On one wrapped line, as the stack shows each call's: the code keeps the height.
  const std::string text = format_locals(frame_locals(*t.listing, m, top));
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::SetWindowFontScale(1.0f);
  if (mono) ImGui::PopFont();
  if (m.semantics() == Semantics::try_all) {  // Try_All's output: the boards it displayed
    ImGui::Text("tours displayed: %llu", static_cast<unsigned long long>(m.tours()));
  }
  if (!m.printed().empty()) {  // the pseudocode's output, the path in reverse
    std::string out = "printed:";
    for (const std::int32_t sq : m.printed()) {
      const Square q = m.geometry().square(sq);
      const int shift = t.listing->origin - 1;
      out += " (" + std::to_string(q.x + shift) + "," + std::to_string(q.y + shift) + ")";
    }
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(out.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::EndGroup();
  record(rects, "Locals");
}

void draw_code(ExplorerState& s, WidgetRects& rects) {
  draw_listing_choice(s, rects);
  draw_listing(s, rects);
  draw_locals(s.teach, rects);
  // One plain sentence on what runs next.
  const std::string said = narrate(*s.teach.listing, s.teach.timeline->machine());
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(said.c_str());
  ImGui::PopTextWrapPos();
  record(rects, "Narration");
}

// wrap: a call's locals wrap onto the next rows (the panel and the side column, which do not
// scroll sideways); else one row a call, in a box that scrolls sideways (an embed's pane).
void draw_stack(ExplorerState& s, bool wrap) {
  TeachingRun& t = s.teach;
  const TryMoveMachine& m = t.timeline->machine();
  const auto& frames = m.frames();
  const std::size_t n = frames.size();
  // Deep stacks: the first calls and the current ones, the middle folded until clicked.
  constexpr std::size_t kHead = 2, kTail = 6;
  ImGui::TextDisabled("%zu call%s, outermost first", n, n == 1 ? "" : "s");
  for (std::size_t i = 0; i < n; ++i) {
    if (!t.stack_unfolded && n > kHead + kTail + 1 && i == kHead) {
      char label[64];
      std::snprintf(label, sizeof label, "   ... %zu calls folded (show) ...", n - kHead - kTail);
      if (ImGui::Selectable(label)) t.stack_unfolded = true;
      i = n - kTail - 1;
      continue;
    }
    const std::string call = format_call(*t.listing, m, i);
    const std::string locals = format_locals(frame_locals(*t.listing, m, i));
    if (i + 1 == n) ImGui::PushStyleColor(ImGuiCol_Text, palette().current_call);
    ImGui::TextUnformatted(call.c_str());
    if (i + 1 == n) ImGui::PopStyleColor();
    ImGui::SameLine();
    if (wrap) ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", locals.c_str());
    if (wrap) ImGui::PopTextWrapPos();
  }
  if (t.stack_unfolded && n > kHead + kTail + 1 && ImGui::SmallButton("fold the middle")) {
    t.stack_unfolded = false;
  }
}

// A legend entry: a dot in the colour of the markers it names, then its words.
void key(ImU32 colour, const char* text) {
  const float h = ImGui::GetTextLineHeight();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddCircleFilled(ImVec2(p.x + h * 0.4f, p.y + h * 0.5f), h * 0.3f,
                                              colour);
  ImGui::Dummy(ImVec2(h * 0.9f, h));
  ImGui::SameLine(0, 2);
  ImGui::TextUnformatted(text);
}

void draw_legend(const TeachingRun& t) {
  const TryMoveMachine& m = t.timeline->machine();
  const Palette& ink = palette();
  key(ink.untried, "not yet tried");
  ImGui::SameLine();
  key(ink.trying, "being tried");
  key(ink.tried_failed, "tried and failed");
  ImGui::SameLine();
  key(ink.visited, "visited");
  int off = 0;
  if (!m.frames().empty() && m.status() == Status::running) {
    for (Candidate c : m.candidates()) off += c == Candidate::off_board;
  }
  const bool taken_back = std::any_of(t.fade.begin(), t.fade.end(), [](float f) { return f > 0; });
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%d of 8 candidates off the board%s", off,
                      taken_back ? "; the fading mark is the square just taken back." : ".");
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
  const std::size_t focus = m.focus();
  if (focus >= m.frames().size() || m.frames()[focus].square < 0) return;
  const auto cand = m.candidates();
  const Square from = g.square(m.frames()[focus].square);
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
  if (!teaching_shown(s)) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s.",
                        s.teach.held ? "Loading the recursion's code" : s.teach.why_not.c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  // auto went on with another method: the code stays where the textbook's search stopped.
  if (!recursion_is_run(s) && s.mode == Mode::watch && s.run.solver &&
      s.run.solver->requested() == Method::automatic &&
      s.run.solver->method() != Method::textbook) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette().error_text),
                       "auto went on with %s after the textbook's search took too long: the "
                       "code below stays where the textbook stopped.",
                       s.run.solver->answered_by());
    ImGui::PopTextWrapPos();
  }
  draw_controls(s, rects);
  draw_legend(s.teach);
  // The panels, each open or closed as the state says (a link's `views` opens them), so that
  // the code and the stack can be read side by side with the board.
  const TryMoveMachine& m = s.teach.timeline->machine();
  const bool beside = s.teach.beside_board;
  if (panel(s, rects, Panel::code, "Code", "Tab:Code")) {
    if (beside) {
      ImGui::TextDisabled("beside the board");
    } else {
      draw_code(s, rects);
    }
  }
  if (panel(s, rects, Panel::stack, "Call stack", "Tab:Stack")) {
    if (beside) {
      ImGui::TextDisabled("beside the board");
    } else {
      draw_stack(s, /*wrap=*/true);
    }
  }
  if (panel(s, rects, Panel::tree, "Tree by depth", "Tab:Tree")) {
    if (beside) {
      ImGui::TextDisabled("beside the board");
    } else {
      draw_tree(m);
    }
  }
  if (panel(s, rects, Panel::estimate, "Knuth's estimate", "Tab:Estimate")) {
    if (beside) {
      ImGui::TextDisabled("beside the board");
    } else {
      draw_estimate(s.teach);
    }
  }
  ImGui::Indent();
  const bool order_open = ImGui::CollapsingHeader("Move order");
  record(rects, "Tab:Order");
  ImGui::Unindent();
  if (order_open) draw_order(s);
}

float draw_step_strip(ExplorerState& s, WidgetRects& rects, float x, float y, float width) {
  if (!recursion_is_run(s) || !teaching_shown(s)) return 0;
  TeachingRun& t = s.teach;
  const Listing& l = *t.listing;
  const TryMoveMachine& m = t.timeline->machine();
  const ImGuiStyle& style = ImGui::GetStyle();
  ImFont* mono = code_font();
  ImFont& font = mono ? *mono : *ImGui::GetFont();
  const float size = ImGui::GetFontSize();
  const float gutter = font.CalcTextSizeA(size, FLT_MAX, 0, "000 ").x;
  const float inner = width - 2 * style.WindowPadding.x - gutter;
  const int at = current_line(l, m);
  std::vector<CodeRow> rows;
  if (at >= 0) rows = wrap_code_line(font, size, l.lines[static_cast<std::size_t>(at)].text, inner);
  if (rows.size() > 3) rows.resize(3);  // a long statement: its start, the rest in the code pane
  const float text_h = size * static_cast<float>(std::max<std::size_t>(rows.size(), 1));
  const float height =
      std::ceil(2 * style.WindowPadding.y + text_h + style.ItemSpacing.y + ImGui::GetFrameHeight());
  const ImVec2 origin = ImGui::GetMainViewport()->Pos;
  ImGui::SetNextWindowPos(ImVec2(origin.x + x, origin.y + y));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::Begin("StepStrip", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  dl->AddRectFilled(p, ImVec2(p.x + width - 2 * style.WindowPadding.x, p.y + text_h),
                    palette().code_line);
  if (at >= 0) {
    char num[16];
    std::snprintf(num, sizeof num, "%3d", at + 1);
    dl->AddText(&font, size, p, ImGui::GetColorU32(ImGuiCol_Text), num);
    for (std::size_t r = 0; r < rows.size(); ++r) {
      dl->AddText(&font, size,
                  ImVec2(p.x + gutter + rows[r].indent, p.y + size * static_cast<float>(r)),
                  ImGui::GetColorU32(ImGuiCol_Text), rows[r].begin, rows[r].end);
    }
  } else {
    dl->AddText(p, ImGui::GetColorU32(ImGuiCol_TextDisabled), "The outermost call has returned.");
  }
  ImGui::Dummy(ImVec2(width - 2 * style.WindowPadding.x, text_h));
  rects.set("StripLine", Rect{p.x, p.y, width - 2 * style.WindowPadding.x, text_h});
  const bool running = m.status() == Status::running;
  const float gap = style.ItemSpacing.x;
  const float quarter = std::floor((ImGui::GetContentRegionAvail().x - 3 * gap) / 4);
  if (small_button("Back##Strip", quarter, m.lines() > 0)) teach_back(s);
  record(rects, "StripBack");
  ImGui::SameLine();
  if (small_button("Step##Strip", quarter, running)) step(s);
  record(rects, "StripStep");
  ImGui::SameLine();
  if (small_button(t.playing ? "Pause##Strip" : "Run##Strip", quarter, running)) {
    run_or_pause(s);
  }
  record(rects, "StripRun");
  ImGui::SameLine();
  static const char* kNames[] = {"line", "move", "dead end", "tour"};
  int g = static_cast<int>(t.granularity);
  ImGui::SetNextItemWidth(quarter);
  if (ImGui::Combo("##StripBy", &g, kNames, 4)) set_granularity(s, static_cast<Granularity>(g));
  record(rects, "StripBy");
  ImGui::End();
  return height;
}

// Wide enough when the board keeps at least kMinBoard beside the code.
float teaching_side_width(ExplorerState& s, float available) {
  constexpr float kMinBoard = 480, kMinSide = 420, kMaxSide = 720;
  const bool any = std::any_of(std::begin(s.view.panels), std::end(s.view.panels),
                               [](bool open) { return open; });
  float side = 0;
  // While the recursion is on the board, not for the engine's runs.
  if (any && available >= kMinBoard + kMinSide && teaching_shown(s) && teaching_on_board(s)) {
    side = std::clamp(std::floor(available * 0.45f), kMinSide, kMaxSide);
  }
  s.teach.beside_board = side > 0;
  return side;
}

void draw_teaching_side(ExplorerState& s, WidgetRects& rects, float x, float y, float width,
                        float height) {
  const ImVec2 origin = ImGui::GetMainViewport()->Pos;
  ImGui::SetNextWindowPos(ImVec2(origin.x + x, origin.y + y));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::Begin("Recursion", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  rects.set("Side", Rect{origin.x + x, origin.y + y, width, height});
  if (s.view.panels[static_cast<int>(Panel::code)]) draw_code(s, rects);
  if (s.view.panels[static_cast<int>(Panel::stack)]) {
    ImGui::Spacing();
    ImGui::TextUnformatted("Call stack");
    const ImVec2 a = ImGui::GetCursorScreenPos();
    draw_stack(s, /*wrap=*/true);
    const ImVec2 b = ImGui::GetItemRectMax();
    rects.set("Stack", Rect{a.x, a.y, width, b.y - a.y});
  }
  // The tree and the estimate too: "why 8x8 never ends" is read beside the run it measures.
  if (s.view.panels[static_cast<int>(Panel::tree)]) {
    ImGui::Spacing();
    ImGui::TextUnformatted("Tree by depth");
    draw_tree(s.teach.timeline->machine());
  }
  if (s.view.panels[static_cast<int>(Panel::estimate)]) {
    ImGui::Spacing();
    ImGui::TextUnformatted("Knuth's estimate");
    draw_estimate(s.teach);
  }
  ImGui::End();
}

}  // namespace kt::ui

namespace kt::ui {

void draw_teaching_pane(ExplorerState& s, Panel p, WidgetRects& rects) {
  if (!teaching_shown(s)) return;
  const TryMoveMachine& m = s.teach.timeline->machine();
  switch (p) {
    case Panel::code:
      draw_listing(s, rects, /*follow=*/true);
      draw_locals(s.teach, rects);
      break;
    case Panel::stack:
      draw_stack(s, /*wrap=*/false);
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
