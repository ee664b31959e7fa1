#include "search/backtrack.hpp"

#include <algorithm>
#include <chrono>

namespace kt {

const char* to_string(Status s) {
  switch (s) {
    case Status::running:
      return "running";
    case Status::found:
      return "found";
    case Status::none:
      return "none";
  }
  return "?";
}

namespace {

Problem open_problem(Geometry g, Square start) {
  Problem p;
  p.geometry = g;
  p.start = start;
  return p;
}

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

Backtracker::Backtracker(Geometry g, Square start, const MoveOrder& order)
    : Backtracker(open_problem(g, start), order) {}

Backtracker::Backtracker(const Problem& problem, const MoveOrder& order, Heuristic heuristic)
    : geometry_(problem.geometry),
      moves_(problem.geometry, order),
      heuristic_(heuristic),
      general_(problem.closed || problem.end || !problem.blocked.empty()),
      closed_(problem.closed),
      board_(static_cast<std::size_t>(geometry_.size()), 0),
      path_(static_cast<std::size_t>(geometry_.size()), -1),
      cursor_(static_cast<std::size_t>(geometry_.size()), 0) {
  const Geometry g = geometry_;
  for (int i = 0; i < g.size(); ++i) {
    if (problem.is_blocked(i)) board_[i] = kBlocked;
  }
  if (problem.end) end_ = g.index(*problem.end);
  last_ = problem.free_squares() - 1;
  const int s = g.index(*problem.start);
  board_[s] = 1;
  path_[0] = s;
  if (heuristic_ == Heuristic::warnsdorff) {
    degree_.assign(g.size(), 0);
    rim_.resize(g.size());
    for (int i = 0; i < g.size(); ++i) {
      for (std::int32_t n : moves_.neighbours(i)) degree_[i] += board_[n] == 0;
      const Square q = g.square(i);
      const int dx = 2 * q.x - (g.cols + 1), dy = 2 * q.y - (g.rows + 1);
      // Roth's tie-break sends 4 x n searches from a corner down exponential trees, while the
      // plain move order walks them straight: there, ties go by move order alone.
      rim_[i] = g.rows == 4 || g.cols == 4 ? 0 : static_cast<std::uint32_t>(dx * dx + dy * dy);
    }
    for (int i = 0; i < g.size(); ++i) ones_ += board_[i] == 0 && degree_[i] == 1;
    // Narrow boards split easily into pieces that no tour can join again; checking costs a
    // pass over the free squares per move, cheap where boards are small or narrow.
    check_pieces_ = std::min(g.rows, g.cols) <= 4 || g.size() <= 400;
    if (check_pieces_) {
      seen_.assign(g.size(), 0);
      stack_.assign(g.size(), 0);
    }
    candidates_.assign(static_cast<std::size_t>(g.size()) * 8, -1);
    candidate_count_.assign(g.size(), 0);
    fill_candidates(0);
  }
  if (heuristic_ == Heuristic::none && !general_) init_small(order);
  // A lone square is toured by standing on it; a closed tour needs a jump back.
  if (last_ == 0) status_ = problem.closed ? Status::none : Status::found;
}

Status Backtracker::run(std::uint64_t max_steps) {
  if (status_ != Status::running || max_steps == 0) return status_;
  const auto t0 = std::chrono::steady_clock::now();
  if (heuristic_ == Heuristic::warnsdorff) {
    run_warnsdorff(max_steps);
  } else if (general_) {
    run_in_order<true>(max_steps);
  } else if (geometry_.size() <= 64) {
    run_small(max_steps);
  } else {
    run_in_order<false>(max_steps);
  }
  counters_.seconds += since(t0);
  return status_;
}

// The textbook loop. kGeneral adds the end-square and closed-tour rules; without it this is
// exactly seed 000's TryMove, one step per recorded or erased move.
template <bool kGeneral>
Status Backtracker::run_in_order(std::uint64_t max_steps) {
  // Locals so the compiler keeps the hot state in registers.
  std::int32_t* const board = board_.data();
  std::int32_t* const path = path_.data();
  std::uint8_t* const cursor = cursor_.data();
  const int last = last_;
  const std::int32_t end = end_;
  int d = depth_;
  std::uint64_t placed = 0, erased = 0, steps = 0;
  Status status = Status::running;

  while (steps < max_steps) {
    ++steps;
    const std::int32_t here = path[d];
    const std::int32_t* list = moves_.list(here);
    unsigned k = cursor[d];
    std::int32_t to;
    if constexpr (kGeneral) {
      // The end square may only be entered as the last move.
      while ((to = list[k]) >= 0 && (board[to] != 0 || (to == end && d + 1 != last))) ++k;
    } else {
      while ((to = list[k]) >= 0 && board[to] != 0) ++k;
    }
    if (to >= 0) {  // record the move: TryMove(d + 2, to)
      cursor[d] = static_cast<std::uint8_t>(k + 1);
      ++d;
      path[d] = to;
      cursor[d] = 0;
      board[to] = d + 1;
      ++placed;
      if (d == last) {
        if constexpr (kGeneral) {
          if (closed_ && !moves_.adjacent(to, path[0])) {  // a full path that does not close
            board[to] = 0;
            ++erased;
            --d;
            continue;
          }
        }
        status = Status::found;
        break;
      }
    } else {  // no candidate left: take this move back, or give up at the start square
      if (d == 0) {
        status = Status::none;
        break;
      }
      board[here] = 0;
      ++erased;
      --d;
    }
  }

  depth_ = d;
  status_ = status;
  counters_.placed += placed;
  counters_.erased += erased;
  return status_;
}

template Status Backtracker::run_in_order<true>(std::uint64_t);
template Status Backtracker::run_in_order<false>(std::uint64_t);

}  // namespace kt