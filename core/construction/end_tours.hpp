// Open tours between two given squares on boards with both sides at least 5, built from the
// linear-time construction (construct.hpp) and then steered to the wanted end by Pósa's
// rotations (Pósa 1976; the rotation-extension technique for Hamiltonian paths).
//
// The construction gives a tour from the start: the closed tour cut just after the start, or on
// an odd x odd board an open tour from it. Its end t is then moved: for a knight neighbour w of
// t at place i of the path, the path start..w, t, ..., w+1 (the part after w reversed) is again
// a tour from the start, now ending at w+1, at most two jumps from t. The walk of rotations that
// brings the end there is posa_path.hpp's, shared with repair_tours.hpp. Conrad et al. (1994) show
// that on boards with both sides at least 5 a tour joins any two squares of opposite colour (or, on
// odd x odd boards, two dark squares), with a few exceptions on small boards; the walk is a
// heuristic and is bounded: when it does not arrive, the answer says so (status running) and the
// caller falls back to a search.
//
// Cost: the construction, then per rotation the length of the reversed part (at most the
// board); a few hundred rotations on a 1000 x 1000 board, and at most about 256 sweeps of the
// board's squares (default_rotation_budget). Memory: 8 bytes a square.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "board/problem.hpp"
#include "board/status.hpp"

namespace kt {

// Open tour, start and end given, no blocked squares, both sides at least 5, and at most
// kMaxEndTourSquares squares (the path and its index take 8 bytes a square).
bool end_tour_applies(const Problem& p);
inline constexpr std::int64_t kMaxEndTourSquares = std::int64_t{1} << 25;

struct EndTourResult {
  Status status = Status::running;  // found, or running when the walk gave up (reason says)
  std::string reason;
  CompactTour tour;
  std::uint64_t rotations = 0;
};

// Precondition: end_tour_applies(p), and theory (settle) does not rule the pair out.
EndTourResult build_end_tour(const Problem& p, const std::function<bool()>& should_stop = {});

}  // namespace kt
