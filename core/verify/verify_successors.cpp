// verify_successors (verify.hpp): the compact-tour verdict for boards of up to a billion
// squares, in parallel and with no memory beyond the tour. Independent of the construction and
// of the knight toolkit, like the rest of the verifier: a direction is decoded from its
// definition (d is (1, 2) turned clockwise by d eighths of a turn), and nothing is assumed
// about how the tour was laid out.
//
// Why the two passes prove a tour. Pass 1 checks, square by square, that every free square's
// successor is a knight's jump to a free square on the board and that no free square has two
// predecessors. Then the successor map, a function in which no square has two preimages, is a
// set of disjoint paths and cycles; the squares without a predecessor are exactly the path
// starts and the squares without a successor (the ends) exactly the path ends, one each per
// path. Pass 1 also requires at most one end, and, when there is one, that the start is the
// square without a predecessor: so the start lies on the one path (open) or on a cycle
// (closed). Pass 2 measures the length of the start's path or cycle without a visited bitmap:
// the landmarks cut every path and cycle through them into segments that the walks measure
// independently (each square lies in exactly one segment: the one of the last landmark before
// it), and the landmarks' own chain from the start adds up the start's path or cycle. It is a
// tour exactly when that length is the number of free squares.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "board/parallel.hpp"
#include "verify/verify.hpp"

namespace kt {

namespace {

constexpr std::array<int, 8> kDx{1, 2, 2, 1, -1, -2, -2, -1};
constexpr std::array<int, 8> kDy{2, 1, -1, -2, -2, -1, 1, 2};
constexpr std::uint8_t kEnd = 0xFF;  // the end of an open tour (kNoJump)
constexpr std::size_t kNowhere = std::numeric_limits<std::size_t>::max();

// Below this many squares one thread does it all (starting a thread costs more).
[[maybe_unused]] constexpr std::int64_t kThreadedSquares = std::int64_t{1} << 18;
// Walks interleaved on one thread: each step's load depends on the previous one, so a single
// walk waits on memory; several hide each other's latency.
constexpr int kLanes = 8;
// About this many landmarks at most (their table takes 16 bytes each).
constexpr std::size_t kMaxLandmarks = std::size_t{1} << 18;

std::string at(std::int64_t x, std::int64_t y) {
  return "(" + format_square({static_cast<int>(x + 1), static_cast<int>(y + 1)}) + ")";
}

struct Board {
  std::int64_t rows = 0, cols = 0;
  const std::uint8_t* next = nullptr;
  const std::uint8_t* blocked = nullptr;  // null: no blocked square
  bool is_free(std::int64_t x, std::int64_t y) const {
    return !blocked || blocked[static_cast<std::size_t>(y * cols + x)] == 0;
  }
  bool on_board(std::int64_t x, std::int64_t y) const {
    return x >= 0 && x < cols && y >= 0 && y < rows;
  }
};

// What pass 1 found on a range of rows: its first error, its ends and its squares without a
// predecessor (the first two of each, by index).
struct Scan {
  std::size_t error_at = kNowhere;
  std::string error;
  std::uint64_t ends = 0, sources = 0;
  std::array<std::size_t, 2> end_at{kNowhere, kNowhere}, source_at{kNowhere, kNowhere};

