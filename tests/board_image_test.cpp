// The picture of a large board (ui/board_image.hpp) goes to its texture a bounded number of
// rows a frame, and every changed row gets its turn: a walk that colours squares all over the
// board each frame must neither upload the whole texture every frame nor starve any row.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "board_image.hpp"

namespace {

// A host that keeps the texture's rows as uploaded (row 0 the top), and counts rows a call.
struct RecordingHost {
  std::vector<std::uint32_t> texels;
  int w = 0, h = 0;
  std::vector<int> rows_a_sync;
  kt::ui::TextureHost host{[this](int tw, int th) -> void* {
                             w = tw;
                             h = th;
                             texels.assign(static_cast<std::size_t>(tw) * th, 0);
                             return this;
                           },
                           [this](void*, int tw, int y0, int rows, const std::uint32_t* pixels) {
                             REQUIRE(tw == w);
                             REQUIRE((y0 >= 0 && rows > 0 && y0 + rows <= h));
                             std::copy(pixels, pixels + static_cast<std::size_t>(rows) * w,
                                       texels.begin() + static_cast<std::ptrdiff_t>(y0) * w);
                             rows_a_sync.back() += rows;
                           },
                           [](void*) {}};
  void sync(kt::ui::BoardImage& image) {
    rows_a_sync.push_back(0);
    image.sync();
  }
};

// The texel of square (x, y) (1-based, y up) on a board of `cols` columns and `rows` rows.
std::uint32_t texel_of(const RecordingHost& h, int rows, int x, int y) {
  return h.texels[static_cast<std::size_t>(rows - y) * h.w + (x - 1)];
}

}  // namespace

TEST_CASE("a large board's picture goes up a bounded number of rows a frame, each row in turn") {
  const kt::Geometry g{2048, 2048};  // one texel a square, 8 KB a row
  const int budget = kt::ui::kUploadBytes / (4 * g.cols);
  REQUIRE(budget == 128);
  RecordingHost rec;
  kt::ui::BoardImage image;
  image.set_host(&rec.host);
  image.reset(g, {}, false);
  // The first picture, a budget a frame until every row is there.
  while (image.uploads_pending()) rec.sync(image);
  CHECK(rec.rows_a_sync.size() == static_cast<std::size_t>(g.rows / budget));
  for (int rows : rec.rows_a_sync) CHECK(rows == budget);
  // A walk that touches a square of every row each frame: no frame uploads past the budget,
  // and within rows/budget frames every square visited so far is on the texture.
  rec.rows_a_sync.clear();
  const int frames = g.rows / budget;
  for (int f = 0; f < 3 * frames; ++f) {
    for (int y = 1; y <= g.rows; ++y) image.visit((y - 1) * g.cols + f, 0.5f);
    rec.sync(image);
    CHECK(rec.rows_a_sync.back() <= budget);
  }
  for (int f = 0; f < frames; ++f) rec.sync(image);
  CHECK_FALSE(image.uploads_pending());
  const std::uint32_t visited = kt::ui::move_colour(0.5f);
  REQUIRE(texel_of(rec, g.rows, 3 * frames + 1, 1) != visited);  // (not visited: base colour)
  for (int y = 1; y <= g.rows; y += 97) {
    for (int x = 1; x <= 3 * frames; ++x) CHECK(texel_of(rec, g.rows, x, y) == visited);
  }
  // A small board goes up whole in one frame.
  RecordingHost small;
  kt::ui::BoardImage little;
  little.set_host(&small.host);
  little.reset(kt::Geometry{8, 8}, {}, true);
  small.sync(little);
  CHECK(small.rows_a_sync.back() == 8);
  CHECK_FALSE(little.uploads_pending());
}
