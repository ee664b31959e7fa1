#include "explorer_view.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // the window under a finger, an item's disabled flag

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "banner.hpp"
#include "board/text_input.hpp"
#include "embed_view.hpp"
#include "mode_view.hpp"
#include "teaching_view.hpp"

namespace kt::ui {

namespace {

constexpr float kPanelWidth = 320;
constexpr float kStackBelowWidth = 700;  // narrower portrait windows stack board and panel
constexpr float kPageBarHeight = 34;     // shell.html's #kt-toolbar and its margin
// In windows up to kStackBelowWidth wide, shell.html folds that bar into one "Share..." button
// at the top right (top 4 px, 23 px high): the board area in that corner starts its banner
// below it, so the button covers none of the banner's text.
constexpr float kShareButtonBottom = 31;
// On touch screens the page's buttons are 44 px tall (shell.html, :root.kt-touch): the bar and
// the Share button take more room.
constexpr float kPageBarHeightTouch = 56, kShareButtonBottomTouch = 52;
constexpr float kBannerMinHeight = 64;

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

// A text field that hands its text over on Enter or when it loses focus (no half-typed
// errors while typing).
template <std::size_t N>
bool text_field(const char* id, char (&buf)[N], const char* hint = nullptr) {
  ImGui::InputTextWithHint(id, hint ? hint : "", buf, N, ImGuiInputTextFlags_AutoSelectAll);
  return ImGui::IsItemDeactivatedAfterEdit();
}

template <std::size_t N>
void fill(char (&buf)[N], const std::string& text) {
  std::snprintf(buf, N, "%s", text.c_str());
}

}  // namespace

// Called through pointers no optimiser sees through: binaryen inlines a function with a single
// caller whatever its size, and these would then be in the page's first part, which keeps only
// what a first frame draws.
static void (*volatile draw_piece_call)(ExplorerView&,
                                        ExplorerState&) = ExplorerView::piece_section_entry;
static void (*volatile end_map_call)(ExplorerView&,
                                     const ExplorerState&) = ExplorerView::end_map_entry;

bool large_board(const ExplorerState& s) {
  const auto& g = s.board.geometry;
  return g && (g->rows > kDetailedMaxSide || g->cols > kDetailedMaxSide);
}

void frame(ExplorerState& s, ExplorerView& view, float dt_seconds) {
  const TickReport report = tick(s, dt_seconds);
  view.draw(s, report);
}

std::optional<Rect> ExplorerView::square_rect(const ExplorerState& s, Square sq) const {
  if (!s.board.geometry) return std::nullopt;
  return board_view_.square_rect(sq);
}

// A large construction is pictured from its compact tour: its move numbers come from the
// picture's walk (four bytes a square), not from the Solver's board and path (eight).
static bool cheap_board(const Solver& solver, bool large) {
  return !solver.construction() || !large ||
         solver.problem().geometry.size() <= int(kThinPathMaxPoints);
}

std::span<const std::int32_t> ExplorerView::moves(const ExplorerState& s) const {
  const Solver* solver = s.run.solver.get();
  if (!solver || !s.board.geometry) return {};
  if (cheap_board(*solver, large_board(s))) return solver->board();
  return picture_.moves();
}

std::optional<std::int32_t> ExplorerView::move_number(const ExplorerState& s, Square sq) const {
  const auto m = moves(s);
  if (!s.board.geometry || !s.board.geometry->contains(sq)) return std::nullopt;
  const Geometry g = *s.board.geometry;
  if (m.size() != static_cast<std::size_t>(g.size())) return std::nullopt;
  const std::int32_t move = m[g.index(sq)];
  if (move != 0) return move;
  // A huge construction's numbers come as its order is coloured: a square of the finished tour
  // not reached yet is not "not visited", and its blocked squares are blocked.
  const Solver* solver = s.run.solver.get();
  if (solver && solver->status() == Status::found) {
    if (solver->problem().is_blocked(g.index(sq))) return kBlocked;
    return std::nullopt;
  }
  return move;
}

std::optional<Square> ExplorerView::go_to_move(ExplorerState& s, std::int64_t n) {
  const Solver* solver = s.run.solver.get();
  if (!solver || !s.board.geometry || n < 1) return std::nullopt;
  const Geometry g = *s.board.geometry;
  std::optional<int> index;
  if (cheap_board(*solver, large_board(s))) {
    const auto path = solver->path();
    if (n <= static_cast<std::int64_t>(path.size())) index = path[n - 1];
  } else {
    index = picture_.square_of_move(n);
  }
  if (!index) return std::nullopt;
  const Square sq = g.square(*index);
  go_to_square(s, sq);
  return sq;
}

bool ExplorerView::go_to_square(ExplorerState& s, Square sq) {
  if (!s.board.geometry || !s.board.geometry->contains(sq)) return false;
  board_view_.centre_on(sq);
  if (!board_editable(s)) s.view.selected = sq;  // the banner shows its move
  return true;
}

// Above a large board: go to a move or a square, and fit the whole board again.
float ExplorerView::draw_zoom_bar(ExplorerState& s, float x, float y, float w) {
  ImGui::SetCursorScreenPos(ImVec2(x, y));
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Go to move");
  ImGui::SameLine();
  const float field = std::clamp(std::floor((w - 190) / 2), 60.0f, 110.0f);  // phones: narrower
  ImGui::SetNextItemWidth(field);
  if (text_field("##GoToMove", goto_move_, "N")) {
    const auto n = parse_integer(goto_move_, "move", 1, kMaxSquares);
    goto_message_.clear();
    if (!n) {
      goto_message_ = "move: a whole number from 1";
    } else if (!go_to_move(s, *n)) {
      // Past a finished tour's last move there is no such move; a run still at work has not
      // placed it yet.
      const bool over = s.run.state == RunState::finished;
      goto_message_ = "move " + with_commas(static_cast<std::uint64_t>(*n)) +
                      (over ? ": past the last move" : ": not on the board yet");
    }
  }
  record("GoToMove");
  ImGui::SameLine();
  ImGui::TextUnformatted("square");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(field);
  if (text_field("##GoToSquare", goto_square_, "x,y")) {
    std::string why;
    const auto sq = parse_square(goto_square_, &why);
    goto_message_.clear();
    if (!sq || !go_to_square(s, *sq)) goto_message_ = "square: " + (sq ? "off the board" : why);
  }
  record("GoToSquare");
  ImGui::SameLine();
  if (ImGui::Button("Fit")) board_view_.fit();
  record("Fit");
  ImGui::SameLine();
  if (!goto_message_.empty()) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette().error_text), "%s",
                       goto_message_.c_str());
  } else {
    const double px = board_view_.camera().scale;
    char text[80];
    std::snprintf(text, sizeof text,
                  px >= 10 ? "%.0f px a square%swheel, drag, pinch to zoom"
                           : "%.2f px a square%swheel, drag, pinch to zoom",
                  px, kDot);
    // Only where it fits (not on phones).
    if (ImGui::CalcTextSize(text).x <= x + w - ImGui::GetCursorScreenPos().x) {
      ImGui::TextDisabled("%s", text);
    }
  }
  return ImGui::GetFrameHeight() + 8;
}

