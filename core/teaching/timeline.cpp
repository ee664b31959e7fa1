#include "teaching/timeline.hpp"

#include <algorithm>

namespace kt {

const char* to_string(Granularity g) {
  switch (g) {
    case Granularity::line:
      return "line";
    case Granularity::move:
      return "move";
    case Granularity::dead_end:
      return "dead-end";
    case Granularity::tour:
      return "tour";
  }
  return "?";
}

Timeline::Timeline(const Problem& problem, const MoveOrder& order, std::size_t memory_budget,
                   Semantics semantics)
    : machine_(problem, order, semantics) {
  // A checkpoint holds the board, the stack and the tree's shape: about 32 bytes a square.
  const std::size_t bytes = 32 * static_cast<std::size_t>(problem.geometry.size()) + 256;
  max_checkpoints_ = std::max<std::size_t>(16, memory_budget / bytes);
  checkpoints_.push_back({0, machine_});
}

void Timeline::keep_checkpoint() {
  const std::uint64_t line = machine_.lines();
  if (line <= checkpoints_.back().line || line % spacing_ != 0) return;
  checkpoints_.push_back({line, machine_});
  if (checkpoints_.size() <= max_checkpoints_) return;
  spacing_ *= 2;  // keep every checkpoint on the new spacing (the first, at 0, always is)
  std::erase_if(checkpoints_, [this](const Checkpoint& c) { return c.line % spacing_ != 0; });
}

bool Timeline::run(TryMoveMachine::Goal goal, std::uint64_t max_lines) {
  using Kind = TryMoveMachine::Goal::Kind;
  // Goals counted from here become absolute targets, so that the run can go in pieces.
  const std::uint64_t lines0 = machine_.lines(), moves0 = machine_.moves(),
                      tours0 = machine_.tours();
  std::uint64_t left = max_lines;
  bool met = false;
  broke_ = false;
  while (left > 0 && machine_.status() == Status::running) {
    const std::uint64_t to_checkpoint = spacing_ - machine_.lines() % spacing_;
    const std::uint64_t piece = std::min(left, to_checkpoint);
    TryMoveMachine::Goal g = goal;
    g.breaks = breaks_;
    if (goal.kind == Kind::lines) g.n = goal.n - (machine_.lines() - lines0);
    if (goal.kind == Kind::moves) g.n = goal.n - (machine_.moves() - moves0);
    if (goal.kind == Kind::tours) g.n = goal.n - (machine_.tours() - tours0);
    const std::uint64_t before = machine_.lines();
    met = machine_.run_until(g, piece);
    left -= machine_.lines() - before;
    if (machine_.lines() > furthest_) {
      keep_checkpoint();
      furthest_ = machine_.lines();
    }
    if (machine_.lines() > lines0 && machine_.at_break(breaks_)) {
      broke_ = true;
      break;
    }
    if (met || machine_.lines() == before) break;
  }
  return met || (goal.kind == Kind::end && machine_.status() != Status::running);
}

bool Timeline::forward(Granularity g, std::uint64_t count, std::uint64_t max_lines) {
  using Kind = TryMoveMachine::Goal::Kind;
  switch (g) {
    case Granularity::line:
      return run({Kind::lines, count}, max_lines);
    case Granularity::move:
      return run({Kind::moves, count}, max_lines);
    case Granularity::dead_end:
      for (std::uint64_t i = 0; i < count; ++i) {
        const std::uint64_t before = machine_.lines();
        if (!run({Kind::erase, 0}, max_lines)) return false;
        if (broke_) return true;
        max_lines -= std::min(max_lines, machine_.lines() - before);
      }
      return true;
    case Granularity::tour:
      if (machine_.semantics() == Semantics::try_all) return run({Kind::tours, count}, max_lines);
      return run({Kind::end, 0}, max_lines);
  }
  return false;
}

bool Timeline::step_over(std::uint64_t max_lines) {
  using Kind = TryMoveMachine::Goal::Kind;
  if (!machine_.at_call()) return run({Kind::lines, 1}, max_lines);
  const std::uint64_t depth = machine_.frames().size();
  return run({Kind::lines, 1}, 1) && !broke_ && run({Kind::depth, depth}, max_lines);
}

bool Timeline::step_out(std::uint64_t max_lines) {
  using Kind = TryMoveMachine::Goal::Kind;
  const std::uint64_t depth = machine_.frames().size();
  if (depth == 0) return false;
  return run({Kind::depth, depth - 1}, max_lines);
}

const Timeline::Checkpoint& Timeline::checkpoint_at_or_before(std::uint64_t line) const {
  auto it = std::upper_bound(checkpoints_.begin(), checkpoints_.end(), line,
                             [](std::uint64_t l, const Checkpoint& c) { return l < c.line; });
  return *(it - 1);  // the first checkpoint is at line 0
}

void Timeline::seek(std::uint64_t line) {
  line = std::min(line, furthest_);
  if (line == machine_.lines()) return;
  if (line < machine_.lines() || line - machine_.lines() > spacing_) {
    const Checkpoint& c = checkpoint_at_or_before(line);
    if (c.line > machine_.lines() || line < machine_.lines()) machine_ = c.machine;
  }
  machine_.run_until({TryMoveMachine::Goal::Kind::lines, line - machine_.lines()},
                     line - machine_.lines());
}

std::uint64_t Timeline::counted(const TryMoveMachine& m, Counted what) {
  switch (what) {
    case Counted::moves:
      return m.moves();
    case Counted::erases:
      return m.erased();
    case Counted::tours:
      return m.tours();
  }
  return 0;
}

// Records, erases and boards displayed never decrease, so the line at which the run had made
// `target` of them is found from the last checkpoint with fewer, replaying one window at most.
std::uint64_t Timeline::first_line_reaching(Counted what, std::uint64_t target) const {
  auto it =
      std::partition_point(checkpoints_.begin(), checkpoints_.end(),
                           [&](const Checkpoint& c) { return counted(c.machine, what) < target; });
  TryMoveMachine m = (it - 1)->machine;  // the first checkpoint (line 0) has made none
  while (counted(m, what) < target && m.step_line()) {
  }
  return m.lines();
}

// However many steps are asked for, one seek: the cost is a window's replay, not the count's.
void Timeline::back(Granularity g, std::uint64_t count) {
  const std::uint64_t now = machine_.lines();
  if (count == 0 || now == 0) return;
  switch (g) {
    case Granularity::line:
      seek(now - std::min(count, now));
      return;
    case Granularity::tour:
      if (machine_.semantics() != Semantics::try_all) {
        seek(0);
        return;
      }
      [[fallthrough]];  // Try_All's tours are counted like moves
    case Granularity::move:
    case Granularity::dead_end: {
      // Back one step is to the state right after the latest record or erase (dead end:
      // erase; tour: board displayed) before the current line: the current line's own effect is
      // not counted.
      const Counted what = g == Granularity::move       ? Counted::moves
                           : g == Granularity::dead_end ? Counted::erases
                                                        : Counted::tours;
      const Effect e = machine_.last_effect();
      const bool here = what == Counted::tours ? e == Effect::displayed
                                               : e == Effect::erased || (what == Counted::moves &&
                                                                         e == Effect::placed);
      const std::uint64_t made = counted(machine_, what);
      const std::uint64_t reach = made + (here ? 0 : 1);  // steps back to the beginning
      seek(count >= reach ? 0 : first_line_reaching(what, reach - count));
      return;
    }
  }
}

}  // namespace kt
