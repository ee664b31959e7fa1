// The page's side of the one input road (kt::parse_request, core/board/request.hpp): the
// limits the page adds to the core's, and what "Count tours" counts. The explorer and the JS
// API both take their problems through here, and show the core's messages as they are.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "board/request.hpp"

namespace kt::ui {

// Memory: the heaviest per-square state is a backtracking search (about 90 bytes a square, see
// kt::kMaxSearchSquares) plus the page's picture of the board (4 bytes a square and a copy of
// the path), so a million squares stays near 100 MB of WebAssembly memory, which phones can
// still give (the core's own limits, check_size, are for machines with gigabytes to spare).
inline constexpr std::int64_t kMaxPageSquares = 1'000'000;
// Large boards are drawn as a texture of one texel per square; WebGL2 guarantees 2048.
inline constexpr std::int64_t kMaxPageSide = 2048;
inline constexpr RequestLimits kPageLimits{kMaxPageSquares, kMaxPageSide,
                                           " (the knights CLI takes larger ones)"};

// parse_request with the page's limits, then the core's memory check for the method
// (kt::check_size), as the CLI does. "" or the message, and then `out` is left alone.
std::string parse_page_request(const RequestText& text, Request& out);

// What "Count tours" counts (kt::TourCounter's contract, count.hpp).
enum class CountKind : std::uint8_t {
  from_start,  // directed open tours from the start (ending on the end square, if one is set)
  all_open,    // directed open tours from every start
  closed,      // closed tours, each cycle once
};
const char* to_string(CountKind k);  // "from-start", "all-open", "closed"
std::optional<CountKind> parse_count_kind(std::string_view name);
// In words, for the page: "directed open tours from (1,1)", ...
std::string describe_count(const Problem& p);

// The problem to count: the board of `text` (size, blocked squares) with the tours `kind`
// asks for; the start and end of `text` where the kind uses them, its method not at all.
// "" or the message (parse_request's, or the counter's own: check_count_problem).
std::string parse_count_request(RequestText text, CountKind kind, Problem& out);

// "1,234,567"
std::string with_commas(std::uint64_t n);

}  // namespace kt::ui
