#include "theme.hpp"

#include <imgui.h>

#include <string>
#include <utility>

#if KT_UI_EMBEDDED_FONT
// The embedded TrueType file: a subset of DejaVu Sans cut at build time (CMakeLists.txt), and
// the characters it holds as glyph ranges (KT_UI_FONT_UNICODES, written by embed_font.cmake).
extern const unsigned char kt_font_ttf[];
extern const unsigned int kt_font_ttf_size;
extern const ImWchar kt_font_glyphs[];
#endif
#if KT_UI_EMBEDDED_CODE_FONT
// The code pane's monospace font: DejaVu Sans Mono cut to ASCII the same way.
extern const unsigned char kt_code_font_ttf[];
extern const unsigned int kt_code_font_ttf_size;
extern const ImWchar kt_code_font_glyphs[];
#endif

namespace kt::ui {

namespace {

// Move numbers need the digits alone (a subset of the text's characters).
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

ImFont* g_code_font = nullptr;
std::string g_code_font_file;  // the fetched font's bytes (the atlas reads them, never owns them)
bool g_code_font_arrived = false;

// The code pane's font, a little larger than the text: it is read from the back of a room.
ImFont* add_code_font([[maybe_unused]] float scale) {
#if KT_UI_LOADED_CODE_FONT
  if (g_code_font_file.empty()) return nullptr;  // not here yet: the text font stands in
  static constexpr ImWchar kAscii[] = {0x20, 0x7e, 0};
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;
  cfg.OversampleH = 2;
  return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(g_code_font_file.data(),
                                                    static_cast<int>(g_code_font_file.size()),
                                                    kTextPx * scale, &cfg, kAscii);
#elif KT_UI_EMBEDDED_CODE_FONT
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;
  cfg.OversampleH = 2;
  void* data = const_cast<unsigned char*>(kt_code_font_ttf);
  return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(data, static_cast<int>(kt_code_font_ttf_size),
                                                    kTextPx * scale, &cfg, kt_code_font_glyphs);
#else
  return nullptr;
#endif
}

}  // namespace

ImFont* code_font() { return g_code_font; }

void set_code_font_file(std::string ttf) {
  g_code_font_file = std::move(ttf);
  g_code_font_arrived = true;
}
bool take_code_font_arrival() { return std::exchange(g_code_font_arrived, false); }

ImFont* Fonts::for_numbers(float px) const { return px <= kDigitsPx[0] ? digits[0] : digits[1]; }

Fonts load_fonts(float pixel_scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  Fonts f;
#if KT_UI_EMBEDDED_FONT
  const ImWchar* const text_glyphs = kt_font_glyphs;
#else
  const ImWchar* const text_glyphs = nullptr;  // ImGui's own font: its default ranges
#endif
  f.text = add_font(kTextPx, pixel_scale, text_glyphs);
  f.heading = add_font(kHeadingPx, pixel_scale, text_glyphs);
  f.digits[0] = add_font(kDigitsPx[0], pixel_scale, kDigitGlyphs);
  f.digits[1] = add_font(kDigitsPx[1], pixel_scale, kDigitGlyphs);
  g_code_font = add_code_font(pixel_scale);
  io.Fonts->Build();
  io.FontDefault = f.text;
  io.FontGlobalScale = 1.0f / pixel_scale;
  return f;
}

namespace {

// The board and the banners are the same in both themes; only what sits on the page's
// background changes.
constexpr Palette kDarkPalette{
    .light = IM_COL32(240, 217, 181, 255),
    .dark = IM_COL32(181, 136, 99, 255),
    .plain = IM_COL32(222, 200, 166, 255),
    .blocked = IM_COL32(44, 46, 54, 255),
    .blocked_cross = IM_COL32(130, 132, 142, 255),
    .visited_tint = IM_COL32(60, 110, 220, 70),
    .written = IM_COL32(120, 150, 215, 255),
    .path = IM_COL32(30, 80, 200, 170),
    .thin_path = IM_COL32(20, 30, 60, 190),
    .block_line = IM_COL32(20, 20, 24, 150),
    .number = IM_COL32(25, 25, 30, 255),
    .pill = IM_COL32(255, 252, 245, 215),
    .start = IM_COL32(20, 150, 60, 255),
    .end = IM_COL32(150, 50, 200, 255),
    .selected = IM_COL32(30, 200, 235, 255),
    .current = IM_COL32(255, 140, 0, 255),
    .current_fill = IM_COL32(255, 160, 40, 110),
    .frame = IM_COL32(70, 72, 80, 255),
    .label = IM_COL32(170, 172, 180, 255),
    .surround = IM_COL32(36, 38, 44, 255),
    .neutral = IM_COL32(56, 60, 70, 255),
    .running = IM_COL32(38, 84, 160, 255),
    .found = IM_COL32(28, 128, 64, 255),
    .failed_run = IM_COL32(170, 44, 44, 255),
    .warning = IM_COL32(150, 100, 20, 255),
    .banner_title = IM_COL32_WHITE,
    .banner_detail = IM_COL32(225, 228, 235, 255),
    .error_text = IM_COL32(255, 115, 107, 255),
    .untried = IM_COL32(60, 170, 90, 255),
    .trying = IM_COL32(255, 160, 0, 255),
    .tried_failed = IM_COL32(220, 60, 60, 255),
    .visited = IM_COL32(140, 140, 140, 255),
    .candidate_number = IM_COL32_WHITE,
    .code_line = IM_COL32(255, 196, 0, 90),
    .current_call = IM_COL32(255, 191, 51, 255),
    .focus_ring = IM_COL32(255, 213, 79, 255),
};

constexpr Palette light_palette() {
  Palette p = kDarkPalette;
  p.frame = IM_COL32(120, 122, 130, 255);
  p.label = IM_COL32(70, 72, 80, 255);
  p.surround = IM_COL32(226, 228, 233, 255);
  p.error_text = IM_COL32(180, 30, 24, 255);
  p.code_line = IM_COL32(255, 196, 0, 110);
  p.current_call = IM_COL32(176, 96, 0, 255);
  p.focus_ring = IM_COL32(11, 87, 208, 255);
  return p;
}
constexpr Palette kLightPalette = light_palette();

const Palette* g_palette = &kDarkPalette;
Theme g_theme = Theme::dark;
bool g_touch = false;

}  // namespace

const Palette& palette() { return *g_palette; }

void apply_style(Theme theme) {
  g_theme = theme;
  ImGuiStyle& s = ImGui::GetStyle();
  if (theme == Theme::light) {
    ImGui::StyleColorsLight();
    s.Colors[ImGuiCol_WindowBg] = ImVec4(0.96f, 0.96f, 0.97f, 1);
    g_palette = &kLightPalette;
  } else {
    ImGui::StyleColorsDark();
    s.Colors[ImGuiCol_WindowBg] = ImVec4(0.11f, 0.12f, 0.14f, 1);
    g_palette = &kDarkPalette;
  }
  s.WindowPadding = {14, 14};
  s.FramePadding = {8, 5};
  s.ItemSpacing = {8, 7};
  s.ItemInnerSpacing = {6, 4};
  s.GrabMinSize = 14;
  s.WindowRounding = 0;
  s.WindowBorderSize = 0;
  s.FrameRounding = 4;
  s.GrabRounding = 4;
  if (g_touch) {  // every frame (button, field, checkbox) 15 + 2 x 14.5 = 44 px tall
    s.FramePadding = {10, 14.5f};
    s.ItemSpacing = {10, 10};
    s.GrabMinSize = 28;
    s.ScrollbarSize = 18;
  }
}

void set_touch_targets(bool on) {
  if (on == g_touch) return;
  g_touch = on;
  apply_style(g_theme);
}

bool touch_targets() { return g_touch; }

}  // namespace kt::ui
