// Exact tour counting by dynamic programming over the board (frontier, or transfer-matrix,
// counting): its cost grows with the board's width, not with the number of tours.
//
// Same meanings as count.hpp: directed open tours from a start (and to an end); all directed
// open tours (each direction counted); undirected closed tours (each cycle once); blocked squares
// left out. Counts are exact integers of any size (BigCount).
//
// How: the squares are taken one by one in row order (the board turned so that rows are the
// short side). Every knight edge joins a square to one at most 2w+1 places before it (w the
// width), so when a square is taken, its edges to earlier squares are all decided at once: none,
// one or two of them. A state describes, for the last 2w+1 squares taken, what the rest of the
// board still needs to know: done (degree 2, or nothing left to add), not yet touched (needs two
// edges), or the end of a partial path, with the other end of that path (another square of the
// window, or a tour end already fixed); plus how many tour ends are used. Ends are relabelled in
// order of appearance so that equal states meet. Each state maps to the number of ways of
// choosing the edges so far that lead to it; a square with no later neighbours left must be done
// (or a tour end), a square that cannot reach degree 2 any more is pruned, and a path is closed
// into a cycle (or a path ends at both tour ends) only on the last square. The wazir's (0,1)
// edges fall within the same window (one row back) and change colour as the knight's do, so it
// is counted the same way (its tours are the grid's Hamiltonian paths and cycles); other leapers
// and wrapped boards are refused (check_frontier_problem).
//
// Two halves (frontier_join.cpp): on boards about as long as wide, one run's states grow until
// late (6x6 closed: 1.7e3 at the middle, 1.5e5 at square 28 of 36), so the board is cut at the
// middle instead. The bottom half is the same programme on the board turned half a turn. Each
// half runs to the cut and then takes only edges crossing it, square by square, pruned by the
// kinds of square the other half can meet there: the top the edges down to the first few
// squares past the cut, the bottom the rest, up to the top's last squares (each crossing edge
// multiplies the states of the half that takes it: shared, neither grows as far). Both end on
// the same 2w+1 squares, and the two sets of states are joined: grouped by kinds (and, for open
// tours, by how many of their paths lead to a tour end), each top state meets the bottom states
// whose degrees complete its own on every square and whose tour ends add up to two, and checks
// that their paths close with its paths into one cycle (or one path). Measured: 6x6 closed 5x fewer
// states and CPU, 7x7 closed 13x less CPU, 6x6 open 2x; sharing the crossing edges (and the join
// reading its own copies of the states), 7x7 open 2.1x less time and 2.4x less memory.
//
// Long strips (frontier_period.cpp): past the first rows every square's step repeats the one
// two rows before, and soon the set of states does too. Once a period of two rows has mapped
// the set of states onto itself, its moves are kept as pairs of indices (state before, state
// after), and each later square is one pass of additions over them until the last rows, where
// the tables take over again: no decoding, encoding or hashing of states. Measured: 5x200
// closed 35 s to 1.5 s, 5x100 open 425 s to 27 s. It holds a period's moves (about four
// indices a state and a square of the period) beside the counts; past the memory limit it
// leaves the strip to the tables, which need less.
//
// Threads: the table being built is split by hash into 64 parts, each behind a lock; each thread
// expands its range of the states read and gathers its new states by part, adding them 32 at a
// time (one lock for the batch, their slots fetched from memory together). The join of the two
// halves groups each half's states in ranges a thread and sorts them a piece a thread, then
// is cut into pieces of about 131,072 pairs, which the threads take in turn.
//
// Memory: the plan, 43 bytes a square (full boards one or two squares wide, and 3x3, have no
// tour and are settled before it); two tables of states (the one being read and the one being
// built), 8 bytes of key where the window is at most 15 squares (width at most 7; 16 bytes
// wider) and 8 per 64-bit limb of count a state, the table being built sized to the states
// expected and at most three quarters full. Every count starts in one 64-bit word and stays
// exact: a sum past it widens every count by a word and the square is taken again, and
// FrontierProgress::count_words says how many words the counts took (7x7 open: one). Large
// tables are mappings of their own on 2 MB pages (frontier_detail.hpp, Buffer). States grow 25 to
// 40 times with each unit of width (most states after one square on long boards, closed / open:
// width 5, 5.6e4 / 8.5e5; width 6, 1.4e6 / 2.2e7; width 7, about 4e7 / 6e8); on long strips the
// counts grow about 4 to 6 bits a row. Strips up to width 6 are cheap; 7x7 open in two halves
// holds at most 23 million states after a square, 8x8 closed 159 million (their time and memory,
// measured: docs/performance.md, "Counting"; forecast_frontier's figure for 8x8 closed is about
// the join's own check, above its peak).
//
// States on disk (FrontierDesc::disk): past the memory limit the states go to files in a
// folder, mapped in place (frontier_detail.hpp, Buffer::to_file), so that the code that reads
// them is the same. The states a square reads are read from there in order, each part's pages
// handed back once read; a square whose new states would not fit is built in passes, each
// expanding every state read and keeping only its share of the table's 64 parts, written to
// disk when it ends; a half waiting for the other waits on disk; and the halves are joined in
// buckets (class Join). Measured side by side when it was made: 7x7 open at a limit of 600 MB
// took about 1.6 times as long as in memory, 588 MB resident instead of 1.1 GB, 2.6 GB written.
//
// Saving (frontier_save.cpp): between two squares a count is its tables and a few numbers, which
// FrontierCounter::save writes to a file and FrontierCounter::resume reads back, so that a long
// count stopped (Ctrl-C, a crash, a memory limit) goes on from its last save.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "board/problem.hpp"
#include "board/refusal.hpp"
#include "board/status.hpp"
#include "counting/big_count.hpp"
#include "counting/state_file.hpp"

