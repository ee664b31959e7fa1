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
  void clear() {  // at the start of a frame: only what it draws is kept
    rects_.clear();
    disabled_.clear();
  }
  void set(std::string_view label, Rect r, bool enabled = true) {
    rects_[std::string(label)] = r;
    if (!enabled) disabled_[std::string(label)] = r;
  }
  std::optional<Rect> find(std::string_view label) const {
    const auto it = rects_.find(label);
    if (it == rects_.end()) return std::nullopt;
    return it->second;
  }
  // Drawn last frame and not greyed out.
  bool enabled(std::string_view label) const {
    return rects_.find(label) != rects_.end() && disabled_.find(label) == disabled_.end();
  }

 private:
  // The greyed-out ones also in a map of their own (the same type: no more code in the page).
  std::map<std::string, Rect, std::less<>> rects_, disabled_;
};

}  // namespace kt::ui