void ExplorerView::record(const char* label) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  const bool enabled = !(GImGui->LastItemData.InFlags & ImGuiItemFlags_Disabled);
  rects_.set(label, Rect{a.x, a.y, b.x - a.x, b.y - a.y}, enabled);
}

void ExplorerView::sync_fields(const ExplorerState& s) {
  if (fields_version_ == s.draft_version) return;
  fields_version_ = s.draft_version;
  const RequestText& t = s.draft.text;
  fill(rows_, t.size.empty() ? t.rows : t.size);
  fill(cols_, t.size.empty() ? t.cols : t.size);
  fill(start_, t.start);
  fill(end_, t.end);
}

void ExplorerView::draw(ExplorerState& s, const TickReport& tick) {
  rects_.clear();
  quiet_frame_ = tick.verified;
  sync_fields(s);
  const ImVec2 size = ImGui::GetMainViewport()->Size;
  s.teach.beside_board = false;  // until the wide layout below puts them there
  if (s.view.board_only) {
    const int panes = embed_panes(s);
    const EmbedLayout l =
        embed_layout(size.x, size.y, panes, panes > 0 && s.view.panels[int(Panel::stack)]);
    draw_board_area(s, l.board.x, l.board.y, l.board.w, l.board.h);
    if (l.views.w > 0) draw_embed_views(s, rects_, l.views, l.below);
  } else if (size.x < kStackBelowWidth &&
             size.y > size.x) {  // phone portrait: board above, panel below
    // Predicting and playing, the board is what a finger presses: room for an 8x8 board of
    // 40 px squares under the banner and the exercise's buttons.
    const bool exercise = s.mode != Mode::watch;
    const float board = std::floor(exercise ? std::min(size.y * 0.78f, size.x + 270)
                                            : std::min(size.y * 0.6f, size.x + 90));
    draw_board_area(s, 0, 0, size.x, board);
    // The recursion's line and its step bar under the board, on screen together.
    const float strip = draw_step_strip(s, rects_, 0, board, size.x);
    draw_panel(s, 0, board + strip, size.x, size.y - board - strip);
  } else {
    const float panel = std::min(kPanelWidth, std::floor(size.x * 0.5f));
    // Wide windows: the recursion's code and stack beside the board, not in the panel.
    const float side = teaching_side_width(s, size.x - panel);
    draw_panel(s, 0, 0, panel, size.y);
    // The page's share and export bar (shell.html) sits at the bottom right of windows wider
    // than kStackBelowWidth: the board ends above it, so it hides no coordinates.
    const float bar = size.x <= kStackBelowWidth ? 0
                      : touch_targets()          ? kPageBarHeightTouch
                                                 : kPageBarHeight;
    draw_board_area(s, panel, 0, size.x - panel - side, size.y - bar);
    if (side > 0) draw_teaching_side(s, rects_, size.x - side, 0, side, size.y - bar);
  }
  draw_focus_ring();
}

