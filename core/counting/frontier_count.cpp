#include "counting/frontier_count.hpp"
#include "counting/frontier_detail.hpp"
#include "counting/frontier_expand.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <span>
#include <vector>

#include "board/assert.hpp"
#include "board/knight.hpp"
#include "board/parallel.hpp"
#include "counting/count.hpp"
#include "counting/save_in_background.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace kt {

namespace frontier_detail {

void return_free_memory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

bool falls_apart(const Problem& problem) {
  const Geometry g = problem.geometry;
  const int width = std::min(g.rows, g.cols);
  return problem.piece.is_knight() && problem.blocked.empty() && g.size() > 1 &&
         (width <= 2 || (g.rows == 3 && g.cols == 3));
}

bool fits_rows_window(Leaper l) {
  // The window is two rows and a square (the knight's longest jump back), and the colour
  // balance needs a piece that changes colour at every jump (a + b odd): of the leapers, the
  // knight (1,2) and the wazir (0,1).
  return (l.a + l.b) % 2 == 1 && (l.b < 2 || (l.b == 2 && l.a <= 1));
}

Plan make_plan(const Problem& problem, int cut, int stop, int cross) {
  Plan plan;
  plan.error = check_frontier_problem(problem);
  if (!plan.error.empty()) return plan;
  const Geometry g = problem.geometry;
  plan.original = g;
  plan.transposed = g.cols > g.rows;
  plan.turned = plan.transposed ? Geometry{g.cols, g.rows} : g;
  const Geometry t = plan.turned;
  const int n = t.size();
  if (falls_apart(problem)) {  // before the plan's tables: 43 bytes a square
    plan.settled = true;
    return plan;
  }
  auto turned_index = [&](Square s) {
    return plan.transposed ? t.index(Square{s.y, s.x}) : t.index(s);
  };
  std::vector<std::uint8_t> blocked(static_cast<std::size_t>(n), 0);
  int free = 0;
  for (int i = 0; i < g.size(); ++i) {
    if (problem.is_blocked(i)) blocked[turned_index(g.square(i))] = 1;
  }
  for (int i = 0; i < n; ++i) free += !blocked[i];
  plan.closed = problem.closed;
  plan.fixed.assign(static_cast<std::size_t>(n), 0);
  int fixed = 0;
  if (!problem.closed) {
    for (const auto& s : {problem.start, problem.end}) {
      if (s) {
        plan.fixed[turned_index(*s)] = 1;
        ++fixed;
      }
    }
  }
  plan.end_budget = 2 - fixed;
  plan.factor = !problem.closed && fixed == 0 ? 2 : 1;
  if (free <= 1) {  // no edges: one open tour of one square, no closed one
    plan.settled = true;
    plan.answer = free == 1 && !problem.closed ? 1 : 0;
    return plan;
  }
  if (problem.closed && free < 3) {
    plan.settled = true;
    return plan;
  }

  plan.width = t.cols;
  plan.window = 2 * t.cols + 1;
  const int w = plan.window;
  plan.cut = cut;
  if (cut >= 0 && cross < 0) cross = cut;
  plan.cross = cross;
  plan.stop = stop >= 0 ? std::min(n, stop) : cut >= 0 ? std::min(n, cut + w) : n;
  const auto across = [&](int j) { return cut >= 0 && j >= cut; };  // past the cut
  // The last free neighbour of every square (or itself): after it, the square is finished.
  std::vector<int> finish_at(static_cast<std::size_t>(n), -1);
  // The free neighbours of square p after square i (p <= i): found again when needed, not kept
  // in lists (a list a square would double the plan's memory on long strips).
  // The piece's distinct neighbours of square p on the turned board (a leaper's jumps turned
  // are its jumps: the eight directions hold both (a,b) and (b,a)).
  const auto neighbours = [&](int p) {
    std::array<int, 8> to{};
    int k = 0;
    for (int d = 0; d < 8; ++d) {
      const std::optional<Square> q = step(t, problem.piece, t.square(p), d);
      if (!q) continue;
      const int j = t.index(*q);
      if (std::find(to.begin(), to.begin() + k, j) == to.begin() + k) to[k++] = j;
    }
    return std::pair{to, k};
  };
  const auto later_than = [&](int p, int i) {
    int left = 0;
    const auto [to, k] = neighbours(p);
    for (int m = 0; m < k; ++m) left += to[m] > i && !blocked[to[m]];
    return left;
  };
  plan.steps.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    if (blocked[i]) continue;
    plan.last_free = i;
    finish_at[i] = i;
    SquareStep& step = plan.steps[i];
    step.free = true;
    step.cap = plan.fixed[i] ? 1 : 2;
    const auto [to, k] = neighbours(i);
    for (int m = 0; m < k; ++m) {
      const int j = to[m];
      if (blocked[j]) continue;
      if (j < i) {
        if (!across(i) || j < cross)
          step.back[step.earlier++] = static_cast<std::uint8_t>(j - (i - w));
      } else {
        finish_at[i] = std::max(finish_at[i], j);
      }
    }
  }
  // A square with edges the other half takes (back from past the cut, or to past it) stays
  // open for the join.
  const auto shared = [&](int p) {
    return cut >= 0 && p >= cross && (across(p) || across(finish_at[p]));
  };
  for (int p = 0; p < n; ++p) {
    if (finish_at[p] < 0 || shared(p)) continue;
    SquareStep& step = plan.steps[finish_at[p]];
    step.finish[step.finishing++] = static_cast<std::uint8_t>(p - (finish_at[p] - w));
  }
  auto is_dark = [&](int p) { return colour_of(t.square(p)) == Colour::dark; };
  int balance = 0;
  for (int p = 0; p < n; ++p) {
    if (!blocked[p]) balance += (is_dark(p) ? 1 : -1) * (plan.fixed[p] ? 1 : 2);
  }
  for (int i = 0; i < n; ++i) {
    SquareStep& step = plan.steps[i];
    if (!blocked[i]) balance -= (is_dark(i) ? 1 : -1) * (plan.fixed[i] ? 1 : 2);
    step.balance = balance;
    for (int p = std::max(0, i - w + 1); p <= i; ++p) {
      if (blocked[p]) continue;
      (is_dark(p) ? step.dark : step.light) |= 1u << (p - (i - w));
      if (plan.fixed[p]) step.fixed |= 1u << (p - (i - w));
    }
    for (int p = std::max(0, i - w + 1); p <= i; ++p) {
      // (Past the cut, a square of the other side may have had edges there already.)
      if (blocked[p] || plan.fixed[p] || (p >= cross && across(i))) continue;
      if (later_than(p, i) == 1) plan.steps[i].one_left |= 1u << (p - (i - w));
    }
  }
  if (cut < 0) {
    plan.period = 2 * t.cols;
    plan.repeats.assign(static_cast<std::size_t>(n), 0);
    for (int i = plan.period; i < plan.stop; ++i) {
      const SquareStep& step = plan.steps[static_cast<std::size_t>(i)];
      plan.repeats[i] = step.free && i != plan.last_free && i - plan.period != plan.last_free &&
                        step == plan.steps[static_cast<std::size_t>(i - plan.period)];
    }
  }
  return plan;
}

}  // namespace frontier_detail

using frontier_detail::add_limbs;
using frontier_detail::BuildPart;
using frontier_detail::expand_state;
using frontier_detail::gigabytes;
using frontier_detail::Key;
using frontier_detail::MemoryBudget;
using frontier_detail::Part;
using frontier_detail::Plan;
using frontier_detail::SquareStep;
using frontier_detail::Tables;

std::string check_frontier_problem(const Problem& problem) {
  if (auto why = check_count_board(problem); !why.empty()) return why;
  if (problem.piece.wrap != Wrap::none) {  // (the wrap named, whatever the piece)
    return plain_knight_refusal(Piece{kKnight, problem.piece.wrap}, "counting by rows");
  }
  if (!frontier_detail::fits_rows_window(problem.piece.leaper)) {
    return "leaper: counting by rows takes the knight and the wazir (0,1), not the " +
           describe_leaper(problem.piece.leaper);
  }
  // (As the counter counts it: on the rectangle of its free squares.)
  const Geometry g = problem.geometry, free = trimmed_to_free_squares(problem).geometry;
  const int width = std::min(free.rows, free.cols);
  if (width > kMaxFrontierWidth) {
    return "counting by rows takes boards whose short side is at most " +
           std::to_string(kMaxFrontierWidth) + "; the " + std::to_string(g.rows) + "x" +
           std::to_string(g.cols) + " board's is " + std::to_string(width) +
           (free.rows == g.rows && free.cols == g.cols ? "" : " (its free squares' rectangle)");
  }
  return {};
}

