// Exact tours of narrow boards (a side of at most 4: 3 x n, 4 x n, and the hopeless 1 x n and
// 2 x n) in time linear in the board's length, with any start, end, closed or open, and blocked
// squares: a dynamic programme over the columns of the strip, as transfer-matrix methods count
// paths on strips.
//
// The squares are taken one at a time along the long side (column by column across the short
// side). A knight's jump spans at most two columns, so a square at position v only meets squares
// at v - 2k - 1 .. v - 1 (k the short side): the "window". A state records, for each window
// square, whether the tour has entered it 0, 1 or 2 times and, for the ends of path fragments,
// which fragment they belong to (as the plug states of frontier-based path enumeration), plus
// how many tour ends have been used. Every way of joining the new square to the window is
// tried, so the set of states after the last square is empty exactly when no tour exists: a
// "none" from here is an exhaustive proof, on boards of any length.
//
// Linear time on long boards: on a run of columns with nothing special (no blocked square, no
// start or end nearby) every column applies the same transition to the set of states, so the
// sets repeat with some period after a few columns; the programme then jumps to the run's end,
// and the tour is read back through the repeating columns (each column's choices are those of
// its representative). Work: the columns near the special squares and the ends, plus one byte
// written per square.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "board/problem.hpp"
#include "board/status.hpp"

namespace kt {

// The strip programme takes boards whose shorter side is at most this.
inline constexpr int kStripMaxSide = 4;

bool strip_applies(const Problem& p);

struct StripResult {
  // found: `tour` holds it; none: no tour exists (exhaustively); running: stopped by
  // `should_stop` or by the memory budget before an answer (`reason` says which).
  Status status = Status::running;
  std::string reason;
  CompactTour tour;
  std::uint64_t states = 0;  // states generated: the work done
  std::int64_t columns = 0;  // columns the programme computed (the rest repeat)
};

// Precondition: strip_applies(p), p well formed (make_problem). `should_stop`, when given, is
// asked between columns; when it returns true the result is running.
StripResult solve_strip(const Problem& p, const std::function<bool()>& should_stop = {});

}  // namespace kt
