// An independent tour verifier. It shares no code with the searches (no move tables, no move
// orders, no neighbour walk): a knight's jump is legal when |dx| * |dy| == 2, an
// (a,b)-leaper's when {|dx|, |dy|} == {a, b} (either way round a side that wraps,
// board/piece.hpp), and everything else is counted afresh.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "board/geometry.hpp"
#include "board/problem.hpp"

namespace kt {

struct Verdict {
  bool ok = false;      // a legal tour visiting every square exactly once
  bool closed = false;  // ok, and the last square is a knight's jump from the first
  std::string reason;   // when !ok: where and how it breaks
};

// Every verdict needs a geometry check_geometry accepts and at least one free square: a board
// with every square blocked has no tour.

// Checks a path of squares (1-based coordinates). With require_closed, an open tour fails.
// The piece (a leaper, a wrapping board) is the knight on a plain board unless given.
Verdict verify_path(Geometry g, std::span<const Square> path, bool require_closed = false,
                    const Piece& piece = {});

// Checks a board of move numbers (1..free squares, indexed by Geometry::index); -1 (kBlocked)
// marks a blocked square, which the tour must leave out. Any other number, negative ones
// included, is a square the tour must visit with that move number, and fails if it can't.
Verdict verify_board(Geometry g, std::span<const std::int32_t> board, bool require_closed = false,
                     const Piece& piece = {});

// Checks a compact tour (a direction per square, read for the problem's piece) against a
// problem: it must visit every free
// square once, avoid blocked ones, start (and end) where the problem says, and be closed when
// asked. Uses one bit per square besides the tour itself, so it scales to 10^8 squares.
Verdict verify_compact(const Problem& problem, const CompactTour& tour);

// The checks both compact verifiers start with: the tour and the blocked squares are for this
// board, and the tour starts where the problem says. Empty when they are, else the reason.
std::string check_compact_shape(const Problem& problem, const CompactTour& tour);

// The same verdict as verify_compact (ok and closed; the reason may be worded differently),
// for boards of up to a billion squares: no memory beyond the tour itself, and on `threads`
// threads (0: every core on large boards, one on small ones; always one where there are no
// threads, as in WebAssembly). It never follows
// the tour square by square from the start alone; instead (verify_successors.cpp):
// 1. every free square's successor is a knight's jump to a free square on the board, and every
//    free square is the successor of exactly one free square (the start of an open tour: of
//    none), counted in parallel over rows; so the successors form one path (open) or cycles;
// 2. from each landmark (the free squares of the first column, and the start) the successors
//    are followed to the next landmark, several walks interleaved on each thread; the
//    landmarks' own chain from the start must then cover every free square once.
// The knight on a plain board: other pieces go to verify_compact.
Verdict verify_successors(const Problem& problem, const CompactTour& tour, int threads = 0);

}  // namespace kt
