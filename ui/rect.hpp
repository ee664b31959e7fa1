// A screen rectangle in ImGui units, which the page keeps equal to CSS pixels.
#pragma once

namespace kt::ui {

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
};

}  // namespace kt::ui
