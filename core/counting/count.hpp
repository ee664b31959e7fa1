// Exact counting and listing of knight's tours.
//
// What is counted (a public contract):
//  - open tours with a start: the directed open tours from that start (with Problem::end as
//    well, those that also end there);
//  - open tours without a start: all directed open tours of the board, every start, each
//    direction counted separately (so twice the number of undirected paths); with
//    Problem::end, those of them that end there;
//  - closed tours: the undirected closed tours of the board, each cycle once whatever its start
//    and direction (Problem::start, if set, only says where listed cycles begin).
// Tours cover every free square; blocked squares are left out. A board of one free square has
// one open tour (standing still) and no closed one; closed tours need at least three squares.
//
// Limits: at most 64 free squares (check_count_problem says so for larger boards). Time grows
// steeply with the board: 6x6 takes a tenth of a second, but boards much beyond 40 free squares
// can take hours to forever (7x7 has 1.7e11 open tours). Nothing refuses them: run them sliced,
// with a limit, or watch on_progress.
//
// How: a depth-first search over bit boards with exact pruning (count_search.hpp), split into
// subtree tasks by the prefixes of the first few moves. When no tour has to be listed:
//  - only prefixes that are smallest among their images under the board's symmetries (those
//    that keep the blocked squares, start and end in place) are searched, each weighted by its
//    number of images;
//  - each counter remembers, in a 2 MiB table, how many tours lie below the nodes it finished
//    (keyed by head, unvisited squares and fixed end), and does not search such a node again.
// Closed tours are counted as paths between two neighbours of a square of least degree (on a
// full board a corner, whose two neighbours are forced), one pair of neighbours at a time.
// Threads take tasks from a shared queue; each runs the same sliced counter the browser uses
// (TourCounter).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "board/problem.hpp"
#include "board/status.hpp"

namespace kt {

namespace count_detail {
struct Plan;
struct TaskQueue;
class SubtreeSearch;
}  // namespace count_detail

// The largest number of free squares an exact count accepts.
inline constexpr int kMaxCountSquares = 64;

// Empty when `problem` can be counted, else a one-line reason (board size, blocked flags, start
// or end off the board or blocked, more than kMaxCountSquares free squares, ...).
std::string check_count_problem(const Problem& problem);
// The same checks without the limit on free squares (what every counter asks).
std::string check_count_board(const Problem& problem);

struct CountOptions {
  // Worker threads: 1 counts in the caller's thread; 0 uses every hardware thread. Builds
  // without thread support (WebAssembly without pthreads) always use the caller's thread.
  int threads = 1;
  // Stop after this many tours (0: no limit). With a limit, or with on_tour, the symmetry
  // shortcut is off so that every tour counted is a tour found.
  std::uint64_t limit = 0;
  // Called with each tour (Geometry::index of every square, in order; a closed tour does not
  // repeat its first square), from one thread at a time, in no particular order.
  std::function<void(std::span<const std::int32_t> path)> on_tour;
  // Called from the caller's thread about every progress_interval seconds while counting (0:
  // after every slice of 65536 steps): the estimated fraction done (0..1, from the shape of the
  // search tree, so not linear in time) and the tours counted so far.
  std::function<void(double fraction, std::uint64_t tours)> on_progress;
  double progress_interval = 1.0;
  // Off: search every prefix (for tests and for listing; on_tour and limit turn it off too).
  bool use_symmetry = true;
  // How many subtree tasks the split aims at (0: about 2000). With 1, each start (each pair of
  // ends for closed tours) is one task searched whole: tests use it to exercise the search
  // itself on boards small enough for the split to enumerate.
  std::size_t split_tasks = 0;
};

struct CountResult {
  std::uint64_t count = 0;  // tours, as defined above (at most `limit` when one is set)
  bool complete = false;    // false when stopped by the limit (or the problem is refused)
  double seconds = 0;       // wall time
  std::uint64_t nodes = 0;  // squares entered by the searches, the split's included (on small
                            // boards the split walks the whole tree: all the work is there)
  std::string error;        // non-empty when the problem is refused (check_count_problem)
};

CountResult count_tours(const Problem& problem, const CountOptions& options = {});

// The same count, sliced for a caller that must keep control (the browser: one thread, no
// std::thread). Threaded counts run several of these over one shared task queue.
//
//   TourCounter counter(problem);
//   while (counter.run(200000) == Status::running) { show(counter.progress(), counter.count()); }
class TourCounter {
 public:
  // With list_tours, run() stops at every tour (Status::found, tour() holds it) and the
  // symmetry shortcut is off. A refused problem gives error() and a finished, empty count.
  // The plan (the split into tasks) is made here, in a bounded number of steps; a counting
  // (not listing) counter also allocates its 2 MiB memo here, never while running.
  explicit TourCounter(const Problem& problem, bool list_tours = false, bool use_symmetry = true);
  ~TourCounter();
  TourCounter(TourCounter&&) noexcept;
  TourCounter& operator=(TourCounter&&) noexcept;

  // Advances by at most max_steps steps (squares entered or left). Returns running (call again),
  // found (listing only: a tour is in tour(); call again to go on) or none (the count is done).
  Status run(std::uint64_t max_steps);

  Status status() const { return status_; }
  std::uint64_t count() const;  // tours so far (symmetric images included)
  std::uint64_t nodes() const;
  double progress() const;  // estimated fraction done, 0..1
  // After run() returned found: the tour, as Geometry::index of each square.
  std::span<const std::int32_t> tour() const { return tour_; }
  const std::string& error() const;
  Geometry geometry() const;

 private:
  friend CountResult count_tours(const Problem&, const CountOptions&);
  TourCounter(std::shared_ptr<const count_detail::Plan> plan,
              std::shared_ptr<count_detail::TaskQueue> queue, bool list_tours);
  bool next_task();
  void make_tour();

  std::shared_ptr<const count_detail::Plan> plan_;
  std::shared_ptr<count_detail::TaskQueue> queue_;
  std::unique_ptr<count_detail::SubtreeSearch> search_;
  bool list_ = false;
  std::size_t task_ = 0;  // the task being searched (valid while loaded_)
  bool loaded_ = false;
  std::uint64_t count_ = 0;
  std::uint64_t done_nodes_ = 0;
  double done_share_ = 0;  // shares of the tasks finished by this counter
  Status status_ = Status::running;
  std::vector<std::int32_t> tour_;
};

}  // namespace kt
