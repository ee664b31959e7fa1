#include "board_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

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

std::string file_name(int x, int cols) {
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

std::optional<Square> BoardView::draw(const BoardScene& scene, const Fonts& fonts, float x, float y,
                                      float w, float h) {
  const Geometry g = scene.geometry;
  const float margin = kMargin;
  const Rect view{x + margin + 4, y + 4, w - margin - 8, h - margin - 8};
  if (g.size() <= 0 || view.w < 4 || view.h < 4) {
    side_ = 0;
    return std::nullopt;
  }
  const bool new_board = g.rows != geometry_.rows || g.cols != geometry_.cols;
  const bool resized = view.w != viewport_.w || view.h != viewport_.h;
  geometry_ = g;
  viewport_ = view;
  if (new_board || (camera_.fitted && resized)) camera_ = fitted_camera(g, view);
  clamp_camera(camera_, g, view);
  const float side = static_cast<float>(camera_.scale);
  side_ = side;
  if (!scene.large && side < 2) return std::nullopt;
  const bool whole = camera_.fitted;  // whole pixels when the board is fitted, as before
  {
    const Point c = to_screen(camera_, view, 0, 0);
    left_ = whole ? std::floor(static_cast<float>(c.x)) : static_cast<float>(c.x);
    top_ = whole ? std::floor(static_cast<float>(c.y)) : static_cast<float>(c.y);
  }
  const float bw = side * g.cols, bh = side * g.rows;
  const auto range = visible_squares(camera_, g, view);
  const long long in_view = range ? range->count() : 0;

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const Palette& ink = palette();
  auto corner = [&](Square s) {
    return ImVec2(left_ + (s.x - 1) * side, top_ + (g.rows - s.y) * side);
  };
  auto centre = [&](int index) {
    const ImVec2 c = corner(g.square(index));
    return ImVec2(c.x + side / 2, c.y + side / 2);
  };
  // A square's rectangle, grown to at least `min_px` so single squares of large boards show.
  auto marker = [&](Square s, float min_px) {
    const ImVec2 c = corner(s);
    const float grow = std::max(0.0f, (min_px - side) / 2);
    return std::pair{ImVec2(c.x - grow, c.y - grow), ImVec2(c.x + side + grow, c.y + side + grow)};
  };
  // The board as far as it is in view (screen coordinates stay small when zoomed far in).
  const ImVec2 board_min(std::max(left_, view.x - 8), std::max(top_, view.y - 8));
  const ImVec2 board_max(std::min(left_ + bw, view.x + view.w + 8),
                         std::min(top_ + bh, view.y + view.h + 8));
  const bool blocked_any = !scene.blocked.empty();
  auto is_blocked = [&](int i) { return blocked_any && scene.blocked[i] != 0; };

  // Move numbers are as large as the square allows, and skipped when too small to read (or
  // when they would not fit the vertex budget); visited squares are then tinted instead.
  const ImFont* number_font = nullptr;
  float number_px = 0;
  const bool numbers_fit = scene.large ? in_view <= kNumberSquares : true;
  if (numbers_fit && !scene.board.empty() && fonts.digits[0]) {
    const int digits = static_cast<int>(std::to_string(g.size()).size());
    const std::string widest(static_cast<std::size_t>(digits), '8');
    number_px = std::min(side * 0.42f, kDigitsPx[1]);
    const float width =
        fonts.for_numbers(number_px)->CalcTextSizeA(number_px, FLT_MAX, 0, widest.c_str()).x;
    if (width > side * 0.78f) number_px *= side * 0.78f / width;
    // Budgeted for a full board, so numbers do not vanish halfway through a search.
    const long long budgeted = scene.large ? in_view : g.size();
    if (number_px >= 9 && budgeted * (digits + 2) * 4 < kNumberVertexBudget) {
      number_font = fonts.for_numbers(number_px);
    }
  }
  const bool close_lines =
      scene.large && !scene.board.empty() && in_view <= kLineSquares && side >= 4;
  detail_ = number_font ? Detail::numbers : close_lines ? Detail::lines : Detail::colours;

  dl->PushClipRect(ImVec2(view.x - 8, view.y - 8), ImVec2(view.x + view.w + 8, view.y + view.h + 8),
                   true);
  // Frame and squares (a1 is dark, as on a chess board).
  const float frame = std::max(2.0f, std::min(6.0f, side * 0.08f));
  dl->AddRectFilled(ImVec2(left_ - frame, top_ - frame),
                    ImVec2(left_ + bw + frame, top_ + bh + frame),
                    scene.border ? scene.border : ink.frame, frame);
  if (scene.large) {
    if (scene.texture && scene.texture_w > 0 && scene.texture_h > 0) {
      // The visible part of the texture: board units to texture coordinates.
      const Point a = to_board(camera_, view, board_min.x, board_min.y);
      const Point b = to_board(camera_, view, board_max.x, board_max.y);
      const double tw = double(scene.texture_w) * scene.texture_factor,
                   th = double(scene.texture_h) * scene.texture_factor;
      dl->AddImage(scene.texture, board_min, board_max,
                   ImVec2(float(std::max(0.0, a.x) / tw), float(std::max(0.0, a.y) / th)),
                   ImVec2(float(std::min(double(g.cols), b.x) / tw),
                          float(std::min(double(g.rows), b.y) / th)));
    } else {  // no solver (the input is refused) or no texture from the host: a plain board
      dl->AddRectFilled(board_min, board_max, ink.plain);
    }
    // A downsampled picture seen close in: the visible squares themselves, by move number.
    if (scene.texture_factor > 1 && range && in_view <= kLineSquares && !scene.board.empty()) {
      const float last = static_cast<float>(std::max(1, g.size() - 1));
      for (int yy = range->y0; yy <= range->y1; ++yy) {
        for (int xx = range->x0; xx <= range->x1; ++xx) {
          const int i = g.index({xx, yy});
          const std::int32_t m = scene.board[i];
          if (m <= 0) continue;
          const ImVec2 c = corner({xx, yy});
          dl->AddRectFilled(c, ImVec2(c.x + side, c.y + side), move_colour((m - 1) / last));
        }
      }
    }
    // Close in, the dark squares of the chess board show again (shaded over the colours).
    if (range && !scene.texture_checkered && in_view <= 2 * kNumberSquares && side >= 12) {
      for (int yy = range->y0; yy <= range->y1; ++yy) {
        for (int xx = range->x0 + (range->x0 + yy) % 2; xx <= range->x1; xx += 2) {
          const ImVec2 c = corner({xx, yy});
          dl->AddRectFilled(c, ImVec2(c.x + side, c.y + side), kDarkShade);
        }
      }
    }
  } else {
    dl->AddRectFilled(board_min, board_max, ink.light);
    const float cross = std::clamp(side * 0.06f, 1.0f, 3.0f), inset = side * 0.22f;
    for (int i = 0; i < g.size(); ++i) {
      const Square s = g.square(i);
      const ImVec2 c = corner(s), d(c.x + side, c.y + side);
      if (is_blocked(i)) {
        dl->AddRectFilled(c, d, ink.blocked);
        dl->AddLine(ImVec2(c.x + inset, c.y + inset), ImVec2(d.x - inset, d.y - inset),
                    ink.blocked_cross, cross);
        dl->AddLine(ImVec2(c.x + inset, d.y - inset), ImVec2(d.x - inset, c.y + inset),
                    ink.blocked_cross, cross);
        continue;
      }
      if (colour_of(s) == Colour::dark) dl->AddRectFilled(c, d, ink.dark);
      const bool visited = !scene.board.empty()
                               ? scene.board[i] > 0
                               : !scene.written.empty() && scene.written[i] != 0xFF;
      if (visited && !number_font) dl->AddRectFilled(c, d, ink.visited_tint);
    }
  }
  const bool has_current = scene.show_current && !scene.path.empty();
  if (has_current && !scene.large) {
    const ImVec2 c = corner(g.square(scene.path.back()));
    dl->AddRectFilled(c, ImVec2(c.x + side, c.y + side), ink.current_fill);
  }

  // The construction's blocks: lines between its bands, those in view and far enough apart.
  if (!scene.col_bands.empty() && !scene.row_bands.empty() && side * 5 >= 8) {
    const float t = scene.large ? 1.0f : std::clamp(side * 0.05f, 1.0f, 2.0f);
    int at = 0;
    for (std::size_t k = 0; k + 1 < scene.col_bands.size(); ++k) {
      at += scene.col_bands[k];
      const float lx = left_ + at * side;
      if (lx < board_min.x || lx > board_max.x) continue;
      dl->AddLine(ImVec2(lx, board_min.y), ImVec2(lx, board_max.y), ink.block_line, t);
    }
    at = 0;
    for (std::size_t k = 0; k + 1 < scene.row_bands.size(); ++k) {
      at += scene.row_bands[k];
      const float ly = top_ + bh - at * side;
      if (ly < board_min.y || ly > board_max.y) continue;
      dl->AddLine(ImVec2(board_min.x, ly), ImVec2(board_max.x, ly), ink.block_line, t);
    }
  }

  if (close_lines && range) {
    // Close in: each visible square's jump to the next move (and, from squares just outside,
    // the jumps into view), found among its neighbours by move number.
    const float thickness = std::clamp(std::round(side * 0.06f), 1.0f, 4.0f);
    const int x0 = std::max(1, range->x0 - 2), x1 = std::min(g.cols, range->x1 + 2);
    const int y0 = std::max(1, range->y0 - 2), y1 = std::min(g.rows, range->y1 + 2);
    for (int yy = y0; yy <= y1; ++yy) {
      for (int xx = x0; xx <= x1; ++xx) {
        const int i = g.index({xx, yy});
        const std::int32_t m = scene.board[i];
        if (m <= 0) continue;
        for (int d = 0; d < 8; ++d) {
          const Square n{xx + kJumpDx[d], yy + kJumpDy[d]};
          if (!g.contains(n) || scene.board[g.index(n)] != m + 1) continue;
          dl->AddLine(centre(i), centre(g.index(n)), ink.path, thickness);
          break;
        }
      }
    }
  } else if (scene.path.size() > 1 &&
             (!scene.large || (scene.path.size() <= kThinPathMaxPoints && side >= 1.5f))) {
    // The knight's path through the centres of the squares visited so far: a thin line on
    // large boards, while it is short enough to draw every frame.
    std::vector<ImVec2> points;
    points.reserve(scene.path.size());
    for (std::int32_t i : scene.path) points.push_back(centre(i));
    const float thickness = scene.large ? 1.0f : std::clamp(side * 0.06f, 1.5f, 4.0f);
    dl->AddPolyline(points.data(), static_cast<int>(points.size()),
                    scene.large ? ink.thin_path : ink.path, 0, thickness);
  }

  // Move numbers on a pill that keeps them readable over the path.
  if (number_font) {
    const float rounding = g.size() <= 256 ? number_px * 0.3f : 0;
    auto number = [&](int i) {
      const std::string text = std::to_string(scene.board[i]);
      const ImVec2 size = number_font->CalcTextSizeA(number_px, FLT_MAX, 0, text.c_str());
      const ImVec2 c = centre(i);
      const ImVec2 pos(std::round(c.x - size.x / 2), std::round(c.y - size.y / 2));
      const float pad = number_px * 0.18f;
      dl->AddRectFilled(ImVec2(pos.x - pad, pos.y), ImVec2(pos.x + size.x + pad, pos.y + size.y),
                        ink.pill, rounding);
      dl->AddText(number_font, number_px, pos, ink.number, text.c_str());
    };
    if (scene.large && range) {
      for (int yy = range->y0; yy <= range->y1; ++yy) {
        for (int xx = range->x0; xx <= range->x1; ++xx) {
          const int i = g.index({xx, yy});
          if (scene.board[i] > 0) number(i);
        }
      }
    } else {
      for (std::int32_t i : scene.path) number(i);
    }
  }

  // Start, end and current square outlines, on top of everything else on the board. On large
  // boards they are at least 10 pixels wide, so a single square can be found.
  const float ring = std::clamp(side * 0.07f, 2.0f, 5.0f);
  const float min_px = scene.large ? 10.0f : 0.0f;
  auto outline = [&](Square s, ImU32 colour, float inset) {
    auto [a, b] = marker(s, min_px);
    dl->AddRect(ImVec2(a.x + inset, a.y + inset), ImVec2(b.x - inset, b.y - inset), colour, 0, 0,
                ring);
  };
  if (scene.end && g.contains(*scene.end)) outline(*scene.end, ink.end, ring / 2);
  if (scene.start && g.contains(*scene.start)) outline(*scene.start, ink.start, ring / 2);
  if (has_current)
    outline(g.square(scene.path.back()), ink.current, scene.large ? -ring : ring * 1.5f);
  if (scene.selected && g.contains(*scene.selected)) {
    outline(*scene.selected, ink.selected, scene.large ? -2 * ring : -ring / 2);
  }
  dl->PopClipRect();

  // File letters below, rank numbers on the left, for the squares in view; every k-th one (a
  // round step) when squares are narrow.
  ImFont* label_font = fonts.text ? fonts.text : ImGui::GetFont();
  const float label_px = std::min(kTextPx, std::max(10.0f, side * 0.5f));
  const float label_w =
      label_font->CalcTextSizeA(label_px, FLT_MAX, 0, std::to_string(g.cols).c_str()).x;
  const int every = round_step(std::max(1, static_cast<int>(std::ceil((label_w + 8) / side))));
  // 1, then the multiples of the step (one too close to 1 is left out).
  auto next_label = [](int at, int step) {
    int next = (at / step + 1) * step;
    if (at == 1 && step > 1 && next - 1 < step * 0.6) next += step;
    return next;
  };
  auto first_label = [](int from, int step) {
    return from <= 1 ? 1 : (from + step - 1) / step * step;
  };
  const float labels_y = std::min(top_ + bh, view.y + view.h + 4) + frame + 4;
  const float labels_x = std::max(left_, view.x - 4) - frame - 6;
  if (range) {
    dl->PushClipRect(ImVec2(view.x - 8, y), ImVec2(view.x + view.w + 8, y + h), true);
    for (int fx = first_label(range->x0, every); fx <= range->x1; fx = next_label(fx, every)) {
      const std::string t = file_name(fx, g.cols);
      const ImVec2 ts = label_font->CalcTextSizeA(label_px, FLT_MAX, 0, t.c_str());
      dl->AddText(label_font, label_px,
                  ImVec2(std::round(left_ + (fx - 0.5f) * side - ts.x / 2), labels_y), ink.label,
                  t.c_str());
    }
    const int every_rank =
        round_step(std::max(1, static_cast<int>(std::ceil((label_px + 4) / side))));
    dl->PopClipRect();
    dl->PushClipRect(ImVec2(x, view.y - 8), ImVec2(x + w, view.y + view.h + 8), true);
    for (int ry = first_label(range->y0, every_rank); ry <= range->y1;
         ry = next_label(ry, every_rank)) {
      const std::string t = std::to_string(ry);
      const ImVec2 ts = label_font->CalcTextSizeA(label_px, FLT_MAX, 0, t.c_str());
      const float ly = std::round(top_ + (g.rows - ry + 0.5f) * side - ts.y / 2);
      if (labels_x - ts.x >= x) {
        dl->AddText(label_font, label_px, ImVec2(std::round(labels_x - ts.x), ly), ink.label,
                    t.c_str());
      } else {  // too wide for the margin (zoomed in on a tall board): inside the view's edge
        // In a big square's top-left corner, off its move number in the middle.
        const float row_top = top_ + (g.rows - ry) * side;
        const ImVec2 at(view.x + 3, side >= 3 * ts.y ? std::round(row_top + 2) : ly);
        dl->AddRectFilled(ImVec2(at.x - 2, at.y - 1), ImVec2(at.x + ts.x + 2, at.y + ts.y + 1),
                          kLabelBack, 3);
        dl->AddText(label_font, label_px, at, ink.label, t.c_str());
      }
    }
    dl->PopClipRect();
  }

  // The minimap, once the view shows less than the whole board (its click moves the view).
  if (scene.large && scene.texture && range && in_view < static_cast<long long>(g.size())) {
    const Minimap map = place_minimap(g, view);
    ImGui::SetCursorScreenPos(ImVec2(map.frame.x, map.frame.y));
    ImGui::InvisibleButton("##minimap", ImVec2(map.frame.w, map.frame.h));
    if (ImGui::IsItemActive()) {
      const ImVec2 m = ImGui::GetMousePos();
      camera_.cx = (m.x - map.board.x) / map.board.w * g.cols;
      camera_.cy = (m.y - map.board.y) / map.board.h * g.rows;
      camera_.fitted = false;
      clamp_camera(camera_, g, view);
    }
    const double tw = double(scene.texture_w) * scene.texture_factor,
                 th = double(scene.texture_h) * scene.texture_factor;
    draw_minimap(dl, map, scene.texture, float(g.cols / tw), float(g.rows / th), camera_, g, view);
  }

  // Input: one invisible button over the board's viewport; the square under the mouse is
  // computed. A press and release without a drag is a click.
  ImGui::SetCursorScreenPos(ImVec2(view.x, view.y));
  ImGui::InvisibleButton("##board", ImVec2(view.w, view.h));
  handle_input(g);
  const bool clicked = ImGui::IsItemDeactivated() && !dragging_;
  const bool dragged = dragging_;
  if (!ImGui::IsItemActive()) dragging_ = false;
  if (!ImGui::IsItemHovered() || dragged) return std::nullopt;
  const ImVec2 m = ImGui::GetMousePos();
  const auto under_opt = square_at(camera_, g, view, m.x, m.y);
  if (!under_opt) return std::nullopt;
  const Square under = *under_opt;
  const int index = g.index(under);
  std::string tip =
      (g.cols <= 26 ? file_name(under.x, g.cols) + std::to_string(under.y) + "  " : "") + "(" +
      format_square(under) + ")";
  if (is_blocked(index)) {
    tip += "  blocked";
  } else if (!scene.board.empty()) {
    const int move = scene.board[index];
    tip += move > 0          ? "  move " + std::to_string(move)
           : scene.numbering ? "  numbering..."
                             : "  not visited";
  }
  ImGui::SetTooltip("%s", tip.c_str());
  if (clicked) return under;
  return std::nullopt;
}

std::optional<Rect> BoardView::square_rect(Square s) const {
  if (side_ <= 0 || !geometry_.contains(s)) return std::nullopt;
  return Rect{left_ + (s.x - 1) * side_, top_ + (geometry_.rows - s.y) * side_, side_, side_};
}

}  // namespace kt::ui
