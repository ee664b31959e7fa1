#include "move_picture.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace kt::ui {

namespace {

std::uint32_t rgba(int r, int g, int b) {
  return static_cast<std::uint32_t>(r) | static_cast<std::uint32_t>(g) << 8 |
         static_cast<std::uint32_t>(b) << 16 | 0xFF000000u;
}

// The first and one past the last of `n` board lines that pixel `p` of `pixels` covers: a
// share of the lines when there are more lines than pixels, else the one line it lies on.
std::pair<int, int> covered(int p, int pixels, int n) {
  const int first = static_cast<int>(std::int64_t{p} * n / pixels);
  const int end = static_cast<int>(std::int64_t{p + 1} * n / pixels);
  return {first, std::max(end, first + 1)};
}

}  // namespace

// Blue (first moves) through cyan, green and yellow to red (last moves).
std::uint32_t move_colour(float t) {
  static constexpr float kStops[][3] = {{40, 60, 190},  {30, 160, 220}, {40, 180, 90},
                                        {235, 200, 40}, {235, 120, 30}, {200, 40, 40}};
  constexpr int n = static_cast<int>(std::size(kStops)) - 1;
  t = std::clamp(t, 0.0f, 1.0f) * n;
  const int i = std::min(static_cast<int>(t), n - 1);
  const float f = t - i;
  auto mix = [&](int c) {
    return static_cast<int>(kStops[i][c] + f * (kStops[i + 1][c] - kStops[i][c]));
  };
  return rgba(mix(0), mix(1), mix(2));
}

std::vector<std::uint32_t> move_legend(int width) {
  std::vector<std::uint32_t> out(static_cast<std::size_t>(std::max(0, width)));
  for (int i = 0; i < width; ++i) {
    out[i] = move_colour(width > 1 ? static_cast<float>(i) / (width - 1) : 0.0f);
  }
  return out;
}

PictureSize picture_size(Geometry g, int side) {
  if (g.rows <= 0 || g.cols <= 0 || side <= 0) return {};
  const int longer = std::max(g.rows, g.cols);
  const auto other = [&](int n) {
    return std::max(1, static_cast<int>(std::llround(double(side) * n / longer)));
  };
  return {other(g.cols), other(g.rows)};
}

MovePicture::MovePicture(Geometry g, std::span<const std::int32_t> board, std::int64_t last,
                         int side)
    : g_(g), board_(board), last_(std::max<std::int64_t>(last, 1)), size_(picture_size(g, side)) {
  if (board_.size() != static_cast<std::size_t>(g.size())) size_ = {};
  pixels_.assign(static_cast<std::size_t>(size_.width) * size_.height, kNotVisitedColour);
}

void MovePicture::step(std::int64_t squares) {
  const double scale = last_ > 1 ? 1.0 / double(last_ - 1) : 0.0;
  std::int64_t read = 0;
  // Per pixel of the row: the visited squares' summed share of the tour and their number,
  // and the free squares not visited.
  std::vector<double> sum(static_cast<std::size_t>(size_.width));
  std::vector<std::int64_t> visited(sum.size()), free(sum.size());
  while (!done() && (read < squares || read == 0)) {
    std::fill(sum.begin(), sum.end(), 0.0);
    std::fill(visited.begin(), visited.end(), 0);
    std::fill(free.begin(), free.end(), 0);
    // Pixel row 0 is the board's top row (y = rows), as the board is drawn.
    const auto [r0, r1] = covered(next_row_, size_.height, g_.rows);
    for (int r = r0; r < r1; ++r) {
      const std::int32_t* row = board_.data() + std::int64_t{g_.rows - 1 - r} * g_.cols;
      for (int px = 0; px < size_.width; ++px) {
        const auto [c0, c1] = covered(px, size_.width, g_.cols);
        for (int c = c0; c < c1; ++c) {
          const std::int32_t m = row[c];
          if (m > 0) {
            sum[px] += double(m - 1);
            ++visited[px];
          } else if (m == 0) {
            ++free[px];
          }
        }
      }
      read += g_.cols;
    }
    // One colour from the squares a pixel covers: the mean of their places in the tour, so
    // that every pixel's colour is one of the legend's.
    std::uint32_t* out = pixels_.data() + std::int64_t{next_row_} * size_.width;
    for (int px = 0; px < size_.width; ++px) {
      out[px] = visited[px] ? move_colour(static_cast<float>(sum[px] / visited[px] * scale))
                : free[px]  ? kNotVisitedColour
                            : kBlockedColour;
    }
    ++next_row_;
  }
}

}  // namespace kt::ui
