#include "board_image.hpp"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

#include "search_readout.hpp"
#include "solve/solver.hpp"
#include "theme.hpp"

namespace kt::ui {

namespace {

ImU32 shade(ImU32 c, float k) {
  auto ch = [&](int shift) { return static_cast<int>(((c >> shift) & 0xFF) * k); };
  return IM_COL32(ch(IM_COL32_R_SHIFT), ch(IM_COL32_G_SHIFT), ch(IM_COL32_B_SHIFT), 255);
}

}  // namespace

BoardImage::~BoardImage() {
  if (texture_ && host_ && host_->destroy) host_->destroy(texture_);
}

void BoardImage::set_host(const TextureHost* host) { host_ = host; }

bool BoardImage::dark(int index) const {
  const int x = index % geometry_.cols, y = index / geometry_.cols;
  return checker_ && colour_of(x, y) == Colour::dark;
}

std::uint32_t BoardImage::base(int index) const {
  const Palette& ink = palette();
  if (!blocked_.empty() && blocked_[index]) return ink.blocked;
  if (!checker_) return ink.plain;
  return dark(index) ? ink.dark : ink.light;
}

std::uint32_t* BoardImage::texel(int index) {
  const int row = geometry_.rows - 1 - index / geometry_.cols, col = index % geometry_.cols;
  if (factor_ > 1 && (row % factor_ != 0 || col % factor_ != 0)) return nullptr;
  touch_row(row / factor_);
  return &pixels_[static_cast<std::size_t>(row / factor_) * image_w_ + col / factor_];
}

void BoardImage::reset(Geometry g, std::span<const std::uint8_t> blocked, bool checker) {
  geometry_ = g;
  factor_ = 1;
  while ((g.cols + factor_ - 1) / factor_ > kMaxTextureSide ||
         (g.rows + factor_ - 1) / factor_ > kMaxTextureSide) {
    ++factor_;
  }
  checker_ = checker && factor_ == 1;
  image_w_ = (g.cols + factor_ - 1) / factor_;
  image_h_ = (g.rows + factor_ - 1) / factor_;
  blocked_.assign(blocked.begin(), blocked.end());
  pixels_.assign(static_cast<std::size_t>(image_w_) * image_h_, 0);
  for (int row = 0; row < g.rows; row += factor_) {
    for (int col = 0; col < g.cols; col += factor_) {
      const int index = (g.rows - 1 - row) * g.cols + col;
      pixels_[static_cast<std::size_t>(row / factor_) * image_w_ + col / factor_] = base(index);
    }
  }
  row_dirty_.assign(static_cast<std::size_t>(image_h_), 0);
  dirty_rows_ = 0;
  next_row_ = 0;
  touch_all();
}

void BoardImage::touch_all() {
  std::memset(row_dirty_.data(), 1, row_dirty_.size());  // (the first frame's own code)
  dirty_rows_ = image_h_;
}

void BoardImage::visit(int index, float fraction) {
  if (std::uint32_t* t = texel(index)) {
    const ImU32 c = move_colour(fraction);
    *t = dark(index) ? shade(c, 0.82f) : c;
  }
}

void BoardImage::written(int index) {
  const ImU32 written = palette().written;
  if (std::uint32_t* t = texel(index)) *t = dark(index) ? shade(written, 0.85f) : written;
}

void BoardImage::clear(int index) {
  if (std::uint32_t* t = texel(index)) *t = base(index);
}

void BoardImage::sync() {
  if (!host_ || !host_->create || pixels_.empty()) return;
  const int w = image_w_, h = image_h_;
  if (!texture_ || texture_w_ != w || texture_h_ != h) {
    if (texture_ && host_->destroy) host_->destroy(texture_);
    texture_ = host_->create(w, h);
    texture_w_ = w;
    texture_h_ = h;
    touch_all();
  }
  if (!texture_) return;
  // Runs of changed rows from next_row_ on, round the picture, until the bytes are spent.
  int budget = std::max(1, kUploadBytes / (4 * w));
  for (int seen = 0; seen < h && dirty_rows_ > 0 && budget > 0;) {
    int y = next_row_ % h;
    if (!row_dirty_[static_cast<std::size_t>(y)]) {
      next_row_ = y + 1;
      ++seen;
      continue;
    }
    int n = 0;
    while (y + n < h && n < budget && row_dirty_[static_cast<std::size_t>(y + n)]) {
      row_dirty_[static_cast<std::size_t>(y + n)] = 0;
      ++n;
    }
    host_->upload(texture_, w, y, n, pixels_.data() + static_cast<std::size_t>(y) * w);
    dirty_rows_ -= n;
    budget -= n;
    seen += n;
    next_row_ = (y + n) % h;
  }
}

// ---------------------------------------------------------------------------------------------

namespace {

// A finished construction's order is coloured for at most this long per update (a frame
// stays within 60 per second), the clock read every kWalkChunk squares.
constexpr double kWalkSeconds = 0.008;
constexpr std::int64_t kWalkChunk = 32'768;
constexpr std::size_t kZeroSlice = std::size_t{1} << 22;  // move numbers set to zero a frame

double seconds_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

void BoardPicture::start_over(const Solver& solver, bool checker) {
  const Problem& p = solver.problem();
  image_.reset(p.geometry, p.blocked, checker);
  source_ = solver.construction();
  source_method_ = solver.method();
  fresh_ = true;
  free_ = std::max(1, p.free_squares());
  drawn_path_.clear();
  drawn_blocks_ = 0;
  walk_started_ = false;
  walk_left_ = 0;
  walked_ = nullptr;
  moves_.clear();
  moves_.shrink_to_fit();
  moves_wanted_ = 0;
  checkpoints_.clear();
}

std::optional<int> BoardPicture::square_of_move(std::int64_t n) const {
  if (!walked_ || n < 1 || n > walk_n_) return std::nullopt;
  const std::int64_t k = (n - 1) / kCheckpointEvery;
  if (k >= static_cast<std::int64_t>(checkpoints_.size())) return std::nullopt;
  const Geometry g = walked_->geometry;
  Square at = g.square(checkpoints_[k]);
  for (std::int64_t m = k * kCheckpointEvery + 1; m < n; ++m) {
    const std::uint8_t d = walked_->next[g.index(at)];
    if (d == kNoJump) return std::nullopt;
    at = {at.x + kJumpDx[d], at.y + kJumpDy[d]};
    if (!g.contains(at)) return std::nullopt;
  }
  return g.index(at);
}

void BoardPicture::update(const Solver& solver, bool checker) {
  const Problem& p = solver.problem();
  const Geometry g = p.geometry;
  // auto hands over from the textbook's search to another method within one solver.
  const bool same_source = solver.construction() == source_ && solver.method() == source_method_;
  if (!fresh_ || !same_source || !image_.matches(g, checker)) start_over(solver, checker);
  const float last = static_cast<float>(std::max(1, free_ - 1));

  if (engine(solver) == Engine::search) {
    // The path is a stack: squares past the first difference changed.
    const auto path = solver.path();
    const std::size_t common = static_cast<std::size_t>(
        std::mismatch(drawn_path_.begin(),
                      drawn_path_.begin() + std::min(drawn_path_.size(), path.size()), path.begin())
            .first -
        drawn_path_.begin());
    for (std::size_t i = common; i < drawn_path_.size(); ++i) image_.clear(drawn_path_[i]);
    for (std::size_t i = common; i < path.size(); ++i) image_.visit(path[i], i / last);
    drawn_path_.resize(common);
    drawn_path_.insert(drawn_path_.end(), path.begin() + common, path.end());
  } else if (const Construction* c = solver.construction()) {
    const CompactTour& tour = c->tour();
    const auto rows = c->row_bands();
    const std::uint64_t per_row = c->column_bands().size();
    // While running: the blocks written since the last update (once finished, the walk below
    // colours every square anyway).
    if (c->status() == Status::running && c->blocks_done() > drawn_blocks_ && per_row > 0 &&
        tour.next.size() == std::size_t(g.size())) {
      // Blocks are written a row of blocks at a time, left to right, bottom to top.
      const std::uint64_t first = drawn_blocks_ / per_row, end = (c->blocks_done() - 1) / per_row;
      int y0 = 0;
      for (std::uint64_t r = 0; r < first; ++r) y0 += rows[r];
      int y1 = y0;
      for (std::uint64_t r = first; r <= end; ++r) y1 += rows[r];
      const int step = image_.factor();
      for (int y = y0; y < y1; ++y) {
        if (!image_.samples_row(y + 1)) continue;
        for (int i = y * g.cols; i < (y + 1) * g.cols; i += step) {
          if (tour.next[i] != kNoJump) image_.written(i);
        }
      }
      drawn_blocks_ = c->blocks_done();
    }
    if (c->status() == Status::found && !walk_started_) {
      walk_started_ = true;
      walk_at_ = tour.start;
      walk_n_ = 0;
      walk_left_ = free_;
      walked_ = &tour;
      // Move numbers only where the Solver would not give them cheaply (large boards).
      moves_wanted_ = static_cast<std::size_t>(g.size());
      moves_.reserve(moves_wanted_);
      checkpoints_.clear();
      checkpoints_.reserve(static_cast<std::size_t>(free_ / kCheckpointEvery + 1));
    }
    // The move numbers start at zero, a slice a frame (a 10^8-square board's 400 MB at once
    // took a frame of 0.27 s in the page); then the walk.
    if (moves_.size() < moves_wanted_) {
      moves_.resize(std::min(moves_wanted_, moves_.size() + kZeroSlice));
    }
    // Colour the order: walk the tour from its start, a bounded time per frame.
    const double walk_until = seconds_now() + kWalkSeconds;
    for (std::int64_t k = 1; walk_left_ > 0 && moves_.size() == moves_wanted_; ++k) {
      if (k % kWalkChunk == 0 && seconds_now() > walk_until) break;
      const int i = g.index(walk_at_);
      if (image_.samples(walk_at_)) image_.visit(i, walk_n_ / last);
      if (walk_n_ % kCheckpointEvery == 0) checkpoints_.push_back(i);
      ++walk_n_;
      moves_[i] = static_cast<std::int32_t>(walk_n_);
      --walk_left_;
      const std::uint8_t d = tour.next[i];
      if (d == kNoJump) {
        walk_left_ = 0;
        break;
      }
      walk_at_ = jump(walk_at_, d);
      if (!g.contains(walk_at_)) walk_left_ = 0;
    }
  }
  image_.sync();
}

}  // namespace kt::ui
