// Fonts and style of the explorer. Text is rasterised at the screen's pixel ratio and scaled
// back by io.FontGlobalScale, so ImGui units stay CSS pixels while glyphs map 1:1 to device
// pixels (sharp on HiDPI screens).
#pragma once

struct ImFont;

namespace kt::ui {

struct Fonts {
  ImFont* text = nullptr;     // panel text
  ImFont* heading = nullptr;  // title and banners
  ImFont* digits[2] = {};     // move numbers only (0-9): a small and a large bake

  // The font to draw move numbers `px` CSS pixels tall with: the smallest bake at least that
  // big, so scaling only ever shrinks glyphs. Null before load_fonts().
  ImFont* for_numbers(float px) const;
};

inline constexpr float kTextPx = 15, kHeadingPx = 20, kDigitsPx[2] = {32, 64};

// Rebuilds the font atlas for `pixel_scale` device pixels per CSS pixel. The renderer must
// re-upload the atlas texture afterwards.
Fonts load_fonts(float pixel_scale);

// Spacing and colours: ImGui's dark theme, roomier for mouse and touch.
void apply_style();

}  // namespace kt::ui
