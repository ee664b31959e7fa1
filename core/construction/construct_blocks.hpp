// Building blocks of the divide-and-conquer construction (construct.hpp): small knight's tours
// of w x h blocks that contain prescribed edges at their corners, found by a backtracking search
// the first time they are needed, checked by verify_path, and cached for the process.
//
// Block coordinates are 0-based: x = 0..w-1 from the left, y = 0..h-1 from the bottom, cell
// index y * w + x (the board's row-major layout, so a block is copied into the board row by
// row). A jump's direction number is translation invariant, so a block's successor directions
// are valid wherever the block is placed.
//
// The corner catalogue. Near the bottom-left corner (0,0) four edges are named:
//   C_h = (0,0)-(1,2)   C_v = (0,0)-(2,1)   (the corner's only two edges: in every closed tour)
//   N_h = (1,1)-(0,3)   N_v = (1,1)-(3,0)
// and likewise at the other corners by mirroring x -> w-1-x and/or y -> h-1-y. Two blocks side
// by side are joined at one end of their common side by removing one block's C_h and the other
// block's N_h at the two corners that meet there, and adding the two crossing jumps between
// their endpoints (the "parallel edges to crossing edges" exchange of Parberry 1997); blocks
// one above the other likewise with C_v and N_v. Which block gives its C edge is the join's
// variant. A block's requirement is a 16-bit mask: bit corner * 4 + kind, corner = 0 bottom-left,
// 1 bottom-right, 2 top-left, 3 top-right; kind = 0 C_h, 1 C_v, 2 N_h, 3 N_v.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "board/knight.hpp"

namespace kt::construct_detail {

enum EdgeKind : int { kCh = 0, kCv = 1, kNh = 2, kNv = 3 };
enum Corner : int { kBottomLeft = 0, kBottomRight = 1, kTopLeft = 2, kTopRight = 3 };

inline constexpr std::uint16_t edge_bit(int corner, int kind) {
  return static_cast<std::uint16_t>(1u << (corner * 4 + kind));
}
// The C_h and C_v bits of all four corners: every closed tour of a block >= 5 x 5 has them.
inline constexpr std::uint16_t kCornerEdgeBits = 0x3333;

// The catalogue edge (corner, kind) of a w x h block as two local (x, y) cells.
struct LocalCell {
  int x = 0;
  int y = 0;
};
std::array<LocalCell, 2> catalogue_edge(int w, int h, int corner, int kind);

// A tour of a block. Closed: a cycle, with both orientations stored. Open: a path from `start`
// to `end` (fwd[end] == kNoJump); only that orientation.
struct Block {
  int w = 0;
  int h = 0;
  bool closed = false;
  int start = 0;  // open blocks: the first cell; closed: 0
  int end = 0;    // open blocks: the last cell; closed: 0
  std::uint16_t mask = 0;
  std::vector<std::uint8_t> fwd;  // direction to the successor of each cell (kNoJump at the end)
  std::vector<std::uint8_t> rev;  // closed only: direction to the predecessor

  // The direction out of `cell` in orientation `flip` (0: fwd, 1: rev).
  std::uint8_t dir(int cell, int flip) const { return flip ? rev[cell] : fwd[cell]; }
  // Whether the tour (orientation `flip`) jumps from cell `from` to cell `to`.
  bool goes(int from, int to, int flip = 0) const {
    const std::uint8_t d = dir(from, flip);
    return d != kNoJump && d == direction_of(to % w - from % w, to / w - from / w);
  }
};

// Sides accepted for blocks. Larger sides would work but make the start-up search slower.
inline constexpr int kMinBlockSide = 5;
inline constexpr int kMaxBlockSide = 12;

// A closed tour of a w x h block (w * h even, sides 5..12) containing the catalogue edges in
// `mask` (C bits are implied), or nullptr when the search finds none within its budget. Cached:
// the search runs once per (w, h, mask) per process. Thread safe.
const Block* closed_block(int w, int h, std::uint16_t mask);

// An open tour of a w x h block (both sides odd, 5..11) from cell `start` (a dark square,
// x + y even) containing the catalogue edges in `mask`, or nullptr. Cached like closed_block.
const Block* open_block(int w, int h, std::uint16_t mask, int start);

// Tiling. Band sizes along one side of the board, first band at coordinate 0.
// even_bands: `length` 0 or even >= 6; sizes even, 6..12, as few bands as possible.
std::vector<int> even_bands(int length);
// odd_bands: `length` odd >= 5; exactly one odd band (5..11, at index *odd_index), the others
// even (6..12). With containing >= 0 the odd band covers that 0-based coordinate. False when
// there is no such split (never for length >= 5; tested).
bool odd_bands(int length, int containing, std::vector<int>& out, int& odd_index);

// Search statistics for tests and the benchmark: blocks searched so far and search nodes spent.
struct BlockStats {
  std::uint64_t searches = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
};
BlockStats block_stats();

}  // namespace kt::construct_detail