namespace kt {

namespace frontier_detail {
struct Work;
}  // namespace frontier_detail

// Where a save's words go and come back from. FrontierCounter::save(path) and resume(path) use
// a file of the system's (made durable there: fsync, then a rename); a host with no such files
// gives its own (the browser's counting worker writes to the origin's private file system from
// JavaScript: web/opfs_save.cpp). The library stays free of any host's storage, and both ways
// share one writer and one reader of the format.
class SaveSink {
 public:
  virtual ~SaveSink() = default;
  virtual bool write(const void* data, std::size_t bytes) = 0;  // appends; false: failed
};
class SaveSource {
 public:
  virtual ~SaveSource() = default;
  virtual std::uint64_t size() const = 0;                // bytes in all
  virtual bool read(void* data, std::size_t bytes) = 0;  // the next bytes; false: failed
};

// The widest board (short side) the frontier counter takes: a state must fit in 128 bits.
inline constexpr int kMaxFrontierWidth = 12;

// Empty when `problem` can be counted by the frontier counter, else a one-line reason (the same
// checks as check_count_problem, but no limit on free squares; the short side at most
// kMaxFrontierWidth).
std::string check_frontier_problem(const Problem& problem);

struct FrontierProgress {
  int squares_done = 0;  // squares taken (blocked ones included), of `squares`
  int squares = 0;
  int rows_done = 0;  // rows of the short side taken, of `rows`
  int rows = 0;
  int width = 0;             // the short side: the state covers 2*width+1 squares
  std::uint64_t states = 0;  // live states (of the last square finished)
  std::uint64_t bytes = 0;   // memory held by the tables now
  std::uint64_t peak_bytes = 0;
  std::uint64_t max_states = 0;  // the most states alive after one square so far
  // The arithmetic of the counts: the most 64-bit words a state's count has taken so far. Every
  // count starts in one word; a sum that passes it widens every count by a word and the square
  // is taken again, so the counts are exact whatever this is (1: every count below 2^64).
  int count_words = 1;
  double fraction = 0;  // estimated part done (0..1): squares, weighted by states
  // Counting in two halves: every square is taken, and their states are being joined
  // (join_fraction of the top half's states done).
  bool joining = false;
  double join_fraction = 0;
  double join_grouped = 0;  // before its pairs, the join groups the halves' states (0..1)
  // The board maps to itself under a half turn: the top half began from the bottom half's
  // states before the cut instead of taking those squares again.
  bool mirrored_halves = false;
  // States on disk (FrontierDesc::disk): the bytes of states written there so far, the
  // most passes a square was built in, and the buckets closed tours are joined in.
  std::uint64_t disk_bytes = 0;
  int passes = 1;
  int join_buckets = 1;
};

// How a FrontierCounter counts: its description, each field with its default. The counter
// checks it once, when it is made (error() says what it refused), and nothing in it changes
// while it runs. The counts do not depend on threads, halves, periods or crossing.
struct FrontierDesc {
  // Bytes the tables may hold (0: no limit). Every allocation is checked against it first
  // (MemoryBudget); past it the count stops with error() saying how much it would need, and
  // where, or puts its states on disk (`disk`).
  std::uint64_t memory_limit = 0;
  // Threads: each expands a range of the states of a square into the table being built, split
  // by hash into parts with a lock each. 0: every hardware thread (hardware_threads); at most
  // kMaxThreads; 1 in builds without threads.
  int threads = 1;
  // Count boards about as long as wide in two halves joined at the middle (much faster there;
  // false: one run over the whole board, for checking).
  bool halves = true;
  // On long strips, once the states repeat from one period of two rows to the next, take each
  // square as a pass of additions over the moves kept from that period (much faster; false:
  // every square by the programme, for checking).
  bool periods = true;
  // In two halves, how many squares past the cut the top half takes the crossing edges of (the
  // bottom half takes the rest). 0: the counter's choice (halves_crossing); any other, for
  // checking. At least 0.
  int crossing = 0;
  // States on disk: where the tables would pass the memory limit, the states read go to files
  // in this folder (removed as they are done with) and each square's table is built in as many
  // passes as fit, each keeping a share of the new states; a half waiting for the other waits
  // there, and closed tours are joined in as many buckets as fit. Empty: none (the count stops
  // at the limit). Not in WebAssembly (no mmap): FrontierCounter::check_disk first.
  std::string disk{};
  // Or the states go to this file (not owned; it outlives the counter), read back whole a part
  // at a time: for systems that cannot map the states from a folder's files (the browser's
  // storage, from WebAssembly). `disk` then only names it in messages (and must: empty, none).
  StateFile* state_file = nullptr;
  // run() also returns at the end of every square it finishes, where can_save() is true (to
  // save there: FrontierCounter::save).
  bool square_ends = false;
};

// Why `desc` is no description of a count ("" when it is one).
std::string check_frontier_desc(const FrontierDesc& desc);

// The sliced counter (the browser's shape).
//
//   FrontierCounter counter(problem, {.memory_limit = 1u << 30});
//   while (counter.run(1 << 16) == Status::running) show(counter.progress());
//   if (counter.error().empty()) print(counter.count().to_string());
class FrontierCounter {
 public:
  explicit FrontierCounter(const Problem& problem, const FrontierDesc& desc = {});
  ~FrontierCounter();
  FrontierCounter(FrontierCounter&&) noexcept;
  FrontierCounter& operator=(FrontierCounter&&) noexcept;

