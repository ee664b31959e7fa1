// A Solver whose run can be taken back, move by move, at a cost that does not grow with the run:
// the JS API's Search, which a page may drive for hours and then step back through.
//
// back(n) restores the state after n fewer moves exactly (board, stack, counters): it starts
// from the nearest earlier checkpoint (a snapshot of the solver, Solver::snapshot) and replays
// the moves after it, the engines being deterministic. Checkpoints are taken every `spacing`
// moves and thinned as the run grows (every other one dropped and the spacing doubled) to stay
// within a memory budget, so a step back replays at most about two spacings of moves: 2^16 moves
// (about a millisecond) until the checkpoints fill the budget. The same scheme as the
// textbook's Timeline (teaching/timeline.hpp), for every method's Solver.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "solve/solver.hpp"

namespace kt {

class RewindableSolver {
 public:
  RewindableSolver(Problem problem, Method method, std::optional<MoveOrder> order = std::nullopt,
                   std::size_t memory_budget = std::size_t{64} << 20,
                   std::uint64_t spacing = std::uint64_t{1} << 16);

  const Solver& solver() const { return *live_; }
  // The last step's action (placed, erased or none), for views that show the recursion.
  Action last_action() const { return last_; }
  // Moves placed and erased so far: what back() counts.
  std::uint64_t moves() const;

  // Solver::set_time_limit; kept across back() (the deadline is not moved).
  void set_time_limit(double seconds);
  // Runs at most max_steps steps (Solver::run), keeping checkpoints on the way.
  Status run(std::uint64_t max_steps);
  // Solver::next_tour, remembered for the replays.
  bool next_tour();
  // Back by `count` moves (to the start when there are fewer): false, and nothing changed,
  // while a construction is at work (its blocks are not taken back).
  bool back(std::uint64_t count);

  std::size_t checkpoints() const { return checkpoints_.size(); }
  std::uint64_t spacing() const { return spacing_; }

 private:
  struct Checkpoint {
    std::uint64_t moves;  // moves() when it was taken
    std::size_t tours;    // next_tour() calls made before it
    Action last;          // last_ then
    std::unique_ptr<Solver> solver;
  };
  void keep_checkpoint();
  void thin_checkpoints();
  // Runs `live_` from `done` moves to `target`, making the next_tour() calls of the record on
  // the way (those made before `target` moves).
  void replay(std::uint64_t done, std::uint64_t target, std::size_t& tours);

  std::unique_ptr<Solver> live_;
  Action last_ = Action::none;
  std::vector<Checkpoint> checkpoints_;  // by moves, the first the solver as made
  std::vector<std::uint64_t> tours_at_;  // moves() at each next_tour() call, in order
  std::uint64_t spacing_;
  std::size_t memory_budget_;
  std::size_t checkpoint_bytes_ = 0;  // an estimate, one checkpoint
  std::optional<std::chrono::steady_clock::time_point> deadline_;
};

}  // namespace kt
