// The page's limits on a problem, in one place: the explorer, the JS API, the URL settings
// (page_query.hpp), their tests and the fuzzer all take them from here, and hand them to the
// core's checks (parse_request, parse_solve_request, parse_count_request).
#pragma once

#include <cstdint>

#include "board/request.hpp"  // RequestLimits

namespace kt::ui {

// Memory: the heaviest per-square state is a backtracking search (about 90 bytes a square, see
// kt::kMaxSearchSquares) plus the page's picture of the board (4 bytes a square and a copy of
// the path), so a million squares stays near 100 MB of WebAssembly memory, which phones can
// still give (the core's own limits, check_size, are for machines with gigabytes to spare).
inline constexpr std::int64_t kMaxPageSearchSquares = 1'000'000;
// The construction needs a byte a square and the page's move numbers four more: 10^8 squares
// take about 520 MB, which wasm32 can hold where the browser gives it (checked before
// allocating: check_page_memory).
inline constexpr std::int64_t kMaxPageSquares = 100'000'000;
// Sides: the picture is downsampled past kMaxTextureSide (board_image.hpp), so only the number
// of squares limits a side; a long thin board still needs a view a square wide.
inline constexpr std::int64_t kMaxPageSide = 100'000;
inline constexpr RequestLimits kPageLimits{
    kMaxPageSquares, kMaxPageSide, " (the knights CLI takes larger ones)", kMaxPageSearchSquares};

}  // namespace kt::ui
