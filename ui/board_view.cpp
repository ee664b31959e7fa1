#include "board_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "board/knight.hpp"

namespace kt::ui {

namespace {

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
}

float BoardView::square_side(Geometry g, float w, float h) {
  if (g.rows <= 0 || g.cols <= 0) return 0;
  const float side = std::min((w - kMargin - 8) / g.cols, (h - kMargin - 8) / g.rows);
  return side >= 4 ? std::floor(side) : side;  // whole pixels where squares are big enough
}

std::optional<Square> BoardView::draw(const BoardScene& scene, const Fonts& fonts, float x, float y,
                                      float w, float h) {
  const Geometry g = scene.geometry;
  const float margin = kMargin;
  const float side = square_side(g, w, h);
  geometry_ = g;
  side_ = side;
  if (g.size() <= 0 || side <= 0 || (!scene.large && side < 2)) return std::nullopt;
  const float bw = side * g.cols, bh = side * g.rows;
  left_ = std::floor(x + margin + (w - margin - bw) / 2);
  top_ = std::floor(y + (h - margin - bh) / 2);

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
  const ImVec2 board_min(left_, top_), board_max(left_ + bw, top_ + bh);
  const bool blocked_any = !scene.blocked.empty();
  auto is_blocked = [&](int i) { return blocked_any && scene.blocked[i] != 0; };

  // Move numbers are as large as the square allows, and skipped when too small to read (or
  // when they would not fit the vertex budget); visited squares are then tinted instead.
  const ImFont* number_font = nullptr;
  float number_px = 0;
  if (!scene.large && !scene.board.empty() && fonts.digits[0]) {
    const int digits = static_cast<int>(std::to_string(g.size()).size());
    const std::string widest(static_cast<std::size_t>(digits), '8');
    number_px = std::min(side * 0.42f, kDigitsPx[1]);
    const float width =
        fonts.for_numbers(number_px)->CalcTextSizeA(number_px, FLT_MAX, 0, widest.c_str()).x;
    if (width > side * 0.78f) number_px *= side * 0.78f / width;
    // Budgeted for a full board, so numbers do not vanish halfway through a search.
    if (number_px >= 9 && g.size() * (digits + 2) * 4 < kNumberVertexBudget) {
      number_font = fonts.for_numbers(number_px);
    }
  }

  // Frame and squares (a1 is dark, as on a chess board).
  const float frame = std::max(2.0f, std::min(6.0f, side * 0.08f));
  dl->AddRectFilled(ImVec2(left_ - frame, top_ - frame),
                    ImVec2(board_max.x + frame, board_max.y + frame),
                    scene.border ? scene.border : ink.frame, frame);
  if (scene.large) {
    if (scene.texture) {
      dl->AddImage(scene.texture, board_min, board_max);
    } else {  // no solver (the input is refused) or no texture from the host: a plain board
      dl->AddRectFilled(board_min, board_max, ink.plain);
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

  // The construction's blocks: lines between its bands.
  if (!scene.col_bands.empty() && !scene.row_bands.empty()) {
    const float t = scene.large ? 1.0f : std::clamp(side * 0.05f, 1.0f, 2.0f);
    int at = 0;
    for (std::size_t k = 0; k + 1 < scene.col_bands.size(); ++k) {
      at += scene.col_bands[k];
      const float lx = left_ + at * side;
      dl->AddLine(ImVec2(lx, top_), ImVec2(lx, board_max.y), ink.block_line, t);
    }
    at = 0;
    for (std::size_t k = 0; k + 1 < scene.row_bands.size(); ++k) {
      at += scene.row_bands[k];
      const float ly = board_max.y - at * side;
      dl->AddLine(ImVec2(left_, ly), ImVec2(board_max.x, ly), ink.block_line, t);
    }
  }

  // The knight's path through the centres of the squares visited so far: a thin line on
  // large boards, while it is short enough to draw every frame.
  if (scene.path.size() > 1 &&
      (!scene.large || (scene.path.size() <= kThinPathMaxPoints && side >= 1.5f))) {
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
    for (std::int32_t i : scene.path) {
      const std::string text = std::to_string(scene.board[i]);
      const ImVec2 size = number_font->CalcTextSizeA(number_px, FLT_MAX, 0, text.c_str());
      const ImVec2 c = centre(i);
      const ImVec2 pos(std::round(c.x - size.x / 2), std::round(c.y - size.y / 2));
      const float pad = number_px * 0.18f;
      dl->AddRectFilled(ImVec2(pos.x - pad, pos.y), ImVec2(pos.x + size.x + pad, pos.y + size.y),
                        ink.pill, rounding);
      dl->AddText(number_font, number_px, pos, ink.number, text.c_str());
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

  // File letters below, rank numbers on the left; every k-th one (a round step) when squares
  // are narrow.
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
  for (int fx = 1; fx <= g.cols; fx = next_label(fx, every)) {
    const std::string t = file_name(fx, g.cols);
    const ImVec2 ts = label_font->CalcTextSizeA(label_px, FLT_MAX, 0, t.c_str());
    dl->AddText(label_font, label_px,
                ImVec2(std::round(left_ + (fx - 0.5f) * side - ts.x / 2), board_max.y + frame + 4),
                ink.label, t.c_str());
  }
  const int every_rank =
      round_step(std::max(1, static_cast<int>(std::ceil((label_px + 4) / side))));
  for (int ry = 1; ry <= g.rows; ry = next_label(ry, every_rank)) {
    const std::string t = std::to_string(ry);
    const ImVec2 ts = label_font->CalcTextSizeA(label_px, FLT_MAX, 0, t.c_str());
    dl->AddText(label_font, label_px,
                ImVec2(std::round(left_ - frame - 6 - ts.x),
                       std::round(top_ + (g.rows - ry + 0.5f) * side - ts.y / 2)),
                ink.label, t.c_str());
  }

  // Input: one invisible button over the board; the square under the mouse is computed.
  ImGui::SetCursorScreenPos(board_min);
  ImGui::InvisibleButton("##board", ImVec2(std::max(bw, 1.0f), std::max(bh, 1.0f)));
  const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  if (!ImGui::IsItemHovered()) return std::nullopt;
  const ImVec2 m = ImGui::GetMousePos();
  const Square under{std::clamp(static_cast<int>((m.x - left_) / side) + 1, 1, g.cols),
                     std::clamp(g.rows - static_cast<int>((m.y - top_) / side), 1, g.rows)};
  const int index = g.index(under);
  std::string tip =
      (g.cols <= 26 ? file_name(under.x, g.cols) + std::to_string(under.y) + "  " : "") + "(" +
      format_square(under) + ")";
  if (is_blocked(index)) {
    tip += "  blocked";
  } else if (!scene.board.empty()) {
    const int move = scene.board[index];
    tip += move > 0 ? "  move " + std::to_string(move) : "  not visited";
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
