// Internals of the tour counter (core/count.hpp): the board as a bit-board graph, the plan that
// splits the count into subtree tasks, and the resumable search that walks one subtree. Not a
// public API: use kt::count_tours or kt::TourCounter.
//
// The free squares are renumbered 0..n-1 ("compact" numbers, in Geometry::index order) so that
// a set of squares is one uint64_t; hence at most 64 free squares.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "board/knight.hpp"  // Bitboard
#include "board/problem.hpp"
#include "board/status.hpp"

namespace kt::count_detail {

inline constexpr int kMaxSquares = 64;

struct Graph {
  Geometry geometry;
  int n = 0;                                       // free squares
  Bitboard all = 0;                                // the set of all of them
  std::array<std::int32_t, kMaxSquares> square{};  // compact number -> Geometry::index
  std::array<Bitboard, kMaxSquares> neighbours{};  // knight jumps to free squares
};

// One subtree of the count: every tour that begins with `length` given squares.
struct Task {
  std::uint32_t offset = 0;  // of the prefix in Plan::prefixes
  std::uint8_t length = 0;   // squares in the prefix (at least 1)
  std::int8_t end = -1;      // compact square the path must end on, or -1 for any
  std::uint64_t weight = 1;  // tours each tour found stands for (symmetric images)
  double share = 0;          // estimated part of the whole search, for progress
};

// The tasks still to take, shared by the counters of one count.
struct TaskQueue {
  std::atomic<std::size_t> next{0};
};

struct Plan {
  Graph graph;
  bool closed = false;
  // Closed tours: the square of least degree, cut out of the search; every cycle through it is
  // counted once as a path between two of its neighbours (both ends fixed).
  int cut = -1;
  std::uint64_t removed = 0;  // squares the searches leave out (the cut square)
  Square first{};             // closed, listing: listed cycles are rotated to begin here
  bool rotate = false;
  bool reverse = false;  // open, end without start: searched from the end, listed reversed
  std::vector<std::uint8_t> prefixes;
  std::vector<Task> tasks;
  double total_share = 0;
  int symmetries = 1;             // size of the symmetry group the tasks were reduced by
  std::uint64_t split_steps = 0;  // steps spent splitting
  std::uint64_t split_nodes = 0;  // squares entered splitting: on small boards, all the work
  std::string error;              // not countable: why (then there are no tasks)
};

struct PlanOptions {
  bool use_symmetry = true;  // false when every tour must be listed
  std::size_t target_tasks = 2048;
  std::uint64_t split_budget = 1 << 18;  // steps one split pass may take
};

// Builds the plan: checks the problem, settles trivial cases (then no tasks remain), and splits
// the search into subtree tasks, one per canonical prefix under the board's symmetries.
Plan make_plan(const Problem& problem, const PlanOptions& options);

// The resumable depth-first search of one subtree: an explicit stack of frames, each holding
// the unvisited squares, their free-neighbour counts as four bit planes (bit i of plane k is
// bit k of square i's count) and the moves still to try. Nothing is allocated while stepping.
//
// Pruning (all exact, none depends on move order): with head h and unvisited set U,
//  - a square of U without an unvisited neighbour kills the branch (|U| >= 2);
//  - a square of U not next to h with one unvisited neighbour can only be the end: two such,
//    or one that is not the fixed end, kill the branch;
//  - a square next to h with one other unvisited neighbour must be entered now unless it may
//    be the end: then it is the only move.
// When only counting, the last two squares are settled without entering them.
class SubtreeSearch {
 public:
  // With memo_bits > 0, counting (not listing) remembers the tours below nodes of middling
  // depth in a table of 2^memo_bits entries (16 bytes each), kept across load()s: a node seen
  // before is not searched again. Its key is the head, the unvisited set and the fixed end,
  // which with the graph and the removed squares (the same for every load of one plan) is all
  // that decides the tours below it: a hit is exact. A lost entry is only searched again.
  explicit SubtreeSearch(const Graph& graph, int memo_bits = 0);

  // Starts the subtree of `prefix` (compact squares, at least one). `removed` squares are not
  // part of the tour; `end` is the square the path must end on, or -1. With `report`, run()
  // returns Status::found at each tour (path() holds it), and at each path of `stop_length`
  // squares if stop_length > 0 (used to split the search). Without it, tours are only counted.
  void load(std::span<const std::uint8_t> prefix, std::uint64_t removed, int end, bool report,
            int stop_length = 0);

  // Advances by at most max_steps steps (a step enters a square or leaves one). Returns running
  // (more to do), found (see load) or none (the subtree is finished).
  Status run(std::uint64_t max_steps);

  Status status() const { return status_; }
  std::uint64_t tours() const { return tours_; }  // found in this subtree so far
  std::uint64_t nodes() const { return nodes_; }  // squares entered so far
  std::uint64_t steps() const { return steps_; }  // steps taken by run() since load()
  std::span<const std::uint8_t> path() const {
    return {path_.data(), static_cast<std::size_t>(depth_) + 1};
  }
  // Estimated part of this subtree already walked (0..1), from the move cursors.
  double fraction() const;
  // Estimated part of this subtree below the current node (product of 1/choices).
  double share() const;

 private:
  struct Frame {
    std::uint64_t free;            // unvisited squares, the head excluded
    std::uint64_t p0, p1, p2, p3;  // unvisited-neighbour counts of those squares, bit sliced
    std::uint64_t moves;           // moves still to try from the head
    std::uint64_t choices;         // the moves there were
    std::uint64_t before;          // tours counted when the node was entered
  };
  struct MemoEntry {
    std::uint64_t free;  // 0: empty
    std::uint64_t data;  // tours << 16 | (end + 1) << 8 | head
  };
  // Nodes with fewer unvisited squares are cheaper to search than to look up; nodes with
  // more rarely come again.
  static constexpr int kMemoLeast = 10, kMemoMost = 28;

  const std::uint64_t* neighbours_;
  std::uint64_t all_;
  std::vector<Frame> frames_;       // frames_[d]: the node whose head is path_[d]
  std::vector<std::uint8_t> path_;  // compact squares
  int base_ = 0;                    // depth of the subtree's root
  int depth_ = 0;
  int stop_depth_ = -1;
  std::uint64_t end_bit_ = 0;
  bool report_ = false;
  bool root_tour_ = false;  // the prefix itself is a tour, not yet reported
  Status status_ = Status::none;
  std::uint64_t tours_ = 0;
  std::uint64_t nodes_ = 0;
  std::uint64_t steps_ = 0;
  std::vector<MemoEntry> memo_;
  int memo_shift_ = 64;
  int memo_low_ = 1, memo_high_ = 0;  // depths served by the memo
};

}  // namespace kt::count_detail
