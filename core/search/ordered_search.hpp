// The textbook's loop: candidates in the move order as given, on any board. Without blocked
// squares, a closed tour or an end square it is exactly Sutcliffe's TryMove, one step per move
// recorded or erased; with them, the rules those add (the end square only as the last move, a
// full path that does not close taken back).
#pragma once

#include "search/search.hpp"

namespace kt {

class OrderedSearch final : public Search {
 public:
  OrderedSearch(const Problem& problem, const MoveOrder& order);

  std::unique_ptr<Search> clone() const override { return std::make_unique<OrderedSearch>(*this); }

 private:
  void advance(std::uint64_t max_steps) override;  // Search::ordered_loop, general or not

  bool general_;  // blocked squares, a closed tour or an end square
};

}  // namespace kt
