#include "backtrack.hpp"

#include <chrono>

namespace kt {

const char* to_string(Status s) {
  switch (s) {
    case Status::running: return "running";
    case Status::found: return "found";
    case Status::none: return "none";
  }
  return "?";
}

Backtracker::Backtracker(Geometry g, Square start, const MoveOrder& order)
    : geometry_(g),
      start_(start),
      moves_(g, order),
      board_(static_cast<std::size_t>(g.size()), 0),
      path_(static_cast<std::size_t>(g.size()), -1),
      cursor_(static_cast<std::size_t>(g.size()), 0) {
  const int s = g.index(start);
  board_[s] = 1;
  path_[0] = s;
  if (g.size() == 1) status_ = Status::found;  // a lone square is toured by standing on it
}

Status Backtracker::run(std::uint64_t max_steps) {
  if (status_ != Status::running || max_steps == 0) return status_;
  const auto t0 = std::chrono::steady_clock::now();

  // Locals so the compiler keeps the hot state in registers.
  std::int32_t* const board = board_.data();
  std::int32_t* const path = path_.data();
  std::uint8_t* const cursor = cursor_.data();
  const int last = geometry_.size() - 1;
  int d = depth_;
  std::uint64_t placed = 0, erased = 0, steps = 0;
  Status status = Status::running;

  while (steps < max_steps) {
    ++steps;
    const std::int32_t here = path[d];
    const std::int32_t* list = moves_.list(here);
    unsigned k = cursor[d];
    std::int32_t to;
    while ((to = list[k]) >= 0 && board[to] != 0) ++k;
    if (to >= 0) {  // record the move: TryMove(d + 2, to)
      cursor[d] = static_cast<std::uint8_t>(k + 1);
      ++d;
      path[d] = to;
      cursor[d] = 0;
      board[to] = d + 1;
      ++placed;
      if (d == last) {
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
  counters_.seconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return status_;
}

}  // namespace kt
