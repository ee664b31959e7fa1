// What the page reads of a running kt::Solver beyond its own read-outs: which engine is at
// work, the search's stack of frames, and what its last step did (the core's kt::Search
// read-outs, as squares). Used by the explorer (explorer_state.hpp), its
// view and the JS API's read-out (web/bindings.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "board/geometry.hpp"
#include "solve/solver.hpp"

namespace kt::ui {

// What answers the problem: a backtracking search, the construction, or nothing (theory
// settled it before any method started).
enum class Engine : std::uint8_t { none, search, construction };
Engine engine(const Solver& s);

// Runs `s` for at most max_steps steps (Solver::run) and says what the last one did (the
// search's kt::Action; none for a construction, or when nothing ran).
Action advance(Solver& s, std::uint64_t max_steps);

// One frame of the search's stack (the textbook's TryMove(i, x, y) call): move `move` entered
// `square`, and the frame has tried or skipped `candidate` of its candidate jumps so far.
struct StackFrame {
  int move = 0;  // 1 for the start
  Square square;
  int candidate = 0;
};

// The stack from the start (frame 0) to the square the search stands on; empty when no search
// is at work (a construction, or theory answered).
std::vector<StackFrame> read_stack(const Solver& s);

}  // namespace kt::ui
