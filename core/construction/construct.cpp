#include "construction/construct.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <limits>
#include <map>
#include <tuple>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "board/knight.hpp"
#include "board/parallel.hpp"
#include "construction/construct_blocks.hpp"
#include "theory/existence.hpp"

namespace kt {

using namespace construct_detail;

namespace {

std::string at(Square s) { return "(" + format_square(s) + ")"; }

// Reserves n bytes for `next` (left empty) and, on Linux, faults the fresh pages in on
// `threads` threads at once, so the kernel's work of providing them runs on every core; the
// caller then appends the content: no zero fill of its own, one pass of writes.
//
// Not transparent huge pages: measured on this project's machines (a VM, THP on madvise), a
// gigabyte marked MADV_HUGEPAGE cost 2.3-2.6 s of kernel time to fault in (about 4.5 ms per
// 2 MB page) against 0.3 s for 4 KB pages, which outweighed its gain in the verifier's walk
// (1.45 s against 1.6 s).
void reserve_board(std::vector<std::uint8_t>& next, std::size_t n, int threads) {
  next.clear();
  next.shrink_to_fit();
  next.reserve(n);
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
  constexpr std::uintptr_t kPage = 4096;
  const auto begin = (reinterpret_cast<std::uintptr_t>(next.data()) + kPage - 1) & ~(kPage - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(next.data()) + n) & ~(kPage - 1);
  if (end > begin) {
    const std::uintptr_t per_thread =
        ((end - begin) / static_cast<std::uintptr_t>(threads) + kPage - 1) & ~(kPage - 1);
    in_parallel(threads, [&](int i) {
      const std::uintptr_t a = begin + per_thread * static_cast<std::uintptr_t>(i);
      const std::uintptr_t b = std::min(end, a + per_thread);
      if (a < b) madvise(reinterpret_cast<void*>(a), b - a, MADV_POPULATE_WRITE);  // may fail
    });
  }
#else
  (void)threads;
#endif
}

}  // namespace

std::string construction_refusal(const Problem& p) {
  const Geometry g = p.geometry;
  if (std::string e = check_geometry(g.rows, g.cols); !e.empty()) return e;
  // Its blocks and joins are knight's tours of a plain board.
  if (!p.piece.is_plain_knight()) return plain_knight_refusal(p.piece, "the construction");
  if (!p.closed && !p.start) return "an open tour needs a start square";
  if (p.start) {
    if (std::string e = check_on_board(g, *p.start); !e.empty()) return e;
  }
  if (!p.closed && p.end) {
    if (std::string e = check_on_board(g, *p.end); !e.empty()) return e;
  }
  for (std::uint8_t b : p.blocked) {
    if (b != 0) return "the construction does not support blocked squares; use the search";
  }
  // Whether such a tour exists at all is for the theory to say.
  const Existence e = settle_full_board(g, p.closed, p.start, p.closed ? std::nullopt : p.end);
  if (e.answer == Answer::none) return e.reason;
  if (std::min(g.rows, g.cols) < kConstructMinSide) {
    return "the " + std::to_string(g.rows) + " x " + std::to_string(g.cols) +
           " board is too small for the construction (both sides must be at least " +
           std::to_string(kConstructMinSide) + "); use the search";
  }
  if (!p.closed && p.end) {
    return "the construction cannot prescribe the end square of an open tour; use the search";
  }
  return "";
}

std::string construct_tour(const Problem& p, CompactTour& out) {
  Construction c(p);
  c.run(std::numeric_limits<std::uint64_t>::max());
  if (c.status() != Status::found) {
    out = CompactTour{};
    return c.reason().empty() ? std::string("the construction failed") : c.reason();
  }
  out = c.take_tour();
  return "";
}

// ---------------------------------------------------------------------------------------------

Construction::Construction(const Problem& p, std::size_t bulk_squares)
    : bulk_squares_(bulk_squares) {
  if (std::string why = construction_refusal(p); !why.empty()) {
    fail(std::move(why));
    return;
  }
  const Geometry g = p.geometry;
  const bool odd_odd = g.rows % 2 == 1 && g.cols % 2 == 1;
  // The tiling: even bands, plus one odd band along an odd side. On an odd x odd board the two
  // odd bands cross at the start's block, the only block without a closed tour.
  const auto bands = [&](int length, int start_coord, std::vector<int>& out, int& odd_index) {
    odd_index = -1;
    if (length % 2 == 0) {
      out = construct_detail::even_bands(length);
      return true;
    }
    return construct_detail::odd_bands(length, start_coord, out, odd_index);
  };
  int odd_c = -1, odd_r = -1;
  if (!bands(g.cols, odd_odd ? p.start->x - 1 : -1, col_bands_, odd_c) ||
      !bands(g.rows, odd_odd ? p.start->y - 1 : -1, row_bands_, odd_r)) {
    fail("internal: no tiling of the " + std::to_string(g.rows) + " x " + std::to_string(g.cols) +
         " board");
    return;
  }
  if (odd_odd) {
    path_r_ = odd_r;
    path_c_ = odd_c;
  }
  std::int64_t o = 0;
  for (int w : col_bands_) col_x_.push_back(std::exchange(o, o + w));
  o = 0;
  for (int h : row_bands_) row_y_.push_back(std::exchange(o, o + h));

  tour_.geometry = g;
  tour_.start = p.start.value_or(Square{1, 1});
  tour_.closed = p.closed;
  cut_ = !p.closed && !odd_odd;
  type_cache_.assign(8 * 8 * 256, nullptr);
}

bool Construction::fail(std::string why) {
  status_ = Status::none;
  reason_ = std::move(why);
  return false;
}

Construction::JoinChoice Construction::hjoin(int r, int c) const {
  if (r == path_r_) {
    if (c == path_c_ - 1) return path_left_;
    if (c == path_c_) return path_right_;
  }
  return {};
}

Construction::JoinChoice Construction::vjoin(int r) const {
  if (path_c_ == 0) {
    if (r == path_r_ - 1) return path_down_;
    if (r == path_r_) return path_up_;
  }
  return {};
}

namespace {

// The catalogue bits a join takes from block A (left / lower) and block B (right / upper).
std::pair<std::uint16_t, std::uint16_t> join_bits(bool vertical, int end, int variant) {
  if (!vertical) {
    const int ca = end ? kTopRight : kBottomRight, cb = end ? kTopLeft : kBottomLeft;
    return {edge_bit(ca, variant ? kCh : kNh), edge_bit(cb, variant ? kNh : kCh)};
  }
  const int ca = end ? kTopRight : kTopLeft, cb = end ? kBottomRight : kBottomLeft;
  return {edge_bit(ca, variant ? kCv : kNv), edge_bit(cb, variant ? kNv : kCv)};
}

}  // namespace

std::uint16_t Construction::mask(int r, int c) const {
  const int last_c = static_cast<int>(col_bands_.size()) - 1;
  const int last_r = static_cast<int>(row_bands_.size()) - 1;
  std::uint16_t m = 0;
  if (c > 0) m |= join_bits(false, hjoin(r, c - 1).end, hjoin(r, c - 1).variant).second;
  if (c < last_c) m |= join_bits(false, hjoin(r, c).end, hjoin(r, c).variant).first;
  if (c == 0 && r > 0) m |= join_bits(true, vjoin(r - 1).end, vjoin(r - 1).variant).second;
  if (c == 0 && r < last_r) m |= join_bits(true, vjoin(r).end, vjoin(r).variant).first;
  return m;
}

const Block* Construction::block(int r, int c) {
  if (r == path_r_ && c == path_c_) return path_block_;
  const int w = col_bands_[c], h = row_bands_[r];
  const std::uint16_t m = mask(r, c);
  int n_bits = 0;  // the N_h, N_v bits of the four corners, packed
  for (int k = 0; k < 4; ++k) n_bits |= ((m >> (4 * k + 2)) & 3) << (2 * k);
  const std::size_t key = (static_cast<std::size_t>(w - 5) * 8 + (h - 5)) * 256 + n_bits;
  const Block*& slot = type_cache_[key];
  if (!slot) slot = closed_block(w, h, m);
  return slot;
}

// A join removes edge a1-a2 of block A and edge b1-b2 of block B and adds the jumps a1-b1 and
// a2-b2. The result is one cycle (or path) when A runs a1 -> a2 and B runs b2 -> b1, or A runs
// a2 -> a1 and B runs b1 -> b2; relation() gives the flip of B relative to A that ensures it.
int Construction::relation(bool vertical, JoinChoice j, int ra, int ca, int rb, int cb) {
  // Returns 0 or 1: flip(B) = flip(A) ^ relation; or -1 when the join is impossible.
  const Block* a = block(ra, ca);
  const Block* b = block(rb, cb);
  if (!a || !b) return -1;
  const auto bits = join_bits(vertical, j.end, j.variant);
  const auto ea = catalogue_edge(a->w, a->h, lsb(bits.first) / 4, lsb(bits.first) % 4);
  const auto eb = catalogue_edge(b->w, b->h, lsb(bits.second) / 4, lsb(bits.second) % 4);
  const std::int64_t axo = col_x_[ca], ayo = row_y_[ra], bxo = col_x_[cb], byo = row_y_[rb];
  int i1 = 0;  // eb[i1] pairs with ea[0]
  if (!is_knight_jump(bxo + eb[0].x - axo - ea[0].x, byo + eb[0].y - ayo - ea[0].y)) i1 = 1;
  const int la1 = ea[0].y * a->w + ea[0].x, la2 = ea[1].y * a->w + ea[1].x;
  const int lb1 = eb[i1].y * b->w + eb[i1].x, lb2 = eb[1 - i1].y * b->w + eb[1 - i1].x;
  // In the result A runs a1 -> a2 exactly when B runs b2 -> b1.
  return (a->goes(la1, la2) ? 1 : 0) ^ (b->goes(lb2, lb1) ? 1 : 0);
}

bool Construction::apply_join(bool vertical, JoinChoice j, int ra, int ca, int rb, int cb,
                              Rows rows) {
  const Block* a = block(ra, ca);
  const Block* b = block(rb, cb);
  const auto bits = join_bits(vertical, j.end, j.variant);
  const auto ea = catalogue_edge(a->w, a->h, lsb(bits.first) / 4, lsb(bits.first) % 4);
  const auto eb = catalogue_edge(b->w, b->h, lsb(bits.second) / 4, lsb(bits.second) % 4);
  const std::int64_t cols = tour_.geometry.cols;
  const std::int64_t ax1 = col_x_[ca] + ea[0].x, ay1 = row_y_[ra] + ea[0].y;
  const std::int64_t ax2 = col_x_[ca] + ea[1].x, ay2 = row_y_[ra] + ea[1].y;
  std::int64_t bx1 = col_x_[cb] + eb[0].x, by1 = row_y_[rb] + eb[0].y;
  std::int64_t bx2 = col_x_[cb] + eb[1].x, by2 = row_y_[rb] + eb[1].y;
  if (!is_knight_jump(bx1 - ax1, by1 - ay1)) {
    std::swap(bx1, bx2);
    std::swap(by1, by2);
  }
  if (!is_knight_jump(bx1 - ax1, by1 - ay1) || !is_knight_jump(bx2 - ax2, by2 - ay2)) {
    return fail("internal: a join's edges do not cross");
  }
  std::uint8_t* next = rows.data;
  const auto idx = [cols, &rows](std::int64_t x, std::int64_t y) {
    return static_cast<std::size_t>((y - rows.y0) * cols + x);
  };
  const std::size_t a1 = idx(ax1, ay1), a2 = idx(ax2, ay2), b1 = idx(bx1, by1), b2 = idx(bx2, by2);
  if (next[a1] == direction_of(ax2 - ax1, ay2 - ay1) &&
      next[b2] == direction_of(bx1 - bx2, by1 - by2)) {
    next[a1] = direction_of(bx1 - ax1, by1 - ay1);  // a1 -> b1 ... b2 -> a2
    next[b2] = direction_of(ax2 - bx2, ay2 - by2);
  } else if (next[a2] == direction_of(ax1 - ax2, ay1 - ay2) &&
             next[b1] == direction_of(bx2 - bx1, by2 - by1)) {
    next[a2] = direction_of(bx2 - ax2, by2 - ay2);  // a2 -> b2 ... b1 -> a1
    next[b1] = direction_of(ax1 - bx1, ay1 - by1);
  } else {
    return fail("internal: a join's edges are missing or oriented alike");
  }
  return true;
}

bool Construction::setup() {
  const int nr = static_cast<int>(row_bands_.size()), nc = static_cast<int>(col_bands_.size());
  if (path_r_ >= 0) {
    // The start's block: an open block tour from the start containing its joins' edges. Try
    // each end and variant of its (at most three) joins until it and its neighbours exist.
    const int w = col_bands_[path_c_], h = row_bands_[path_r_];
    const int start = static_cast<int>((tour_.start.y - 1 - row_y_[path_r_]) * w +
                                       (tour_.start.x - 1 - col_x_[path_c_]));
    std::vector<JoinChoice*> joins;
    std::vector<std::pair<int, int>> neighbours;
    if (path_c_ > 0) joins.push_back(&path_left_), neighbours.emplace_back(path_r_, path_c_ - 1);
    if (path_c_ < nc - 1)
      joins.push_back(&path_right_), neighbours.emplace_back(path_r_, path_c_ + 1);
    if (path_c_ == 0 && path_r_ > 0)
      joins.push_back(&path_down_), neighbours.emplace_back(path_r_ - 1, 0);
    if (path_c_ == 0 && path_r_ < nr - 1)
      joins.push_back(&path_up_), neighbours.emplace_back(path_r_ + 1, 0);
    const int combos = 1 << (2 * joins.size());
    bool found = false;
    for (int combo = 0; combo < combos && !found; ++combo) {
      for (std::size_t i = 0; i < joins.size(); ++i) {
        joins[i]->end = static_cast<std::uint8_t>(combo >> (2 * i) & 1);
        joins[i]->variant = static_cast<std::uint8_t>(combo >> (2 * i + 1) & 1);
      }
      path_block_ = open_block(w, h, mask(path_r_, path_c_), start);
      if (!path_block_) continue;
      found = true;
      for (const auto& [r, c] : neighbours) found = found && block(r, c) != nullptr;
    }
    if (!found) {
      path_block_ = nullptr;
      return fail("internal: no open " + std::to_string(w) + " x " + std::to_string(h) +
                  " block tour from " + at(tour_.start));
    }
    // Orient the tree so that the open block, which cannot be reversed, keeps its direction:
    // the root's flip is the parity of the relations on the tree path from the root to it.
    int parity = 0;
    for (int r = 0; r < path_r_; ++r) {
      const int rel = relation(true, vjoin(r), r, 0, r + 1, 0);
      if (rel < 0) return fail("internal: a block tour is missing");
      parity ^= rel;
    }
    for (int c = 0; c < path_c_; ++c) {
      const int rel = relation(false, hjoin(path_r_, c), path_r_, c, path_r_, c + 1);
      if (rel < 0) return fail("internal: a block tour is missing");
      parity ^= rel;
    }
    root_flip_ = parity;
  }
  set_up_ = true;
  return true;
}

// The band of block row r as it is written block by block with its horizontal joins (not its
// vertical one), block (r, 0) in orientation flip0: h rows of the board's width.
bool Construction::write_band_image(int r, int flip0, std::vector<std::uint8_t>& image) {
  const std::size_t cols = static_cast<std::size_t>(tour_.geometry.cols);
  const int h = row_bands_[r];
  image.assign(static_cast<std::size_t>(h) * cols, kNoJump);
  const Rows rows{image.data(), row_y_[r]};
  int flip = flip0;
  for (int c = 0; c < static_cast<int>(col_bands_.size()); ++c) {
    const Block* b = block(r, c);
    if (!b) {
      return fail("internal: no " + std::to_string(col_bands_[c]) + " x " + std::to_string(h) +
                  " block tour");
    }
    if (c > 0) {
      const int rel = relation(false, hjoin(r, c - 1), r, c - 1, r, c);
      if (rel < 0) return fail("internal: a block tour is missing");
      flip ^= rel;
    }
    if (!b->closed && flip != 0) return fail("internal: the open block would need reversing");
    const std::uint8_t* src = flip ? b->rev.data() : b->fwd.data();
    std::uint8_t* dst = image.data() + static_cast<std::size_t>(col_x_[c]);
    for (int y = 0; y < h; ++y, src += b->w, dst += cols) std::memcpy(dst, src, b->w);
    if (c > 0 && !apply_join(false, hjoin(r, c - 1), r, c - 1, r, c, rows)) return false;
  }
  return true;
}

// The whole board at once. A band's content depends only on its height, its first block's join
// mask, whether it holds the odd x odd board's open block, and its first block's orientation:
// each such band is written once as an image (a few, of a few hundred kilobytes), and the board
// is a copy of an image per band, then the vertical joins of the left column: one pass of
// writes over the board, as cheap as writing its bytes at all.
void Construction::build_all() {
  const int nr = static_cast<int>(row_bands_.size());
  const std::size_t cols = static_cast<std::size_t>(tour_.geometry.cols);
  // The left column's orientations, down the spine from the root.
  std::vector<int> flip0(static_cast<std::size_t>(nr), root_flip_);
  for (int r = 1; r < nr; ++r) {
    const int rel = relation(true, vjoin(r - 1), r - 1, 0, r, 0);
    if (rel < 0) {
      fail("internal: a block tour is missing");
      return;
    }
    flip0[r] = flip0[r - 1] ^ rel;
  }
  // One image per kind of band.
  using Kind = std::tuple<int, std::uint16_t, bool, int>;
  std::map<Kind, std::vector<std::uint8_t>> images;
  std::vector<const std::vector<std::uint8_t>*> band_image(static_cast<std::size_t>(nr));
  for (int r = 0; r < nr; ++r) {
    const Kind kind{row_bands_[r], mask(r, 0), r == path_r_, flip0[r]};
    auto [it, fresh] = images.try_emplace(kind);
    if (fresh && !write_band_image(r, flip0[r], it->second)) return;
    band_image[r] = &it->second;
  }
  // Append the bands' images: one copy per band straight into the reserved pages.
  const std::size_t n = static_cast<std::size_t>(tour_.geometry.rows) * cols;
  // Threads only where faulting in the pages costs more than starting them.
  reserve_board(tour_.next, n, n >= kBulkSquares ? std::min(hardware_threads(), nr) : 1);
  for (int r = 0; r < nr; ++r) {
    tour_.next.insert(tour_.next.end(), band_image[r]->begin(), band_image[r]->end());
  }
  if (tour_.next.size() != n) {
    fail("internal: the bands do not cover the board");
    return;
  }
  std::uint8_t* board = tour_.next.data();
  const Rows all{board, 0};
  for (int r = 1; r < nr; ++r) {
    if (!apply_join(true, vjoin(r - 1), r - 1, 0, r, 0, all)) return;
  }
  blocks_done_ = blocks_total();
  r_ = nr;
  c_ = 0;
}

bool Construction::write_block() {
  const int r = r_, c = c_;
  const Block* b = block(r, c);
  if (!b) {
    return fail("internal: no " + std::to_string(col_bands_[c]) + " x " +
                std::to_string(row_bands_[r]) + " block tour");
  }
  int flip = 0;
  if (r == 0 && c == 0) {
    flip = root_flip_;
  } else {
    const bool vertical = c == 0;
    const int ra = vertical ? r - 1 : r, ca = vertical ? 0 : c - 1;
    const int rel = relation(vertical, vertical ? vjoin(r - 1) : hjoin(r, c - 1), ra, ca, r, c);
    if (rel < 0) return fail("internal: a block tour is missing");
    flip = (vertical ? flip_col0_ : flip_left_) ^ rel;
  }
  if (!b->closed && flip != 0) return fail("internal: the open block would need reversing");

  // Copy the block's directions row by row.
  const std::size_t cols = static_cast<std::size_t>(tour_.geometry.cols);
  const std::uint8_t* src = flip ? b->rev.data() : b->fwd.data();
  std::uint8_t* dst = tour_.next.data() + static_cast<std::size_t>(row_y_[r]) * cols +
                      static_cast<std::size_t>(col_x_[c]);
  for (int y = 0; y < b->h; ++y, src += b->w, dst += cols) std::memcpy(dst, src, b->w);

  const Rows board{tour_.next.data(), 0};
  if (c > 0 && !apply_join(false, hjoin(r, c - 1), r, c - 1, r, c, board)) return false;
  if (c == 0 && r > 0 && !apply_join(true, vjoin(r - 1), r - 1, 0, r, 0, board)) return false;

  flip_left_ = flip;
  if (c == 0) flip_col0_ = flip;
  ++blocks_done_;
  if (++c_ == static_cast<int>(col_bands_.size())) {
    c_ = 0;
    ++r_;
  }
  return true;
}

bool Construction::adopt(CompactTour&& built, double seconds) {
  const Geometry g = tour_.geometry;
  if (status_ != Status::running || set_up_ || built.geometry.rows != g.rows ||
      built.geometry.cols != g.cols || built.start != tour_.start || built.closed != tour_.closed ||
      built.next.size() != static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols)) {
    return false;
  }
  tour_ = std::move(built);
  set_up_ = true;
  r_ = static_cast<int>(row_bands_.size());
  c_ = 0;
  blocks_done_ = blocks_total();
  seconds_ = seconds;
  status_ = Status::found;
  return true;
}

