// The board, drawn with ImDrawList. Row y = 1 is at the bottom, as in the textbook. Remembers
// the last layout for hit tests and rects.
//
// Two levels of detail, chosen by the caller (ExplorerView):
// - detailed (sides up to kDetailedMaxSide): checkered squares, file and rank labels, the move
//   numbers (where they fit), the knight's path through the square centres;
// - large: the squares as one texture of a texel per square (BoardImage: colour = when the
//   knight got there), the path as a thin line while it is short enough to stay fast, labels
//   at round intervals.
// Both draw blocked squares, the start, the end, the current square, a selected square and,
// for a construction, the outlines of its blocks.
//
// Zoom and pan (BoardCamera, board_camera.hpp): the wheel zooms about the cursor, a drag pans
// (a click is a press and release without dragging), and the host's touch handler and keys
// call the camera functions below. On large boards the picture is drawn for the visible part
// only, and close in the level of detail grows with the squares: colours by move number far
// out, then the path's jumps between visible squares, then their move numbers; a minimap shows
// where the view is. Nothing is done per square of the board, only per visible square.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "board/geometry.hpp"
#include "board/piece.hpp"
#include "board_camera.hpp"
#include "rect.hpp"
#include "theme.hpp"

namespace kt::ui {

inline constexpr int kDetailedMaxSide = 30;
// Longest path drawn as a line on a large board (two vertices a point; one ImGui draw list
// holds 65536 with WebGL's 16-bit indices).
inline constexpr std::size_t kThinPathMaxPoints = 16000;

struct BoardScene {
  Geometry geometry;
  bool large = false;                     // the texture level of detail
  void* texture = nullptr;                // large: the BoardImage texture (null: not drawn)
  int texture_factor = 1;                 // squares per texel side (BoardImage::factor)
  int texture_w = 0, texture_h = 0;       // texels
  bool texture_checkered = false;         // the texture has dark and light squares
  std::span<const std::uint8_t> blocked;  // flags by square index; empty: none
  std::span<const std::int32_t> board;    // move numbers by square index; empty: none
  Piece piece{};  // whose jumps join the path's squares (the knight on a plain board by default)
  bool numbering = false;  // a finished tour's numbers still coming in (0: not reached yet)
  std::span<const std::int32_t> path;     // square indices in visiting order
  std::span<const std::uint8_t> written;  // detailed: a running construction's squares so far
  std::optional<Square> start, end;
  std::optional<Square> selected;  // a square picked for inspection
  bool show_current = false;       // outline path.back(), where the search stands
  unsigned border = 0;             // ImU32 colour around the board; 0 for the neutral one
  std::span<const int> col_bands, row_bands;  // construction blocks to outline; empty: none
  // The labels' first number: 1 (files a, b, ... and ranks 1, 2, ...), or 0 where the listing
  // shown counts from 0 (files and ranks 0, 1, ..., as its locals say them).
  int label_origin = 1;
};

// What was drawn close in, last frame.
enum class Detail : std::uint8_t { colours, lines, numbers };
const char* to_string(Detail d);  // "colours", "lines", "numbers"

class BoardView {
 public:
  // Draws `scene` centred in the screen rectangle (x, y, w, h) of the current window. Returns
  // the square clicked this frame, if any.
  std::optional<Square> draw(const BoardScene& scene, const Fonts& fonts, float x, float y, float w,
                             float h);

  // Where square `s` was drawn last frame, in ImGui (CSS) pixels.
  std::optional<Rect> square_rect(Square s) const;
  // Side of a square when `g` is drawn in a w x h rectangle, in CSS pixels (fractional on large
  // boards; 0 or less when it does not fit).
  static float square_side(Geometry g, float w, float h);

  // The camera, on the board and viewport of the last frame (a new board size is fitted).
  const BoardCamera& camera() const { return camera_; }
  const Rect& viewport() const { return viewport_; }
  Detail detail() const { return detail_; }
  std::optional<SquareRange> visible() const;
  void fit();
  void zoom(double factor);  // about the viewport's centre
  void zoom_at(double factor, double sx, double sy);
  void pan(double dx, double dy);
  void set_view(double cx, double cy, double scale);  // board units (board_camera.hpp)
  void centre_on(Square s);                           // zoomed in until its number shows
  // Whether screen point (x, y) is on the board's viewport (touch gestures start there).
  bool over_board(double x, double y) const;

 private:
  // The passes of draw() that read or change the view (the rest are board_view.cpp's own).
  // Lays the board out in (x, y, w, h): viewport, camera, corner and side; false when nothing
  // is to be drawn.
  bool place(const BoardScene& scene, float x, float y, float w, float h);
  void minimap(const BoardScene& scene, ImDrawList* dl);  // pressed: moves the view
  std::optional<Square> pick(const BoardScene& scene);    // hover, drag, wheel and click
  void handle_input(Geometry g);

  Geometry geometry_{};
  float left_ = 0, top_ = 0, side_ = 0;  // top-left corner of the board and square size
  BoardCamera camera_;
  Rect viewport_{0, 0, 1, 1};
  Detail detail_ = Detail::colours;
  bool dragging_ = false;
};

}  // namespace kt::ui
