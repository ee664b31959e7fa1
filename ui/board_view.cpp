#include "board_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "board/jump_line.hpp"
#include "board/knight.hpp"
#include "board_image.hpp"
#include "minimap.hpp"

namespace kt::ui {

namespace {

constexpr ImU32 kLabelBack = IM_COL32(36, 38, 44, 200);
constexpr ImU32 kDarkShade = IM_COL32(0, 0, 0, 46);  // dark squares over a large board's colours

// With ES 3 / WebGL2 the renderer cannot offset vertices, so one draw list must stay under
// 65536 vertices: the number layer is skipped on boards where it would not fit (or be read).
constexpr int kNumberVertexBudget = 36000;

std::string file_name(int x, int cols, int origin) {
  if (origin != 1) return std::to_string(x - 1 + origin);
  return cols <= 26 ? std::string(1, static_cast<char>('a' + x - 1)) : std::to_string(x);
}

// The smallest of 1, 2, 5, 10, 20, 50, ... at least n: label steps that read as round.
int round_step(int n) {
  for (int p = 1;; p *= 10) {
    for (const int m : {1, 2, 5}) {
      if (m * p >= n) return m * p;
    }
  }
}

}  // namespace

namespace {
constexpr float kMargin = 28;  // room for rank labels on the left and file labels below
// Close in on large boards: the path's jumps are drawn while at most this many squares are in
// view, their numbers while at most kNumberSquares are (4 vertices a jump, about 4 a digit:
// one draw list holds 65536 vertices with WebGL's 16-bit indices).
constexpr long long kLineSquares = 9000, kNumberSquares = 1200;
constexpr float kZoomStep = 1.25f;  // per wheel notch
constexpr float kDragPx = 4;        // a press that moves further is a drag, not a click
}  // namespace

const char* to_string(Detail d) {
  switch (d) {
    case Detail::colours:
      return "colours";
    case Detail::lines:
      return "lines";
    case Detail::numbers:
      return "numbers";
  }
  return "?";
}

float BoardView::square_side(Geometry g, float w, float h) {
  if (g.rows <= 0 || g.cols <= 0) return 0;
  return static_cast<float>(fit_scale(g, Rect{0, 0, w - kMargin - 8, h - kMargin - 8}));
}

std::optional<SquareRange> BoardView::visible() const {
  if (geometry_.size() <= 0) return std::nullopt;
  return visible_squares(camera_, geometry_, viewport_);
}
void BoardView::fit() { camera_ = fitted_camera(geometry_, viewport_); }
void BoardView::zoom(double factor) {
  zoom_at(factor, viewport_.x + viewport_.w / 2.0, viewport_.y + viewport_.h / 2.0);
}
void BoardView::zoom_at(double factor, double sx, double sy) {
  if (geometry_.size() > 0) zoom_about(camera_, geometry_, viewport_, factor, sx, sy);
}
void BoardView::pan(double dx, double dy) {
  if (geometry_.size() > 0) pan_by(camera_, geometry_, viewport_, dx, dy);
}
void BoardView::set_view(double cx, double cy, double scale) {
  if (geometry_.size() <= 0) return;
  camera_ = BoardCamera{cx, cy, scale, false};
  clamp_camera(camera_, geometry_, viewport_);
}
void BoardView::centre_on(Square s) {
  // Wide enough for the board's largest move number.
  const double px = 14 + 8.0 * std::to_string(geometry_.size()).size();
  ui::centre_on(camera_, geometry_, viewport_, s, px);
}
bool BoardView::over_board(double x, double y) const {
  return geometry_.size() > 0 && x >= viewport_.x && y >= viewport_.y &&
         x < viewport_.x + viewport_.w && y < viewport_.y + viewport_.h;
}

// Wheel and drag over the board (its invisible button is the last item).
void BoardView::handle_input(Geometry g) {
  ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemHovered() && io.MouseWheel != 0) {
    zoom_about(camera_, g, viewport_, std::pow(kZoomStep, io.MouseWheel), io.MousePos.x,
               io.MousePos.y);
  }
  if (ImGui::IsItemActivated()) dragging_ = false;
  if (ImGui::IsItemActive() && io.MouseDragMaxDistanceSqr[0] >= kDragPx * kDragPx) {
    dragging_ = true;
    if (io.MouseDelta.x != 0 || io.MouseDelta.y != 0) {
      pan_by(camera_, g, viewport_, io.MouseDelta.x, io.MouseDelta.y);
    }
  }
}