namespace {

// The table being built in 2^kPartBits parts (see Tables::part_bits), on one thread from about
// kManyStates states.
constexpr int kPartBits = 6;
constexpr double kManyStates = 1 << 16;

}  // namespace

frontier_detail::Dp::Dp(std::shared_ptr<const Plan> plan_in, MemoryBudget budget, int threads)
    : plan_(std::move(plan_in)), tables_(std::make_unique<Tables>()) {
  const Plan& plan = *plan_;
  if (!plan.error.empty()) {
    error_ = plan.error;
    status_ = Status::none;
    return;
  }
  if (plan.settled) {
    count_ = BigCount(plan.answer);
    status_ = Status::none;
    return;
  }
  Tables& t = *tables_;
  t.budget = budget;
  t.plan_bytes =
      plan.steps.capacity() * sizeof(SquareStep) + plan.fixed.capacity() + plan.repeats.capacity();
  t.threads = std::max(1, threads);
#ifndef KT_HAS_THREADS
  t.threads = 1;
#endif
  t.form = frontier_detail::key_form(plan.window, plan.closed || plan.end_budget == 0);
  t.words = frontier_detail::key_words(t.form);
  t.locks = std::make_unique<std::mutex[]>(std::size_t{1} << kPartBits);
  // One state before the first square: an empty window.
  t.old.resize(1);
  if (!t.old[0].keys.resize(static_cast<std::size_t>(t.words)) || !t.old[0].counts.resize(1)) {
    error_ = "out of memory";
    status_ = Status::none;
    return;
  }
  t.old[0].set_key(0, 0, t.form);
  t.old[0].counts[0] = 1;
  t.old[0].size = 1;
  t.old_begin = {0, 1};
  t.old_size = 1;
}

int frontier_detail::Dp::limbs() const {
  return std::max(tables_->max_limbs, period_ ? period_->limbs() : 1);
}

double frontier_detail::Dp::fraction() const {
  const Plan& plan = *plan_;
  const Tables& t = *tables_;
  if (status_ == Status::none) return 1;
  // (From the square it began at: a top half handed the bottom's states begins near its end,
  // and counted from square 0 its bar began at 80%.)
  const int end = std::min(plan.stop, plan.last_free + 1);
  const double inside = t.building && t.old_size > 0
                            ? (t.pass + static_cast<double>(t.cursor) / t.old_size) / t.passes
                            : 0;
  const int squares = end - first_square_;
  return squares > 0 ? std::clamp((t.square - first_square_ + inside) / squares, 0.0, 1.0) : 1;
}

double frontier_detail::Dp::steps_left(double floor) const {
  const Tables& t = *tables_;
  if (status_ == Status::none) return 0;
  const int end = std::min(plan_->stop, plan_->last_free + 1);
  const double states = std::max(floor, static_cast<double>(t.old_size));
  const int squares = std::max(0, end - t.square);
  if (t.building) {
    return (t.passes - t.pass) * states - static_cast<double>(t.cursor) + (squares - 1) * states;
  }
  return squares * states;
}

// A Period pays where at least two more periods repeat the one starting at `square`.
bool frontier_detail::Dp::period_fits(int square) const {
  const Plan& plan = *plan_;
  // (A period holds its states in memory: not with the states on disk.)
  if (plan.period == 0 || filter_ != nullptr || periods_off_ || tables_->old_on_disk()) {
    return false;
  }
  const int n = static_cast<int>(plan.repeats.size());
  for (int k = square; k < square + 3 * plan.period; ++k) {
    if (k >= n) return false;
    const bool ok = k >= square + plan.period
                        ? plan.repeats[k] != 0
                        : plan.steps[static_cast<std::size_t>(k)].free && k != plan.last_free;
    if (!ok) return false;
  }
  return true;
}

void frontier_detail::Dp::release() {
  period_.reset();
  tables_->old.clear();
  tables_->parts.clear();
  tables_->built.clear();
  tables_->reading = 0;
  tables_->old_begin.assign(2, 0);
  tables_->old_size = 0;
}

// Sets up the table of the next square's states; false (with error_) when memory refuses.
bool frontier_detail::Dp::begin_square() {
  Tables& t = *tables_;
  // Room, before the table is three quarters full, for as many states as the last square read,
  // or more if it grew them (as much again, up to twice as many); less if the limit says so.
  // Parts that fill up grow on their own (one part at a time: no second copy of the table).
  std::uint64_t old_entries = t.old_entries();
  const double expected = static_cast<double>(t.old_size) * std::clamp(1.125 * t.growth, 0.5, 2.0);
  // Parts for threads, and for large tables on one thread too: a part that fills up is copied
  // into one twice its size, and the table whole in one part took three times its memory then
  // (where memory is never given back, as in WebAssembly, for good). Passes share out parts.
  t.part_bits = t.threads > 1 || expected >= kManyStates || !t.disk.empty() ? kPartBits : 0;
  const std::size_t parts = std::size_t{1} << t.part_bits;
  const std::uint64_t least = std::max<std::uint64_t>(16 * parts, (t.old_size * 4 + 2) / 3);
  // (The last square finishes tours and keeps no state: its table stays empty.)
  const bool last = t.square == plan_->last_free;
  const std::uint64_t entries =
      last ? 16 * parts
           : std::max<std::uint64_t>(least, static_cast<std::uint64_t>(expected * 4 / 3));
  t.passes = 1;
  t.pass = 0;
  set_reading();
  const auto need = [&](std::uint64_t e) {
    return t.plan_bytes + (old_entries + e) * t.entry_bytes() + t.reading;
  };
  if (t.budget.over(need(entries)) && !t.disk.empty() && !last) {
    // The states read go to disk (read from there in order), and the table is built in as many
    // passes as it takes to fit.
    if (!to_disk()) return false;
    old_entries = t.old_entries();
    while (static_cast<std::size_t>(t.passes) < parts && t.budget.over(need(entries / t.passes)))
      t.passes *= 2;
  }
  std::uint64_t share = entries / static_cast<std::uint64_t>(t.passes);
  if (t.budget.over(need(share))) {
    const std::uint64_t room = t.budget.room(t.plan_bytes + t.reading) / t.entry_bytes();
    share = std::max(least / static_cast<std::uint64_t>(t.passes),
                     room > old_entries ? room - old_entries : 0);
  }
  if (!t.budget.fits(need(share))) {
    error_ = t.budget.refusal(
        need(share), "at square " + std::to_string(t.square + 1) + " of " +
                         std::to_string(plan_->turned.size()) + ", " + std::to_string(t.old_size) +
                         " states" +
                         (t.passes > 1 ? ", " + std::to_string(t.passes) + " passes" : ""));
    return false;
  }
  // Every part an equal share (the hash spreads the states evenly).
  const std::size_t in_pass = parts / static_cast<std::size_t>(t.passes);
  t.part_cap = static_cast<std::size_t>((share + in_pass - 1) / in_pass);
  t.parts.resize(parts);
  if (t.passes > 1) t.built.resize(parts);
  t.cursor = 0;
  t.overflow = false;
  t.failed = false;
  t.over_limit = false;
  t.building = true;
  return begin_pass();
}

// The parts of this pass, empty at part_cap entries each (the others none).
bool frontier_detail::Dp::begin_pass() {
  Tables& t = *tables_;
  // (On the threads: a part below 2 MB is malloc's, which writes its zeros, and the other thread
  // waited for them: under `perf`, 2.6% of 6x8 open's time.)
  std::atomic<bool> refused{false};
  const std::size_t in_pass = t.parts.size() / static_cast<std::size_t>(t.passes);
  const int threads = t.part_cap * in_pass >= kManyStates ? t.threads : 1;
  in_parallel(threads, [&](int k) {
    for (std::size_t p = static_cast<std::size_t>(k); p < t.parts.size(); p += threads) {
      BuildPart& part = t.parts[p];
      part.size = 0;
      const std::size_t cap = t.in_pass(p) ? t.part_cap : 0;
      if (!part.entries.zeroed(cap * static_cast<std::size_t>(t.stride()))) refused = true;
    }
  });
  if (refused) {
    error_ = "out of memory allocating " + gigabytes(t.part_cap * in_pass * t.entry_bytes());
    return false;
  }
  const std::size_t allocated = t.part_cap * in_pass;
  t.entries = allocated;
  t.max_passes = std::max(t.max_passes, t.passes);
  t.cursor = 0;
  t.peak_bytes = std::max(t.peak_bytes, t.bytes());
  return true;
}

