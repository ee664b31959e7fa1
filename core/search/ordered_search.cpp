#include "search/ordered_search.hpp"

namespace kt {

OrderedSearch::OrderedSearch(const Problem& problem, const MoveOrder& order)
    : Search(problem, order),
      general_(problem.closed || problem.end || !problem.blocked.empty()),
      closed_(problem.closed) {
  if (problem.end) end_ = geometry_.index(*problem.end);
}

void OrderedSearch::advance(std::uint64_t max_steps) {
  if (general_) {
    loop<true>(max_steps);
  } else {
    loop<false>(max_steps);
  }
}

// kGeneral adds the end-square and closed-tour rules; without it this is exactly seed 000's
// TryMove.
template <bool kGeneral>
void OrderedSearch::loop(std::uint64_t max_steps) {
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

template void OrderedSearch::loop<true>(std::uint64_t);
template void OrderedSearch::loop<false>(std::uint64_t);

}  // namespace kt
