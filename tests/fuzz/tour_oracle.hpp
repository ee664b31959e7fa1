// A second, deliberately different statement of what a board of move numbers must be to hold a
// knight's tour, to hold core/verify against: the fuzz targets abort and the property tests
// fail when the two disagree. It shares no code with the verifier and argues differently: it
// sorts the numbered squares by number (rather than inverting the numbering), and a jump is a
// step of squared length 5 (rather than |dx| * |dy| == 2).
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "board/geometry.hpp"

namespace kt_oracle {

struct Answer {
  bool tour = false;    // -1 marks blocked squares; the others hold 1..free, once each,
                        // consecutive numbers a knight's jump apart; at least one free square
  bool closed = false;  // a tour of more than two squares whose last is a jump from its first
};

inline Answer check_tour(kt::Geometry g, std::span<const std::int32_t> board) {
  Answer answer;
  if (g.rows < 1 || g.cols < 1) return answer;
  const std::int64_t cols = g.cols;
  if (static_cast<std::int64_t>(board.size()) != g.rows * cols) return answer;
  std::vector<std::pair<std::int64_t, std::int64_t>> numbered;  // (move number, square index)
  for (std::size_t k = 0; k < board.size(); ++k) {
    if (board[k] != -1) numbered.emplace_back(board[k], static_cast<std::int64_t>(k));
  }
  if (numbered.empty()) return answer;
  std::sort(numbered.begin(), numbered.end());
  auto jump = [cols](std::int64_t a, std::int64_t b) {
    const std::int64_t dx = a % cols - b % cols, dy = a / cols - b / cols;
    return dx * dx + dy * dy == 5;
  };
  for (std::size_t i = 0; i < numbered.size(); ++i) {
    if (numbered[i].first != static_cast<std::int64_t>(i) + 1) return answer;
    if (i > 0 && !jump(numbered[i - 1].second, numbered[i].second)) return answer;
  }
  answer.tour = true;
  answer.closed = numbered.size() > 2 && jump(numbered.back().second, numbered.front().second);
  return answer;
}

// A message that is safe to print: one line of printable ASCII or UTF-8, no control bytes, no
// DEL, no byte-order mark, bounded.
inline bool is_safe_message(std::string_view m) {
  if (m.empty() || m.size() > 512) return false;
  if (m.find("\xEF\xBB\xBF") != std::string_view::npos) return false;
  return std::none_of(m.begin(), m.end(), [](char c) {
    const auto b = static_cast<unsigned char>(c);
    return b < 0x20 || b == 0x7F;
  });
}

}  // namespace kt_oracle