// The states read to disk (their pages handed back); false (with error_) when a file refuses.
bool frontier_detail::Dp::to_disk() {
  Tables& t = *tables_;
  if (t.disk.empty()) return true;
  for (Part& part : t.old) {
    if (!part.to_disk(t.disk, t.state_file, t.disk_bytes)) {
      error_ = "cannot write the states to disk in " + t.disk;
      remedy_ = Remedy::scratch_folder;
      return false;
    }
  }
  set_reading();
  return true;
}

// States read from disk: a part at a time (Dp::run's slices end with parts), twice for room.
void frontier_detail::Dp::set_reading() {
  Tables& t = *tables_;
  const std::size_t parts = std::max<std::size_t>(t.old.size(), 1);
  t.reading = t.old_on_disk() ? 2 * (t.old_size / parts + 1) * t.entry_bytes() : 0;
}

void frontier_detail::Dp::drop() {
  for (Part& part : tables_->old) part.drop();
}

namespace {

// A state's first slot in a part of `cap` entries: the hash's bits below those that chose the
// part, scaled to the part (any capacity, not only powers of two: a table sized to its states).
std::size_t slot_of(const Tables& t, std::uint64_t h, std::size_t cap) {
  return static_cast<std::size_t>(frontier_detail::mul_high(h << t.part_bits, cap));
}

// Doubles one part of the table being built (its lock held); false when memory refuses.
bool grow(Tables& t, BuildPart& part, std::string& error, int square) {
  const int stride = t.stride(), last = t.words - 1;
  const std::size_t old_cap = part.slots(stride), cap = 2 * old_cap;
  const std::uint64_t need = t.bytes() + static_cast<std::uint64_t>(cap) * t.entry_bytes();
  if (!t.budget.fits(need)) {
    error = t.budget.refusal(need, "at square " + std::to_string(square + 1) + ", about " +
                                       std::to_string((part.size << t.part_bits) / t.passes) +
                                       " states and growing");
    t.over_limit = true;
    return false;
  }
  BuildPart wider;
  if (!wider.entries.zeroed(cap * static_cast<std::size_t>(stride))) {
    error = "out of memory allocating " + gigabytes(need);
    return false;
  }
  for (std::size_t s = 0; s < old_cap; ++s) {
    const std::uint64_t* from = part.at(s, stride);
    if (from[last] == 0) continue;  // free
    const Key k = frontier_detail::stored_as_key(from, t.form);
    std::size_t slot = slot_of(t, frontier_detail::hash_key(k), cap);
    while (wider.at(slot, stride)[last] != 0) slot = slot + 1 == cap ? 0 : slot + 1;
    std::copy_n(from, stride, wider.at(slot, stride));
  }
  t.entries += cap - old_cap;
  swap(part.entries, wider.entries);
  return true;
}

// Adds `count` under `key` (hash `h`) to part `which` of the table being built (its lock held
// when threads share the table). False when the part could not grow.
bool insert(Tables& t, std::size_t which, Key key, std::uint64_t h, const std::uint64_t* count,
            int square) {
  BuildPart& part = t.parts[which];
  const int limbs = t.limbs, words = t.words, stride = t.stride();
  const std::size_t cap = part.slots(stride);
  // The key as stored (KeyForm): one word or two.
  std::uint64_t lo = 0, hi = 0;
  frontier_detail::stored_key(key, t.form, lo, hi);
  std::size_t slot = slot_of(t, h, cap);
  while (true) {
    std::uint64_t* k = part.at(slot, stride);
    if (k[0] == lo && (words == 1 || k[1] == hi)) {
      if (add_limbs(k + words, count, limbs)) t.overflow = true;
      return true;
    }
    if (k[words - 1] == 0) {
      k[0] = lo;
      if (words == 2) k[1] = hi;
      // (A loop: memcpy of a variable length is a call, in WebAssembly 4% of counting 6x7.)
      for (int l = 0; l < limbs; ++l) k[words + l] = count[l];
      if (++part.size * 4 > cap * 3) {
        std::string why;
        if (!grow(t, part, why, square)) {
          if (!t.failed.exchange(true)) t.failure = why;
          return false;
        }
      }
      return true;
    }
    slot = slot + 1 == cap ? 0 : slot + 1;
  }
}

// One thread's inserts into the table being built, gathered by part and added a batch at a
// time: one lock for a batch, and the batch's slots fetched from memory all at once (the
// table is far larger than the caches; one insert at a time waits on each miss in turn).
class Inserter {
 public:
  Inserter(Tables& t, bool locked, int square)
      : t_(t), locked_(locked), square_(square), batches_(t.parts.size()) {}
  bool add(Key key, const std::uint64_t* count) {
    const std::uint64_t h = frontier_detail::hash_key(key);
    const std::size_t which =
        t_.part_bits > 0 ? static_cast<std::size_t>(h >> (64 - t_.part_bits)) : 0;
    Batch& b = batches_[which];
    b.entries[b.size++] = Entry{key, h, count};
    return b.size < kBatch || flush(which);
  }
  // Adds what is gathered; false when a part could not grow.
  bool finish() {
    for (std::size_t p = 0; p < batches_.size(); ++p) {
      if (batches_[p].size > 0 && !flush(p)) return false;
    }
    return true;
  }

 private:
  static constexpr int kBatch = 32;
  struct Entry {
    Key key;
    std::uint64_t hash;
    const std::uint64_t* count;
  };
  struct Batch {
    std::array<Entry, kBatch> entries;
    int size = 0;
  };
  bool flush(std::size_t which) {
    Batch& b = batches_[which];
    if (!t_.in_pass(which)) {  // another pass's (checked a batch at a time, not each state)
      b.size = 0;
      return true;
    }
    std::unique_lock<std::mutex> lock;
    if (locked_) lock = std::unique_lock<std::mutex>(t_.locks[which]);
    const BuildPart& part = t_.parts[which];
    const int stride = t_.stride();
    for (int e = 0; e < b.size; ++e) {
      const std::size_t slot = slot_of(t_, b.entries[e].hash, part.slots(stride));
      frontier_detail::fetch_ahead(part.at(slot, stride));
      frontier_detail::fetch_ahead(part.at(slot, stride) + stride - 1);  // (24 bytes may straddle)
    }
    const int n = b.size;
    b.size = 0;
    for (int e = 0; e < n; ++e) {
      const Entry& x = b.entries[e];
      if (!insert(t_, which, x.key, x.hash, x.count, square_)) return false;
    }
    return true;
  }
  Tables& t_;
  bool locked_;
  int square_;
  std::vector<Batch> batches_;
};

// The parts of this pass compacted into dense parts (`dense`, one for each part), on the
// threads: the keys moved down in place, the counts to a buffer of their own (on one thread, the
// other idle, it took about 2.4% of 7x7 open's time). False when memory refuses.
bool compact_parts(Tables& t, std::vector<Part>& dense) {
  const std::size_t limbs = static_cast<std::size_t>(t.limbs);
  const std::size_t words = static_cast<std::size_t>(t.words);
  const int stride = t.stride();
  std::atomic<bool> refused{false};
  const auto compact = [&](std::size_t p) {
    BuildPart& part = t.parts[p];
    Part& to = dense[p];
    if (!to.counts.resize(std::max<std::size_t>(part.size, 1) * limbs)) {
      refused = true;
      return;
    }
    std::size_t w = 0;
    const std::size_t slots = part.slots(stride);
    std::uint64_t* e = part.entries.data();
    for (std::size_t s = 0; s < slots; ++s) {
      const std::uint64_t* from = e + s * static_cast<std::size_t>(stride);
      if (from[words - 1] == 0) continue;  // free
      // (The count first, then the key moved down in place, w <= s; a word at a time, not a
      // call to memmove each.)
      for (std::size_t k = 0; k < limbs; ++k) to.counts[w * limbs + k] = from[words + k];
      for (std::size_t k = 0; k < words; ++k) e[w * words + k] = from[k];
      ++w;
    }
    to.keys = std::move(part.entries);
    to.keys.shrink_moving(std::max<std::size_t>(w, 1) * words);
    to.size = w;
    if (!t.disk.empty() && t.passes > 1 && !to.to_disk(t.disk, t.state_file, t.disk_bytes))
      refused = true;
  };
  const int threads =
      t.threads > 1 && t.parts.size() > 1 && t.entries.load() >= kManyStates ? t.threads : 1;
  in_parallel(threads, [&](int k) {
    for (std::size_t p = static_cast<std::size_t>(k); p < t.parts.size(); p += threads) {
      if (t.in_pass(p)) compact(p);
    }
  });
  return !refused;
}

}  // namespace