  bool failed() const { return error_at != kNowhere; }
  void fail(std::size_t k, std::string why) {
    if (k < error_at) error_at = k, error = std::move(why);
  }
  static void note(std::uint64_t& count, std::array<std::size_t, 2>& first, std::size_t k) {
    if (count < 2) first[count] = k;
    ++count;
  }
  void merge(const Scan& s) {
    if (s.failed()) fail(s.error_at, s.error);
    const auto add = [](std::uint64_t& count, std::array<std::size_t, 2>& first, std::uint64_t more,
                        const std::array<std::size_t, 2>& their_first) {
      const std::uint64_t listed = std::min<std::uint64_t>(more, 2);
      for (std::uint64_t i = 0; i < listed; ++i) note(count, first, their_first[i]);
      count += more - listed;
    };
    add(ends, end_at, s.ends, s.end_at);
    add(sources, source_at, s.sources, s.source_at);
  }
};

// Every check of pass 1 on one square, with bounds and blocked squares.
void check_square(const Board& b, std::int64_t x, std::int64_t y, Scan& scan) {
  if (!b.is_free(x, y)) return;  // a blocked square's byte is not part of the tour
  const std::size_t k = static_cast<std::size_t>(y * b.cols + x);
  const std::uint8_t d = b.next[k];
  if (d == kEnd) {
    Scan::note(scan.ends, scan.end_at, k);
  } else if (d > 7) {
    scan.fail(k, "square " + at(x, y) + " holds an invalid direction " + std::to_string(d));
    return;
  } else {
    const std::int64_t tx = x + kDx[d], ty = y + kDy[d];
    if (!b.on_board(tx, ty)) {
      scan.fail(k, "square " + at(x, y) + " jumps off the board to " + at(tx, ty));
      return;
    }
    if (!b.is_free(tx, ty)) {
      scan.fail(k, "square " + at(x, y) + " jumps to blocked square " + at(tx, ty));
      return;
    }
  }
  int predecessors = 0;
  for (int e = 0; e < 8; ++e) {
    const std::int64_t qx = x - kDx[e], qy = y - kDy[e];
    if (b.on_board(qx, qy) && b.is_free(qx, qy) &&
        b.next[static_cast<std::size_t>(qy * b.cols + qx)] == e) {
      ++predecessors;
    }
  }
  if (predecessors == 0) Scan::note(scan.sources, scan.source_at, k);
  if (predecessors > 1) {
    scan.fail(k, "square " + at(x, y) + " is the successor of " + std::to_string(predecessors) +
                     " squares");
  }
}

// Whether every square of row y from x = 2 to cols - 3 (y also two rows from the edges; no
// blocked squares) holds a direction and has exactly one predecessor. Branch-free over the row
// so the compiler can use vector instructions; a false answer sends the row to check_square.
template <std::size_t... E>
bool interior_row_ok(const Board& b, std::int64_t y, std::index_sequence<E...>) {
  const std::uint8_t* row[5];
  for (int i = 0; i < 5; ++i) row[i] = b.next + (y - 2 + i) * b.cols;  // rows y-2 .. y+2
  // The predecessor along direction e sits at (x - dx[e], y - dy[e]).
  constexpr std::array<std::int64_t, 8> qx{-kDx[E]...};
  constexpr std::array<int, 8> qrow{(2 - kDy[E])...};
  const std::uint8_t* pred[8] = {(row[qrow[E]] + qx[E])...};
  const std::uint8_t* here = row[2];
  std::uint8_t bad = 0;
  for (std::int64_t x = 2; x < b.cols - 2; ++x) {
    const std::uint8_t in = static_cast<std::uint8_t>(((pred[E][x] == E) + ...));
    bad |= static_cast<std::uint8_t>((here[x] > 7) | (in != 1));
  }
  return bad == 0;
}

void scan_rows(const Board& b, std::int64_t y0, std::int64_t y1, Scan& scan) {
  for (std::int64_t y = y0; y < y1 && !scan.failed(); ++y) {
    const bool interior = !b.blocked && y >= 2 && y < b.rows - 2 && b.cols >= 5;
    if (interior && interior_row_ok(b, y, std::make_index_sequence<8>{})) {
      for (std::int64_t x : {std::int64_t{0}, std::int64_t{1}, b.cols - 2, b.cols - 1}) {
        check_square(b, x, y, scan);
      }
    } else {
      for (std::int64_t x = 0; x < b.cols; ++x) check_square(b, x, y, scan);
    }
  }
}

// Pass 2's landmarks: the free squares whose index is the start's plus a multiple of 2^shift
// (id: the multiple), and the end of an open tour (the last id, unless it is such a square).
// The test is a subtraction, a mask and (open tours only) a comparison: cheap enough for every
// step of a walk.
struct Landmarks {
  int shift = 0;
  std::size_t mask = 0;    // 2^shift - 1
  std::size_t offset = 0;  // the start's index modulo 2^shift
  std::uint32_t count = 0;
  std::size_t start_k = 0, end_k = kNowhere;
  std::uint32_t start_id = 0, end_id = 0;
  static constexpr std::uint32_t kEndId = std::numeric_limits<std::uint32_t>::max();

