// The knight toolkit: every primitive about the piece and its board in one header, as Stockfish
// keeps its bit primitives and tables in one (src/bitboard.h).
//
// - Jumps: the eight knight jumps in their fixed direction encoding (a data format), the
//   direction of a jump, the jump back, the square a jump lands on.
// - Colours: the one colouring of squares that every part of the product uses.
// - Bits: helpers for boards of at most 64 squares held in one 64-bit word.
// - Leapers and wrapping boards: the knight's directions read for an (a,b)-leaper, and a jump's
//   landing square on a board whose edges join (board/piece.hpp).
// - Neighbours: the walk over a square's on-board, unblocked neighbours (the knight's or any
//   piece's) from which every neighbour table (lists, bit masks, graphs) is built.
//
// Header-only; constexpr and forced inline where it matters, so the helpers cost nothing in
// hot loops and can be used inside functions compiled for another target (such as a kernel
// under __attribute__((target("popcnt")))): they then use that target's instructions.
#pragma once

#include <array>
#include <bit>
#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include "board/geometry.hpp"
#include "board/piece.hpp"

#if defined(__GNUC__) || defined(__clang__)
#define KT_KNIGHT_INLINE inline __attribute__((always_inline))
#else
#define KT_KNIGHT_INLINE inline
#endif

