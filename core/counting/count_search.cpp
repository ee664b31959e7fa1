#include "counting/count_search.hpp"

#include <algorithm>
#include <bit>

#include "board/knight.hpp"  // bit

namespace kt::count_detail {

namespace {

// The moves worth trying from a head whose unvisited neighbours are `near`, with `free` (at
// least two squares) unvisited and their neighbour counts in planes p0..p3; 0 if none can lead
// to a tour. See the pruning rules in count_search.hpp.
inline std::uint64_t choose_moves(std::uint64_t free, std::uint64_t near, std::uint64_t p0,
                                  std::uint64_t p1, std::uint64_t p2, std::uint64_t p3,
                                  std::uint64_t end_bit) {
  const std::uint64_t high = p1 | p2 | p3;
  if (free & ~(p0 | high)) return 0;       // a square with no way in or out
  const std::uint64_t one = p0 & ~high;    // squares with a single unvisited neighbour
  const std::uint64_t far1 = one & ~near;  // ... that only an end can be
  const std::uint64_t near1 = one & near;  // ... that must be entered now, or be the end
  if (end_bit) {
    if (far1 & ~end_bit) return 0;
    const std::uint64_t must = near1 & ~end_bit;
    if (must) return (must & (must - 1)) ? 0 : must;
    return near & ~end_bit;
  }
  if (far1) {  // far1 is the end: every square of near1 must be entered now
    if (far1 & (far1 - 1)) return 0;
    if (near1) return (near1 & (near1 - 1)) ? 0 : near1;
    return near;
  }
  if (near1) {  // at most one of them can wait to be the end
    const std::uint64_t rest = near1 & (near1 - 1);
    if (rest & (rest - 1)) return 0;
    return rest ? near1 : near;
  }
  return near;
}

inline std::size_t memo_slot(std::uint64_t free, int head, std::uint64_t tag, int shift) {
  const std::uint64_t key = free ^ ((tag | static_cast<std::uint64_t>(head)) << 48);
  return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> shift);
}

}  // namespace

SubtreeSearch::SubtreeSearch(const Graph& graph, int memo_bits)
    : neighbours_(graph.neighbours.data()),
      all_(graph.all),
      frames_(static_cast<std::size_t>(std::max(graph.n, 1))),
      path_(static_cast<std::size_t>(std::max(graph.n, 1)), 0) {
  if (memo_bits > 0) {
    memo_.assign(std::size_t{1} << memo_bits, MemoEntry{0, 0});
    memo_shift_ = 64 - memo_bits;
  }
}

void SubtreeSearch::load(std::span<const std::uint8_t> prefix, std::uint64_t removed, int end,
                         bool report, int stop_length) {
  const int length = static_cast<int>(prefix.size());
  std::uint64_t free = all_ & ~removed;
  for (int i = 0; i < length; ++i) {
    path_[i] = prefix[i];
    free &= ~bit(prefix[i]);
  }
  Frame& f = frames_[length - 1];
  f = Frame{free, 0, 0, 0, 0, 0, 0, 0};
  for (std::uint64_t rest = free; rest; rest &= rest - 1) {
    const int v = std::countr_zero(rest);
    const int degree = std::popcount(neighbours_[v] & free);
    if (degree & 1) f.p0 |= bit(v);
    if (degree & 2) f.p1 |= bit(v);
    if (degree & 4) f.p2 |= bit(v);
    if (degree & 8) f.p3 |= bit(v);
  }
  end_bit_ = end >= 0 ? bit(end) : 0;
  const std::uint64_t near = neighbours_[prefix[length - 1]] & free;
  root_tour_ = free == 0;
  if (free == 0) {
    f.moves = 0;
  } else if ((free & (free - 1)) == 0) {
    f.moves = near;
  } else {
    f.moves = choose_moves(free, near, f.p0, f.p1, f.p2, f.p3, end_bit_);
  }
  f.choices = f.moves;
  base_ = depth_ = length - 1;
  // The memo serves nodes with kMemoLeast..kMemoMost unvisited squares, counting only.
  const int left = std::popcount(free);
  memo_low_ = report ? 1 : base_ + left - kMemoMost;
  memo_high_ = report ? 0 : base_ + left - kMemoLeast;
  stop_depth_ = stop_length > 0 ? stop_length - 1 : -1;
  report_ = report;
  tours_ = 0;
  nodes_ = 0;
  steps_ = 0;
  status_ = Status::running;
}