// A pass done (not the last of its square): its parts to disk, and the next pass begins.
bool frontier_detail::Dp::finish_pass() {
  Tables& t = *tables_;
  if (!compact_parts(t, t.built)) {
    error_ = "cannot write the states of square " + std::to_string(t.square + 1) + " to disk in " +
             t.disk;
    remedy_ = Remedy::scratch_folder;
    return false;
  }
  ++t.pass;
  return begin_pass();
}

// The states of the finished square become the ones to read: each part compacted in place.
void frontier_detail::Dp::finish_square() {
  Tables& t = *tables_;
  const std::size_t limbs = static_cast<std::size_t>(t.limbs);
  if (t.overflow) {
    // A count passed the limbs: widen the states read (from the top down, in place) and take
    // the square again (every pass of it).
    const std::size_t wider = limbs + 1;
    for (Part& part : t.old) {
      const bool held = part.hold(true);
      if (!held || !part.counts.resize(std::max<std::size_t>(part.size, 1) * wider)) {
        if (held) part.let_go();
        t.failed = true;
        t.failure =
            "out of memory (or disk) widening the counts at square " + std::to_string(t.square + 1);
        return;
      }
      for (std::size_t s = part.size; s-- > 0;) {
        for (std::size_t k = limbs; k-- > 0;)
          part.counts[s * wider + k] = part.counts[s * limbs + k];
        part.counts[s * wider + limbs] = 0;
      }
      part.drop();  // (on disk: written back there)
      if (!part.let_go()) {
        t.failed = true;
        t.failure = "cannot write the states to disk in " + t.disk;
        return;
      }
    }
    t.limbs = static_cast<int>(wider);
    t.max_limbs = std::max(t.max_limbs, t.limbs);
    t.parts.clear();
    t.built.clear();
    t.entries = 0;
    t.building = false;
    return;
  }
  if (t.square == hand_off_) {
    // The states before this square go to another run rather than back to the system.
    handed_ = HandedStates{std::move(t.old), t.old_begin, t.old_size, t.limbs, t.square};
  }
  t.old.clear();
  std::vector<Part> dense = std::move(t.built);
  dense.resize(t.parts.size());
  if (!compact_parts(t, dense)) {
    // (No memory for a part's counts: the states are lost, the count stops.)
    t.failed = true;
    t.failure = "out of memory compacting the states of square " + std::to_string(t.square + 1);
  }
  t.built.clear();
  t.passes = 1;
  t.pass = 0;
  t.reading = 0;
  t.old_begin.assign(1, 0);
  for (const Part& part : dense) t.old_begin.push_back(t.old_begin.back() + part.size);
  t.old = std::move(dense);
  if (t.bytes() > (std::uint64_t{32} << 20)) frontier_detail::return_free_memory();
  t.parts.clear();
  t.entries = 0;
  if (t.old_size > 0) t.growth = static_cast<double>(t.old_begin.back()) / t.old_size;
  t.old_size = t.old_begin.back();
  t.max_states = std::max<std::uint64_t>(t.max_states, t.old_size);
  t.building = false;
  ++t.square;
}

bool frontier_detail::Dp::paused() const {
  return status_ == Status::running && pause_ >= 0 && tables_->square == pause_ &&
         !tables_->building;
}

void frontier_detail::Dp::resume(const CutFilter* filter, MemoryBudget budget) {
  pause_ = -1;
  filter_ = filter;
  tables_->budget = budget;
}

std::optional<frontier_detail::HandedStates> frontier_detail::Dp::take_handed() {
  const Tables& t = *tables_;
  if (!handed_ && hand_off_ >= 0 && t.square == hand_off_ && !t.building && error_.empty()) {
    // The run stopped before the square: its last states are its result, so they are copied.
    HandedStates copy{{}, t.old_begin, t.old_size, t.limbs, t.square};
    const std::size_t words = static_cast<std::size_t>(t.words);
    const std::size_t limbs = static_cast<std::size_t>(t.limbs);
    copy.parts.resize(t.old.size());
    for (std::size_t p = 0; p < t.old.size(); ++p) {
      const Part& from = t.old[p];
      Part& to = copy.parts[p];
      frontier_detail::PartHold held;
      held.hold(from);
      const std::size_t n = std::max<std::size_t>(from.size, 1);
      if (!to.keys.resize(n * words) || !to.counts.resize(n * limbs)) return std::nullopt;
      std::copy_n(from.keys.data(), n * words, to.keys.data());
      std::copy_n(from.counts.data(), n * limbs, to.counts.data());
      to.size = from.size;
    }
    return copy;
  }
  std::optional<HandedStates> out = std::move(handed_);
  handed_.reset();
  return out;
}

void frontier_detail::Dp::start_from(HandedStates&& states) {
  Tables& t = *tables_;
  KT_ASSERT(status_ == Status::running && t.square == 0 && !t.building);
  t.old = std::move(states.parts);
  t.old_begin = std::move(states.begin);
  t.old_size = states.size;
  t.limbs = states.limbs;
  t.max_limbs = std::max(t.max_limbs, t.limbs);
  t.square = states.square;
  first_square_ = states.square;
  t.max_states = t.old_size;
  t.peak_bytes = std::max(t.peak_bytes, t.bytes());
}

bool frontier_detail::same_steps_before(const Plan& a, const Plan& b, int square) {
  if (a.window != b.window || a.closed != b.closed || a.end_budget != b.end_budget) return false;
  if (!a.error.empty() || !b.error.empty() || a.settled || b.settled) return false;
  // Neither run may finish a tour before the square (the last free square comes after it).
  if (a.last_free < square || b.last_free < square || a.stop < square || b.stop < square)
    return false;
  const auto n = static_cast<std::size_t>(square);
  if (a.steps.size() < n || b.steps.size() < n || a.fixed.size() < n || b.fixed.size() < n)
    return false;
  return std::equal(a.steps.begin(), a.steps.begin() + square, b.steps.begin()) &&
         std::equal(a.fixed.begin(), a.fixed.begin() + square, b.fixed.begin());
}

namespace {

// Old states per thread below which a slice is expanded in the caller's thread alone (starting
// threads costs tens of microseconds; a state, about a microsecond).
constexpr std::size_t kMinStatesPerThread = 4096;

}  // namespace

