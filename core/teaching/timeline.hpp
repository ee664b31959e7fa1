// The textbook's run with a timeline: forward and back at any granularity, and a scrubber over
// everything run so far. Going back restores the nearest earlier checkpoint (a copy of the
// machine) and replays the lines after it: the machine is deterministic, so the state reached
// is exactly the one that was there. Checkpoints are thinned as the run grows (every other one
// dropped and the spacing doubled) to stay within a fixed memory budget, so any point of a run
// of any length can be reached by replaying at most one spacing of lines.
#pragma once

#include <cstdint>
#include <vector>

#include "teaching/try_move.hpp"

namespace kt {

enum class Granularity : std::uint8_t { line, move, dead_end, tour };
const char* to_string(Granularity g);  // "line", "move", "dead-end", "tour"

class Timeline {
 public:
  Timeline(const Problem& problem, const MoveOrder& order,
           std::size_t memory_budget = std::size_t{64} << 20,
           Semantics semantics = Semantics::try_move);

  const TryMoveMachine& machine() const { return machine_; }

  // Forward by `count` steps of the granularity (line: one line; move: until a square is
  // recorded or erased; dead end: until the next erase; tour: to the end of the run, or for
  // Try_All, which goes on after every tour, until the next board is displayed), at most
  // max_lines lines in all. True when the steps were completed.
  bool forward(Granularity g, std::uint64_t count, std::uint64_t max_lines);
  // Step over: at a recursive call, run the whole call (at most max_lines lines); elsewhere one
  // line. Step out: run until the current call returns to its caller.
  bool step_over(std::uint64_t max_lines);
  bool step_out(std::uint64_t max_lines);
  // Back by `count` steps of the granularity: to the state right after the count-th earlier
  // record or erase (move), erase (dead end), line (line), board displayed (Try_All's tour), or
  // to the beginning (tour). One checkpoint window's replay whatever the count.
  void back(Granularity g, std::uint64_t count = 1);
  // Any line in 0..furthest(): the state after that many lines.
  void seek(std::uint64_t line);
  std::uint64_t furthest() const { return furthest_; }
  // Breakpoints (TryMoveMachine::at_break's mask): every run forward stops before them, after
  // at least one line; whether the last one did.
  void set_breakpoints(std::uint32_t mask) { breaks_ = mask; }
  bool stopped_at_break() const { return broke_; }

 private:
  struct Checkpoint {
    std::uint64_t line;
    TryMoveMachine machine;
  };
  // Runs toward the goal in pieces that end on checkpoint lines, keeping checkpoints.
  bool run(TryMoveMachine::Goal goal, std::uint64_t max_lines);
  void keep_checkpoint();
  const Checkpoint& checkpoint_at_or_before(std::uint64_t line) const;
  // What a step back counts: records and erases, erases, or boards displayed.
  enum class Counted : std::uint8_t { moves, erases, tours };
  static std::uint64_t counted(const TryMoveMachine& m, Counted what);
  // The first line by which the run had made `target` of them, target at least 1 and at most
  // the current state's.
  std::uint64_t first_line_reaching(Counted what, std::uint64_t target) const;

  TryMoveMachine machine_;
  std::vector<Checkpoint> checkpoints_;  // by line, the first at line 0
  std::uint64_t spacing_ = 1024;         // lines between checkpoints
  std::size_t max_checkpoints_;
  std::uint64_t furthest_ = 0;
  std::uint32_t breaks_ = 0;
  bool broke_ = false;
};

}  // namespace kt