// --- the page's accessible controls: focus shown on the widget each stands for --------------

void ExplorerView::set_focus(std::string_view label) {
  if (label == focus_) return;
  focus_ = label;
  focus_reveal_ = !focus_.empty();
}

// In the panel, once per focus change on one of its widgets: scrolls it into view (the mouse
// wheel and touch scroll freely afterwards).
void ExplorerView::reveal_focus() {
  if (!focus_reveal_) return;
  const auto r = rects_.find(focus_);
  if (!r) return;
  focus_reveal_ = false;
  const ImGuiWindow* w = ImGui::GetCurrentWindow();
  const float top = w->InnerRect.Min.y, bottom = w->InnerRect.Max.y;
  if (r->y < top) ImGui::SetScrollY(w->Scroll.y - (top - r->y) - 8);
  if (r->y + r->h > bottom) ImGui::SetScrollY(w->Scroll.y + (r->y + r->h - bottom) + 8);
}

void ExplorerView::draw_focus_ring() const {
  auto r = focus_.empty() ? std::nullopt : rects_.find(focus_);
  // The page's board cursor: "Square:x,y" rings that square.
  if (!r && focus_.starts_with("Square:")) {
    if (const auto sq = parse_square(focus_.substr(7))) r = board_view_.square_rect(*sq);
  }
  if (!r) return;
  const ImU32 ring = palette().focus_ring;
  ImGui::GetForegroundDrawList()->AddRect(ImVec2(r->x - 3, r->y - 3),
                                          ImVec2(r->x + r->w + 3, r->y + r->h + 3), ring, 5, 0, 3);
}

bool scroll_window_at(float x, float y, float dx, float dy) {
  ImGuiContext* g = ImGui::GetCurrentContext();
  if (!g) return false;
  const ImVec2 p(x, y);
  const int axis = std::abs(dx) > std::abs(dy) ? 0 : 1;  // the finger's main direction
  const float d = axis == 0 ? dx : dy;
  for (int i = g->Windows.Size - 1; i >= 0; --i) {  // front to back
    ImGuiWindow* w = g->Windows[i];
    if (!w->WasActive || w->Hidden || !w->OuterRectClipped.Contains(p)) continue;
    // The innermost box that scrolls that way: a sideways swipe over the stack's box scrolls
    // its long rows, an upward one the panel around it.
    while ((w->Flags & ImGuiWindowFlags_ChildWindow) && w->ScrollMax[axis] <= 0 &&
           w->ParentWindow) {
      w = w->ParentWindow;
    }
    if (w->ScrollMax[axis] <= 0 || (w->Flags & ImGuiWindowFlags_NoScrollWithMouse)) return false;
    const float from = w->ScrollTarget[axis] < FLT_MAX ? w->ScrollTarget[axis] : w->Scroll[axis];
    const float to = std::clamp(from - d, 0.0f, w->ScrollMax[axis]);
    if (axis == 0) {
      ImGui::SetScrollX(w, to);
    } else {
      ImGui::SetScrollY(w, to);
    }
    return to != from;
  }
  return false;
}

ScrollAt scroll_at(float x, float y) {
  ImGuiContext* g = ImGui::GetCurrentContext();
  if (!g) return {};
  for (int i = g->Windows.Size - 1; i >= 0; --i) {
    const ImGuiWindow* w = g->Windows[i];
    if (!w->WasActive || w->Hidden || !w->OuterRectClipped.Contains(ImVec2(x, y))) continue;
    return {w->Scroll.x, w->Scroll.y, w->ScrollMax.x, w->ScrollMax.y};
  }
  return {};
}

