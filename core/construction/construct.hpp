// Divide-and-conquer construction of knight's tours in time linear in the number of squares
// (in the spirit of Parberry 1997, Conrad et al. 1994, Lin & Wei 2005).
//
// The board is cut into bands of columns and bands of rows, each 5..12 wide, so every block
// (a column band x a row band) is small. Every block gets a tour of its own from the program's
// backtracking block search (construct_blocks.hpp: found at first use, verified, cached): a
// closed tour, or for the one odd x odd block of an odd x odd board an open tour from the start
// square. The block tours contain prescribed edges at their corners, so neighbouring blocks can
// be joined by exchanging two parallel edges for two crossing ones. The joins form a spanning
// tree of the blocks (each row of blocks a chain, the left column of blocks the spine), so the
// result is one cycle (or one path). Orientations are chosen up front so no block is ever
// reversed; a block is written by copying its successor directions, so the whole board costs
// one byte per square and a few memcpy calls per block row.
//
// Covered (m <= n the board's sides, no blocked squares):
// - closed tours on every m x n board with m >= 5 and m * n even (all boards >= 5 x 5 where a
//   closed tour exists), starting wherever asked (default (1,1));
// - open tours on every board with m >= 5 from every square where one can start: on boards
//   with a closed tour, by cutting the closed tour before the start; on odd x odd boards from
//   every dark square (x + y even: the majority colour; no open tour starts elsewhere), the
//   start's block being an open block tour from that square.
// Not covered: boards with a side below 5 (3 x n, 4 x n; left to the search), blocked squares,
// a prescribed end square of an open tour.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "board/geometry.hpp"
#include "board/problem.hpp"
#include "board/status.hpp"

namespace kt {

namespace construct_detail {
struct Block;
}

// Both sides must be at least this for the construction; smaller boards are the search's.
inline constexpr int kConstructMinSide = 5;

// From this many squares on, a construction asked to finish in one run() call builds the whole
// board at once (Construction::build_all): on every core, in huge pages where the system has
// them. Smaller boards (and the page's slices) are written block by block.
inline constexpr std::size_t kBulkSquares = std::size_t{1} << 20;
// A run() call allowed this many steps also builds the whole board at once: a caller that
// hands out millions of blocks per call (the CLI's progress slices) wants the board, not
// slices of it; the page's per-frame slices are far smaller.
inline constexpr std::uint64_t kBulkSteps = std::uint64_t{1} << 22;

// Empty when the construction can build what `p` asks for, else a one-line reason: the request
// is malformed (no start for an open tour, a square off the board), or outside the
// construction (blocked squares, a side below 5, a prescribed end square), or no such tour
// exists: that is the theory's answer and reason (settle_full_board in theory/existence.hpp:
// e.g. a closed tour on an odd x odd board, an open tour from a light square of one).
std::string construction_refusal(const Problem& p);

// Builds the tour `p` asks for into `out` (resized to the board). Returns "" on success, else
// the one-line reason of construction_refusal (and `out` is left empty). The result passes
// verify_compact(p, out). Linear time; memory: the tour's one byte per square.
std::string construct_tour(const Problem& p, CompactTour& out);

// The same construction in slices, for the page: run(max_steps) builds at most max_steps
// steps and returns. A step is one block written into the board together with its join to the
// block already written on its left (or below, on the left column); the first step looks up
// the block tours the start's block needs and allocates the board (a few milliseconds at most;
// a block tour not in the cache yet is searched when first needed, in well under a
// millisecond). While running, squares not written yet hold kNoJump.
class Construction {
 public:
  // bulk_squares: boards of at least this many squares asked to finish in one run() call are
  // built at once (kBulkSquares; tests lower it to check that path on small boards).
  explicit Construction(const Problem& p, std::size_t bulk_squares = kBulkSquares);

  Status run(std::uint64_t max_steps);

  Status status() const { return status_; }
  // When status() is none: why (the refusal, or an internal failure, which is a bug).
  const std::string& reason() const { return reason_; }