  Landmarks(std::size_t squares, std::size_t start, std::size_t end) : start_k(start), end_k(end) {
    while ((squares >> shift) > kMaxLandmarks) ++shift;
    mask = (std::size_t{1} << shift) - 1;
    offset = start & mask;
    count = static_cast<std::uint32_t>((squares - offset + mask) >> shift);
    start_id = static_cast<std::uint32_t>((start - offset) >> shift);
    if (end != kNowhere) {
      end_id = ((end - offset) & mask) == 0 ? static_cast<std::uint32_t>((end - offset) >> shift)
                                            : count++;
    }
  }
  // Below the offset (k - offset) wraps around to a number that the mask does not clear.
  template <bool kWithEnd = true>
  bool is_landmark(std::size_t k) const {
    if constexpr (kWithEnd) return (((k - offset) & mask) == 0) | (k == end_k);
    return ((k - offset) & mask) == 0;
  }
  std::uint32_t id(std::size_t k) const {
    return k == end_k ? end_id : static_cast<std::uint32_t>((k - offset) >> shift);
  }
  // The square of landmark `id`, or kNowhere when it is blocked (no landmark).
  std::size_t square(const Board& b, std::uint32_t id) const {
    if (end_k != kNowhere && id == end_id) return end_k;
    const std::size_t k = offset + (std::size_t{id} << shift);
    return b.blocked && b.blocked[k] != 0 ? kNowhere : k;
  }
};

struct Segment {
  std::uint32_t to = Landmarks::kEndId;  // the next landmark, or kEndId: the tour's end
  std::uint64_t squares = 0;             // squares from this landmark up to the next
};

// Steps every lane (at least once) until one of them stands on a landmark; returns the rounds.
// The lanes live in registers here: one load of a direction, one of its index step and one add
// per lane and round, and a single branch per round.
template <bool kWithEnd, std::size_t... J>
std::uint64_t advance_lanes(const std::uint8_t* next, const std::ptrdiff_t (&dk)[256],
                            const Landmarks& lm, std::size_t (&lanes)[sizeof...(J)],
                            std::index_sequence<J...>) {
  std::size_t k[sizeof...(J)] = {lanes[J]...};
  std::uint64_t rounds = 0;
  do {
    ((k[J] += static_cast<std::size_t>(dk[next[k[J]]])), ...);
    ++rounds;
  } while (!(static_cast<int>(lm.is_landmark<kWithEnd>(k[J])) | ...));
  ((lanes[J] = k[J]), ...);
  return rounds;
}

// Walks from the landmarks in [first, last) to their next landmarks, kLanes walks interleaved
// while there are enough, then the rest one by one. After pass 1 every square a walk reaches
// holds a direction (the end is a landmark, so no walk reads past it) and every walk ends
// within `free` steps; false if one did not (a bug in pass 1).
bool walk_segments(const Board& b, const Landmarks& lm, std::uint32_t first, std::uint32_t last,
                   std::uint64_t free, std::vector<Segment>& out) {
  std::ptrdiff_t dk[256] = {};  // by byte: the index step of each direction (none for the rest)
  for (int d = 0; d < 8; ++d) dk[d] = static_cast<std::ptrdiff_t>(kDy[d] * b.cols + kDx[d]);
  const std::uint8_t* next = b.next;
  std::size_t k[kLanes];
  std::uint32_t id[kLanes];
  std::uint64_t began[kLanes];
  std::uint64_t step = 0;
  std::uint32_t todo = first;
  const auto start_walk = [&](int j) {
    while (todo < last) {
      const std::uint32_t i = todo++;
      const std::size_t square = lm.square(b, i);
      if (square == kNowhere) continue;
      if (square == lm.end_k) {
        out[i] = {Landmarks::kEndId, 1};  // the end closes its own segment
        continue;
      }
      k[j] = square;
      id[j] = i;
      began[j] = step;
      return true;
    }
    return false;
  };
  int lanes = 0;
  while (lanes < kLanes && start_walk(lanes)) ++lanes;
  // All lanes busy: rounds of one step each until one stands on a landmark.
  while (lanes == kLanes) {
    step += lm.end_k == kNowhere
                ? advance_lanes<false>(next, dk, lm, k, std::make_index_sequence<kLanes>{})
                : advance_lanes<true>(next, dk, lm, k, std::make_index_sequence<kLanes>{});
    for (int j = 0; j < kLanes && lanes == kLanes; ++j) {
      if (!lm.is_landmark(k[j])) continue;
      if (step - began[j] > free) return false;
      out[id[j]] = {lm.id(k[j]), step - began[j]};
      if (!start_walk(j)) {
        k[j] = k[kLanes - 1], id[j] = id[kLanes - 1], began[j] = began[kLanes - 1];
        --lanes;  // lane j was finished: the last lane's walk moves into it
      }
    }
  }
  // The rest, one walk at a time (a lane may be standing on its next landmark already).
  for (int j = 0; j < lanes; ++j) {
    do {
      std::uint64_t squares = step - began[j];
      std::size_t at = k[j];
      while (squares == 0 || !lm.is_landmark(at)) {
        at += static_cast<std::size_t>(dk[next[at]]);
        if (++squares > free) return false;
      }
      out[id[j]] = {lm.id(at), squares};
    } while (start_walk(j));
  }
  return true;
}

int thread_count(int threads, std::int64_t squares) {
#ifdef KT_HAS_THREADS
  if (threads <= 0) {
    threads = squares < kThreadedSquares ? 1 : hardware_threads();
  }
  return std::clamp(threads, 1, 64);
#else
  (void)threads;
  (void)squares;
  return 1;
#endif
}

}  // namespace

Verdict verify_successors(const Problem& problem, const CompactTour& tour, int threads) {
  KT_ASSERT(threads >= 0);
  Verdict v;
  const Geometry g = problem.geometry;
  if (auto why = check_geometry(g.rows, g.cols); !why.empty()) return {.reason = why};
  if (v.reason = check_compact_shape(problem, tour); !v.reason.empty()) return v;
  // Its scans step by the knight's jumps in the flat index; other pieces take the plain walk.
  if (!problem.piece.is_plain_knight()) return verify_compact(problem, tour);
  const std::size_t n = static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols);
  const Board b{g.rows, g.cols, tour.next.data(),
                problem.blocked.empty() ? nullptr : problem.blocked.data()};
  std::uint64_t free = n;
  if (b.blocked)
    free -= static_cast<std::uint64_t>(std::count_if(problem.blocked.begin(), problem.blocked.end(),
                                                     [](auto f) { return f != 0; }));
  if (free == 0) {
    v.reason = "the board has no free square: a tour visits at least one";
    return v;
  }
  const std::int64_t sx = tour.start.x - 1, sy = tour.start.y - 1;
  if (!b.on_board(sx, sy)) {
    v.reason = "the start " + at(sx, sy) + " is off the board";
    return v;
  }
  if (!b.is_free(sx, sy)) {
    v.reason = "the start " + at(sx, sy) + " is a blocked square";
    return v;
  }
  const int t = static_cast<int>(
      std::min<std::int64_t>(thread_count(threads, static_cast<std::int64_t>(n)), b.rows));