Status frontier_detail::Dp::run(std::uint64_t max_steps) {
  if (status_ != Status::running) return status_;
  const Plan& plan = *plan_;
  Tables& t = *tables_;
  const int W = plan.window;
  const std::uint64_t budget = std::max<std::uint64_t>(max_steps, 1);
  std::uint64_t left = budget, past_budget = 0;
  // How this call ends: its steps spent (go on: the loop's only test), or one of the others.
  enum class Exit { go_on, returned, done, failed };
  Exit exit = Exit::go_on;
  while (exit == Exit::go_on && left > 0) {
    // 1. Where the run stands: paused (before the bottom half's crossing edges), at its stop
    // (the window's states are its result, in the tables), or past its last square (the count).
    if (paused()) {
      exit = Exit::returned;
      continue;
    }
    if (t.square >= plan.stop && plan.stop <= plan.last_free) {
      exit = Exit::done;
      continue;
    }
    if (t.square > plan.last_free || (t.old_size == 0 && !t.building)) {
      count_ *= plan.factor;
      t.old.clear();
      t.old_begin.assign(2, 0);
      t.old_size = 0;
      exit = Exit::done;
      continue;
    }
    const int i = t.square;
    // 2. A long strip's squares, by a Period where one fits (it hands the states back at its end).
    if (period_ || (!t.building && period_fits(i))) {
      if (!period_) period_ = std::make_unique<frontier_detail::Period>(plan, t);
      std::uint64_t steps = 0;
      const auto outcome = period_->take(t, left, steps);
      left -= std::min(left, std::max<std::uint64_t>(steps, 1));
      if (outcome == frontier_detail::Period::Outcome::out_of_memory) {
        period_.reset();
        error_ = "out of memory handing the states of a strip back to the tables";
        exit = Exit::failed;
      } else if (outcome != frontier_detail::Period::Outcome::running) {
        periods_off_ = outcome == frontier_detail::Period::Outcome::refused;
        period_.reset();
      }
      continue;
    }
    const SquareStep& step = plan.steps[static_cast<std::size_t>(i)];
    // 3. A blocked square only moves the window.
    if (!step.free) {
      for (Part& part : t.old) {
        if (!part.hold(true)) throw std::bad_alloc();  // (as PartHold)
        for (std::size_t s = 0; s < part.size; ++s) {
          part.set_key(s, frontier_detail::moved_past_blocked(part.key(s, t.form), W), t.form);
        }
        part.drop();  // (on disk: written back there)
        if (!part.let_go()) throw std::bad_alloc();
      }
      ++t.square;
      left -= std::min<std::uint64_t>(left, t.old_size + 1);
      continue;
    }
    // 4. A square begins: its table (and its passes, states on disk) within the budget.
    if (!t.building && !begin_square()) {
      exit = Exit::failed;
      continue;
    }
    // 5. A slice of the states read expanded into the table, on the threads.
    const std::size_t limbs = static_cast<std::size_t>(t.limbs);
    std::size_t end =
        static_cast<std::size_t>(std::min<std::uint64_t>(t.old_size, t.cursor + left));
    // States on disk: a slice ends with its part, whose pages go back once it is read.
    const std::size_t disk_part = t.reading > 0 ? t.part_of(t.cursor) : t.old.size();
    if (disk_part < t.old.size()) end = std::min(end, t.old_begin[disk_part + 1]);
    end = t.slice_end(end);
    // (A slice run on to its part's end takes more than was left: counted all the same.)
    past_budget += end - t.cursor - std::min<std::uint64_t>(left, end - t.cursor);
    left -= std::min<std::uint64_t>(left, end - t.cursor);
    const int past_cut =
        filter_ != nullptr && plan.cut >= 0 && i >= plan.cut ? i - plan.cut + 1 : 0;
    if (past_cut > 0 && memos_.size() < static_cast<std::size_t>(t.threads))
      memos_.resize(static_cast<std::size_t>(t.threads));
    // Old states [from, to) into the table; tours finished on the last square into `tours`.
    auto expand = [&](std::size_t from, std::size_t to, bool locked, BigCount& tours,
                      frontier_detail::CutFilter::Memo* memo) {
      // (The inserts' batches point into the states read until finish: held till then.)
      const frontier_detail::RangeHold held(t.old, t.old_begin, from, to);
      Inserter inserter(t, locked, i);
      for_each_state(t, from, to, [&](Key key, const std::uint64_t* count) {
        if (t.failed) return false;
        return expand_state(
            plan, i, key,
            [&](Key out) {
              if (past_cut > 0 && !filter_->admits(out, past_cut, *memo)) return true;
              return inserter.add(out, count);
            },
            [&] {
              // (Tours end only on the last square, which is never taken in passes: its table
              // holds nothing. Counted in the first pass all the same.)
              if (t.pass == 0) tours += BigCount(std::span<const std::uint64_t>(count, limbs));
            });
      });
      if (!t.failed) inserter.finish();
    };
    const int threads = static_cast<int>(std::min<std::size_t>(
        static_cast<std::size_t>(t.threads), (end - t.cursor) / kMinStatesPerThread));
    if (threads <= 1) {
      expand(t.cursor, end, false, count_, memos_.empty() ? nullptr : &memos_[0]);
    } else {
      // Each thread a range of the old states; the parts' locks keep their inserts apart, and
      // sums do not depend on the order they come in: the same counts as in one thread.
      std::vector<BigCount> tours(static_cast<std::size_t>(threads));
      const std::size_t from = t.cursor, share = (end - from + threads - 1) / threads;
      in_parallel(threads, [&](int k) {
        const std::size_t a = std::min(end, from + share * static_cast<std::size_t>(k));
        expand(a, std::min(end, a + share), true, tours[static_cast<std::size_t>(k)],
               memos_.empty() ? nullptr : &memos_[static_cast<std::size_t>(k)]);
      });
      for (const BigCount& n : tours) count_ += n;
    }
    t.cursor = end;
    // 6. A pass's share of the table past the budget, with a folder for the states: twice as
    // many passes, the states read on disk, from the start of this one's first half.
    if (t.failed && t.over_limit && !t.disk.empty() &&
        static_cast<std::size_t>(t.passes) < t.parts.size() && i != plan.last_free) {
      t.passes *= 2;
      t.pass *= 2;
      t.built.resize(t.parts.size());
      t.failed = false;
      t.over_limit = false;
      if (!to_disk() || !begin_pass()) exit = Exit::failed;
      continue;
    }
    if (t.failed) {
      error_ = t.failure;
      exit = Exit::failed;
      continue;
    }
    t.peak_bytes = std::max(t.peak_bytes, t.bytes());
    if (disk_part < t.old.size() && t.cursor == t.old_begin[disk_part + 1]) t.old[disk_part].drop();
    // 7. The states read all expanded: the pass ends (its parts to disk, the next begins), or
    // the square (its table becomes the one to read).
    if (t.cursor < t.old_size) continue;
    if (t.pass + 1 < t.passes && !t.overflow) {
      if (!finish_pass()) exit = Exit::failed;
      continue;
    }
    finish_square();
    if (t.failed) {
      error_ = t.failure;
      exit = Exit::failed;
    } else if (square_ends_) {
      exit = Exit::returned;
    }
  }
  // The one way out: the steps spent added (the caller's budgets count them); a run that failed
  // frees the table it was building and says why in error_.
  steps_ += budget - left + past_budget;
  if (exit == Exit::failed) {
    t.parts.clear();
    t.entries = 0;
  }
  if (exit == Exit::done || exit == Exit::failed) status_ = Status::none;
  return status_;
}

bool frontier_detail::Dp::between_squares() const { return !tables_->building && !period_; }