  // Advances by about max_steps steps (a step expands one state). Returns running (call again)
  // or none (finished: count() is exact, or error() says why it stopped).
  Status run(std::uint64_t max_steps);
  Status status() const { return status_; }
  const BigCount& count() const { return count_; }  // tours: exact once finished
  const std::string& error() const { return error_; }
  // What else would let a count that stopped go on (error() says why it stopped), as a fact for
  // the front end to word: a folder for the states, with room, where the disk refused them.
  Remedy remedy() const { return remedy_; }
  FrontierProgress progress() const;
  // Steps spent so far (states expanded, pairs of the halves checked): run() may return before
  // its max_steps are spent, when a phase ends.
  std::uint64_t steps() const;
  Geometry geometry() const;

  // "" when states can go to disk in `folder` (a file made there and removed), or why not.
  static std::string check_disk(const std::string& folder);

  // Saving a count to go on with it later. can_save(): no square half taken (at the end of a
  // square: FrontierDesc::square_ends), no long strip's period running (its moves are not
  // saved), the halves not being joined (a saved count joins them again). save() writes what
  // the count has done to `path`, through path + ".part" synced to the disk and renamed onto
  // it, so that a crash while saving leaves the last file whole: "" or why it could not.
  bool can_save() const;
  // can_save(), and every state in memory: a copy of the process made by fork() can save them
  // while this one goes on (states in files are shared with the copy, not copied).
  bool can_save_in_background() const;
  std::uint64_t save_bytes() const;  // about what save() would write now
  std::string save(const std::string& path) const;
  // The same words into `sink`, which makes them last (and keeps the last save whole until
  // then): "" or why not.
  std::string save(SaveSink& sink) const;
  // A counter that goes on from a file save() wrote, on a machine of the same kind (the words
  // are written as they are in memory). When it cannot, status() is none and error() says why.
  // desc: this run's memory limit, threads, disk (the states read from the file go there as
  // they are read) and square ends; halves, periods and crossing are the file's.
  static FrontierCounter resume(const std::string& path, const FrontierDesc& desc = {});
  // The same from `source`, named `name` in error() (as the path is).
  static FrontierCounter resume(SaveSource& source, const std::string& name,
                                const FrontierDesc& desc = {});

