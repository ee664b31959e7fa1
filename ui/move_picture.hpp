// The colour-by-move picture of a board as an image file's pixels, at any board size: each
// pixel takes one colour from the squares it covers (downsampled past one square a pixel,
// each square drawn as a block of pixels below it), made a band of pixel rows at a time so
// that a page's frame stays short. The page's PNG export and its legend (first move to last)
// read it; the board's own picture (board_image.hpp) takes its colours from move_colour too.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "board/geometry.hpp"

namespace kt::ui {

// The colour of a square visited at `fraction` of the tour (0 .. 1): blue first, red last.
// RGBA, R in the lowest byte (ImGui's IM_COL32 layout; bytes R, G, B, A in memory).
std::uint32_t move_colour(float fraction);

// The picture's colours where no move is: free squares not visited, blocked squares.
inline constexpr std::uint32_t kNotVisitedColour = 0xFFE6E6E6u;
inline constexpr std::uint32_t kBlockedColour = 0xFF303030u;

// The legend's colours, first move (left) to last (right), `width` pixels.
std::vector<std::uint32_t> move_legend(int width);

// The picture's size for a board: `side` pixels along the board's longer side, the other in
// proportion (at least 1).
struct PictureSize {
  int width = 0, height = 0;
};
PictureSize picture_size(Geometry g, int side);

class MovePicture {
 public:
  // board: move numbers by square index (0 not visited, kBlocked blocked); last: the highest
  // move number (the colour scale runs 1 .. last). The board must outlive the picture.
  MovePicture(Geometry g, std::span<const std::int32_t> board, std::int64_t last, int side);

  int width() const { return size_.width; }
  int height() const { return size_.height; }
  bool done() const { return next_row_ >= size_.height; }
  double progress() const { return size_.height ? double(next_row_) / size_.height : 1.0; }
  // Colours pixel rows until about `squares` squares were read (at least one row).
  void step(std::int64_t squares);
  // width x height RGBA pixels, the top row (the board's row y = rows) first.
  const std::vector<std::uint32_t>& pixels() const { return pixels_; }

 private:
  Geometry g_;
  std::span<const std::int32_t> board_;
  std::int64_t last_;
  PictureSize size_;
  int next_row_ = 0;
  std::vector<std::uint32_t> pixels_;
};

}  // namespace kt::ui
