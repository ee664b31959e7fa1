// The textbook loop on full boards of up to 64 squares: the board as bits of one word, dead
// ends counted in bulk, the state handed out exactly as the textbook's.
#include "search/small_search.hpp"

#include <algorithm>
#include <cstdint>

#include "board/knight.hpp"

namespace kt {

namespace {

// ---- The textbook loop on boards of up to 64 squares, as bit sets ----
//
// The search is the textbook's, step for step; only its bookkeeping is batched:
// - A candidate with no free neighbour once entered (a dead end) costs two steps, placed and
//   erased, whatever its place in the move order. Entering a square counts all its dead-end
//   candidates at once (a popcount) and keeps only the others as frames to walk. The counts run
//   ahead of the textbook by the dead ends not reached yet; `pending` takes them back whenever
//   the state is handed out.
// - Backing out of a frame with nothing left to try goes straight to the nearest frame below
//   that has something left (`active`, one bit per frame), counting one erased move per level.
// So one loop iteration enters one square that has somewhere to go; the textbook spends about
// four steps per such square (8x8 from (3,3): 261M iterations for 860M steps).

struct SmallTables {
  const Bitboard* neighbours;  // per square
  const Bitboard* runs;        // 8 per square
  Bitboard west1, east1, west2, east2;
  unsigned row, row2;
  unsigned descending;
  int last;
};

// The loop's state between calls of the kernel; frames 0..d.
struct SmallState {
  Bitboard rem[64];       // frame i: candidates with somewhere to go, not tried yet
  Bitboard free[64];      // frame i: the squares still free once path[i] is entered
  std::uint8_t path[65];  // path[d + 1]: the last square tried from frame d, unless fresh
  Bitboard here = 0, cur_rem = 0, cur_free = 0, active = 0;
  // Moves placed plus moves erased, with every dead end of frames 0..d already counted (twice).
  std::uint64_t steps = 0;
  int d = 0;
  bool fresh = true;  // frame d has not tried a candidate yet
  Status status = Status::running;
};

// Squares with at least one knight's jump into `b`.
KT_KNIGHT_INLINE Bitboard reach(const SmallTables& t, Bitboard b) {
  const Bitboard h1 = ((b >> 1) & t.west1) | ((b << 1) & t.east1);
  const Bitboard h2 = ((b >> 2) & t.west2) | ((b << 2) & t.east2);
  return (h1 << t.row2) | (h1 >> t.row2) | (h2 << t.row) | (h2 >> t.row);
}

// Runs until the search ends or s.steps reaches `limit`; the caller keeps `limit` at least 80
// steps (one iteration's worth: 1 + 2 * 8 + 63) short of what the textbook may walk.
template <bool kPopcnt>
KT_KNIGHT_INLINE void small_kernel_body(const SmallTables& t, SmallState& s, std::uint64_t limit) {
  const Bitboard* const nb = t.neighbours;
  const int edge = t.last - 1;  // frames below it have their dead ends counted ahead
  Bitboard here = s.here, rem = s.cur_rem, free = s.cur_free, active = s.active;
  std::uint64_t steps = s.steps;
  int d = s.d;
  bool fresh = s.fresh;
  Status status = Status::running;

  // Invariant at the top: rem != 0 (frame d has a candidate with somewhere to go), and
  // `active` has bits only below d: frames that have candidates left (their rem[]).
  while (steps < limit) {
    // The first candidate in the move order: the lowest or highest square of the first run
    // that has one.
    unsigned to;
    if ((rem & (rem - 1)) == 0) {  // the only one: frame d is done once it is
      to = lsb(rem);
    } else {
      const Bitboard* r = t.runs + here * 8;
      unsigned i = 0;
      Bitboard a;
      while ((a = rem & r[i]) == 0) ++i;
      to = (t.descending >> i & 1) ? msb(a) : lsb(a);
      s.rem[d] = rem & ~bit(to);
      active |= bit(d);
    }
    const Bitboard b = bit(to);
    const int d1 = d + 1;
    const Bitboard free1 = free & ~b;
    s.free[d1] = free1;
    s.path[d1] = static_cast<std::uint8_t>(to);
    Bitboard next = nb[to] & free1;
    if (d1 < edge) {
      const Bitboard dead = next & ~reach(t, free1);
      next ^= dead;
      steps += 2 * (kPopcnt ? popcount(dead) : popcount_portable(dead)) + 1;
    } else if (d1 == edge) {
      steps += 1;
    } else {  // d1 == last: the tour
      steps += 1;
      d = d1;
      fresh = true;
      status = Status::found;
      break;
    }
    if (next != 0) {  // enter `to`
      d = d1;
      here = to;
      rem = next;
      free = free1;
      fresh = true;
      continue;
    }
    // `to` has only dead ends: back out to the nearest frame with something left (`active`
    // has bits only up to d).
    if (active == 0) {
      steps += static_cast<unsigned>(d1);
      d = 0;
      fresh = false;
      status = Status::none;
      break;
    }
    const int j = msb(active);
    steps += static_cast<unsigned>(d1 - j);
    active ^= bit(j);
    d = j;
    here = s.path[j];
    rem = s.rem[j];
    free = s.free[j];
    fresh = false;
  }

  s.here = here;
  s.cur_rem = rem;
  s.cur_free = free;
  s.active = active;
  s.steps = steps;
  s.d = d;
  s.fresh = fresh;
  s.status = status;
}

using SmallKernel = void (*)(const SmallTables&, SmallState&, std::uint64_t);

// The kernel is called through a pointer, in slices of kSmallChunk steps: WebAssembly engines
// (V8) run a long call in the baseline tier until it returns, so a search made of one call
// would never reach optimized code.
void small_kernel(const SmallTables& t, SmallState& s, std::uint64_t limit) {
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__)
  small_kernel_body<false>(t, s, limit);  // no popcnt instruction in baseline x86
#else
  small_kernel_body<true>(t, s, limit);  // WebAssembly's i64.popcnt, AArch64's cnt, ...
#endif
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// The same loop for x86-64 processors with popcnt, lzcnt/tzcnt and BMI2 (2013 on), chosen at
// run time: one instruction where the baseline needs a dozen for a popcount.
__attribute__((target("popcnt,bmi,bmi2,lzcnt"))) void small_kernel_x86_v3(const SmallTables& t,
                                                                          SmallState& s,
                                                                          std::uint64_t limit) {
  small_kernel_body<true>(t, s, limit);
}
#endif

SmallKernel choose_small_kernel() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  // lzcnt has no name of its own in clang's __builtin_cpu_supports; every processor with AVX2
  // (Intel Haswell, AMD Excavator and later) has it, so clang asks for AVX2 instead.
#if defined(__clang__)
  const bool lzcnt = __builtin_cpu_supports("avx2");
#else
  const bool lzcnt = __builtin_cpu_supports("lzcnt");
#endif
  if (__builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") &&
      __builtin_cpu_supports("bmi2") && lzcnt) {
    return small_kernel_x86_v3;
  }
#endif
  return small_kernel;
}

constexpr std::uint64_t kSmallChunk = std::uint64_t{1} << 22;
constexpr std::uint64_t kSmallMargin = 80;         // most steps one kernel iteration takes
constexpr std::uint64_t kSmallMinSteps = 1 << 12;  // below this, the step-by-step loop

}  // namespace