bool BoardView::place(const BoardScene& scene, float x, float y, float w, float h) {
  const Geometry g = scene.geometry;
  const float margin = kMargin;
  const Rect view{x + margin + 4, y + 4, w - margin - 8, h - margin - 8};
  if (g.size() <= 0 || view.w < 4 || view.h < 4) {
    side_ = 0;
    return false;
  }
  const bool new_board = g.rows != geometry_.rows || g.cols != geometry_.cols;
  const bool resized = view.w != viewport_.w || view.h != viewport_.h;
  geometry_ = g;
  viewport_ = view;
  if (new_board || (camera_.fitted && resized)) camera_ = fitted_camera(g, view);
  clamp_camera(camera_, g, view);
  const float side = static_cast<float>(camera_.scale);
  side_ = side;
  if (!scene.large && side < 2) return false;
  const bool whole = camera_.fitted;  // whole pixels when the board is fitted, as before
  const Point c = to_screen(camera_, view, 0, 0);
  left_ = whole ? std::floor(static_cast<float>(c.x)) : static_cast<float>(c.x);
  top_ = whole ? std::floor(static_cast<float>(c.y)) : static_cast<float>(c.y);
  return true;
}

namespace {

bool is_blocked(const BoardScene& scene, int i) {
  return !scene.blocked.empty() && scene.blocked[i] != 0;
}

bool has_current(const BoardScene& scene) { return scene.show_current && !scene.path.empty(); }

// One frame's board as placed on screen: what every drawing pass below reads.
struct Layout {
  const BoardScene& scene;
  ImDrawList* dl;
  const Palette& ink;
  Geometry g;
  Rect view;
  BoardCamera camera;
  float left, top, side;
  float bw, bh;  // the board's width and height on screen
  std::optional<SquareRange> range;
  long long in_view;  // squares in view
  // The board as far as it is in view (screen coordinates stay small when zoomed far in).
  ImVec2 board_min, board_max;
  float frame;  // the frame's width around the board

