// Warnsdorff's rule with backtracking: each frame's candidates ordered by fewest onward moves
// (Warnsdorff 1823), ties by the larger distance from the board's centre (Roth; not on 4 x n
// boards, where it fails), then by the move order. Sound pruning cuts branches that leave a
// free square unreachable; backtracking behind it keeps the search complete.
#pragma once

#include <cstdint>
#include <vector>

#include "search/search.hpp"

namespace kt {

class WarnsdorffSearch final : public Search {
 public:
  // tie_seed 0: ties by Roth's distance from the centre, then the move order; otherwise by a
  // pseudo-random key per square drawn from the seed (a restart that walks another tree).
  WarnsdorffSearch(const Problem& problem, const MoveOrder& order, std::uint32_t tie_seed = 0);

  std::unique_ptr<Search> clone() const override {
    return std::make_unique<WarnsdorffSearch>(*this);
  }

 private:
  void advance(std::uint64_t max_steps) override;
  bool walk(std::span<const std::int32_t> path, std::span<const std::uint8_t> cursors) override;
  void fill_candidates(int d);
  bool one_piece(std::int32_t from, int free);

  std::vector<std::uint8_t> degree_;      // free neighbours per square
  std::vector<std::uint32_t> rim_;        // tie-break: larger first (see the constructor)
  std::vector<std::int32_t> candidates_;  // 8 per frame, in the order tried
  std::vector<std::uint8_t> candidate_count_;
  int ones_ = 0;  // free squares with exactly one free neighbour
  bool check_pieces_ = false;
  std::vector<std::uint32_t> seen_;  // one_piece's marks, stamped to avoid clearing
  std::uint32_t stamp_ = 0;
  std::vector<std::int32_t> stack_;  // one_piece's work stack
};

}  // namespace kt