namespace frontier_detail {

bool Work::waits_on_disk(const Dp& half) const {
  // (Where the forecast fell short, a half past a quarter of the limit waits there too.)
  return on_disk || (!desc.disk.empty() && budget.over_share(half.tables().bytes(), 4));
}

bool Work::start_top(bool take_handed) {
  // The top's squares past the cut are the last of the bottom's window (read backwards). With
  // states on disk, the bottom waits there.
  if (waits_on_disk(*bottom) && !bottom->to_disk()) return false;
  bottom_bytes = bottom->tables().bytes();
  filter = std::make_unique<CutFilter>(bottom->tables(), bottom_plan->window - 1, *top_plan,
                                       desc.threads);
  bottom->drop();  // (pages read from disk, if any: back)
  top = std::make_unique<Dp>(top_plan, budget.beside(bottom_bytes), desc.threads);
  top->set_disk(desc);
  top->set_filter(filter.get());
  top->return_at_square_ends(desc.square_ends);
  if (!take_handed) return true;
  if (auto handed = bottom->take_handed()) {
    top->start_from(std::move(*handed));
    mirrored = true;
  }
  return true;
}

bool Work::resume_bottom() {
  // The bottom's squares past its cut (the top's last before the cut, backwards) are slots
  // W - crossing - 1 down of the top's window.
  const Plan& t = *top_plan;
  if (waits_on_disk(*top) && !top->to_disk()) return false;
  bottom_filter = std::make_unique<CutFilter>(top->tables(), t.window - (t.stop - t.cut) - 1,
                                              *bottom_plan, desc.threads);
  top->drop();
  top_bytes = top->tables().bytes();
  bottom->resume(bottom_filter.get(), budget.beside(top_bytes));
  return true;
}

Problem rotated_half_turn(const Problem& problem) {
  const Geometry g = problem.geometry;
  Problem turned = problem;
  const int n = g.size();
  for (int i = 0; i < static_cast<int>(problem.blocked.size()); ++i) {
    turned.blocked[static_cast<std::size_t>(n - 1 - i)] =
        problem.blocked[static_cast<std::size_t>(i)];
  }
  const auto turn = [&](Square s) { return Square{g.cols + 1 - s.x, g.rows + 1 - s.y}; };
  if (problem.start) turned.start = turn(*problem.start);
  if (problem.end) turned.end = turn(*problem.end);
  return turned;
}

namespace {

// Where to cut the board in two (the turned board's square index), or -1 to count in one run.
// Counting in two halves pays on boards about as long as wide: the states of one run grow
// until late on such boards (6x6 open: 2e5 at the middle, 4.4e6 at square 28 of 36), and two
// halves each stop at the middle. Each half's window must fit on the board.
int halves_cut(const Plan& whole) {
  if (!whole.error.empty() || whole.settled) return -1;
  const int n = whole.turned.size();
  const int cut = n / 2;
  if (cut < whole.window || n - cut < whole.window + 1) return -1;
  if (whole.turned.rows > 3 * whole.width) return -1;
  return cut;
}

// How many of the window's squares past the cut the top half takes the crossing edges of (the
// bottom half takes the rest: the board's last squares above the cut, each with its edges down
// across it). Each crossing edge multiplies the states of the half that takes it, so the halves
// share them; which share is best was measured when it was chosen (two threads, time and peak,
// the top taking all against this share, with the build of then): where the cut falls inside a row,
// about half a row (6x7 open 17.5 s and 313 MB to 8.5 s and 145 MB; 6x9 closed 2.9 s to 1.7 s; 7x7
// open 367 s and 3.3 GB to about 190 s and 1.4 GB); where it falls between two rows, all but one
// square of the row below it (6x6 open 4.1 s to 2.3 s, 6x8 closed 0.84 s to 0.48 s; on longer
// boards within 15% either way: 6x12 closed 7.0 s to 7.8 s, 5x10 open 1.6 s to 1.8 s; 7x8
// closed 29.9 s and 405 MB, five squares 29.5 s and 477 MB), but five on boards eight wide or more
// (8x8 closed on one thread: seven squares, the top's states reached 230.7 million, 11.6 GB and 37
// min in all; five, the halves 101.7 and 86.4 million).
int halves_crossing(const Plan& whole, int cut) {
  if (cut % whole.width != 0) return (whole.width + 1) / 2;
  return whole.width >= 8 ? 5 : whole.width - 1;
}

}  // namespace

}  // namespace frontier_detail

std::string check_frontier_desc(const FrontierDesc& desc) {
  if (desc.threads < 0) {
    return "threads must be 0 (every hardware thread) or more, not " + std::to_string(desc.threads);
  }
  if (desc.crossing < 0) {
    return "the crossing squares must be 0 (the counter's choice) or more, not " +
           std::to_string(desc.crossing);
  }
  return {};
}

FrontierCounter::FrontierCounter(const Problem& asked, const FrontierDesc& desc)
    : work_(std::make_unique<frontier_detail::Work>()) {
  using frontier_detail::Dp;
  using frontier_detail::Stage;
  frontier_detail::Work& w = *work_;
  w.problem = asked;  // (saved as asked)
  // Counted on the rectangle of its free squares: as wide as they are, not as the board.
  const Problem problem = trimmed_to_free_squares(asked);
  w.desc = desc;
  w.desc.threads = std::min(desc.threads > 0 ? desc.threads : hardware_threads(), kMaxThreads);
  w.budget = MemoryBudget(desc.memory_limit);
  const int threads = w.desc.threads;
  const auto refuse = [&](const std::string& why) {
    auto refused = std::make_shared<Plan>();
    refused->original = problem.geometry;
    w.whole_plan = refused;
    w.stage = Stage::done;
    error_ = why;
    status_ = Status::none;
  };
  if (auto why = check_frontier_desc(desc); !why.empty()) {
    refuse(why);
    return;
  }
  // The plan alone would pass the limit (43 bytes a square: 1 x 10^8 with a blocked square
  // takes 4.3 GB): refused before it is made.
  const bool countable =
      check_frontier_problem(problem).empty() && !frontier_detail::falls_apart(problem);
  if (w.budget.limited() && countable) {
    const std::uint64_t plan_bytes = forecast_frontier(problem, desc.memory_limit).plan_bytes;
    if (w.budget.over(plan_bytes)) {
      refuse(w.budget.refusal(
          plan_bytes, "for the plan of " + std::to_string(problem.geometry.size()) + " squares"));
      return;
    }
  }
  // States on disk: where the forecast passes the limit, a half waiting for the other waits there.
  w.on_disk = !w.desc.disk.empty() && countable &&
              w.budget.over(forecast_frontier(problem, desc.memory_limit).bytes);
  const auto made = [&](Dp& dp, bool periods) {
    dp.set_disk(w.desc);
    dp.set_periods(periods);
    dp.return_at_square_ends(desc.square_ends);
  };
  w.whole_plan = std::make_shared<const Plan>(frontier_detail::make_plan(problem));
  const Plan& plan = *w.whole_plan;
  if (const int cut = desc.halves ? frontier_detail::halves_cut(plan) : -1; cut >= 0) {
    const int n = plan.turned.size(), W = plan.window;
    const int crossing = desc.crossing > 0 ? std::min(desc.crossing, W)
                                           : frontier_detail::halves_crossing(plan, cut);
    auto top =
        std::make_shared<const Plan>(frontier_detail::make_plan(problem, cut, cut + crossing));
    const Problem turned = frontier_detail::rotated_half_turn(problem);
    w.bottom_plan = std::make_shared<const Plan>(
        crossing == W ? frontier_detail::make_plan(turned, -1, n - cut)
                      : frontier_detail::make_plan(turned, n - cut, n - cut + W - crossing,
                                                   n - cut - crossing));
    // Each half must stop before its last free square (blocked squares at an end may not).
    if (top->last_free >= top->stop && w.bottom_plan->last_free >= w.bottom_plan->stop) {
      w.top_plan = top;
      w.stage = Stage::bottom_to_cut;
      w.bottom = std::make_unique<Dp>(w.bottom_plan, w.budget, threads);
      made(*w.bottom, desc.periods);
      // A board that a half turn maps to itself (no blocked squares, or blocked in pairs; no
      // fixed ends off the centre): the top half's squares before the cut, up to the first the
      // bottom does not finish (it shares its edges), are the bottom's first squares, taken once.
      const int handed = crossing == W ? cut : std::min(cut, n - cut - crossing);
      if (frontier_detail::same_steps_before(*top, *w.bottom_plan, handed)) {
        w.bottom->hand_off_at(handed);
        w.top_first_square = handed;
      }
      if (crossing < W) w.bottom->pause_before(n - cut);
      w.states_floor = forecast_frontier(problem).states / 2;
      return;
    }
    w.bottom_plan.reset();
  }
  // Periods only where the forecast says they fit in the limit: a Period refused by the limit
  // hands its strip back to the tables only once it has reached the limit.
  bool periods = desc.periods;
  if (periods && w.budget.limited() && plan.error.empty() && !plan.settled) {
    periods = forecast_frontier(problem, desc.memory_limit).periods;
  }
  w.stage = Stage::whole;
  w.whole = std::make_unique<Dp>(w.whole_plan, w.budget, threads);
  made(*w.whole, periods);
  if (w.whole->status() == Status::none) {  // refused, trivial, or out of memory at once
    error_ = w.whole->error();
    count_ = w.whole->count();
    status_ = Status::none;
    w.stage = Stage::done;
  }
}

std::string FrontierCounter::check_disk(const std::string& folder) {
  frontier_detail::Buffer<std::uint64_t> probe;
  if (!probe.resize(1)) return "out of memory";
  probe[0] = 1;
  if (!probe.to_file(folder)) {
    return "cannot make an unnamed file there (needs Linux and a local file system)";
  }
  return {};
}

FrontierCounter::~FrontierCounter() = default;
FrontierCounter::FrontierCounter(FrontierCounter&&) noexcept = default;
FrontierCounter& FrontierCounter::operator=(FrontierCounter&&) noexcept = default;

Geometry FrontierCounter::geometry() const { return work_->problem.geometry; }