  ImVec2 corner(Square s) const {
    return ImVec2(left + (s.x - 1) * side, top + (g.rows - s.y) * side);
  }
  ImVec2 centre(int index) const {
    const ImVec2 c = corner(g.square(index));
    return ImVec2(c.x + side / 2, c.y + side / 2);
  }
  // A point in board units (board/jump_line.hpp): square (x, y)'s centre is (x, y).
  ImVec2 at(BoardPoint p) const {
    return ImVec2(left + static_cast<float>(p.x - 0.5) * side,
                  top + static_cast<float>(g.rows + 0.5 - p.y) * side);
  }
  // A square's rectangle, grown to at least `min_px` so single squares of large boards show.
  std::pair<ImVec2, ImVec2> marker(Square s, float min_px) const {
    const ImVec2 c = corner(s);
    const float grow = std::max(0.0f, (min_px - side) / 2);
    return std::pair{ImVec2(c.x - grow, c.y - grow), ImVec2(c.x + side + grow, c.y + side + grow)};
  }
};

Layout layout_of(const BoardScene& scene, const BoardCamera& camera, const Rect& view, float left,
                 float top, float side) {
  const Geometry g = scene.geometry;
  const float bw = side * g.cols, bh = side * g.rows;
  const auto range = visible_squares(camera, g, view);
  return Layout{
      scene,
      ImGui::GetWindowDrawList(),
      palette(),
      g,
      view,
      camera,
      left,
      top,
      side,
      bw,
      bh,
      range,
      range ? range->count() : 0,
      ImVec2(std::max(left, view.x - 8), std::max(top, view.y - 8)),
      ImVec2(std::min(left + bw, view.x + view.w + 8), std::min(top + bh, view.y + view.h + 8)),
      std::max(2.0f, std::min(6.0f, side * 0.08f))};
}

struct NumberStyle {
  const ImFont* font = nullptr;  // null: no move numbers
  float px = 0;
};

// Move numbers are as large as the square allows, and skipped when too small to read (or
// when they would not fit the vertex budget); visited squares are then tinted instead.
NumberStyle number_style(const Layout& L, const Fonts& fonts) {
  const BoardScene& scene = L.scene;
  const bool numbers_fit = scene.large ? L.in_view <= kNumberSquares : true;
  if (!numbers_fit || scene.board.empty() || !fonts.digits[0]) return {};
  const int digits = static_cast<int>(std::to_string(L.g.size()).size());
  const std::string widest(static_cast<std::size_t>(digits), '8');
  float number_px = std::min(L.side * 0.42f, kDigitsPx[1]);
  const float width =
      fonts.for_numbers(number_px)->CalcTextSizeA(number_px, FLT_MAX, 0, widest.c_str()).x;
  if (width > L.side * 0.78f) number_px *= L.side * 0.78f / width;
  // Budgeted for a full board, so numbers do not vanish halfway through a search.
  const long long budgeted = scene.large ? L.in_view : L.g.size();
  if (number_px >= 9 && budgeted * (digits + 2) * 4 < kNumberVertexBudget) {
    return {fonts.for_numbers(number_px), number_px};
  }
  return {};
}

// Close in on a large board: the path's jumps between the visible squares.
bool close_jumps(const Layout& L) {
  return L.scene.large && !L.scene.board.empty() && L.in_view <= kLineSquares && L.side >= 4;
}

// A large board's picture: the visible part of its texture, else a plain board.
void draw_texture(const Layout& L) {
  const BoardScene& scene = L.scene;
  if (scene.texture && scene.texture_w > 0 && scene.texture_h > 0) {
    // The visible part of the texture: board units to texture coordinates.
    const Point a = to_board(L.camera, L.view, L.board_min.x, L.board_min.y);
    const Point b = to_board(L.camera, L.view, L.board_max.x, L.board_max.y);
    const double tw = double(scene.texture_w) * scene.texture_factor,
                 th = double(scene.texture_h) * scene.texture_factor;
    L.dl->AddImage(scene.texture, L.board_min, L.board_max,
                   ImVec2(float(std::max(0.0, a.x) / tw), float(std::max(0.0, a.y) / th)),
                   ImVec2(float(std::min(double(L.g.cols), b.x) / tw),
                          float(std::min(double(L.g.rows), b.y) / th)));
  } else {  // no solver (the input is refused) or no texture from the host: a plain board
    L.dl->AddRectFilled(L.board_min, L.board_max, L.ink.plain);
  }
}

// A large board seen close in: the visible squares coloured by move number (over a downsampled
// picture), then the dark squares of the chess board shaded over the colours.
void draw_close_squares(const Layout& L) {
  const BoardScene& scene = L.scene;
  const auto& range = L.range;
  if (scene.texture_factor > 1 && range && L.in_view <= kLineSquares && !scene.board.empty()) {
    const float last = static_cast<float>(std::max(1, L.g.size() - 1));
    for (int yy = range->y0; yy <= range->y1; ++yy) {
      for (int xx = range->x0; xx <= range->x1; ++xx) {
        const std::int32_t m = scene.board[L.g.index({xx, yy})];
        if (m <= 0) continue;
        const ImVec2 c = L.corner({xx, yy});
        L.dl->AddRectFilled(c, ImVec2(c.x + L.side, c.y + L.side), move_colour((m - 1) / last));
      }
    }
  }
  if (range && !scene.texture_checkered && L.in_view <= 2 * kNumberSquares && L.side >= 12) {
    for (int yy = range->y0; yy <= range->y1; ++yy) {
      for (int xx = range->x0 + (range->x0 + yy) % 2; xx <= range->x1; xx += 2) {
        const ImVec2 c = L.corner({xx, yy});
        L.dl->AddRectFilled(c, ImVec2(c.x + L.side, c.y + L.side), kDarkShade);
      }
    }
  }
}

// A detailed board's squares: light, dark, blocked (crossed out), and visited ones tinted when
// no move numbers are drawn.
void draw_detailed_squares(const Layout& L, bool numbered) {
  const BoardScene& scene = L.scene;
  const Palette& ink = L.ink;
  L.dl->AddRectFilled(L.board_min, L.board_max, ink.light);
  const float cross = std::clamp(L.side * 0.06f, 1.0f, 3.0f), inset = L.side * 0.22f;
  for (int i = 0; i < L.g.size(); ++i) {
    const Square s = L.g.square(i);
    const ImVec2 c = L.corner(s), d(c.x + L.side, c.y + L.side);
    if (is_blocked(scene, i)) {
      L.dl->AddRectFilled(c, d, ink.blocked);
      L.dl->AddLine(ImVec2(c.x + inset, c.y + inset), ImVec2(d.x - inset, d.y - inset),
                    ink.blocked_cross, cross);
      L.dl->AddLine(ImVec2(c.x + inset, d.y - inset), ImVec2(d.x - inset, c.y + inset),
                    ink.blocked_cross, cross);
      continue;
    }
    if (colour_of(s) == Colour::dark) L.dl->AddRectFilled(c, d, ink.dark);
    const bool visited = !scene.board.empty() ? scene.board[i] > 0
                                              : !scene.written.empty() && scene.written[i] != 0xFF;
    if (visited && !numbered) L.dl->AddRectFilled(c, d, ink.visited_tint);
  }
}

// Frame and squares (a1 is dark, as on a chess board), and a detailed board's current square.
void draw_squares(const Layout& L, bool numbered) {
  const BoardScene& scene = L.scene;
  L.dl->AddRectFilled(ImVec2(L.left - L.frame, L.top - L.frame),
                      ImVec2(L.left + L.bw + L.frame, L.top + L.bh + L.frame),
                      scene.border ? scene.border : L.ink.frame, L.frame);
  if (scene.large) {
    draw_texture(L);
    draw_close_squares(L);
  } else {
    draw_detailed_squares(L, numbered);
  }
  if (has_current(scene) && !scene.large) {
    const ImVec2 c = L.corner(L.g.square(scene.path.back()));
    L.dl->AddRectFilled(c, ImVec2(c.x + L.side, c.y + L.side), L.ink.current_fill);
  }
}

// The construction's blocks: lines between its bands, those in view and far enough apart.
void draw_block_lines(const Layout& L) {
  const BoardScene& scene = L.scene;
  if (scene.col_bands.empty() || scene.row_bands.empty() || !(L.side * 5 >= 8)) return;
  const float t = scene.large ? 1.0f : std::clamp(L.side * 0.05f, 1.0f, 2.0f);
  int at = 0;
  for (std::size_t k = 0; k + 1 < scene.col_bands.size(); ++k) {
    at += scene.col_bands[k];
    const float lx = L.left + at * L.side;
    if (lx < L.board_min.x || lx > L.board_max.x) continue;
    L.dl->AddLine(ImVec2(lx, L.board_min.y), ImVec2(lx, L.board_max.y), L.ink.block_line, t);
  }
  at = 0;
  for (std::size_t k = 0; k + 1 < scene.row_bands.size(); ++k) {
    at += scene.row_bands[k];
    const float ly = L.top + L.bh - at * L.side;
    if (ly < L.board_min.y || ly > L.board_max.y) continue;
    L.dl->AddLine(ImVec2(L.board_min.x, ly), ImVec2(L.board_max.x, ly), L.ink.block_line, t);
  }
}

// A jump on a wrapped board: across a seam, two short segments through the opposite edges.
void draw_wrapped_jump(const Layout& L, Square a, Square b, float thickness) {
  const JumpLine j = jump_line(L.g, L.scene.piece, a, b);
  for (int k = 0; k < j.count; ++k) {
    L.dl->AddLine(L.at(j.parts[k].from), L.at(j.parts[k].to), L.ink.path, thickness);
  }
}

// The path on a wrapped board: one polyline for each stretch between the seams it crosses.
void draw_wrapped_path(const Layout& L, ImU32 colour, float thickness) {
  const BoardScene& scene = L.scene;
  std::vector<ImVec2> points;
  auto flush = [&] {
    L.dl->AddPolyline(points.data(), static_cast<int>(points.size()), colour, 0, thickness);
    points.clear();
  };
  for (std::size_t k = 0; k < scene.path.size(); ++k) {
    if (k > 0) {
      const JumpLine j =
          jump_line(L.g, scene.piece, L.g.square(scene.path[k - 1]), L.g.square(scene.path[k]));
      if (j.crosses_seam()) {
        points.push_back(L.at(j.parts[0].to));
        flush();
        points.push_back(L.at(j.parts[1].from));
      }
    }
    points.push_back(L.centre(scene.path[k]));
  }
  flush();
}

// Close in: each visible square's jump to the next move (and, from squares just outside, the
// jumps into view), found among its neighbours by move number.
void draw_jumps(const Layout& L) {
  const Geometry g = L.g;
  const auto board = L.scene.board;
  const float thickness = std::clamp(std::round(L.side * 0.06f), 1.0f, 4.0f);
  const int reach = L.scene.piece.leaper.b;  // the longest leg of a jump
  const int x0 = std::max(1, L.range->x0 - reach), x1 = std::min(g.cols, L.range->x1 + reach);
  const int y0 = std::max(1, L.range->y0 - reach), y1 = std::min(g.rows, L.range->y1 + reach);
  for (int yy = y0; yy <= y1; ++yy) {
    for (int xx = x0; xx <= x1; ++xx) {
      const int i = g.index({xx, yy});
      const std::int32_t m = board[i];
      if (m <= 0) continue;
      for (int d = 0; d < 8; ++d) {
        const auto n = step(g, L.scene.piece, {xx, yy}, d);
        if (!n || board[g.index(*n)] != m + 1) continue;
        if (L.scene.piece.wraps_columns()) {
          draw_wrapped_jump(L, {xx, yy}, *n, thickness);
        } else {
          L.dl->AddLine(L.centre(i), L.centre(g.index(*n)), L.ink.path, thickness);
        }
        break;
      }
    }
  }
}

// The knight's path through the centres of the squares visited so far: a thin line on large
// boards, while it is short enough to draw every frame.
void draw_path_line(const Layout& L) {
  const BoardScene& scene = L.scene;
  const float thickness = scene.large ? 1.0f : std::clamp(L.side * 0.06f, 1.5f, 4.0f);
  if (scene.piece.wraps_columns()) {
    draw_wrapped_path(L, scene.large ? L.ink.thin_path : L.ink.path, thickness);
    return;
  }
  std::vector<ImVec2> points;
  points.reserve(scene.path.size());
  for (std::int32_t i : scene.path) points.push_back(L.centre(i));
  L.dl->AddPolyline(points.data(), static_cast<int>(points.size()),
                    scene.large ? L.ink.thin_path : L.ink.path, 0, thickness);
}

// The path's two ways, called through pointers no optimiser sees through: binaryen inlines a
// function with a single caller whatever its size, and a first frame draws no path, so that
// their code (the wrapped boards' seams with it) stays out of the page's first part.
void (*volatile draw_jumps_call)(const Layout&) = draw_jumps;
void (*volatile draw_path_line_call)(const Layout&) = draw_path_line;

void draw_path(const Layout& L, bool jumps) {
  const BoardScene& scene = L.scene;
  if (jumps && L.range) {
    draw_jumps_call(L);
  } else if (scene.path.size() > 1 &&
             (!scene.large || (scene.path.size() <= kThinPathMaxPoints && L.side >= 1.5f))) {
    draw_path_line_call(L);
  }
}

// Move numbers on a pill that keeps them readable over the path.
void draw_numbers(const Layout& L, const NumberStyle& style) {
  if (!style.font) return;
  const BoardScene& scene = L.scene;
  const float px = style.px;
  const float rounding = L.g.size() <= 256 ? px * 0.3f : 0;
  auto number = [&](int i) {
    const std::string text = std::to_string(scene.board[i]);
    const ImVec2 size = style.font->CalcTextSizeA(px, FLT_MAX, 0, text.c_str());
    const ImVec2 c = L.centre(i);
    const ImVec2 pos(std::round(c.x - size.x / 2), std::round(c.y - size.y / 2));
    const float pad = px * 0.18f;
    L.dl->AddRectFilled(ImVec2(pos.x - pad, pos.y), ImVec2(pos.x + size.x + pad, pos.y + size.y),
                        L.ink.pill, rounding);
    L.dl->AddText(style.font, px, pos, L.ink.number, text.c_str());
  };
  if (scene.large && L.range) {
    for (int yy = L.range->y0; yy <= L.range->y1; ++yy) {
      for (int xx = L.range->x0; xx <= L.range->x1; ++xx) {
        const int i = L.g.index({xx, yy});
        if (scene.board[i] > 0) number(i);
      }
    }
  } else {
    for (std::int32_t i : scene.path) number(i);
  }
}

// Start, end and current square outlines, on top of everything else on the board. On large
// boards they are at least 10 pixels wide, so a single square can be found.
void draw_outlines(const Layout& L) {
  const BoardScene& scene = L.scene;
  const Geometry g = L.g;
  const Palette& ink = L.ink;
  const float ring = std::clamp(L.side * 0.07f, 2.0f, 5.0f);
  const float min_px = scene.large ? 10.0f : 0.0f;
  auto outline = [&](Square s, ImU32 colour, float inset) {
    auto [a, b] = L.marker(s, min_px);
    L.dl->AddRect(ImVec2(a.x + inset, a.y + inset), ImVec2(b.x - inset, b.y - inset), colour, 0, 0,
                  ring);
  };
  if (scene.end && g.contains(*scene.end)) outline(*scene.end, ink.end, ring / 2);
  if (scene.start && g.contains(*scene.start)) outline(*scene.start, ink.start, ring / 2);
  if (has_current(scene))
    outline(g.square(scene.path.back()), ink.current, scene.large ? -ring : ring * 1.5f);
  if (scene.selected && g.contains(*scene.selected)) {
    outline(*scene.selected, ink.selected, scene.large ? -2 * ring : -ring / 2);
  }
}

// Labels: 1, then the multiples of the step (one too close to 1 is left out).
int next_label(int at, int step) {
  int next = (at / step + 1) * step;
  if (at == 1 && step > 1 && next - 1 < step * 0.6) next += step;
  return next;
}
int first_label(int from, int step) { return from <= 1 ? 1 : (from + step - 1) / step * step; }

struct LabelStyle {
  ImFont* font;
  float px;
};

// File letters below the squares in view, within the board area's height (y, h); every k-th
// one (a round step) when squares are narrow.
void draw_file_labels(const Layout& L, const LabelStyle& style, float y, float h) {
  const float label_w =
      style.font->CalcTextSizeA(style.px, FLT_MAX, 0, std::to_string(L.g.cols).c_str()).x;
  const int every = round_step(std::max(1, static_cast<int>(std::ceil((label_w + 8) / L.side))));
  const float labels_y = std::min(L.top + L.bh, L.view.y + L.view.h + 4) + L.frame + 4;
  L.dl->PushClipRect(ImVec2(L.view.x - 8, y), ImVec2(L.view.x + L.view.w + 8, y + h), true);
  for (int fx = first_label(L.range->x0, every); fx <= L.range->x1; fx = next_label(fx, every)) {
    const std::string t = file_name(fx, L.g.cols, L.scene.label_origin);
    const ImVec2 ts = style.font->CalcTextSizeA(style.px, FLT_MAX, 0, t.c_str());
    L.dl->AddText(style.font, style.px,
                  ImVec2(std::round(L.left + (fx - 0.5f) * L.side - ts.x / 2), labels_y),
                  L.ink.label, t.c_str());
  }
  L.dl->PopClipRect();
}

// Rank `ry`'s number, right-aligned at labels_x in the left margin (which starts at x).
void draw_rank_label(const Layout& L, const LabelStyle& style, int ry, float labels_x, float x) {
  const std::string t = std::to_string(ry - 1 + L.scene.label_origin);
  const ImVec2 ts = style.font->CalcTextSizeA(style.px, FLT_MAX, 0, t.c_str());
  const float ly = std::round(L.top + (L.g.rows - ry + 0.5f) * L.side - ts.y / 2);
  if (labels_x - ts.x >= x) {
    L.dl->AddText(style.font, style.px, ImVec2(std::round(labels_x - ts.x), ly), L.ink.label,
                  t.c_str());
  } else {  // too wide for the margin (zoomed in on a tall board): inside the view's edge
    // In a big square's top-left corner, off its move number in the middle.
    const float row_top = L.top + (L.g.rows - ry) * L.side;
    const ImVec2 at(L.view.x + 3, L.side >= 3 * ts.y ? std::round(row_top + 2) : ly);
    L.dl->AddRectFilled(ImVec2(at.x - 2, at.y - 1), ImVec2(at.x + ts.x + 2, at.y + ts.y + 1),
                        kLabelBack, 3);
    L.dl->AddText(style.font, style.px, at, L.ink.label, t.c_str());
  }
}

// Rank numbers on the left of the squares in view, within the board area's width (x, w).
void draw_rank_labels(const Layout& L, const LabelStyle& style, float x, float w) {
  const int every = round_step(std::max(1, static_cast<int>(std::ceil((style.px + 4) / L.side))));
  const float labels_x = std::max(L.left, L.view.x - 4) - L.frame - 6;
  L.dl->PushClipRect(ImVec2(x, L.view.y - 8), ImVec2(x + w, L.view.y + L.view.h + 8), true);
  for (int ry = first_label(L.range->y0, every); ry <= L.range->y1; ry = next_label(ry, every)) {
    draw_rank_label(L, style, ry, labels_x, x);
  }
  L.dl->PopClipRect();
}

// File letters below, rank numbers on the left, in the board area (x, y, w, h).
void draw_labels(const Layout& L, const Fonts& fonts, float x, float y, float w, float h) {
  if (!L.range) return;
  ImFont* font = fonts.text ? fonts.text : ImGui::GetFont();
  const LabelStyle style{font, std::min(kTextPx, std::max(10.0f, L.side * 0.5f))};
  draw_file_labels(L, style, y, h);
  draw_rank_labels(L, style, x, w);
}

// What the tooltip says of square `sq`: its name, and blocked, its move or not visited.
std::string square_tip(const BoardScene& scene, Square sq) {
  const Geometry g = scene.geometry;
  const int index = g.index(sq);
  std::string tip = (g.cols <= 26 ? file_name(sq.x, g.cols, 1) + std::to_string(sq.y) + "  " : "") +
                    "(" + format_square(sq) + ")";
  if (is_blocked(scene, index)) {
    tip += "  blocked";
  } else if (!scene.board.empty()) {
    const int move = scene.board[index];
    tip += move > 0          ? "  move " + std::to_string(move)
           : scene.numbering ? "  numbering..."
                             : "  not visited";
  }
  return tip;
}

}  // namespace

