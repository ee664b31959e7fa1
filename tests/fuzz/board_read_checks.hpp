// What the verify fuzz targets demand of a board reader's answer, whatever the bytes were:
// a refusal is a safe one-line message; an accepted board has the promised shape, reads back
// the same through both formats, and the verifier's verdict on it matches the oracle's.
// Any failure aborts, which libFuzzer reports with the input.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "formats/board_read.hpp"
#include "solve/report.hpp"
#include "tour_oracle.hpp"
#include "verify/verify.hpp"

namespace kt_fuzz {

inline void require(bool ok) {
  if (!ok) std::abort();
}

// The board as JSON rows, top row first.
inline std::string board_json(kt::Geometry g, const std::vector<std::int32_t>& board) {
  std::string out = "[";
  for (int y = g.rows; y >= 1; --y) {
    out += y == g.rows ? "[" : ",[";
    for (int x = 1; x <= g.cols; ++x) {
      out += (x > 1 ? "," : "") + std::to_string(board[g.index({x, y})]);
    }
    out += "]";
  }
  return out + "]";
}

inline void check_read(const std::string& why, kt::Geometry g,
                       const std::vector<std::int32_t>& board) {
  if (!why.empty()) {
    require(kt_oracle::is_safe_message(why));
    return;
  }
  require(kt::check_geometry(g.rows, g.cols).empty());
  require(board.size() == static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols));
  bool small_numbers = true;  // all fit board_text's five columns
  for (const std::int32_t m : board) {
    require(m >= -1 && m <= kt::kMaxSquares);  // -1 blocked, else a number read exactly
    small_numbers = small_numbers && m < 10000;
  }

  // The oracle: if the verifier says ok, it is a tour, and the other way round.
  const kt_oracle::Answer oracle = kt_oracle::check_tour(g, board);
  for (const bool closed : {false, true}) {
    const kt::Verdict v = kt::verify_board(g, board, closed);
    require(v.ok == (oracle.tour && (!closed || oracle.closed)));
    require(!v.ok || v.closed == oracle.closed);
    require(v.ok || !v.reason.empty());
  }

  // Round trips: what the writers print reads back as the same board.
  kt::Geometry back_g;
  std::vector<std::int32_t> back;
  require(kt::parse_board_json(board_json(g, board), back_g, back).empty());
  require(back_g.rows == g.rows && back_g.cols == g.cols && back == board);
  if (small_numbers) {
    require(kt::parse_board_text(kt::board_text(g, board), back_g, back).empty());
    require(back_g.rows == g.rows && back_g.cols == g.cols && back == board);
  }
}

}  // namespace kt_fuzz