namespace frontier_detail {

Stage Work::next_stage() const {
  switch (stage) {
    case Stage::whole:
      return Stage::done;
    case Stage::bottom_to_cut:
      return Stage::top;
    case Stage::top:
      // (Where the top takes every crossing edge, the bottom ended at its cut.)
      return bottom->paused() ? Stage::bottom_crossing : Stage::join;
    case Stage::bottom_crossing:
      return Stage::join;
    case Stage::join:
    case Stage::done:
      break;
  }
  return Stage::done;
}

namespace {

// The join's memory (Work::start_join). It copies each half's states, the larger half (x)
// first, the other (y) once x's tables are gone. A state's copy: its links and their sets
// (Join::link_bytes: 16 bytes where the window has at most 15 squares, 8 for closed tours past
// that, 25 otherwise), its count's limbs, and kGroupShare.
// About half a group (24 bytes a group, one for about two states on 7x7 open).
constexpr std::uint64_t kGroupShare = 12;
// Before the copies, each state's kinds and rank are sorted in a word, with a second word to
// sort into (sort_by_kinds).
constexpr std::uint64_t kSortWords = 16;
// The copy keeps each state's place in the copies (made while the sorted words are still there).
constexpr std::uint64_t kPlace = 4;
// In buckets, each state taken also keeps its index in the tables.
constexpr std::uint64_t kIndex = 4;
// In buckets, the states a bucket takes are those whose kinds (or index) hash to it: a fifth
// more than an even share, for the hash's unevenness.
constexpr std::uint64_t kUnevenTimes = 6, kUnevenOver = 5;
// The most buckets: closed tours share both halves out (a top state meets only bottom states
// of its kinds); open tours share out the larger half and group the smaller again whole in each
// bucket, so more buckets than 64 would cost more in grouping than they save.
constexpr int kMostBucketsClosed = 1024, kMostBucketsOpen = 64;

}  // namespace

Refusal Work::start_join() {
  bottom_bytes = bottom->tables().bytes();
  const std::uint64_t state_bytes = Join::link_bytes(*top_plan) +
                                    8 * static_cast<std::uint64_t>(top->tables().limbs) +
                                    kGroupShare;
  const std::uint64_t tops = top->tables().old_size, bottoms = bottom->tables().old_size;
  const bool top_first = tops >= bottoms;
  const std::uint64_t x = top_first ? tops : bottoms, y = top_first ? bottoms : tops;
  const std::uint64_t y_tables = top_first ? bottom_bytes : top->tables().bytes();
  // While x is copied: both halves' tables, and x's sorted words or its copies being placed;
  // then y's tables, x's copies and y's placing.
  const std::uint64_t placing = std::max(kSortWords + kPlace, state_bytes + kPlace);
  std::uint64_t need = std::max(bottom_bytes + top->tables().bytes() + placing * x,
                                y_tables + state_bytes * x + placing * y);
  if (budget.over(need) && !desc.disk.empty()) {
    // Joined in buckets, the halves' tables on disk, read again by each: each bucket holds its
    // share of the copies, of both halves for closed tours, of the larger for open ones (the
    // other whole).
    if (!bottom->to_disk()) return {bottom->error(), bottom->remedy()};
    if (!top->to_disk()) return {top->error(), top->remedy()};
    bottom_bytes = bottom->tables().bytes();
    const std::uint64_t tables = bottom_bytes + top->tables().bytes();
    const auto need_in = [&](std::uint64_t buckets) {
      const std::uint64_t xb = x / buckets + 1, yb = top_plan->closed ? y / buckets + 1 : y;
      const std::uint64_t placed = std::max(placing, state_bytes + kPlace + kIndex);
      return tables +
             std::max(placed * xb, state_bytes * xb + placed * yb) * kUnevenTimes / kUnevenOver;
    };
    const int most = top_plan->closed ? kMostBucketsClosed : kMostBucketsOpen;
    while (join_buckets < most && budget.over(need_in(join_buckets))) join_buckets *= 2;
    need = need_in(join_buckets);
  }
  if (std::max(tops, bottoms) > 0xFFFFFFFFu) {
    return {"counting by rows joins at most 4294967295 states of a half (" +
            std::to_string(std::max(tops, bottoms)) + " here)"};
  }
  if (budget.over(need)) {
    return {budget.refusal(
        need, "to join the two halves, " + std::to_string(tops + bottoms) + " states")};
  }
  join = std::make_unique<Join>(*top, *bottom, desc.threads, 0, join_buckets);
  join_peak = need;
  return {};
}

}  // namespace frontier_detail

Status FrontierCounter::run(std::uint64_t max_steps) {
  using frontier_detail::Stage;
  if (status_ != Status::running) return status_;
  frontier_detail::Work& w = *work_;
  // The count ends here: its tours, or why it stopped (no count then).
  const auto finish = [&](const std::string& error, const BigCount& count,
                          Remedy remedy = Remedy::none) {
    error_ = error;
    remedy_ = error.empty() ? Remedy::none : remedy;
    count_ = error.empty() ? count : BigCount();
    status_ = Status::none;
    w.stage = Stage::done;
  };
  // One run of a stage for a slice; false once it has ended (or stopped with an error).
  const auto runs = [&](frontier_detail::Dp& dp) {
    if (dp.status() != Status::running || dp.paused()) return false;
    if (dp.run(max_steps) == Status::none && !dp.error().empty()) {
      finish(dp.error(), {}, dp.remedy());
    }
    return true;
  };
  switch (w.stage) {
    case Stage::whole:
      if (w.whole->run(max_steps) == Status::none) finish(w.whole->error(), w.whole->count());
      break;
    case Stage::bottom_to_cut:
      if (runs(*w.bottom)) break;
      if (!w.start_top()) {
        finish(w.bottom->error(), {}, w.bottom->remedy());
        break;
      }
      w.stage = w.next_stage();
      runs(*w.top);
      break;
    case Stage::top:
      if (runs(*w.top)) break;
      w.stage = w.next_stage();
      if (w.stage == Stage::bottom_crossing && !w.resume_bottom()) {
        finish(w.top->error(), {}, w.top->remedy());
      }
      break;
    case Stage::bottom_crossing:
      if (runs(*w.bottom)) break;
      w.stage = w.next_stage();
      [[fallthrough]];
    case Stage::join:
      if (!w.join) {
        if (auto why = w.start_join(); !why.empty()) {
          finish(why.reason, {}, why.remedy);
          break;
        }
      }
      if (w.join->run(max_steps) == Status::running) break;
      w.join_pairs += w.join->pairs_done();
      w.joined += w.join->count();
      if (++w.join_bucket < w.join_buckets) {
        w.join = std::make_unique<frontier_detail::Join>(*w.top, *w.bottom, w.desc.threads,
                                                         w.join_bucket, w.join_buckets);
        break;
      }
      finish({}, w.joined);
      w.join.reset();  // (the halves' tables went when the join copied their states)
      break;
    case Stage::done:
      break;
  }
  return status_;
}

std::uint64_t FrontierCounter::steps() const {
  const frontier_detail::Work& w = *work_;
  std::uint64_t n = 0;
  for (const frontier_detail::Dp* dp : {w.whole.get(), w.bottom.get(), w.top.get()}) {
    if (dp != nullptr) n += dp->steps();
  }
  return n + w.join_pairs + (w.join ? w.join->pairs_done() : 0);
}

namespace {

// The progress bar's shares of a count in two halves (FrontierProgress::fraction), from the
// time each stage took on two threads (measured at commit 7171383): 7x7 open the halves 80% and the
// join 20% (in the page, whose join has no byte shuffles, 71%), 8x8 closed the halves 54% and the
// join 46%. The halves get 70% between them, the join the rest; of the join, grouping the halves'
// states 40% and checking the pairs 60%.
constexpr double kHalvesShare = 0.7;
constexpr double kGroupingShare = 0.4;

}  // namespace

