#include "theme.hpp"

#include <imgui.h>

#if KT_UI_EMBEDDED_FONT
// The embedded TrueType file: a subset of DejaVu Sans cut at build time (CMakeLists.txt).
extern const unsigned char kt_font_ttf[];
extern const unsigned int kt_font_ttf_size;
#endif

namespace kt::ui {

namespace {

// The characters the subset font holds (KT_UI_FONT_UNICODES in CMakeLists.txt): ASCII and a
// few symbols.
constexpr ImWchar kTextGlyphs[] = {0x0020, 0x007E, 0x00B7, 0x00B7, 0x00D7, 0x00D7,
                                   0x2013, 0x2014, 0x2026, 0x2026, 0x2192, 0x2192,
                                   0x2713, 0x2713, 0x2717, 0x2717, 0};
constexpr ImWchar kDigitGlyphs[] = {'0', '9', 0};

ImFont* add_font(float css_px, float scale, const ImWchar* glyphs) {
  ImFontConfig cfg;
#if KT_UI_EMBEDDED_FONT
  cfg.FontDataOwnedByAtlas = false;  // static data: the atlas must not free it
  cfg.OversampleH = 2;               // glyphs are already at device resolution
  // ImGui takes a non-const pointer but does not write through it when it does not own it.
  void* data = const_cast<unsigned char*>(kt_font_ttf);
  return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(data, static_cast<int>(kt_font_ttf_size),
                                                    css_px * scale, &cfg, glyphs);
#else
  // Built without the font (CMakeLists.txt): ImGui's own bitmap font, scaled (ASCII only).
  (void)glyphs;
  cfg.SizePixels = css_px * scale;
  return ImGui::GetIO().Fonts->AddFontDefault(&cfg);
#endif
}

}  // namespace

ImFont* Fonts::for_numbers(float px) const { return px <= kDigitsPx[0] ? digits[0] : digits[1]; }

Fonts load_fonts(float pixel_scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  Fonts f;
  f.text = add_font(kTextPx, pixel_scale, kTextGlyphs);
  f.heading = add_font(kHeadingPx, pixel_scale, kTextGlyphs);
  f.digits[0] = add_font(kDigitsPx[0], pixel_scale, kDigitGlyphs);
  f.digits[1] = add_font(kDigitsPx[1], pixel_scale, kDigitGlyphs);
  io.Fonts->Build();
  io.FontDefault = f.text;
  io.FontGlobalScale = 1.0f / pixel_scale;
  return f;
}

void apply_style() {
  ImGui::StyleColorsDark();
  ImGuiStyle& s = ImGui::GetStyle();
  s.WindowPadding = {14, 14};
  s.FramePadding = {8, 5};
  s.ItemSpacing = {8, 7};
  s.ItemInnerSpacing = {6, 4};
  s.GrabMinSize = 14;
  s.WindowRounding = 0;
  s.WindowBorderSize = 0;
  s.FrameRounding = 4;
  s.GrabRounding = 4;
  s.Colors[ImGuiCol_WindowBg] = ImVec4(0.11f, 0.12f, 0.14f, 1);
}

}  // namespace kt::ui