Status Construction::run(std::uint64_t max_steps) {
  if (status_ != Status::running || max_steps == 0) return status_;
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t steps = 0;
  const int nr = static_cast<int>(row_bands_.size());
  if (!set_up_) {
    const std::size_t n = static_cast<std::size_t>(tour_.geometry.rows) *
                          static_cast<std::size_t>(tour_.geometry.cols);
    if (setup()) {
      if ((max_steps > blocks_total() || max_steps >= kBulkSteps) && n >= bulk_squares_) {
        build_all();  // the whole board in one call: the fast path
        steps = max_steps;
      } else {
        tour_.next.assign(n, kNoJump);
      }
    }
    ++steps;
  }
  while (status_ == Status::running && steps < max_steps && r_ < nr) {
    write_block();
    ++steps;
  }
  if (status_ == Status::running && r_ == nr) {
    if (cut_) {
      // Open the cycle before the start: the start's predecessor becomes the end.
      const Geometry g = tour_.geometry;
      const Square s = tour_.start;
      bool cut = false;
      for (int d = 0; d < 8 && !cut; ++d) {
        const Square q = jump(s, reverse_direction(static_cast<std::uint8_t>(d)));
        if (!g.contains(q)) continue;
        std::uint8_t& nq = tour_.next[static_cast<std::size_t>(g.index(q))];
        if (nq == d) {
          nq = kNoJump;
          cut = true;
        }
      }
      if (!cut) fail("internal: the start has no predecessor");
    }
    if (status_ == Status::running) status_ = Status::found;
  }
  seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return status_;
}