namespace kt {

// ---- Jumps ---------------------------------------------------------------------------------

// The eight knight jumps in a fixed encoding: direction d is (1, 2) turned clockwise by d
// eighths of a turn (x to the right, y up), so d and d + 4 (mod 8) are opposite. This is a data
// format (CompactTour stores one direction per square; anything may store a jump in three
// bits), not a move order: never renumber it.
inline constexpr std::array<int, 8> kJumpDx{1, 2, 2, 1, -1, -2, -2, -1};
inline constexpr std::array<int, 8> kJumpDy{2, 1, -1, -2, -2, -1, 1, 2};
// No jump: the end of an open tour, a blocked square, or a (dx, dy) that is not a knight jump.
inline constexpr std::uint8_t kNoJump = 0xFF;

namespace knight_detail {

// Direction numbers by (dx + 2) + 5 * (dy + 2) for |dx|, |dy| <= 2; kNoJump elsewhere.
constexpr std::array<std::uint8_t, 25> make_direction_table() {
  std::array<std::uint8_t, 25> t{};
  for (auto& e : t) e = kNoJump;
  for (int d = 0; d < 8; ++d)
    t[(kJumpDx[d] + 2) + 5 * (kJumpDy[d] + 2)] = static_cast<std::uint8_t>(d);
  return t;
}
inline constexpr std::array<std::uint8_t, 25> kDirectionTable = make_direction_table();

}  // namespace knight_detail

// The direction number of the jump (dx, dy), or kNoJump when (dx, dy) is not a knight's jump.
constexpr std::uint8_t direction_of(std::int64_t dx, std::int64_t dy) {
  if (dx < -2 || dx > 2 || dy < -2 || dy > 2) return kNoJump;
  return knight_detail::kDirectionTable[static_cast<std::size_t>((dx + 2) + 5 * (dy + 2))];
}

static_assert(direction_of(1, 2) == 0 && direction_of(-1, 2) == 7 && direction_of(0, 0) == kNoJump);

// Whether (dx, dy) is one of the eight knight jumps.
constexpr bool is_knight_jump(std::int64_t dx, std::int64_t dy) {
  return direction_of(dx, dy) != kNoJump;
}

// The opposite direction: the jump back (d is 0..7).
constexpr std::uint8_t reverse_direction(std::uint8_t d) {
  return static_cast<std::uint8_t>((d + 4) & 7);
}

static_assert(kJumpDx[reverse_direction(1)] == -kJumpDx[1] &&
              kJumpDy[reverse_direction(6)] == -kJumpDy[6]);

// The square direction d (0..7) leads to from `s`; it may be off the board.
constexpr Square jump(Square s, int d) { return {s.x + kJumpDx[d], s.y + kJumpDy[d]}; }

// ---- Leapers and wrapping boards (board/piece.hpp) ------------------------------------------

// A component of a knight's jump (+-1 or +-2) read for the leaper: 1 as a, 2 as b. So any knight
// move order, the direction encoding included, is a move order of every leaper.
constexpr int leap(int knight_component, Leaper l) {
  const int v = (knight_component == 1 || knight_component == -1) ? l.a : l.b;
  return knight_component < 0 ? -v : v;
}

static_assert(leap(kJumpDx[1], Leaper{1, 3}) == 3 && leap(kJumpDy[4], Leaper{1, 3}) == -3);

// Where the jump (dx, dy) from `s` lands on g, wrapped round the edges the piece joins; nullopt
// when it leaves the board.
inline std::optional<Square> land(Geometry g, const Piece& piece, Square s, int dx, int dy) {
  Square t{s.x + dx, s.y + dy};
  if (piece.wraps_columns()) t.x = ((t.x - 1) % g.cols + g.cols) % g.cols + 1;
  if (piece.wraps_rows()) t.y = ((t.y - 1) % g.rows + g.rows) % g.rows + 1;
  if (!g.contains(t)) return std::nullopt;
  return t;
}

// The square direction d (0..7) of the piece leads to from `s`, or nullopt off the board.
inline std::optional<Square> step(Geometry g, const Piece& piece, Square s, int d) {
  return land(g, piece, s, leap(kJumpDx[d], piece.leaper), leap(kJumpDy[d], piece.leaper));
}

// The lowest direction that takes the piece from `a` to `b` on g, or kNoJump when none does.
inline std::uint8_t direction_between(Geometry g, const Piece& piece, Square a, Square b) {
  if (piece.is_plain_knight()) return direction_of(b.x - a.x, b.y - a.y);
  for (int d = 0; d < 8; ++d) {
    if (step(g, piece, a, d) == std::optional<Square>(b)) return static_cast<std::uint8_t>(d);
  }
  return kNoJump;
}

// ---- Colours -------------------------------------------------------------------------------

// One convention everywhere, that of a chessboard: a1 = (1, 1) is dark, so a square is dark
// when x + y is even. A knight's jump always changes colour. On a board with both sides odd
// the dark squares are the majority (one more than the light ones), and every open tour
// starts and ends on them.
//
// Only the parity of x + y counts, so the same function colours 0-based (x - 1, y - 1)
// coordinates, such as the cells of a construction block, identically.
enum class Colour : std::uint8_t { dark = 0, light = 1 };

constexpr Colour colour_of(std::int64_t x, std::int64_t y) {
  return ((x + y) & 1) != 0 ? Colour::light : Colour::dark;
}
constexpr Colour colour_of(Square s) { return colour_of(s.x, s.y); }

// Dark squares of the whole board: ceil(size / 2), since (1, 1) is dark.
inline int dark_squares(Geometry g) { return (g.size() + 1) / 2; }

// ---- Bits ----------------------------------------------------------------------------------

// A set of squares of a board of at most 64 squares (bit i: square i), or of a graph of at
// most 64 vertices.
using Bitboard = std::uint64_t;

// The set of square i alone (0 <= i < 64).
template <std::integral T>
KT_KNIGHT_INLINE constexpr Bitboard bit(T i) {
  return Bitboard{1} << i;
}

// Squares 0..n-1 (0 <= n <= 64).
KT_KNIGHT_INLINE constexpr Bitboard first_squares(int n) {
  return n >= 64 ? ~Bitboard{0} : bit(n) - 1;
}

// Number of squares in b: one instruction where the target has one (WebAssembly, AArch64,
// x86-64 with popcnt, including a function compiled with __attribute__((target("popcnt")))).
KT_KNIGHT_INLINE constexpr int popcount(Bitboard b) { return std::popcount(b); }

// The same count in about a dozen plain instructions, for hot loops on baseline x86-64, where
// popcount() is a library call.
KT_KNIGHT_INLINE constexpr int popcount_portable(Bitboard b) {
  b = b - ((b >> 1) & 0x5555555555555555u);
  b = (b & 0x3333333333333333u) + ((b >> 2) & 0x3333333333333333u);
  b = (b + (b >> 4)) & 0x0f0f0f0f0f0f0f0fu;
  return static_cast<int>((b * 0x0101010101010101u) >> 56);
}

// The lowest and the highest square of b; b must not be empty.
KT_KNIGHT_INLINE constexpr int lsb(Bitboard b) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctzll(b);
#else
  return std::countr_zero(b);
#endif
}
KT_KNIGHT_INLINE constexpr int msb(Bitboard b) {
#if defined(__GNUC__) || defined(__clang__)
  return 63 ^ __builtin_clzll(b);
#else
  return 63 ^ std::countl_zero(b);
#endif
}

// Removes the lowest square of b (not empty) and returns it.
KT_KNIGHT_INLINE constexpr int pop_lsb(Bitboard& b) {
  const int i = lsb(b);
  b &= b - 1;
  return i;
}

// ---- Neighbours ----------------------------------------------------------------------------