  // Pass 1: every square's successor and predecessors, rows split evenly between threads.
  std::vector<Scan> scans(static_cast<std::size_t>(t));
  in_parallel(t, [&](int i) {
    scan_rows(b, b.rows * i / t, b.rows * (i + 1) / t, scans[static_cast<std::size_t>(i)]);
  });
  Scan scan;
  for (const Scan& s : scans) scan.merge(s);
  const auto square_at = [&](std::size_t k) {
    return at(static_cast<std::int64_t>(k) % b.cols, static_cast<std::int64_t>(k) / b.cols);
  };
  if (scan.failed()) {
    v.reason = scan.error;
    return v;
  }
  const std::size_t start_k = static_cast<std::size_t>(sy * b.cols + sx);
  if (scan.ends > 1) {
    v.reason = "the tour has " + std::to_string(scan.ends) + " ends, at " +
               square_at(scan.end_at[0]) + " and " + square_at(scan.end_at[1]);
    return v;
  }
  // Every jump enters one square and none enters two: as many squares lack a predecessor as
  // lack a successor. Open: the start must be the one.
  if (scan.sources != scan.ends) {
    v.reason = "internal: the predecessor count does not add up";
    return v;
  }
  if (scan.sources == 1 && scan.source_at[0] != start_k) {
    v.reason = "no square leads to " + square_at(scan.source_at[0]) + ", which is not the start " +
               at(sx, sy);
    return v;
  }

  // Pass 2: the segments between landmarks, landmarks split evenly between threads.
  const Landmarks lm(n, start_k, scan.ends == 1 ? scan.end_at[0] : kNowhere);
  std::vector<Segment> segments(lm.count);
  std::vector<char> walked(static_cast<std::size_t>(t), 0);
  in_parallel(t, [&](int i) {
    const auto first = static_cast<std::uint32_t>(std::uint64_t{lm.count} * i / t);
    const auto last = static_cast<std::uint32_t>(std::uint64_t{lm.count} * (i + 1) / t);
    walked[static_cast<std::size_t>(i)] = walk_segments(b, lm, first, last, free, segments);
  });
  if (std::count(walked.begin(), walked.end(), 0) > 0) {
    v.reason = "internal: a walk between landmarks did not end";
    return v;
  }
  // The landmarks' chain from the start.
  std::uint64_t covered = 0;
  std::uint32_t id = lm.start_id;
  for (std::uint32_t hops = 0;; ++hops) {
    if (hops > lm.count) {
      v.reason = "internal: the landmarks do not form a chain";
      return v;
    }
    covered += segments[id].squares;
    id = segments[id].to;
    if (id == Landmarks::kEndId || id == lm.start_id) break;
  }
  v.closed = id == lm.start_id;
  if (covered != free) {
    v.reason = "following the successors from the start " + at(sx, sy) + " " +
               (v.closed ? "returns to it" : "ends") + " after " + std::to_string(covered) +
               " of " + std::to_string(free) + " squares";
    v.closed = false;
    return v;
  }
  if (!v.closed && problem.end &&
      square_at(scan.end_at[0]) != at(problem.end->x - 1, problem.end->y - 1)) {
    v.reason = "the tour ends at " + square_at(scan.end_at[0]) + ", not at " +
               at(problem.end->x - 1, problem.end->y - 1);
    return v;
  }
  if (problem.closed && !v.closed) {
    v.reason = "the tour is open where a closed one is required";
    return v;
  }
  v.ok = true;
  return v;
}

}  // namespace kt
