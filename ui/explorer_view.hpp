// The explorer's Dear ImGui screen: a control panel docked on the left and the board filling
// the rest (on narrow portrait screens the board sits above the panel). It reads an
// ExplorerState and changes it only through explorer_state.hpp's functions; what it keeps
// itself is only for drawing (fonts, the large board's picture, the fields' text buffers, the
// board's layout for clicks, the widgets' rectangles for tests).
//
// Platform neutral: the host sets up ImGui and, once a frame between ImGui::NewFrame() and
// ImGui::Render(), calls frame() (tick, then draw); it may lend a TextureHost for large boards.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "board_image.hpp"
#include "board_view.hpp"
#include "explorer_state.hpp"
#include "rect.hpp"
#include "theme.hpp"
#include "widget_rects.hpp"

namespace kt::ui {

class ExplorerView {
 public:
  void set_fonts(const Fonts& fonts) { fonts_ = fonts; }
  void set_texture_host(const TextureHost* host) { picture_.set_host(host); }

  // Draws the whole screen for `s`; input on it calls the state's functions. `tick` is what
  // this frame's tick did (a frame that verified a tour leaves the large picture alone).
  void draw(ExplorerState& s, const TickReport& tick);

  // Screen rectangles (CSS pixels) of the last frame, for tests and embedding.
  const WidgetRects& rects() const { return rects_; }

  // The widget (a WidgetRects label) whose accessible twin in the page has the keyboard focus:
  // drawn with a ring, and scrolled into view once when it changes; "" for none.
  void set_focus(std::string_view label);
  std::optional<Rect> square_rect(const ExplorerState& s, Square sq) const;

  // The board's camera (zoom, pan, fit: board_view.hpp), for keys, touch and the JS API.
  BoardView& board_view() { return board_view_; }
  // The move number on `sq` as the board shows it (0 not visited, kBlocked), without making a
  // huge construction's move-number board.
  std::optional<std::int32_t> move_number(const ExplorerState& s, Square sq) const;
  // Centres the view on move n's square and selects it; the square, or nullopt with no such
  // move (yet).
  std::optional<Square> go_to_move(ExplorerState& s, std::int64_t n);
  // Centres the view on `sq` and selects it when the board holds a run; false off the board.
  bool go_to_square(ExplorerState& s, Square sq);
  // The move numbers the board shows by square index (a huge construction's from its picture's
  // walk of the order, complete once coloured_fraction() is 1), for exports without a copy.
  std::span<const std::int32_t> moves(const ExplorerState& s) const;
  double coloured_fraction() const { return picture_.coloured_fraction(); }

  // Entries for the pointers explorer_view.cpp calls them through (out of the first part).
  static void piece_section_entry(ExplorerView& v, ExplorerState& s) { v.draw_piece_section(s); }
  static void end_map_entry(ExplorerView& v, const ExplorerState& s) { v.draw_end_map(s); }

 private:
  void draw_panel(ExplorerState& s, float x, float y, float width, float height);
  void draw_board_section(ExplorerState& s);
  void draw_search_section(ExplorerState& s);
  void draw_tour_list(ExplorerState& s);
  void draw_count_section(ExplorerState& s);
  void draw_count_saving(const Counting& c);
  void draw_study_section(ExplorerState& s);  // tour_study_view.cpp
  void draw_study_results(ExplorerState& s);
  void draw_end_map_legend(ExplorerState& s);  // tour_study_view.cpp
  void draw_end_map(const ExplorerState& s);   // on the board, tour_study_view.cpp
  void draw_piece_section(ExplorerState& s);   // piece_view.cpp

  void draw_status_section(const ExplorerState& s);
  void draw_board_area(ExplorerState& s, float x, float y, float width, float height);
  float draw_banner(const ExplorerState& s, float x, float y, float w);
  float draw_banner_and_fit(const ExplorerState& s, float x, float y, float w);
  float draw_zoom_bar(ExplorerState& s, float x, float y, float w);  // its height
  void record(const char* label);                                    // the last item's rectangle
  void sync_fields(const ExplorerState& s);
  void reveal_focus();  // in the panel's window
  void draw_focus_ring() const;

  Fonts fonts_;
  BoardView board_view_;
  BoardPicture picture_;
  std::uint64_t pictured_generation_ = 0;
  bool quiet_frame_ = false;  // the tick verified: the picture waits for the next frame
  // The text fields' buffers, refilled from the draft whenever it changes.
  std::uint64_t fields_version_ = ~std::uint64_t{0};
  char rows_[32] = {}, cols_[32] = {}, start_[64] = {}, end_[64] = {};
  char goto_move_[24] = {}, goto_square_[40] = {};
  // The piece section's jump field, re-read from the draft when it changes (piece_view.cpp).
  std::uint64_t piece_version_ = ~std::uint64_t{0};
  char leaper_[24] = {};
  std::string goto_message_;
  WidgetRects rects_;
  std::string focus_;
  bool focus_reveal_ = false;
};

// A finger's drag of (dx, dy) CSS pixels at (x, y): scrolls, along the drag's main direction,
// the front window there that scrolls that way (the panel, an open list, a pane's long rows),
// pixel for pixel; false when there is none or it is already at that end.
bool scroll_window_at(float x, float y, float dx, float dy);

// Where the front window at (x, y) is scrolled to, and how far it can scroll (zeros: none).
struct ScrollAt {
  float x = 0, y = 0, max_x = 0, max_y = 0;
};
ScrollAt scroll_at(float x, float y);

// One frame of the explorer: tick(s, dt), then view.draw.
void frame(ExplorerState& s, ExplorerView& view, float dt_seconds);

// Whether the board is drawn at the large level of detail (a texture, no numbers).
bool large_board(const ExplorerState& s);

// Whether the board shows the study's end map (tour_study_view.cpp): asked for, in watch mode,
// the study is of the board shown, and no run has started on it.
bool end_map_on_board(const ExplorerState& s);

}  // namespace kt::ui