bool SmallSearch::applies(const Problem& p, const MoveOrder&) {
  // The bit kernels shift by the knight's jumps on a plain board.
  return !p.closed && !p.end && p.blocked.empty() && p.geometry.size() <= 64 &&
         p.piece.is_plain_knight();
}

SmallSearch::SmallSearch(const Problem& problem, const MoveOrder& order) : Search(problem, order) {
  init_tables(order);
}

// Tables for the bit-set kernel, when the board's rows fit the shifts of reach() and the order
// is the knight's eight jumps (reach() assumes them); else every step goes step by step.
void SmallSearch::init_tables(const MoveOrder& order) {
  const Geometry g = geometry_;
  if (g.size() > 64 || g.cols > 31) return;  // reach() shifts by two rows
  for (int k = 0; k < 8; ++k) {
    if (!is_knight_jump(order.dx[k], order.dy[k])) return;
    for (int j = 0; j < k; ++j) {
      if (order.dx[j] == order.dx[k] && order.dy[j] == order.dy[k]) return;
    }
  }

  // Split the order into runs along which the target square's index only grows or only
  // shrinks; within a run, the first candidate in the order is then the lowest or the highest
  // free square of the run.
  int run_of[8];
  unsigned descending = 0;
  int runs = 0;
  for (int k = 0; k < 8;) {
    int dir = 0;
    run_of[k] = runs;
    int j = k + 1;
    for (; j < 8; ++j) {
      const int step = (order.dy[j] - order.dy[j - 1]) * g.cols + (order.dx[j] - order.dx[j - 1]);
      const int sign = (step > 0) - (step < 0);
      if (sign != 0 && dir != 0 && sign != dir) break;
      if (dir == 0) dir = sign;
      run_of[j] = runs;
    }
    if (dir < 0) descending |= 1u << runs;
    ++runs;
    k = j;
  }

  BitTables& sb = tables_;
  sb.row = static_cast<unsigned>(g.cols);
  sb.descending = static_cast<std::uint8_t>(descending);
  sb.all = first_squares(g.size());
  Bitboard col[2] = {0, 0}, col_last[2] = {0, 0};
  for (int i = 0; i < g.size(); ++i) {
    const int x = i % g.cols;
    if (x == 0) col[0] |= bit(i);
    if (x == 1) col[1] |= bit(i);
    if (x == g.cols - 1) col_last[0] |= bit(i);
    if (x == g.cols - 2) col_last[1] |= bit(i);
  }
  sb.west1 = sb.all & ~col_last[0];
  sb.east1 = sb.all & ~col[0];
  sb.west2 = sb.all & ~col_last[0] & ~col_last[1];
  sb.east2 = sb.all & ~col[0] & ~col[1];
  sb.neighbours = neighbour_masks(g);
  sb.runs.assign(static_cast<std::size_t>(g.size()) * 8, 0);
  for (int i = 0; i < g.size(); ++i) {
    Bitboard* runs_of_i = sb.runs.data() + static_cast<std::size_t>(i) * 8;
    for_each_neighbour(
        g, i, [&](int to, int k) { runs_of_i[run_of[k]] |= bit(to); }, {}, order.dx, order.dy);
  }
}

