#include "board/geometry.hpp"

#include "board/text_input.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace kt {

std::string check_geometry(std::int64_t rows, std::int64_t cols) {
  if (rows < 1 || cols < 1) {
    return "board size must be at least 1x1 (got " + std::to_string(rows) + "x" +
           std::to_string(cols) + ")";
  }
  if (rows > kMaxSide || cols > kMaxSide || rows * cols > kMaxSquares) {
    return "board " + std::to_string(rows) + "x" + std::to_string(cols) +
           " is too large (at most " + std::to_string(kMaxSquares) + " squares)";
  }
  return {};
}

namespace {

// A coordinate: decimal digits with an optional '-'. Values beyond any board are kept as one
// past the largest side, so that they are reported as off the board, not as malformed.
std::optional<int> parse_int(std::string_view text) {
  const bool negative = !text.empty() && text[0] == '-';
  const std::string_view digits = negative ? text.substr(1) : text;
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) {
    return std::nullopt;
  }
  std::int64_t v = 0;
  for (const char c : digits) v = std::min<std::int64_t>(v * 10 + (c - '0'), kMaxSide + 1);
  return static_cast<int>(negative ? -v : v);
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace

std::optional<Square> parse_square(std::string_view text, std::string* error) {
  auto fail = [&](std::string why) -> std::optional<Square> {
    if (error) *error = std::move(why);
    return std::nullopt;
  };
  const std::string_view s = trim(text);
  const std::string quoted = excerpt(text);
  if (s.empty()) return fail("empty square: expected x,y (such as 1,1) or a name such as a1");
  if (auto comma = s.find(','); comma != std::string_view::npos) {
    auto x = parse_int(trim(s.substr(0, comma)));
    auto y = parse_int(trim(s.substr(comma + 1)));
    if (!x || !y) return fail("malformed square " + quoted + ": expected x,y such as 3,3");
    return Square{*x, *y};
  }
  if (std::isalpha(static_cast<unsigned char>(s.front()))) {
    const int x = std::tolower(static_cast<unsigned char>(s.front())) - 'a' + 1;
    auto y = parse_int(s.substr(1));
    if (!y || s.size() < 2 || !std::isdigit(static_cast<unsigned char>(s[1]))) {
      return fail("malformed square " + quoted + ": expected a name such as c3");
    }
    return Square{x, *y};
  }
  return fail("malformed square " + quoted + ": expected x,y (such as 3,3) or a name such as c3");
}

std::string check_on_board(Geometry g, Square s) {
  if (g.contains(s)) return {};
  if (std::max(std::abs(s.x), std::abs(s.y)) > kMaxSide) {
    return "square is off the " + std::to_string(g.rows) + "x" + std::to_string(g.cols) +
           " board (a coordinate is larger than any board)";
  }
  return "square " + format_square(s) + " is off the " + std::to_string(g.rows) + "x" +
         std::to_string(g.cols) + " board (x must be 1.." + std::to_string(g.cols) + ", y 1.." +
         std::to_string(g.rows) + ")";
}

std::string format_square(Square s) { return std::to_string(s.x) + "," + std::to_string(s.y); }

}  // namespace kt
