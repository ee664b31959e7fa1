// Where the last frame drew the widgets the browser test clicks (tests/browser/), by label;
// the JS API hands them out (widgetRect). Labels: Panel, Banner, 5x5, 6x6, 7x7, 8x8, Rows,
// Cols, Start, Method (and Method:<name> while its list is open), Closed, Click:start,
// Click:end, Click:block, ClearBlocked, Run, Pause, Step, Reset, Fastest, CountKind (and
// CountKind:<kind>), Count, Stop, Progress, End, Fit. Each also says whether it was drawn
// enabled (the page's accessible controls follow it).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "rect.hpp"

namespace kt::ui {

class WidgetRects {
 public:
  void clear() { rects_.clear(); }  // at the start of a frame: only what it draws is kept
  void set(std::string_view label, Rect r, bool enabled = true) {
    rects_[std::string(label)] = {r, enabled};
  }
  std::optional<Rect> find(std::string_view label) const {
    const auto it = rects_.find(label);
    if (it == rects_.end()) return std::nullopt;
    return it->second.rect;
  }
  // Drawn last frame and not greyed out.
  bool enabled(std::string_view label) const {
    const auto it = rects_.find(label);
    return it != rects_.end() && it->second.enabled;
  }

 private:
  struct Item {
    Rect rect;
    bool enabled;
  };
  std::map<std::string, Item, std::less<>> rects_;
};

}  // namespace kt::ui
