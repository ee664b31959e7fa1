// Lists of squares as users type them: "1,1;8,8", "a1|h8" or "a1 h8".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "board/geometry.hpp"

namespace kt {

// Parses every square of the list (an empty list is fine). On failure returns nullopt and, if
// `error` is given, a one-line reason naming the bad entry.
std::optional<std::vector<Square>> parse_square_list(std::string_view text,
                                                     std::string* error = nullptr);

// "x,y;x,y" as parse_square_list reads it back.
std::string format_square_list(const std::vector<Square>& squares);

}  // namespace kt
