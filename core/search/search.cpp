#include "search/search.hpp"

#include <chrono>

#include "search/ordered_search.hpp"
#include "search/small_search.hpp"
#include "search/warnsdorff_search.hpp"

namespace kt {

Search::Search(const Problem& problem, const MoveOrder& order)
    : geometry_(problem.geometry),
      moves_(problem.geometry, order, problem.piece),
      board_(static_cast<std::size_t>(geometry_.size()), 0),
      path_(static_cast<std::size_t>(geometry_.size()), -1),
      cursor_(static_cast<std::size_t>(geometry_.size()), 0) {
  const Geometry g = geometry_;
  closed_ = problem.closed;
  if (problem.end) end_ = g.index(*problem.end);
  for (int i = 0; i < g.size(); ++i) {
    if (problem.is_blocked(i)) board_[i] = kBlocked;
  }
  last_ = problem.free_squares() - 1;
  const int s = g.index(*problem.start);
  board_[s] = 1;
  path_[0] = s;
  // A lone square is toured by standing on it; a closed tour needs a jump back.
  if (last_ == 0) status_ = problem.closed ? Status::none : Status::found;
}

Status Search::run(std::uint64_t max_steps) {
  if (status_ != Status::running || max_steps == 0) return status_;
  const auto t0 = std::chrono::steady_clock::now();
  advance(max_steps);
  counters_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return status_;
}

// kGeneral adds the end-square and closed-tour rules; without it this is exactly Sutcliffe's
// TryMove.
template <bool kGeneral>
void Search::ordered_loop(std::uint64_t max_steps) {
  // Locals so the compiler keeps the hot state in registers.
  std::int32_t* const board = board_.data();
  std::int32_t* const path = path_.data();
  std::uint8_t* const cursor = cursor_.data();
  const int last = last_;
  const std::int32_t end = end_;
  int d = depth_;
  std::uint64_t placed = 0, erased = 0, steps = 0;
  Status status = Status::running;
  Action action = last_action_;

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
      action = Action::placed;
      if (d == last) {
        if constexpr (kGeneral) {
          if (closed_ && !moves_.adjacent(to, path[0])) {  // a full path that does not close
            board[to] = 0;
            ++erased;
            --d;
            action = Action::erased;
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
      action = Action::erased;
    }
  }

  depth_ = d;
  status_ = status;
  last_action_ = action;
  counters_.placed += placed;
  counters_.erased += erased;
}

SearchState Search::state() const {
  SearchState out{{path_.begin(), path_.begin() + depth_ + 1},
                  {cursor_.begin(), cursor_.begin() + depth_ + 1},
                  counters_,
                  status_,
                  last_action_};
  return out;
}

bool Search::resume(const SearchState& state) {
  const std::span<const std::int32_t> path = state.path;
  const std::span<const std::uint8_t> cursors = state.cursors;
  if (path.empty() || path.size() != cursors.size() || static_cast<int>(path.size()) > last_ + 1 ||
      path[0] != path_[0] || depth_ != 0 || counters_.placed != 0) {
    return false;
  }
  const int n = geometry_.size();
  for (std::size_t d = 1; d < path.size(); ++d) {
    const std::int32_t sq = path[d];
    if (sq < 0 || sq >= n || board_[sq] != 0 || !moves_.adjacent(path[d - 1], sq)) return false;
  }
  if (!walk(path, cursors)) return false;
  counters_ = state.counters;
  status_ = state.status;
  last_action_ = state.last;
  return true;
}

bool Search::walk(std::span<const std::int32_t> path, std::span<const std::uint8_t> cursors) {
  const int depth = static_cast<int>(path.size()) - 1;
  for (int d = 0; d <= depth; ++d) {
    // A frame below the top has tried the move up to the next square, which its cursor passes.
    const std::int32_t* list = moves_.list(path[d]);
    int length = 0;
    while (list[length] >= 0) ++length;
    if (cursors[d] > length) return false;
    if (d < depth && (cursors[d] == 0 || list[cursors[d] - 1] != path[d + 1])) return false;
    if (board_[path[d]] != 0 && d > 0) return false;  // a square twice
    board_[path[d]] = d + 1;
    path_[d] = path[d];
    cursor_[d] = cursors[d];
  }
  depth_ = depth;
  return true;
}

template void Search::ordered_loop<true>(std::uint64_t);
template void Search::ordered_loop<false>(std::uint64_t);

std::unique_ptr<Search> make_search(const Problem& problem, const MoveOrder& order,
                                    Heuristic heuristic) {
  if (heuristic == Heuristic::warnsdorff) {
    return std::make_unique<WarnsdorffSearch>(problem, order);
  }
  if (SmallSearch::applies(problem, order)) return std::make_unique<SmallSearch>(problem, order);
  return std::make_unique<OrderedSearch>(problem, order);
}

}  // namespace kt
