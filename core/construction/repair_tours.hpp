// Tours of boards with blocked squares (both sides at least 5), built by repairing a constructed
// tour of the full board around them, instead of searching.
//
// The linear-time construction (construct.hpp) gives a path through every square of the board
// from the start: its closed tour cut next to the start, or on an odd x odd board an open tour
// from a dark square. A square at the end of a path can simply be dropped. So the path's end is
// walked by Pósa's rotations (posa_path.hpp, the same walk end_tours uses) onto a blocked square,
// which is dropped; then onto the next, and so on. Rotations keep the end on its colour and a
// drop changes it, so the blocked squares are taken nearest first among those of the end's
// colour: where the theory allows a tour (the free squares' colours balanced), the colours of
// the blocked squares alternate so that this works out. Blocked squares stay on the path (and
// may serve as pivots) until they are dropped, so the rotations only ever leave jumps between
// free squares. Last, the end is walked to the requested end square, or next to the start for a
// closed tour.
//
// Both ends are used: where no blocked square left has the colour of the end, the path is turned
// around (a sweep of the board). Where the construction cannot start at the start (a light
// square of an odd x odd board), it starts at a free dark square, or at a blocked one dropped
// first where both ends of the tour must be light; at last the end is walked to the start and
// the path turned around.
//
// Bounded: at most default_rotation_budget's rotations and squares moved. When the repair does
// not arrive it says what it tried (status running), and the caller falls back. Cost: the
// construction, plus per rotation the length of the reversed part; the walks cross about the
// distance between blocked squares, two squares a rotation. Memory: 8 bytes a square.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "board/problem.hpp"
#include "board/status.hpp"

namespace kt {

// Blocked squares are taken on boards of up to 2^25 squares (board/request.cpp); so is the
// repair.
inline constexpr std::int64_t kMaxRepairSquares = std::int64_t{1} << 25;

// Blocked squares, both sides at least 5, at most kMaxRepairSquares squares, more than one free
// square.
bool repair_applies(const Problem& p);

struct RepairResult {
  Status status = Status::running;  // found, or running when the repair gave up (reason says)
  std::string reason;               // what was done, or what was tried
  CompactTour tour;
  int dropped = 0;              // blocked squares walked to the end and dropped
  std::uint64_t rotations = 0;  // Posa rotations, all walks together
};

// Precondition: repair_applies(p), p well formed (make_problem), and theory (settle) does not
// rule it out. `should_stop` is asked now and then; when it returns true the result is running.
RepairResult repair_tour(const Problem& p, const std::function<bool()>& should_stop = {});

}  // namespace kt