// ---------------------------------------------------------------------------------------------

namespace {

// Calls visit(square) for each square of compact_to_path's walk, in order; returns how many.
template <class Visit>
std::size_t walk_compact(const CompactTour& tour, Visit&& visit) {
  const Geometry g = tour.geometry;
  const std::size_t n = static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols);
  if (tour.next.size() != n || !g.contains(tour.start)) return 0;
  Square s = tour.start;
  std::size_t i = 0;
  while (i < n) {
    visit(s);
    ++i;
    const std::uint8_t d = tour.next[static_cast<std::size_t>(g.index(s))];
    if (d > 7) break;
    s = jump(s, d);
    if (!g.contains(s) || s == tour.start) break;
  }
  return i;
}

}  // namespace

std::vector<Square> compact_to_path(const CompactTour& tour) {
  std::vector<Square> path;
  path.reserve(walk_compact(tour, [](Square) {}));
  walk_compact(tour, [&](Square s) { path.push_back(s); });
  return path;
}

std::vector<std::int32_t> compact_to_indices(const CompactTour& tour) {
  const Geometry g = tour.geometry;
  std::vector<std::int32_t> path;
  path.reserve(walk_compact(tour, [](Square) {}));
  walk_compact(tour, [&](Square s) { path.push_back(g.index(s)); });
  return path;
}

std::vector<std::int32_t> indices_to_board(Geometry g, std::span<const std::int32_t> path) {
  std::vector<std::int32_t> board(
      static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols), 0);
  for (std::size_t i = 0; i < path.size(); ++i) {
    std::int32_t& cell = board[static_cast<std::size_t>(path[i])];
    if (cell != 0) break;  // a revisit: the tour is broken; keep the first lap
    cell = static_cast<std::int32_t>(i + 1);
  }
  return board;
}

std::vector<std::int32_t> compact_to_board(const CompactTour& tour) {
  return indices_to_board(tour.geometry, compact_to_indices(tour));
}

}  // namespace kt