void ExplorerView::draw_panel(ExplorerState& s, float x, float y, float width, float height) {
  const ImVec2 origin = ImGui::GetMainViewport()->Pos;
  ImGui::SetNextWindowPos(ImVec2(origin.x + x, origin.y + y));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::Begin("Controls", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  rects_.set("Panel", Rect{origin.x + x, origin.y + y, width, height});
  const bool focus_elsewhere = rects_.find(focus_).has_value();  // drawn before the panel
  if (fonts_.heading) ImGui::PushFont(fonts_.heading);
  ImGui::TextUnformatted("Knight's Tour Explorer");
  if (fonts_.heading) ImGui::PopFont();
  ImGui::TextDisabled("Theory, backtracking and construction");

  draw_board_section(s);
  draw_search_section(s);
  draw_mode_section(s, rects_);
  draw_teaching_section(s, rects_);
  draw_count_section(s);
  // After a count: the listing of what it counted (not on a first frame, nor in its code).
  if (s.counting.counter || s.study.state != TourStudy::State::idle || !s.study.error.empty()) {
    draw_study_section(s);
  }
  draw_status_section(s);

  ImGui::Spacing();
  if (ImGui::CollapsingHeader("Reading the board")) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled(
        "Squares are x,y or a1: x counts columns from the left (a, b, ...), y rows from the "
        "bottom. The page searches boards of up to 1,000,000 squares and constructs tours of up "
        "to 100,000,000 where the browser gives the memory (the knights CLI takes larger ones). "
        "On large boards the wheel zooms about the cursor, a drag pans, two fingers pinch, "
        "and Go to move / square centre the view; close in, the path and the move numbers "
        "of the squares in view are drawn. Numbers give the "
        "order of the knight's moves and the blue line its path. Green marks the start, purple "
        "the end, orange the square the search stands on; dark crossed squares are blocked. "
        "Once a run has started, a click on the board picks a square and shows its move; "
        "Reset (or any change in the panel) makes the board editable again. "
        "Boards over 30x30 colour each visited square by when the knight got there, blue first "
        "and red last (squares a construction has written but not yet ordered are pale blue), "
        "and draw the path as a thin line while it is short. Lines mark the construction's "
        "blocks.");
    ImGui::PopTextWrapPos();
  }
  if (!focus_elsewhere) reveal_focus();
  ImGui::End();
}