 private:
  FrontierCounter();
  std::unique_ptr<frontier_detail::Work> work_;
  BigCount count_;
  std::string error_;
  Remedy remedy_ = Remedy::none;
  Status status_ = Status::running;
};

// One save of a count (FrontierOptions::save_path).
struct FrontierSaved {
  std::string path;
  int squares_done = 0;  // as FrontierProgress
  int squares = 0;
  std::uint64_t bytes = 0;
  double seconds = 0;          // the save took
  std::string error;           // why it was not saved (no room, cannot write), or empty
  bool in_background = false;  // written by a copy of the process while the count went on
};

// A count run to its end (count_frontier): the counter's description (square_ends is set
// where it saves), and how the run reports, stops and saves.
struct FrontierOptions : FrontierDesc {
  // Called from the caller's thread about every progress_interval seconds.
  std::function<void(const FrontierProgress&)> on_progress;
  double progress_interval = 1.0;
  // Seconds after which the count stops unfinished (0: no limit): stopped is set, and there is
  // no count (counting by rows knows the total only at its last square).
  double time_limit = 0;
  // Set from elsewhere (the CLI's Ctrl-C): the count stops at once, stopped and interrupted set.
  const std::atomic<bool>* stop = nullptr;
  // Saving as it goes, so that a count stopped (Ctrl-C, a crash) goes on from its last save
  // (resume_path): at the end of a square, once save_after seconds have passed, and then
  // whenever the time since the last save is at least nine times what that save took (saving
  // takes at most about a tenth of the time; 8x8 closed, 2.5 GB of states, about 8 s). A save
  // is skipped when the folder has too little free space for it (save_error and on_save say
  // so); on_save is called after each save tried.
  std::string save_path;  // empty: no saving
  double save_after = 10;
  // Saves of at least this many bytes, with every state in memory, are written by a copy of the
  // process made by fork() while the count goes on (SaveInBackground; 7x7 open's saves of 0.2
  // to 0.5 GB held both threads a second each). The count waits for one still being written at
  // the next square end, before it reuses the memory the copy still holds, and before it
  // returns. Where there is no fork, every save is written here.
  std::uint64_t save_in_background_from = std::uint64_t{64} << 20;
  std::function<void(const FrontierSaved&)> on_save;
  // Goes on from this saved count instead (its problem: read_saved_problem; `problem` must be
  // it). threads and memory_limit are this run's.
  std::string resume_path;
};

struct FrontierResult {
  BigCount count;
  bool complete = false;
  bool stopped = false;       // by the time limit, or by options.stop
  bool interrupted = false;   // by options.stop
  int saves = 0;              // files written to options.save_path
  std::string save_error;     // why the last save did not happen, if it did not
  FrontierProgress progress;  // where it was when it finished or stopped
  double seconds = 0;
  std::uint64_t max_states = 0;  // the most states alive after one square
  std::uint64_t peak_bytes = 0;
  std::uint64_t steps = 0;       // states expanded and pairs of the halves checked
  std::string error;             // non-empty when refused or stopped (memory)
  Remedy remedy = Remedy::none;  // FrontierCounter::remedy
};

FrontierResult count_frontier(const Problem& problem, const FrontierOptions& options = {});

// The problem of a count saved by FrontierCounter::save (or by count_frontier's saving): ""
// or why the file is not one.
std::string read_saved_problem(const std::string& path, Problem& problem);
std::string read_saved_problem(SaveSource& source, Problem& problem);

// A forecast of counting `problem` by rows: the peak resident memory of a process that counts
// it (bytes), the program itself included, from its width, its length and the measured states
// of each width (frontier_forecast.cpp). Measured against `knights count` on strips 3 x n to
// 6 x n and square boards 5x5 to 7x7: within 25% (docs/performance.md). Boards between a square
// and a strip (up to three times as long as wide) are forecast less closely; blocked squares
// and a single fixed end are forecast as the full board (fewer states: a higher figure). Two
// fixed ends (no free tour end) are forecast as the closed count with a share more for the paths
// to the ends, by where they fall (frontier_forecast.cpp, fixed_ends_factor).
struct FrontierForecast {
  std::uint64_t bytes = 0;       // the peak
  std::uint64_t plan_bytes = 0;  // of which the plans (bytes a square), held from the start
  bool periods = false;          // a long strip counted by periods (their moves held)
  double states = 0;             // the most states the tables hold at once (two halves: both)
};
// memory_limit (0: none): a long strip is counted by periods only where they fit in it (the
// counter leaves the strip to the tables otherwise, which need less): the forecast follows.
FrontierForecast forecast_frontier(const Problem& problem, std::uint64_t memory_limit = 0);
std::uint64_t estimate_frontier_bytes(const Problem& problem, std::uint64_t memory_limit = 0);

}  // namespace kt
