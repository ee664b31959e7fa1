#include "board/square_list.hpp"

namespace kt {

std::optional<std::vector<Square>> parse_square_list(std::string_view text, std::string* error) {
  std::vector<Square> out;
  // With ';' or '|' between squares, spaces may stand inside one ("1, 2"); else spaces separate.
  const bool spaces_separate = text.find_first_of(";|") == std::string_view::npos;
  const char* separators = spaces_separate ? " \t" : ";|";
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t stop = text.find_first_of(separators, i);
    const std::string_view item = text.substr(i, stop == std::string_view::npos ? stop : stop - i);
    i = stop == std::string_view::npos ? text.size() : stop + 1;
    if (item.find_first_not_of(" \t") == std::string_view::npos) continue;
    const auto square = parse_square(item, error);
    if (!square) return std::nullopt;
    out.push_back(*square);
  }
  return out;
}

std::string format_square_list(const std::vector<Square>& squares) {
  std::string out;
  for (const Square& s : squares) {
    if (!out.empty()) out += ';';
    out += format_square(s);
  }
  return out;
}

}  // namespace kt