void ExplorerView::draw_board_section(ExplorerState& s) {
  section("Board");
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float quarter = std::floor((avail - 3 * gap) / 4);
  const float half = std::floor((avail - gap) / 2);
  for (int n = 5; n <= 8; ++n) {
    const std::string label = std::to_string(n) + "x" + std::to_string(n);
    if (n > 5) ImGui::SameLine();
    if (button(label.c_str(), quarter, true)) set_board(s, n, n);
    record(label.c_str());
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
  if (text_field("##Rows", rows_)) set_field(s, Field::rows, rows_);
  record("Rows");
  pair_field("Cols", true);
  if (text_field("##Cols", cols_)) set_field(s, Field::cols, cols_);
  record("Cols");
  // Other pieces and wrapped boards, under the board's size where a newcomer looks: a
  // checkbox that shows their section (configure ticks it for a link with another piece), so
  // the first frame draws the box alone.
  ImGui::Checkbox("other pieces, wrapped boards", &s.view.piece_open);
  record("PieceHeader");
  if (s.view.piece_open) draw_piece_call(*this, s);

  // The methods as the core names them (kt::kMethods), each with its one-line summary.
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Method");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-FLT_MIN);
  const std::string& typed = s.draft.text.method;
  const MethodInfo* current = nullptr;
  for (const MethodInfo& m : kMethods) {
    if (m.name == (typed.empty() ? "auto" : typed)) current = &m;
  }
  if (ImGui::BeginCombo("##Method", current ? current->name.data() : typed.c_str(),
                        ImGuiComboFlags_HeightLargest)) {
    for (const MethodInfo& m : kMethods) {
      if (ImGui::Selectable(m.name.data(), current == &m)) set_method(s, m.method);
      record((std::string("Method:") + m.name.data()).c_str());
      ImGui::Indent();
      ImGui::PushTextWrapPos(0);
      ImGui::TextDisabled("%s", m.summary.data());
      ImGui::PopTextWrapPos();
      ImGui::Unindent();
    }
    ImGui::EndCombo();
  }
  record("Method");
  if (current && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", current->summary.data());

  const bool closed_now = draft_closed(s.draft);
  bool closed = closed_now;
  if (ImGui::Checkbox("closed tour (the last jump returns)", &closed)) set_closed(s, closed);
  record("Closed");

  pair_field("Start", false);
  if (text_field("##Start", start_, "1,1")) set_field(s, Field::start, start_);
  record("Start");
  pair_field("End", true);
  ImGui::BeginDisabled(closed_now);
  if (text_field("##End", end_, closed_now ? "the start" : "anywhere")) {
    set_field(s, Field::end, end_);
  }
  record("End");
  ImGui::EndDisabled();

  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Click sets");
  const std::string mode_label[] = {"Click:start", "Click:end", "Click:block"};
  for (const ClickMode m : {ClickMode::start, ClickMode::end, ClickMode::block}) {
    ImGui::SameLine();
    ImGui::BeginDisabled(m == ClickMode::end && closed_now);
    if (ImGui::RadioButton(to_string(m), s.view.click_mode == m)) set_click_mode(s, m);
    ImGui::EndDisabled();
    record(mode_label[static_cast<int>(m)].c_str());
  }
  if (button("Clear blocked", half, !s.draft.blocked.empty())) clear_blocked(s);
  record("ClearBlocked");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("%s blocked", with_commas(s.draft.blocked.size()).c_str());

  if (!s.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error_text);
    ImGui::TextWrapped("%s", s.error.c_str());
    ImGui::PopStyleColor();
    if (s.board.geometry) ImGui::TextDisabled("or click a square to fix it");
  }
  if (s.board.blocked_off_board > 0) {
    ImGui::TextDisabled("%d blocked square%s off the board, ignored", s.board.blocked_off_board,
                        s.board.blocked_off_board == 1 ? "" : "s");
  }
}

void ExplorerView::draw_search_section(ExplorerState& s) {
  section("Search");
  const SearchRun& r = s.run;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float quarter = std::floor((ImGui::GetContentRegionAvail().x - 3 * gap) / 4);
  const bool can_advance = r.solver && (r.state == RunState::idle || r.state == RunState::paused);
  if (button("Run", quarter, can_advance)) run(s);
  record("Run");
  ImGui::SameLine();
  if (button("Pause", quarter, r.state == RunState::running)) pause(s);
  record("Pause");
  ImGui::SameLine();
  if (button("Step", quarter, can_advance)) step(s);
  record("Step");
  ImGui::SameLine();
  if (button("Reset", quarter, r.solver && r.state != RunState::idle)) reset(s);
  record("Reset");
  const bool constructing = r.solver && r.solver->construction();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Speed");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::BeginDisabled(s.speed.fastest);
  // Steps per second by the clock (the same on any display); below 60 a second some frames
  // run none.
  float per_second = static_cast<float>(s.speed.steps_per_second);
  // Whole numbers from a thousand up ("%g" would print 60000000 as "6e+07").
  const bool whole = per_second >= 1000;
  // The recursion's run goes line by line; the engine's by moves placed or taken back.
  const char* format = constructing          ? (whole ? "%.0f blocks/s" : "%.3g blocks/s")
                       : recursion_is_run(s) ? (whole ? "%.0f lines/s" : "%.3g lines/s")
                                             : (whole ? "%.0f steps/s" : "%.3g steps/s");
  if (ImGui::SliderFloat("##Speed", &per_second, static_cast<float>(kMinRunSpeed),
                         static_cast<float>(kMaxRunSpeed), format,
                         ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
    set_speed(s, per_second, s.speed.fastest);
  }
  record("Speed");
  ImGui::EndDisabled();
  bool fastest = s.speed.fastest;
  if (ImGui::Checkbox("as fast as the frame allows", &fastest)) {
    set_speed(s, s.speed.steps_per_second, fastest);
  }
  record("Fastest");
  if (lists_tours(s) && s.tours.found > 0) draw_tour_list(s);
  if (constructing) {
    bool show = s.view.show_blocks;
    if (ImGui::Checkbox("outline the construction's blocks", &show)) set_show_blocks(s, show);
  }
}

// Every tour, one by one (the handout's Try_All): Previous and Next in the search's order.
void ExplorerView::draw_tour_list(ExplorerState& s) {
  const TourList& t = s.tours;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float third = std::floor((ImGui::GetContentRegionAvail().x - 2 * gap) / 3);
  const bool browsing = s.run.state == RunState::finished;
  if (button("< Previous##Tour", third, browsing && t.shown > 1)) previous_tour(s);
  record("PreviousTour");
  ImGui::SameLine();
  const bool more = t.shown < t.boards.size() || (!t.exhausted && t.shown == t.found);
  if (button("Next tour >##Tour", third,
             browsing && more && (!s.run.verdict || s.run.verdict->ok))) {
    next_tour(s);
  }
  record("NextTour");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  const auto total = tour_total(s);
  if (t.shown == 0) {
    ImGui::TextDisabled("searching for tour %s", with_commas(t.found + 1).c_str());
  } else if (total) {
    ImGui::Text("tour %s of %s", with_commas(t.shown).c_str(), with_commas(*total).c_str());
  } else {
    ImGui::Text("tour %s", with_commas(t.shown).c_str());
  }
  record("TourIndex");
  if (!total && t.shown > 0) {
    ImGui::TextDisabled("%s found so far; Count tours gives how many there are",
                        with_commas(t.found).c_str());
  }
}

void ExplorerView::draw_status_section(const ExplorerState& s) {
  section("Status");
  // Key-value rows; plain SameLine columns (ImGui tables add ~10 KB gzipped).
  auto row = [](const char* key, const std::string& value) {
    ImGui::TextDisabled("%s", key);
    ImGui::SameLine(84);
    ImGui::TextUnformatted(value.c_str());
  };
  const SearchRun& r = s.run;
  if (!r.solver) {
    row("status", "invalid input");
    return;
  }
  const Solver& solver = *r.solver;
  std::string status = to_string(r.state);
  if (r.state == RunState::finished) {
    status += solver.status() == Status::found ? ": tour found" : ": no tour";
  }
  row("status", status);
  row("method", method_name(solver));
  const Existence& theory = solver.theory();
  row("theory", theory.answer == Answer::exists ? "a tour exists"
                : theory.answer == Answer::none ? "no tour"
                                                : "not settled: the method decides");
  // The banner shows the reason when theory ended it.
  const bool in_banner = r.state == RunState::finished && solver.status() == Status::none;
  if (!theory.reason.empty() && !in_banner) {
    ImGui::PushTextWrapPos(0);
    ImGui::Indent(84);
    ImGui::TextDisabled("%s", theory.reason.c_str());
    ImGui::Unindent(84);
    ImGui::PopTextWrapPos();
  }
  const std::string rate =
      with_commas(static_cast<std::uint64_t>(std::llround(steps_per_second(s))));
  if (const Construction* c = solver.construction()) {
    row("blocks", with_commas(c->blocks_done()) + " of " + with_commas(c->blocks_total()) + kDot +
                      rate + "/s");
  } else if (engine(solver) == Engine::search) {
    const Counters k = solver.counters();
    row("depth", with_commas(static_cast<std::uint64_t>(solver.depth() + 1)) + " of " +
                     with_commas(static_cast<std::uint64_t>(solver.problem().free_squares())));
    row("steps", with_commas(k.placed) + " placed, " + with_commas(k.erased) + " erased");
    row("", rate + " steps/s");
  }
  char seconds[64];
  std::snprintf(seconds, sizeof seconds, "%.2f s  (solver %.3f s)", r.seconds,
                solver.counters().seconds);
  row("time", seconds);
}

namespace {

// Text wrapped to the panel's width at its spaces only: ImGui's own wrapping also breaks after
// a comma, which split "14,328,356 states" into "14,328," and "356 states".
[[gnu::noinline]] void wrapped_at_spaces(const std::string& text, bool disabled) {
  const float width = ImGui::GetContentRegionAvail().x;
  std::string out, line;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t space = std::min(text.find(' ', at), text.size());
    const std::string word = text.substr(at, space - at);
    const std::string longer = line.empty() ? word : line + " " + word;
    if (!line.empty() && ImGui::CalcTextSize(longer.c_str()).x > width) {
      out += line + "\n";
      line = word;
    } else {
      line = longer;
    }
    at = space + 1;
  }
  out += line;
  if (disabled)
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextUnformatted(out.c_str());
  if (disabled) ImGui::PopStyleColor();
}

}  // namespace

void ExplorerView::draw_count_section(ExplorerState& s) {
  section("Count tours (exact)");
  const Counting& c = s.counting;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float half = std::floor((ImGui::GetContentRegionAvail().x - gap) / 2);
  ImGui::SetNextItemWidth(-FLT_MIN);
  const KindChoice* current = &kKinds[0];
  for (const KindChoice& k : kKinds) {
    if (c.kind == k.kind) current = &k;
  }
  if (ImGui::BeginCombo("##CountKind", current->label)) {
    for (const KindChoice& k : kKinds) {
      if (ImGui::Selectable(k.label, current == &k)) set_count_kind(s, k.kind);
      record((std::string("CountKind:") + to_string(k.kind)).c_str());
    }
    ImGui::EndCombo();
  }
  record("CountKind");
  // The counter, as the CLI's --counter: a combo the width of the panel.
  ImGui::SetNextItemWidth(-FLT_MIN);
  const std::string counter_label = std::string("counter: ") + to_string(c.counter_kind);
  if (ImGui::BeginCombo("##Counter", counter_label.c_str())) {
    for (const CounterKind k : {CounterKind::automatic, CounterKind::search, CounterKind::rows}) {
      if (ImGui::Selectable(to_string(k), c.counter_kind == k)) set_counter_kind(s, k);
      record((std::string("Counter:") + to_string(k)).c_str());
    }
    ImGui::EndCombo();
  }
  record("Counter");
  const bool running = c.state == CountState::running;
  if (button("Count", half, !running)) count(s);
  record("Count");
  ImGui::SameLine();
  if (button("Stop", half, running)) stop_count(s);
  record("Stop");

  if (!c.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().error_text);
    ImGui::TextWrapped("%s", c.error.c_str());
    ImGui::PopStyleColor();
    return;
  }
  // Before a long count: its forecast, and it starts only on a yes.
  if (c.state == CountState::asking) {
    ImGui::TextWrapped("%s Count anyway?", c.forecast.c_str());
    if (button("Count anyway", half, true)) count(s, true);
    record("CountAnyway");
    ImGui::SameLine();
    if (button("Cancel", half, true)) cancel_count(s);
    record("CountCancel");
    return;
  }
  if (!c.forecast.empty()) ImGui::TextWrapped("%s", c.forecast.c_str());
  if (!c.counter) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled(
        "Counts every tour of this board (blocked squares included). The search takes up to %d "
        "free squares (6x6 takes a moment; 7x7, hours); counting by rows takes long boards "
        "with a short side up to %d (3x100 at once), as far as %s MB of memory go.",
        kMaxCountSquares, kMaxFrontierWidth, with_commas(c.memory_limit_mb).c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  const PageCounter& counter = *c.counter;
  const bool done = c.state == CountState::done;
  const double fraction = done ? 1.0 : counter.progress();
  ImGui::ProgressBar(static_cast<float>(fraction), ImVec2(-FLT_MIN, 0), percent(fraction).c_str());
  record("Progress");
  const std::string number = with_commas(counter.count());
  const char* stopped = c.state == CountState::stopped ? " (stopped)" : "";
  if (done) {
    wrapped_at_spaces(number + " " + c.what, false);
  } else if (counter.rows_progress()) {
    // Counting by rows adds its tours up only at the last square: no running total to show.
    wrapped_at_spaces(c.what + ": the number comes at the last square" + stopped, false);
  } else {
    wrapped_at_spaces(number + " " + c.what + " so far" + stopped, false);
  }
  char line[256];
  if (const auto rows = counter.rows_progress()) {
    // By rows the count appears only at the last square: the rows and states show the work.
    if (done) {
      std::snprintf(line, sizeof line, "by rows %.2f s%s%d rows%sat most %s states%speak %.1f MB",
                    c.seconds, kDot, rows->rows, kDot, with_commas(rows->max_states).c_str(), kDot,
                    static_cast<double>(rows->peak_bytes) / 1e6);
    } else if (rows->joining) {
      const bool grouping = rows->join_grouped < 1;
      std::snprintf(line, sizeof line, "by rows %.2f s%sjoining the two halves, %s%s%s%.1f MB",
                    c.seconds, kDot, grouping ? "grouping their states " : "",
                    percent(grouping ? rows->join_grouped : rows->join_fraction).c_str(), kDot,
                    static_cast<double>(rows->bytes) / 1e6);
    } else {
      std::snprintf(line, sizeof line, "by rows %.2f s%srow %d of %d%s%s states%s%.1f MB",
                    c.seconds, kDot, rows->rows_done, rows->rows, kDot,
                    with_commas(rows->states).c_str(), kDot,
                    static_cast<double>(rows->bytes) / 1e6);
    }
  } else {
    std::snprintf(line, sizeof line, "by search %.2f s%s%s nodes", c.seconds, kDot,
                  with_commas(counter.nodes()).c_str());
  }
  wrapped_at_spaces(line, true);
  if (counter.rows_progress() && !done) draw_count_saving(c);
}

// Out of line: drawn only while a count by rows runs, never in the page's first frame.
[[gnu::noinline]] void ExplorerView::draw_count_saving(const Counting& c) {
  const std::string saving = count_saving(c);
  if (saving.empty()) return;
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s", saving.c_str());
  ImGui::PopTextWrapPos();
}

// The banner, and beside it a Fit button while a detailed board is zoomed or panned (large
// boards have theirs in the zoom bar); returns the banner's height.
float ExplorerView::draw_banner_and_fit(const ExplorerState& s, float x, float y, float w) {
  const bool fit = s.board.geometry && !large_board(s) && !board_view_.camera().fitted;
  const float gap = 8;
  // At least 44 px wide: a finger's target.
  const float fit_w =
      fit ? std::max(44.0f, ImGui::CalcTextSize("Fit").x + 2 * ImGui::GetStyle().FramePadding.x)
          : 0;
  const float h = draw_banner(s, x, y, fit ? w - fit_w - gap : w);
  if (fit) {
    ImGui::SetCursorScreenPos(ImVec2(x + w - fit_w, y));
    if (ImGui::Button("Fit##Board", ImVec2(fit_w, h))) board_view_.fit();
    record("Fit");
  }
  return h;
}

// The banner above the board (its words: banner.hpp); returns its height (it grows when the
// detail wraps).
float ExplorerView::draw_banner(const ExplorerState& s, float x, float y, float w) {
  BoardFacts facts;
  if (picture_.colouring()) facts.colouring = picture_.coloured_fraction();
  if (s.view.selected) facts.selected_move = move_number(s, *s.view.selected);
  const BannerText words = banner_text(s, facts);
  const std::string& title = words.title;
  const std::string& detail = words.detail;
  ImFont* heading = fonts_.heading ? fonts_.heading : ImGui::GetFont();
  ImFont* text = fonts_.text ? fonts_.text : ImGui::GetFont();
  // Both lines wrap: in a narrow window "Tour found: ..., verified" is wider than the banner.
  const float wrap = std::max(50.0f, w - 32);
  const ImVec2 title_size = heading->CalcTextSizeA(kHeadingPx, FLT_MAX, wrap, title.c_str());
  const float detail_y = 10 + title_size.y + 7;
  const float detail_h = text->CalcTextSizeA(kTextPx, FLT_MAX, wrap, detail.c_str()).y;
  float h = std::max(kBannerMinHeight, detail_y + detail_h + 10);
  // Predicting, the words change at every guess: three lines kept, so the board stays put.
  if (s.mode == Mode::predict) {
    h = std::max(h, detail_y + text->CalcTextSizeA(kTextPx, FLT_MAX, 0, "A\nA\nA").y + 10);
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 a(x, y), b(x + w, y + h);
  dl->AddRectFilled(a, b, tone_colour(words.tone), 6);
  rects_.set("Banner", Rect{a.x, a.y, w, h});
  rects_.set("BannerTitle", Rect{x + 16, y + 10, title_size.x, title_size.y});
  dl->PushClipRect(a, b, true);
  dl->AddText(heading, kHeadingPx, ImVec2(x + 16, y + 10), palette().banner_title, title.c_str(),
              nullptr, wrap);
  dl->AddText(text, kTextPx, ImVec2(x + 16, y + detail_y), palette().banner_detail, detail.c_str(),
              nullptr, wrap);
  dl->PopClipRect();
  return h;
}

void ExplorerView::draw_board_area(ExplorerState& s, float x, float y, float width, float height) {
  const ImVec2 origin = ImGui::GetMainViewport()->Pos;
  ImGui::SetNextWindowPos(ImVec2(origin.x + x, origin.y + y));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, palette().surround);
  ImGui::Begin("Board", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleColor();
  sync_mode(s);
  const ImVec2 window = ImGui::GetMainViewport()->Size;
  const bool under_share =
      !s.view.board_only && window.x <= kStackBelowWidth && y == 0 && x + width >= window.x;
  const float pad = 16, left = origin.x + x + pad,
              top = origin.y + y +
                    (!under_share      ? pad
                     : touch_targets() ? kShareButtonBottomTouch
                                       : kShareButtonBottom);
  const float banner = draw_banner_and_fit(s, left, top, width - 2 * pad);
  if (s.board.geometry) {
    const Geometry g = *s.board.geometry;
    float board_top = top + banner + 12;
    board_top += draw_mode_bar(s, rects_, left, board_top, width - 2 * pad);
    if (large_board(s)) board_top += draw_zoom_bar(s, left, board_top, width - 2 * pad);
    const float board_w = width - 2 * pad, board_h = origin.y + y + height - board_top - pad;
    BoardScene scene;
    scene.geometry = g;
    scene.large = large_board(s);
    scene.blocked = s.board.blocked;
    scene.start = s.board.start;
    scene.end = s.board.end;
    scene.selected = s.view.selected;
    const SearchRun& r = s.run;
    if (r.solver) {
      const Solver& solver = *r.solver;
      const Construction* c = solver.construction();
      scene.piece = solver.problem().piece;
      if (cheap_board(solver, scene.large)) {
        scene.board = solver.board();
        scene.path = solver.path();
      }
      if (c && solver.status() == Status::running) scene.written = c->tour().next;
      scene.show_current = r.state != RunState::idle && solver.status() == Status::running && !c;
      if (c && s.view.show_blocks) {
        scene.col_bands = c->column_bands();
        scene.row_bands = c->row_bands();
      }
      if (r.state == RunState::finished) {
        scene.border =
            (solver.status() == Status::found && r.verdict && r.verdict->ok) || shown_tour(s)
                ? palette().found
                : palette().failed_run;
      }
      if (scene.large) {
        if (pictured_generation_ != r.generation) {
          picture_.forget();
          pictured_generation_ = r.generation;
        }
        // Squares of 3 pixels and more are checkered; smaller ones would only shimmer.
        const bool checker = BoardView::square_side(g, board_w, board_h) >= 3;
        if (!quiet_frame_) picture_.update(solver, checker);
        scene.texture = picture_.texture();
        scene.texture_factor = picture_.image().factor();
        scene.texture_checkered = checker && scene.texture_factor == 1;
        scene.texture_w = picture_.image().texture_w();
        scene.texture_h = picture_.image().texture_h();
        if (!cheap_board(solver, scene.large)) {
          scene.board = picture_.moves();
          scene.numbering = picture_.colouring();
        }
      }
    }
    std::vector<std::int32_t> tour_squares;  // a kept tour's path; lives until the board is drawn
    if (const std::vector<std::int32_t>* tour = shown_tour(s); tour && !scene.large) {
      tour_squares = path_of(*tour);
      scene.board = *tour;
      scene.path = tour_squares;
    }
    std::vector<std::int32_t> teaching_squares;  // lives until the board is drawn
    if (!scene.large && teaching_on_board(s)) {
      const TryMoveMachine& m = s.teach.timeline->machine();
      teaching_squares = teaching_path(m);
      scene.board = m.board();
      scene.path = teaching_squares;
      scene.show_current = true;
      scene.label_origin = s.teach.listing ? s.teach.listing->origin : 1;
    }
    std::vector<std::int32_t> mode_squares;  // the exercise's path; lives until the board is drawn
    const bool exercise = mode_scene(s, scene, mode_squares);
    if (const auto clicked = board_view_.draw(scene, fonts_, left, board_top, board_w, board_h)) {
      click_square(s, *clicked);
    }
    if (exercise) {
      draw_mode_overlay(s, board_view_);
    } else if (!scene.large) {
      draw_teaching_overlay(s, board_view_);
      if (!s.study.ends.empty()) end_map_call(*this, s);  // after "Classes and ends" only
    }
  }
  ImGui::End();
}

}  // namespace kt::ui
