// The exercises on screen (play_mode.hpp, predict_mode.hpp): the board's scene (the played
// path, or the recursion's board while predicting), the marks over it (legal moves, the hint,
// the last answer), the bar of buttons under the banner, and the panel's choice of mode. ImGui
// only; every change goes through the state's functions.
#pragma once

#include <cstdint>
#include <vector>

#include "board_view.hpp"
#include "explorer_state.hpp"
#include "widget_rects.hpp"

namespace kt::ui {

// Sets what the board shows in the current mode; `path` keeps the squares the scene points at.
// False (scene untouched) while watching.
bool mode_scene(const ExplorerState& s, BoardScene& scene, std::vector<std::int32_t>& path);
void draw_mode_overlay(ExplorerState& s, const BoardView& view);
// Under the banner while predicting or playing: Undo, Hint, Restart, Watch from this start, or
// the score; returns its height (0 while watching).
float draw_mode_bar(ExplorerState& s, WidgetRects& rects, float x, float y, float w);
// The panel's section: watch, predict or play.
void draw_mode_section(ExplorerState& s, WidgetRects& rects);
// The banner's colour for a tone.
unsigned tone_colour(Tone t);

}  // namespace kt::ui
