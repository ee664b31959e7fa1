// Fonts, style and colours of the explorer. Text is rasterised at the screen's pixel ratio and
// scaled back by io.FontGlobalScale, so ImGui units stay CSS pixels while glyphs map 1:1 to
// device pixels (sharp on HiDPI screens).
#pragma once

#include <imgui.h>

#include <string>

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
// The monospace font of the code pane (a subset of DejaVu Sans Mono, ASCII) baked by the last
// load_fonts, or null when the build has none (the text font is used then).
ImFont* code_font();
// A page that fetches the code pane's font after its first frame (the browser's, so that frame
// downloads less) hands the TrueType bytes here; take_code_font_arrival() is then true once,
// and the host rebuilds its fonts with load_fonts. Until then code_font() is null.
void set_code_font_file(std::string ttf);
bool take_code_font_arrival();

// The page's themes (its theme=dark|light URL parameter).
enum class Theme { dark, light };

// Every colour the explorer draws with (IM_COL32 values), one palette per theme. The board
// itself (squares, path, markers) looks the same in both; what lies on the page's background
// (the board's surround, its frame and labels, panel text) follows the theme.
struct Palette {
  // The board (ui/board_view.cpp, and the texture of large boards in ui/board_image.cpp).
  ImU32 light, dark;  // squares; a1 is dark
  ImU32 plain;        // squares too small to checker
  ImU32 blocked, blocked_cross;
  ImU32 visited_tint;     // visited squares when their numbers are too small to show
  ImU32 written;          // large boards: squares a construction has written
  ImU32 path, thin_path;  // the knight's path; thin on large boards
  ImU32 block_line;       // between a construction's blocks
  ImU32 number, pill;     // move numbers, on a pill
  ImU32 start, end, selected;
  ImU32 current, current_fill;  // the square the search stands on
  ImU32 frame, label;           // around the board, on the background
  // The board's surround and the banner above it (ui/explorer_view.cpp).
  ImU32 surround;
  ImU32 neutral, running, found, failed_run, warning;  // banner backgrounds
  ImU32 banner_title, banner_detail;
  ImU32 error_text;  // a refused input, in the panel
  // Watching the recursion (ui/teaching_view.cpp): candidates by kt::Candidate, in the legend
  // too; the squares just taken back fade out in tried_failed.
  ImU32 untried, trying, tried_failed, visited;
  ImU32 candidate_number;
  ImU32 code_line;     // the pseudocode line being run
  ImU32 current_call;  // the innermost TryMove call of the stack
  ImU32 focus_ring;    // the keyboard's focus (shell.html's --kt-focus)
};

// `c` with its alpha replaced (0..255).
constexpr ImU32 with_alpha(ImU32 c, int alpha) {
  return (c & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha) << IM_COL32_A_SHIFT);
}

// The palette of the theme last applied (dark until apply_style says otherwise).
const Palette& palette();

// Spacing and colours: ImGui's dark or light theme, roomier for mouse and touch; palette()
// follows. Called at start-up and whenever the page's theme changes.
void apply_style(Theme theme = Theme::dark);

// Touch screens: frames (buttons, fields, checkboxes) at least 44 CSS px tall and roomier
// spacing, kept across theme changes; off again for a mouse.
void set_touch_targets(bool on);
bool touch_targets();

}  // namespace kt::ui