// The minimap of a zoomed-in large board; pressing it moves the view there.
void BoardView::minimap(const BoardScene& scene, ImDrawList* dl) {
  const Geometry g = geometry_;
  const Minimap map = place_minimap(g, viewport_);
  ImGui::SetCursorScreenPos(ImVec2(map.frame.x, map.frame.y));
  ImGui::InvisibleButton("##minimap", ImVec2(map.frame.w, map.frame.h));
  if (ImGui::IsItemActive()) {
    const ImVec2 m = ImGui::GetMousePos();
    camera_.cx = (m.x - map.board.x) / map.board.w * g.cols;
    camera_.cy = (m.y - map.board.y) / map.board.h * g.rows;
    camera_.fitted = false;
    clamp_camera(camera_, g, viewport_);
  }
  const double tw = double(scene.texture_w) * scene.texture_factor,
               th = double(scene.texture_h) * scene.texture_factor;
  draw_minimap(dl, map, scene.texture, float(g.cols / tw), float(g.rows / th), camera_, g,
               viewport_);
}

// Input: one invisible button over the board's viewport; the square under the mouse is
// computed and named in a tooltip. A press and release without a drag is a click.
std::optional<Square> BoardView::pick(const BoardScene& scene) {
  ImGui::SetCursorScreenPos(ImVec2(viewport_.x, viewport_.y));
  ImGui::InvisibleButton("##board", ImVec2(viewport_.w, viewport_.h));
  handle_input(geometry_);
  const bool clicked = ImGui::IsItemDeactivated() && !dragging_;
  const bool dragged = dragging_;
  if (!ImGui::IsItemActive()) dragging_ = false;
  if (!ImGui::IsItemHovered() || dragged) return std::nullopt;
  const ImVec2 m = ImGui::GetMousePos();
  const auto under = square_at(camera_, geometry_, viewport_, m.x, m.y);
  if (!under) return std::nullopt;
  ImGui::SetTooltip("%s", square_tip(scene, *under).c_str());
  if (clicked) return under;
  return std::nullopt;
}