int SmallSearch::slot(std::int32_t from, std::int32_t to) const {
  const std::int32_t* list = moves_.list(from);
  int k = 0;
  while (list[k] != to) ++k;
  return k;
}

// The textbook loop for boards of up to 64 squares. Long runs go through the bit-set kernel
// (see the comment at SmallState), short ones and the last steps of each run step by step
// (ordered_loop); either way the state handed out after max_steps steps is the textbook's.
void SmallSearch::advance(std::uint64_t max_steps) {
  if (tables_.neighbours.empty() || max_steps < kSmallMinSteps)
    return ordered_loop<false>(max_steps);
  const BitTables& sb = tables_;
  const SmallTables t{
      sb.neighbours.data(), sb.runs.data(), sb.west1, sb.east1, sb.west2, sb.east2, sb.row,
      2 * sb.row,           sb.descending,  last_};
  const int last = last_;

  // Frames from the path and the cursors. Dead ends a frame has yet to try are counted now.
  SmallState s;
  const int d = depth_;
  Bitboard free = sb.all;
  Bitboard active = 0;
  for (int i = 0; i <= d; ++i) {
    const std::int32_t sq = path_[i];
    free &= ~bit(sq);
    s.free[i] = free;
    s.path[i] = static_cast<std::uint8_t>(sq);
    const Bitboard cand = sb.neighbours[sq] & free;
    const Bitboard dead = i + 1 < last ? cand & ~reach(t, free) : 0;
    Bitboard untried = 0;
    for (const std::int32_t* p = moves_.list(sq) + cursor_[i]; *p >= 0; ++p) {
      untried |= bit(*p);
    }
    untried &= cand;
    s.steps += 2 * popcount(untried & dead);
    s.rem[i] = untried & ~dead;
    if (i < d && s.rem[i] != 0) active |= bit(i);
  }
  s.d = d;
  s.here = static_cast<Bitboard>(path_[d]);
  s.cur_rem = s.rem[d];
  s.cur_free = free;
  s.active = active;
  s.fresh = cursor_[d] == 0;
  if (!s.fresh) s.path[d + 1] = static_cast<std::uint8_t>(moves_.list(path_[d])[cursor_[d] - 1]);
  if (s.cur_rem == 0) {  // nothing with somewhere to go: back out at once
    if (active == 0) {
      s.steps += static_cast<unsigned>(d);
      s.d = 0;
      s.fresh = false;
      s.status = Status::none;
    } else {
      const int j = msb(active);
      s.steps += static_cast<unsigned>(d - j);
      s.active = active ^ bit(j);
      s.d = j;
      s.here = s.path[j];
      s.cur_rem = s.rem[j];
      s.cur_free = s.free[j];
      s.fresh = false;
    }
  }

  static const SmallKernel kernel = choose_small_kernel();
  const std::uint64_t stop = max_steps - kSmallMargin;
  while (s.status == Status::running && s.steps < stop) {
    kernel(t, s, std::min(stop, s.steps + kSmallChunk));
  }

  // Hand the state out as the textbook's: path, cursors, and the counters without the dead
  // ends counted ahead (`pending`: those after each frame's last tried square).
  const int e = s.d;
  std::uint64_t pending = 0;
  Bitboard fr = sb.all;
  for (int i = 0; i <= e; ++i) {
    const std::int32_t sq = s.path[i];
    path_[i] = sq;
    fr &= ~bit(sq);
    if (i == last) {  // the tour's last square: just entered
      cursor_[i] = 0;
      break;
    }
    const Bitboard cand = sb.neighbours[sq] & fr;
    if (s.status == Status::none) {  // frame 0, every candidate tried
      if (cand != 0) {
        int k = 0;
        for (const std::int32_t* p = moves_.list(sq); *p >= 0; ++p, ++k) {
          if (cand >> *p & 1) cursor_[i] = static_cast<std::uint8_t>(k + 1);
        }
      }
      break;
    }
    const Bitboard dead = i + 1 < last ? cand & ~reach(t, fr) : 0;
    if (i < e || !s.fresh) {
      const int k = slot(sq, s.path[i + 1]);
      cursor_[i] = static_cast<std::uint8_t>(k + 1);
      for (const std::int32_t* p = moves_.list(sq) + k + 1; *p >= 0; ++p) pending += dead >> *p & 1;
    } else {
      cursor_[i] = 0;
      pending += popcount(dead);
    }
  }
  // placed + erased = steps - 2 * pending, placed - erased = e - d.
  const std::uint64_t done = s.steps - 2 * pending;
  const std::uint64_t placed =
      (done + static_cast<std::uint64_t>(e) - static_cast<std::uint64_t>(d)) / 2;
  counters_.placed += placed;
  counters_.erased += done - placed;
  depth_ = e;
  std::fill(board_.begin(), board_.end(), 0);
  for (int i = 0; i <= e; ++i) board_[path_[i]] = i + 1;
  if (s.status == Status::running) return ordered_loop<false>(max_steps - done);
  status_ = s.status;
  last_action_ = status_ == Status::found ? Action::placed : Action::erased;
}

}  // namespace kt