FrontierProgress FrontierCounter::progress() const {
  FrontierProgress p;
  const frontier_detail::Work& w = *work_;
  const Plan& plan = *w.whole_plan;
  p.squares = plan.turned.size();
  p.rows = plan.turned.rows;
  p.width = plan.width;
  if (status_ == Status::none) {
    p.squares_done = p.squares;
    p.rows_done = p.rows;
    p.fraction = 1;
  }
  const frontier_detail::Dp* runs[] = {w.whole.get(), w.bottom.get(), w.top.get()};
  int halves_squares = 0;
  for (const frontier_detail::Dp* dp : runs) {
    if (dp == nullptr) continue;
    const Tables& t = dp->tables();
    p.bytes += t.bytes();
    p.peak_bytes = std::max(p.peak_bytes, t.peak_bytes);
    p.max_states = std::max<std::uint64_t>(p.max_states, t.max_states);
    p.count_words = std::max(p.count_words, dp->limbs());
    p.disk_bytes += t.disk_bytes;
    p.passes = std::max(p.passes, t.max_passes);
    if (dp->status() == Status::running || dp == w.whole.get()) p.states = t.old_size;
    if (status_ != Status::none) p.squares_done += std::min(t.square, dp->plan().stop);
    if (dp != w.whole.get()) halves_squares += dp->plan().stop;
  }
  p.mirrored_halves = w.mirrored;
  p.join_buckets = w.join_buckets;
  if (w.join) {
    p.bytes += w.join->bytes();
    p.joining = status_ != Status::none;
    // (In buckets: each bucket an equal share.)
    const double buckets = w.join_buckets;
    p.join_fraction = (w.join_bucket + w.join->fraction()) / buckets;
    p.join_grouped = (w.join_bucket + w.join->grouped()) / buckets;
  }
  // The bottom's states stay while the top runs, the top's last while the bottom takes its
  // crossing edges, and both while they are joined.
  if (w.top) p.peak_bytes = std::max(p.peak_bytes, w.top->tables().peak_bytes + w.bottom_bytes);
  if (w.bottom_filter) {
    p.peak_bytes = std::max(p.peak_bytes, w.bottom->tables().peak_bytes + w.top_bytes);
  }
  if (w.join) p.peak_bytes = std::max(p.peak_bytes, w.join_peak);
  if (status_ != Status::none) {
    // Two halves take the middle window twice: squares done scaled to the board's.
    if (halves_squares > 0) {
      const int all = w.bottom_plan->stop + w.top_plan->stop;
      p.squares_done =
          static_cast<int>(static_cast<std::int64_t>(p.squares_done) * p.squares / all);
    }
    p.squares_done = std::min(p.squares_done, p.squares);
    p.rows_done = plan.width > 0 ? p.squares_done / plan.width : 0;
    if (w.whole) {
      p.fraction = w.whole->fraction();
    } else {
      // The halves by their steps (states expanded: on 7x7 open 2 to 3 million a second in
      // every phase), the steps still to come forecast by each run's states now (Dp::steps_left;
      // the top, before it starts, by the bottom's). Squares counted alike, the bar stood still
      // through the bottom's crossing edges (11 of its 36 squares on 7x7 open, half of the
      // count). The stages' shares: kHalvesShare, kGroupingShare.
      const double floor = w.states_floor;
      double done = static_cast<double>(w.bottom->steps()), left = w.bottom->steps_left(floor);
      if (w.top) {
        done += static_cast<double>(w.top->steps());
        left += w.top->steps_left(floor);
      } else {
        left += std::max(0, w.top_plan->stop - w.top_first_square) *
                std::max(floor, static_cast<double>(w.bottom->tables().old_size));
      }
      const double halves = done + left > 0 ? done / (done + left) : 0;
      const double join =
          w.join ? kGroupingShare * p.join_grouped + (1 - kGroupingShare) * p.join_fraction : 0;
      p.fraction = std::max(w.shown_fraction,
                            kHalvesShare * (w.join ? 1.0 : halves) + (1 - kHalvesShare) * join);
      w.shown_fraction = p.fraction;
    }
  }
  return p;
}

namespace {

// The saves of count_frontier (options.save_path), taken at square ends. A large one is written
// by a copy of the process (SaveInBackground) while the count goes on; the count waits for it at
// the next square end, where it would start to reuse the memory of the tables the copy still
// holds, and before it returns. Each outcome goes to result and to options.on_save.
class Saving {
 public:
  using Clock = std::chrono::steady_clock;
  Saving(const FrontierCounter& counter, const FrontierOptions& options, FrontierResult& result,
         Clock::time_point t0)
      : options_(options),
        result_(result),
        t0_(t0),
        next_(options.save_after),
        saved_steps_(counter.steps()) {}

  // Between two slices of the count: the save being written, if it is done, and at a square end
  // (can_save) the wait for it and the next save once it is time.
  void between_slices(const FrontierCounter& counter) {
    if (auto outcome = background_.finished()) finish(*outcome);
    if (!counter.can_save()) return;
    if (auto outcome = background_.wait()) finish(*outcome);
    // (Saved only once it has gone on: a count resumed is saved already.)
    if (seconds(Clock::now()) < next_ || counter.steps() <= saved_steps_) return;
    saved_steps_ = counter.steps();
    began_ = Clock::now();
    const FrontierProgress p = counter.progress();
    saved_ = {options_.save_path, p.squares_done, p.squares, counter.save_bytes(), 0, {}, false};
    std::error_code ec;
    const auto folder = std::filesystem::path(options_.save_path).parent_path();
    const auto space = std::filesystem::space(folder.empty() ? "." : folder, ec);
    if (!ec && space.available < saved_.bytes + saved_.bytes / 10) {
      finish("not saved: " + gigabytes(saved_.bytes) + " to write, " + gigabytes(space.available) +
             " free in " + folder.string());
      return;
    }
    saved_.in_background = saved_.bytes >= options_.save_in_background_from &&
                           counter.can_save_in_background() &&
                           background_.start([&] { return counter.save(options_.save_path); });
    if (!saved_.in_background) finish(counter.save(options_.save_path));
  }
  // Once the count stops or ends: the save still being written finished.
  void at_end() {
    if (auto outcome = background_.wait()) finish(*outcome);
  }

 private:
  double seconds(Clock::time_point t) const {
    return std::chrono::duration<double>(t - t0_).count();
  }
  void finish(const std::string& error) {
    const auto now = Clock::now();
    saved_.seconds = std::chrono::duration<double>(now - began_).count();
    saved_.error = error;
    result_.save_error = error;
    result_.saves += error.empty() ? 1 : 0;
    // At most about a tenth of the time saving: the next save once nine times this one's time
    // has passed.
    next_ = seconds(now) + 9 * saved_.seconds;
    if (options_.on_save) options_.on_save(saved_);
  }
  const FrontierOptions& options_;
  FrontierResult& result_;
  Clock::time_point t0_;
  double next_;  // seconds since t0 before the next save
  std::uint64_t saved_steps_;
  Clock::time_point began_;
  FrontierSaved saved_;  // the last save begun
  SaveInBackground background_;
};

}  // namespace

FrontierResult count_frontier(const Problem& problem, const FrontierOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto seconds_since = [](Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  };
  const auto t0 = Clock::now();
  FrontierResult result;
  if (!options.resume_path.empty()) {
    result.error = frontier_detail::check_saved_count(options.resume_path, problem, options.halves,
                                                      options.periods, options.crossing);
    if (!result.error.empty()) return result;
  }
  const bool saving = !options.save_path.empty();
  FrontierDesc desc = options;
  desc.square_ends = saving;  // (saved at square ends)
  FrontierCounter counter = options.resume_path.empty()
                                ? FrontierCounter(problem, desc)
                                : FrontierCounter::resume(options.resume_path, desc);
  Saving saves(counter, options, result, t0);
  auto last = t0;
  const double limit = options.time_limit;
  // Shorter slices under a time limit: a slice of 2^20 steps can take a second on wide boards.
  const std::uint64_t slice = limit > 0 ? std::uint64_t{1} << 16 : std::uint64_t{1} << 20;
  while (counter.run(slice) == Status::running) {
    if (limit > 0 && seconds_since(t0) >= limit) {
      result.stopped = true;
      break;
    }
    if (options.stop != nullptr && options.stop->load()) {
      result.stopped = result.interrupted = true;
      break;
    }
    if (saving) saves.between_slices(counter);
    if (!options.on_progress) continue;
    const auto now = Clock::now();
    if (std::chrono::duration<double>(now - last).count() < options.progress_interval) continue;
    last = now;
    options.on_progress(counter.progress());
  }
  saves.at_end();
  result.error = counter.error();
  result.remedy = counter.remedy();
  result.complete = result.error.empty() && !result.stopped;
  if (result.complete) result.count = counter.count();
  const FrontierProgress p = counter.progress();
  result.progress = p;
  result.peak_bytes = p.peak_bytes;
  result.max_states = p.max_states;
  result.steps = counter.steps();
  result.seconds = seconds_since(t0);
  return result;
}

}  // namespace kt
