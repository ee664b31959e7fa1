// The "Watch the recursion" section of the explorer's panel: the textbook's TryMove run of
// teaching_run.hpp as code (the line being run highlighted), call stack (middle folded when
// deep), a small board with the current call's eight candidates and fading take-back marks,
// the tree's shape by depth, Knuth's estimate, the move order's arrays, and the controls (step
// at a granularity, back, step over and out, play at a pace, a scrubber). ImGui only; every
// change goes through teaching_run.hpp's functions.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "board_view.hpp"
#include "explorer_state.hpp"
#include "widget_rects.hpp"

namespace kt::ui {

void draw_teaching_section(ExplorerState& s, WidgetRects& rects);

// Wide windows: the width the code and the stack take beside the board (0: they stay in the
// panel), out of `available` beside the panel; and their window there.
float teaching_side_width(ExplorerState& s, float available);
void draw_teaching_side(ExplorerState& s, WidgetRects& rects, float x, float y, float width,
                        float height);
// Phones: a strip under the board while the run is the recursion, with the line that runs next
// (as the listing prints it) and the step bar (Back, Step, Run or Pause, the granularity), so
// the line and the buttons are on screen together. Returns its height (0: not drawn).
float draw_step_strip(ExplorerState& s, WidgetRects& rects, float x, float y, float width);

// Whether the main board shows the teaching run (it has started and the engine run is idle):
// its move numbers, its path in move order, and, drawn over the board by
// draw_teaching_overlay, the current call's candidates and the fading take-back marks.
bool teaching_on_board(const ExplorerState& s);
std::vector<std::int32_t> teaching_path(const TryMoveMachine& m);
// The squares of a move-number board in move order (up to the highest number written).
std::vector<std::int32_t> path_of(std::span<const std::int32_t> board);
void draw_teaching_overlay(const ExplorerState& s, const BoardView& view);

}  // namespace kt::ui

namespace kt::ui {

// One of the recursion's panels (code, call stack, tree, estimate) drawn where the cursor is,
// for layouts that place them outside the panel (an embedded course view). Nothing when there
// is no recursion to show.
void draw_teaching_pane(ExplorerState& s, Panel p, WidgetRects& rects);

}  // namespace kt::ui
