// The picture of a large board: one texel per square, kept in memory and uploaded to a texture
// row range at a time, so a board of a million squares costs the GPU one quad to draw and the
// CPU only the squares that changed. Visited squares are coloured by when the knight got there
// (blue first, red last); a construction's squares written so far, before their order is known,
// in one neutral blue. Boards with a side over kMaxTextureSide (up to 10^8 squares) are pictured
// downsampled: a texel for every `factor` x `factor` squares, coloured as its top-left square.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "board/geometry.hpp"
#include "board/problem.hpp"
#include "board/request.hpp"  // Method
#include "move_picture.hpp"   // move_colour

namespace kt {
class Solver;
}

namespace kt::ui {

// Textures come from the host (WebGL2 on the page); the UI itself makes no graphics calls.
struct TextureHost {
  // A new w x h RGBA8 texture, contents undefined; returns its ImTextureID (null on failure).
  std::function<void*(int w, int h)> create;
  // Replaces texel rows [y0, y0 + rows) (row 0 at the top) with `pixels`: rows x w texels,
  // each an ImU32 (IM_COL32: R, G, B, A bytes in memory).
  std::function<void(void* texture, int w, int y0, int rows, const std::uint32_t* pixels)> upload;
  std::function<void(void* texture)> destroy;
};

// Largest texture side used (WebGL2 guarantees 2048).
inline constexpr int kMaxTextureSide = 2048;
// Texel bytes uploaded a frame at most (whole rows, one at least): 128 rows of 2048.
inline constexpr int kUploadBytes = 1 << 20;

// The texel colours of a board.
class BoardImage {
 public:
  BoardImage() = default;
  ~BoardImage();
  BoardImage(const BoardImage&) = delete;
  BoardImage& operator=(const BoardImage&) = delete;

  void set_host(const TextureHost* host);
  // Starts over: base colours for `g` (checkered when `checker`: squares big enough to see
  // them), blocked squares dark, nothing visited.
  void reset(Geometry g, std::span<const std::uint8_t> blocked, bool checker);
  bool matches(Geometry g, bool checker) const {
    return g.rows == geometry_.rows && g.cols == geometry_.cols && checker == checker_ &&
           !pixels_.empty();
  }

  void visit(int index, float fraction);  // visited at `fraction` of the tour (0 .. 1)
  void written(int index);                // part of a construction, order not known yet
  void clear(int index);                  // not visited

  // Uploads rows changed since they were last uploaded (creating the texture when needed), at
  // most about kUploadBytes a call: a walk that colours squares all over a large board
  // changes every row each frame, and a whole 2048x2048 texture a frame kept frames of
  // software WebGL at a quarter of a second. The rest go in the next calls, round the picture.
  void sync();
  bool uploads_pending() const { return dirty_rows_ > 0; }
  void* texture() const { return texture_; }
  // Squares per texel side (1 up to kMaxTextureSide squares a side), and the texture's size.
  int factor() const { return factor_; }
  int texture_w() const { return texture_w_; }
  int texture_h() const { return texture_h_; }
  // Whether row `y` (1-based) holds pictured squares: the others need not be visited.
  bool samples_row(int y) const { return (geometry_.rows - y) % factor_ == 0; }
  // Whether square s is the one its texel shows (the others need not be visited).
  bool samples(Square s) const {
    return factor_ == 1 || ((s.x - 1) % factor_ == 0 && samples_row(s.y));
  }

 private:
  // The texel of square `index`, or null when the square is not the one its texel shows.
  std::uint32_t* texel(int index);
  void touch_row(int row) {
    if (!row_dirty_[static_cast<std::size_t>(row)]) {
      row_dirty_[static_cast<std::size_t>(row)] = 1;
      ++dirty_rows_;
    }
  }
  void touch_all();
  std::uint32_t base(int index) const;
  bool dark(int index) const;

  const TextureHost* host_ = nullptr;
  void* texture_ = nullptr;
  int texture_w_ = 0, texture_h_ = 0;
  Geometry geometry_{};
  bool checker_ = false;
  int factor_ = 1, image_w_ = 0, image_h_ = 0;
  std::vector<std::uint8_t> blocked_;
  std::vector<std::uint32_t> pixels_;    // image_w_ x image_h_; row 0 = the top (y = rows)
  std::vector<std::uint8_t> row_dirty_;  // texel rows to upload, 1 each
  int dirty_rows_ = 0;
  int next_row_ = 0;  // where the next upload starts looking, so that every row gets its turn
};

// Keeps a BoardImage in step with a Solver: diffs the search's path between frames, refreshes
// the rows of the construction's newly written blocks, and once a construction is finished
// walks its tour to colour the order (a bounded number of squares per update).
class BoardPicture {
 public:
  void set_host(const TextureHost* host) { image_.set_host(host); }
  void forget() { fresh_ = false; }  // a new solver: start over at the next update
  void update(const Solver& solver, bool checker);
  void* texture() const { return image_.texture(); }
  const BoardImage& image() const { return image_; }
  // A finished construction whose order is still being coloured.
  bool colouring() const { return walk_left_ > 0; }
  // The part of the order coloured so far (0 .. 1; 1 when there is nothing to colour).
  double coloured_fraction() const {
    return walk_left_ > 0 ? 1.0 - static_cast<double>(walk_left_) / free_ : 1.0;
  }
  // A construction's move numbers by square index, filled as its order is coloured (0 not yet
  // reached); empty for searches (their Solver has a board), and while they are set to zero.
  std::span<const std::int32_t> moves() const {
    return moves_.size() == moves_wanted_ ? std::span<const std::int32_t>(moves_)
                                          : std::span<const std::int32_t>();
  }
  // The square of move n (1-based) of a construction, once the walk has got that far.
  std::optional<int> square_of_move(std::int64_t n) const;

 private:
  void start_over(const Solver& solver, bool checker);

  BoardImage image_;
  bool fresh_ = false;                        // pictures the current solver
  const void* source_ = nullptr;              // its construction, if one is at work
  Method source_method_ = Method::automatic;  // the method at work
  int free_ = 1;
  std::vector<std::int32_t> drawn_path_;
  std::uint64_t drawn_blocks_ = 0;
  bool walk_started_ = false;
  Square walk_at_{};
  std::int64_t walk_n_ = 0, walk_left_ = 0;
  const CompactTour* walked_ = nullptr;  // the tour walked
  std::vector<std::int32_t> moves_;      // move numbers (4 bytes a square)
  std::size_t moves_wanted_ = 0;         // its size once set to zero, a slice a frame
  // Every kCheckpointEvery-th move's square, so that "go to move n" walks only a little.
  std::vector<std::int32_t> checkpoints_;
};

inline constexpr std::int64_t kCheckpointEvery = 4096;

}  // namespace kt::ui
