#include "mode_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "teaching_view.hpp"

namespace kt::ui {

namespace {

void record(WidgetRects& rects, const char* label) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  rects.set(label, Rect{a.x, a.y, b.x - a.x, b.y - a.y});
}

bool button(const char* label, bool enabled) {
  ImGui::BeginDisabled(!enabled);
  const bool pressed = ImGui::Button(label);
  ImGui::EndDisabled();
  return pressed;
}

void mark(ImDrawList* dl, const Rect& r, ImU32 colour, float size) {
  dl->AddCircleFilled(ImVec2(r.x + r.w / 2, r.y + r.h / 2), std::max(4.0f, r.w * size), colour);
}

}  // namespace

unsigned tone_colour(Tone t) {
  const Palette& ink = palette();
  switch (t) {
    case Tone::neutral:
      return ink.neutral;
    case Tone::running:
      return ink.running;
    case Tone::found:
      return ink.found;
    case Tone::failed:
      return ink.failed_run;
    case Tone::warning:
      return ink.warning;
  }
  return ink.neutral;
}

bool mode_scene(const ExplorerState& s, BoardScene& scene, std::vector<std::int32_t>& path) {
  if (scene.large) return false;
  if (s.mode == Mode::play && s.play.available && s.play.built_for == s.run.generation) {
    scene.board = s.play.board;
    scene.path = s.play.path;
    scene.show_current = !s.play.path.empty();
    scene.border = s.play.verdict && s.play.verdict->ok ? palette().found
                   : play_dead(s.play)                  ? palette().failed_run
                                                        : 0;
    return true;
  }
  if (s.mode == Mode::predict && s.teach.timeline && s.teach.built_for == s.run.generation) {
    const TryMoveMachine& m = s.teach.timeline->machine();
    path = teaching_path(m);
    scene.board = m.board();
    scene.path = path;
    scene.show_current = true;
    return true;
  }
  return false;
}

void draw_mode_overlay(ExplorerState& s, const BoardView& view) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const Palette& ink = palette();
  if (s.mode == Mode::play && s.play.available) {
    if (s.play.path.empty()) return;  // every free square is legal: no marks
    for (const Square q : play_legal(s)) {
      if (const auto r = view.square_rect(q)) mark(dl, *r, with_alpha(ink.untried, 170), 0.14f);
    }
    if (s.play.hint) {
      if (const auto r = view.square_rect(*s.play.hint)) {
        dl->AddRect(ImVec2(r->x + 2, r->y + 2), ImVec2(r->x + r->w - 2, r->y + r->h - 2),
                    ink.trying, 0, 0, 4);
      }
    }
    return;
  }
  if (s.mode == Mode::predict && s.predict.last) {
    const Prediction& p = *s.predict.last;
    if (!p.right) {
      if (const auto r = view.square_rect(p.guess)) mark(dl, *r, ink.tried_failed, 0.12f);
    }
    if (const auto r = view.square_rect(p.answer)) {
      dl->AddRect(ImVec2(r->x + 2, r->y + 2), ImVec2(r->x + r->w - 2, r->y + r->h - 2),
                  p.right ? ink.found : ink.trying, 0, 0, 4);
    }
  }
}

float draw_mode_bar(ExplorerState& s, WidgetRects& rects, float x, float y, float w) {
  if (s.mode == Mode::watch) return 0;
  ImGui::SetCursorScreenPos(ImVec2(x, y));
  // The buttons flow left to right and wrap where the bar ends (phones).
  bool first = true;
  auto flow = [&](const char* label, bool enabled, const char* rect) {
    const float width =
        ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
    if (!first) {
      ImGui::SameLine();
      if (ImGui::GetCursorScreenPos().x + width > x + w)
        ImGui::SetCursorScreenPos(
            ImVec2(x, ImGui::GetItemRectMax().y + ImGui::GetStyle().ItemSpacing.y));
    }
    first = false;
    const bool pressed = button(label, enabled);
    record(rects, rect);
    return pressed;
  };
  if (s.mode == Mode::play) {
    const bool any = play_available(s) && !s.play.path.empty();
    if (flow("Undo##Play", any, "PlayUndo")) play_undo(s);
    if (flow("Hint##Play", any && !play_legal(s).empty(), "PlayHint")) play_hint(s);
    if (flow("Restart##Play", play_available(s), "PlayRestart")) play_restart(s);
    if (flow("Watch the search from this start", any, "PlayWatch")) watch_from_play_start(s);
  } else {
    if (flow("Show the move##Predict", teaching_available(s), "PredictShow")) {
      // The answer without a guess: the run moves on and the score counts it as missed.
      if (const auto& tl = s.teach.timeline; tl && tl->machine().status() == Status::running) {
        predict(s, Square{0, 0});
      }
    }
    if (flow("Watch##Predict", true, "PredictWatch")) set_mode(s, Mode::watch);
  }
  return ImGui::GetItemRectMax().y - y + 8;
}

void draw_mode_section(ExplorerState& s, WidgetRects& rects) {
  ImGui::Spacing();
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled(
      "A click on the board: edit and watch the search, predict its next "
      "move, or play the tour by hand");
  ImGui::PopTextWrapPos();
  struct Choice {
    Mode mode;
    const char* label;
    const char* rect;
  };
  static constexpr Choice kChoices[] = {{Mode::watch, "Watch", "Mode:watch"},
                                        {Mode::predict, "Predict", "Mode:predict"},
                                        {Mode::play, "Play", "Mode:play"}};
  // Three buttons, the current one lit (plain buttons: the page's first part has them).
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float third = std::floor((ImGui::GetContentRegionAvail().x - 2 * gap) / 3);
  for (const Choice& c : kChoices) {
    if (c.mode != Mode::watch) ImGui::SameLine();
    const bool current = s.mode == c.mode;
    if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetColorU32(ImGuiCol_ButtonActive));
    ImGui::BeginDisabled(c.mode == Mode::predict && !teaching_shown(s));
    if (ImGui::Button(c.label, ImVec2(third, 0)) && !current) set_mode(s, c.mode);
    ImGui::EndDisabled();
    if (current) ImGui::PopStyleColor();
    record(rects, c.rect);
  }
}

}  // namespace kt::ui
