#include "search/warnsdorff_search.hpp"

#include <algorithm>

namespace kt {

namespace {

// A well-mixed 32-bit key of (seed, square): the 32-bit finaliser of MurmurHash3.
std::uint32_t tie_key(std::uint32_t seed, std::uint32_t square) {
  std::uint32_t h = seed * 0x9E3779B9u ^ (square + 0x7F4A7C15u);
  h ^= h >> 16;
  h *= 0x85EBCA6Bu;
  h ^= h >> 13;
  h *= 0xC2B2AE35u;
  h ^= h >> 16;
  return h;
}

}  // namespace

WarnsdorffSearch::WarnsdorffSearch(const Problem& problem, const MoveOrder& order,
                                   std::uint32_t tie_seed)
    : Search(problem, order) {
  const Geometry g = geometry_;
  degree_.assign(g.size(), 0);
  rim_.resize(g.size());
  for (int i = 0; i < g.size(); ++i) {
    for (std::int32_t n : moves_.neighbours(i)) degree_[i] += board_[n] == 0;
    const Square q = g.square(i);
    // Round a seam there is no rim: a wrapping side has no centre to keep away from.
    const int dx = problem.piece.wraps_columns() ? 0 : 2 * q.x - (g.cols + 1);
    const int dy = problem.piece.wraps_rows() ? 0 : 2 * q.y - (g.rows + 1);
    // Roth's tie-break sends 4 x n searches from a corner down exponential trees, while the
    // plain move order walks them straight: there, ties go by move order alone.
    rim_[i] = g.rows == 4 || g.cols == 4 ? 0 : static_cast<std::uint32_t>(dx * dx + dy * dy);
    if (tie_seed != 0) rim_[i] = tie_key(tie_seed, static_cast<std::uint32_t>(i));
  }
  for (int i = 0; i < g.size(); ++i) ones_ += board_[i] == 0 && degree_[i] == 1;
  // Narrow boards split easily into pieces that no tour can join again; checking costs a pass
  // over the free squares per move, cheap where boards are small or narrow.
  check_pieces_ = std::min(g.rows, g.cols) <= 4 || g.size() <= 400;
  if (check_pieces_) {
    seen_.assign(g.size(), 0);
    stack_.assign(g.size(), 0);
  }
  candidates_.assign(static_cast<std::size_t>(g.size()) * 8, -1);
  candidate_count_.assign(g.size(), 0);
  fill_candidates(0);
}

// Orders frame d's candidates: free neighbours of its square, fewest onward moves first.
void WarnsdorffSearch::fill_candidates(int d) {
  const std::int32_t here = path_[d];
  std::int32_t* out = candidates_.data() + static_cast<std::size_t>(d) * 8;
  int n = 0;
  for (const std::int32_t* p = moves_.list(here); *p >= 0; ++p) {
    const std::int32_t to = *p;
    if (board_[to] != 0 || (to == end_ && d + 1 != last_)) continue;
    // Insertion sort on (degree ascending, distance from centre descending), stable in order.
    int i = n++;
    while (i > 0) {
      const std::int32_t prev = out[i - 1];
      const bool before =
          degree_[to] < degree_[prev] || (degree_[to] == degree_[prev] && rim_[to] > rim_[prev]);
      if (!before) break;
      out[i] = prev;
      --i;
    }
    out[i] = to;
  }
  candidate_count_[d] = static_cast<std::uint8_t>(n);
  cursor_[d] = 0;
}

void WarnsdorffSearch::advance(std::uint64_t max_steps) {
  std::int32_t* const board = board_.data();
  std::int32_t* const path = path_.data();
  std::uint8_t* const degree = degree_.data();
  const int last = last_;
  const std::int32_t start = path[0];
  int d = depth_;
  std::uint64_t placed = 0, erased = 0, steps = 0;
  Status status = Status::running;
  Action action = last_action_;

  // `ones` counts free squares with a single free neighbour: each must end the tour, unless
  // the knight passes through it next.
  int ones = ones_;
  auto take_back = [&](std::int32_t sq) {
    board[sq] = 0;
    ones += degree[sq] == 1;
    for (const std::int32_t* p = moves_.list(sq); *p >= 0; ++p) {
      if (board[*p] == 0) ones += (degree[*p] == 0) - (degree[*p] == 1);
      ++degree[*p];
    }
    ++erased;
    ++steps;
    action = Action::erased;
  };

  while (steps < max_steps) {
    const std::int32_t here = path[d];
    if (cursor_[d] == candidate_count_[d]) {  // frame exhausted
      if (d == 0) {
        status = Status::none;
        break;
      }
      take_back(here);
      --d;
      continue;
    }
    const std::int32_t to = candidates_[static_cast<std::size_t>(d) * 8 + cursor_[d]++];
    if (board[to] != 0) continue;  // cannot happen in order, kept for safety
    ++d;
    path[d] = to;
    board[to] = d + 1;
    ++placed;
    ++steps;
    action = Action::placed;
    // Enter `to`. A free neighbour left with no free neighbour can only be the last square;
    // a free square with one, away from `to`, can only be the last square too.
    ones -= degree[to] == 1;
    int stranded = 0, near_ones = 0;
    for (const std::int32_t* p = moves_.list(to); *p >= 0; ++p) {
      const std::int32_t n = *p;
      if (board[n] != 0) {
        --degree[n];
        continue;
      }
      const int left = --degree[n];
      ones += (left == 1) - (left == 0);
      stranded += left == 0;
      near_ones += left == 1;
    }
    if (d == last) {
      if (!closed_ || moves_.adjacent(to, start)) {
        status = Status::found;
        break;
      }
    } else if ((stranded == 0 || (stranded == 1 && d + 1 == last)) && ones - near_ones <= 1 &&
               (!check_pieces_ || one_piece(to, last - d))) {
      // A closed tour must keep a free square next to the start to come back from.
      if (!closed_ || degree[start] > 0) {
        fill_candidates(d);
        continue;
      }
    }
    take_back(to);  // dead end at once: no need to open a frame
    --d;
  }

  depth_ = d;
  ones_ = ones;
  status_ = status;
  last_action_ = action;
  counters_.placed += placed;
  counters_.erased += erased;
}

// Down the path move by move with this engine's own loop, each frame's cursor set to the
// candidate the path takes next: the degrees, the sorted candidates and the count of squares
// with one way out come out as the search that walked it had them.
bool WarnsdorffSearch::walk(std::span<const std::int32_t> path,
                            std::span<const std::uint8_t> cursors) {
  const int depth = static_cast<int>(path.size()) - 1;
  for (int d = 0; d < depth; ++d) {
    const int k = cursors[d];
    if (k == 0 || k > candidate_count_[d] ||
        candidates_[static_cast<std::size_t>(d) * 8 + k - 1] != path[d + 1]) {
      return false;
    }
    cursor_[d] = static_cast<std::uint8_t>(k - 1);
    advance(1);
    if (depth_ != d + 1 || path_[d + 1] != path[d + 1]) return false;  // pruned: not its path
  }
  if (cursors[depth] > candidate_count_[depth] && depth < last_) return false;
  cursor_[depth] = cursors[depth];
  return true;
}

// Whether the free squares, seen from `from`, are all reachable: `free` of them should be.
bool WarnsdorffSearch::one_piece(std::int32_t from, int free) {
  ++stamp_;
  if (stamp_ == 0) {
    std::fill(seen_.begin(), seen_.end(), 0);
    stamp_ = 1;
  }
  std::int32_t* stack = stack_.data();
  int top = 0, reached = 0;
  stack[top++] = from;
  while (top > 0) {
    const std::int32_t sq = stack[--top];
    for (const std::int32_t* p = moves_.list(sq); *p >= 0; ++p) {
      const std::int32_t n = *p;
      if (board_[n] != 0 || seen_[n] == stamp_) continue;
      seen_[n] = stamp_;
      ++reached;
      stack[top++] = n;
    }
  }
  return reached == free;
}

}  // namespace kt