// The neighbours of `from` for every piece but the knight on a plain board, as
// for_each_neighbour below visits them: their indices in `to` and their jumps' places in the
// order in `k`; returns how many (at most eight). Out of line (board/piece.cpp): the knight's
// walk, inlined everywhere, stays as small as it was.
int piece_neighbours(Geometry g, int from, std::span<const std::uint8_t> blocked,
                     const std::array<int, 8>& dx, const std::array<int, 8>& dy, const Piece& piece,
                     std::array<int, 8>& to, std::array<int, 8>& k);

// visit(to, k), or visit(to) for a visitor that takes no k. (A function, not a lambda, so that
// it is inlined wherever the walk is.)
template <class Visit>
KT_KNIGHT_INLINE void visit_neighbour(Visit& visit, int to, int k) {
  if constexpr (std::is_invocable_v<Visit&, int, int>) {
    visit(to, k);
  } else {
    visit(to);
  }
}

// Calls visit(to) or visit(to, k) for every neighbour `to` (a Geometry::index) of square `from`
// that the piece reaches on g and is not blocked, in the sequence of the knight's jumps
// (dx[k], dy[k]) read for the piece's leaper (leap()): the direction encoding unless a move
// order is given, k being the jump's place in it. `blocked` is empty or holds one flag per
// square. Every neighbour table of the product is built by it: the bounds and wrapping
// arithmetic of jumps lives here only. Each neighbour is visited once, at the first jump that
// reaches it (a (1,1)-leaper's order names each jump twice, and a narrow wrapped board folds
// two jumps onto one square), and a jump that wraps back onto `from` is no move.
template <class Visit>
KT_KNIGHT_INLINE void for_each_neighbour(Geometry g, int from, Visit&& visit,
                                         std::span<const std::uint8_t> blocked = {},
                                         const std::array<int, 8>& dx = kJumpDx,
                                         const std::array<int, 8>& dy = kJumpDy,
                                         const Piece& piece = {}) {
  const Square s = g.square(from);
  if (piece.is_plain_knight()) {  // the common case: eight distinct jumps, no wrapping
    for (int k = 0; k < 8; ++k) {
      const Square t{s.x + dx[k], s.y + dy[k]};
      if (!g.contains(t)) continue;
      const int to = g.index(t);
      if (!blocked.empty() && blocked[static_cast<std::size_t>(to)] != 0) continue;
      visit_neighbour(visit, to, k);
    }
    return;
  }
  std::array<int, 8> to, k;
  const int n = piece_neighbours(g, from, blocked, dx, dy, piece, to, k);
  for (int i = 0; i < n; ++i) visit_neighbour(visit, to[i], k[i]);
}

// The same walk in the direction encoding, for the piece.
template <class Visit>
KT_KNIGHT_INLINE void for_each_move(Geometry g, const Piece& piece, int from, Visit&& visit,
                                    std::span<const std::uint8_t> blocked = {}) {
  for_each_neighbour(g, from, visit, blocked, kJumpDx, kJumpDy, piece);
}

// Whether the piece's eight directions fail to reach eight different squares somewhere on g: an
// (a,a)- or (0,b)-leaper names each of its four jumps twice, and a narrow wrapping board folds
// two jumps onto one square or one back onto its own. Walks the board: for small boards.
inline bool folds_jumps(Geometry g, const Piece& piece) {
  if (piece.is_plain_knight()) return false;
  for (int i = 0; i < g.size(); ++i) {
    int landed = 0, walked = 0;
    for (int d = 0; d < 8; ++d) landed += step(g, piece, g.square(i), d).has_value();
    for_each_move(g, piece, i, [&](int) { ++walked; });
    if (landed != walked) return true;
  }
  return false;
}

// For every square of g, the set of its neighbours (the piece's; the knight's by default) that are
// not blocked; blocked squares get the empty set. Indexed by Geometry::index, like the bits. Empty
// when g has more than 64 squares.
inline std::vector<Bitboard> neighbour_masks(Geometry g, std::span<const std::uint8_t> blocked = {},
                                             const Piece& piece = {}) {
  if (g.size() > 64) return {};
  std::vector<Bitboard> masks(static_cast<std::size_t>(g.size()), 0);
  for (int i = 0; i < g.size(); ++i) {
    if (!blocked.empty() && blocked[static_cast<std::size_t>(i)] != 0) continue;
    for_each_move(
        g, piece, i, [&](int to) { masks[static_cast<std::size_t>(i)] |= bit(to); }, blocked);
  }
  return masks;
}

}  // namespace kt