Status SubtreeSearch::run(std::uint64_t max_steps) {
  if (status_ == Status::found) status_ = Status::running;  // resume after a reported path
  if (status_ != Status::running || max_steps == 0) return status_;
  if (root_tour_) {  // the prefix alone is a tour (a board of one square, or a split)
    root_tour_ = false;
    ++tours_;
    ++steps_;
    if (report_) return status_ = Status::found;
  }

  // Locals so the compiler keeps the hot state in registers.
  Frame* const frames = frames_.data();
  std::uint8_t* const path = path_.data();
  const std::uint64_t* const neighbours = neighbours_;
  const std::uint64_t end_bit = end_bit_;
  const bool report = report_;
  const int base = base_;
  const int stop_depth = stop_depth_;
  // Depths whose nodes go through the memo (none when it is off).
  const int memo_low = memo_.empty() ? 1 : memo_low_, memo_high = memo_.empty() ? 0 : memo_high_;
  MemoEntry* const memo = memo_.data();
  const int memo_shift = memo_shift_;
  const std::uint64_t memo_tag =
      static_cast<std::uint64_t>(end_bit ? std::countr_zero(end_bit) + 1 : 0) << 8;
  int d = depth_;
  std::uint64_t steps = 0, nodes = 0, tours = tours_;
  Status status = Status::running;

  while (steps < max_steps) {
    ++steps;
    Frame& f = frames[d];
    const std::uint64_t moves = f.moves;
    if (moves == 0) {  // every move from here tried: step back
      if (d == base) {
        status = Status::none;
        break;
      }
      if (d >= memo_low && d <= memo_high) {  // remember how many tours this node led to
        const std::uint64_t found = tours - f.before;
        if (found < (std::uint64_t{1} << 48)) {
          MemoEntry& e = memo[memo_slot(f.free, path[d], memo_tag, memo_shift)];
          e.free = f.free;
          e.data = (found << 16) | memo_tag | path[d];
        }
      }
      --d;
      continue;
    }
    const int v = std::countr_zero(moves);
    f.moves = moves & (moves - 1);
    const std::uint64_t vb = bit(v);
    const std::uint64_t free = f.free & ~vb;
    const std::uint64_t near = neighbours[v] & free;
    ++nodes;
    const bool memo_level = d + 1 >= memo_low && d + 1 <= memo_high;
    if (memo_level) {  // this node was counted before
      const MemoEntry& e = memo[memo_slot(free, v, memo_tag, memo_shift)];
      if (e.free == free && (e.data & 0xFFFF) == (memo_tag | static_cast<std::uint64_t>(v))) {
        tours += e.data >> 16;
        continue;
      }
    }
    if (!report) {  // counting only: finish the last two squares without pushing frames
      const std::uint64_t rest = free & (free - 1);
      if ((rest & (rest - 1)) == 0) {
        if (rest == 0) {
          tours += free == 0 || near != 0;
        } else if (neighbours[std::countr_zero(free)] & rest) {  // v, a, b or v, b, a
          const std::uint64_t a = free & ~rest;
          tours += (near & a) && !(end_bit & a);
          tours += (near & rest) && !(end_bit & rest);
        }
        continue;
      }
    }
    // Entering v takes one from the count of each of its unvisited neighbours (all >= 1).
    std::uint64_t borrow = near;
    const std::uint64_t p0 = (f.p0 ^ borrow) & ~vb;
    borrow &= ~f.p0;
    const std::uint64_t p1 = (f.p1 ^ borrow) & ~vb;
    borrow &= ~f.p1;
    const std::uint64_t p2 = (f.p2 ^ borrow) & ~vb;
    borrow &= ~f.p2;
    const std::uint64_t p3 = (f.p3 ^ borrow) & ~vb;

    if ((free & (free - 1)) == 0) {  // at most one square left (listing)
      ++d;
      path[d] = static_cast<std::uint8_t>(v);
      Frame& c = frames[d];
      c = Frame{free, p0, p1, p2, p3, near, near, tours};
      if (free == 0) {
        ++tours;
        status = Status::found;
        break;
      }
      if (d == stop_depth) {
        c.moves = 0;
        status = Status::found;
        break;
      }
      continue;
    }

    const std::uint64_t next = choose_moves(free, near, p0, p1, p2, p3, end_bit);
    if (next == 0) continue;  // dead: the node is counted, nothing pushed
    ++d;
    path[d] = static_cast<std::uint8_t>(v);
    frames[d] = Frame{free, p0, p1, p2, p3, next, next, tours};
    if (d == stop_depth) {
      frames[d].moves = 0;
      status = Status::found;
      break;
    }
  }

  depth_ = d;
  steps_ += steps;
  nodes_ += nodes;
  tours_ = tours;
  status_ = status;
  return status_;
}

double SubtreeSearch::fraction() const {
  if (status_ == Status::none) return 1;
  // Frames above the head count the children before the one on the path as done; the head's
  // frame counts every child it has tried (none of them is on the stack any more).
  double done = 0, scale = 1;
  for (int d = base_; d <= depth_; ++d) {
    const int n = std::popcount(frames_[d].choices);
    if (n == 0) return done + scale;
    const int tried = n - std::popcount(frames_[d].moves);
    if (d == depth_) return done + scale * tried / n;
    done += scale * (tried - 1) / n;
    scale /= n;
  }
  return done;
}

double SubtreeSearch::share() const {
  double s = 1;
  for (int d = base_; d < depth_; ++d) s /= std::popcount(frames_[d].choices);
  return s;
}

}  // namespace kt::count_detail