// The passes, back to front: squares, block lines, path, numbers and outlines clipped to the
// view, then the labels around it, the minimap over it, and the input.
std::optional<Square> BoardView::draw(const BoardScene& scene, const Fonts& fonts, float x, float y,
                                      float w, float h) {
  if (!place(scene, x, y, w, h)) return std::nullopt;
  const Layout L = layout_of(scene, camera_, viewport_, left_, top_, side_);
  const NumberStyle numbers = number_style(L, fonts);
  const bool jumps = close_jumps(L);
  detail_ = numbers.font ? Detail::numbers : jumps ? Detail::lines : Detail::colours;

  const Rect& view = L.view;
  L.dl->PushClipRect(ImVec2(view.x - 8, view.y - 8),
                     ImVec2(view.x + view.w + 8, view.y + view.h + 8), true);
  draw_squares(L, numbers.font != nullptr);
  draw_block_lines(L);
  draw_path(L, jumps);
  draw_numbers(L, numbers);
  draw_outlines(L);
  L.dl->PopClipRect();
  draw_labels(L, fonts, x, y, w, h);
  // The minimap, once the view shows less than the whole board (its click moves the view).
  if (scene.large && scene.texture && L.range && L.in_view < static_cast<long long>(L.g.size())) {
    minimap(scene, L.dl);
  }
  return pick(scene);
}

std::optional<Rect> BoardView::square_rect(Square s) const {
  if (side_ <= 0 || !geometry_.contains(s)) return std::nullopt;
  return Rect{left_ + (s.x - 1) * side_, top_ + (geometry_.rows - s.y) * side_, side_, side_};
}

}  // namespace kt::ui
