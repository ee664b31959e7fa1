// The textbook's tree on full boards of up to 64 squares (open tours, no end square): the same
// steps and counters as OrderedSearch, with the visited set as bits of one word and dead ends
// counted in bulk (see small_search.cpp). The fastest way to walk the textbook's tree: 8x8
// from (3,3) at about 3.3 times the plain recursive program.
#pragma once

#include <cstdint>
#include <vector>

#include "board/knight.hpp"
#include "search/search.hpp"

namespace kt {

class SmallSearch final : public Search {
 public:
  // Full board, open tour, no end square, at most 64 squares.
  static bool applies(const Problem& problem, const MoveOrder& order);
  SmallSearch(const Problem& problem, const MoveOrder& order);

  std::unique_ptr<Search> clone() const override { return std::make_unique<SmallSearch>(*this); }

 private:
  void advance(std::uint64_t max_steps) override;
  void init_tables(const MoveOrder& order);
  int slot(std::int32_t from, std::int32_t to) const;

  // The bit-set kernel's tables; empty when the board or the order does not allow it.
  struct BitTables {
    Bitboard all = 0;                                     // the board's squares
    Bitboard west1 = 0, east1 = 0, west2 = 0, east2 = 0;  // column masks for reach()
    unsigned row = 0;                                     // index step of one row
    std::uint8_t descending = 0;       // bit r: run r of the move order visits squares high to low
    std::vector<Bitboard> neighbours;  // per square
    std::vector<Bitboard> runs;        // per square, 8: neighbours in run r
  };
  BitTables tables_;
};

}  // namespace kt