  // The tour so far (complete when status() is found).
  const CompactTour& tour() const { return tour_; }
  // Moves the tour out (leaves the construction's copy empty).
  CompactTour take_tour() { return std::move(tour_); }
  // Takes the tour of this problem as built elsewhere, by another Construction (the page's
  // counting worker builds huge boards on its threads): before the first step only, and only a
  // tour of this board from this start, open or closed as asked. Returns whether it was taken
  // (the construction is then found, every block done); the caller verifies it as any other.
  bool adopt(CompactTour&& built, double seconds);
  // Whether a step has run (the first sets the board up, the next write blocks).
  bool started() const { return set_up_; }

  // Progress: blocks written so far out of all blocks.
  std::uint64_t blocks_done() const { return blocks_done_; }
  std::uint64_t blocks_total() const {
    return static_cast<std::uint64_t>(col_bands_.size()) * row_bands_.size();
  }
  // Widths of the column bands from the left and heights of the row bands from the bottom (the
  // page may draw block outlines). Empty when refused.
  std::span<const int> column_bands() const { return col_bands_; }
  std::span<const int> row_bands() const { return row_bands_; }
  double seconds() const { return seconds_; }

 private:
  struct JoinChoice {
    std::uint8_t end = 0;      // 0: at the low end of the common side (bottom / left), 1: high
    std::uint8_t variant = 0;  // 0: block A gives N and block B gives C, 1: the other way
  };
  // Rows of successor directions being written: the board, or a band's image; cell (x, y) of
  // the board (0-based) is data[(y - y0) * cols + x].
  struct Rows {
    std::uint8_t* data;
    std::int64_t y0;
  };
  bool setup();
  bool write_block();
  void build_all();
  bool write_band_image(int r, int flip0, std::vector<std::uint8_t>& image);
  JoinChoice hjoin(int r, int c) const;  // between blocks (r, c) and (r, c + 1)
  JoinChoice vjoin(int r) const;         // between blocks (r, 0) and (r + 1, 0)
  std::uint16_t mask(int r, int c) const;
  const construct_detail::Block* block(int r, int c);  // nullptr if none
  int relation(bool vertical, JoinChoice j, int ra, int ca, int rb, int cb);
  bool apply_join(bool vertical, JoinChoice j, int ra, int ca, int rb, int cb, Rows rows);
  bool fail(std::string why);

  CompactTour tour_;
  Status status_ = Status::running;
  std::string reason_;
  bool set_up_ = false;
  bool cut_ = false;  // an open tour cut from the closed one at the end
  std::size_t bulk_squares_ = kBulkSquares;

  std::vector<int> col_bands_, row_bands_;
  std::vector<std::int64_t> col_x_, row_y_;  // 0-based offsets of the bands
  int path_r_ = -1, path_c_ = -1;            // the odd x odd board's open block, if any
  JoinChoice path_left_, path_right_, path_down_, path_up_;
  const construct_detail::Block* path_block_ = nullptr;
  std::vector<const construct_detail::Block*> type_cache_;  // closed blocks by w, h, N bits

  int r_ = 0, c_ = 0;  // the next block to write
  int root_flip_ = 0, flip_left_ = 0, flip_col0_ = 0;
  std::uint64_t blocks_done_ = 0;
  double seconds_ = 0;
};

// The squares of a compact tour in order from its start (walks at most one lap; stops at the
// end of an open tour or where the successor leaves the board). For boards small enough to
// print: a vector of Square per square.
std::vector<Square> compact_to_path(const CompactTour& tour);

// The same walk as Geometry::index of each square (four bytes a square, reserved at once: the
// Solver's path of a huge constructed tour).
std::vector<std::int32_t> compact_to_indices(const CompactTour& tour);

// Move numbers (1 = start) of a compact tour, indexed by Geometry::index; 0 where the walk of
// compact_to_path did not reach. Small boards only (four bytes per square).
std::vector<std::int32_t> compact_to_board(const CompactTour& tour);
// The same from the walk as indices (compact_to_indices): a square met again ends the first
// lap there.
std::vector<std::int32_t> indices_to_board(Geometry g, std::span<const std::int32_t> path);

}  // namespace kt
