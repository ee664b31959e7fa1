// The page's input check: the core's rules (kt::make_problem, kt::parse_method) plus what the
// page itself can hold and draw. The UI and the JS bindings both validate through here; nothing
// about squares, tours or methods is checked twice.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "board/request.hpp"
#include "search/solver.hpp"

namespace kt::ui {

// Memory: the heaviest per-square state is a backtracking search (about 90 bytes a square, see
// kt::kMaxSearchSquares) plus the page's picture of the board (4 bytes a square and a copy of
// the path), so a million squares stays near 100 MB of WebAssembly memory, which phones can
// still give (the core's own limits, check_size, are for machines with gigabytes to spare).
inline constexpr std::int64_t kMaxPageSquares = 1'000'000;
// Large boards are drawn as a texture of one texel per square; WebGL2 guarantees 2048.
inline constexpr int kMaxPageSide = 2048;

// Empty when rows x cols is a board the page takes, else a one-line reason.
std::string check_page_geometry(std::int64_t rows, std::int64_t cols);

// kt::make_problem with the page's size cap.
std::string make_page_problem(const ProblemInput& in, Problem& out);

// make_page_problem, then the core's memory check for the method (kt::check_size), then the
// solver. Empty, or the one-line reason (and `out` is left alone).
std::string make_page_solver(const ProblemInput& in, Method method, std::unique_ptr<Solver>& out);

// kt::parse_method with a message naming the choices.
std::string parse_page_method(std::string_view name, Method& out);

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

// The problem to count: the board of `in` (size, blocked squares) with the tours `kind` asks
// for. Empty, or the one-line reason (make_problem's or the counter's own, check_count_problem).
std::string make_count_problem(ProblemInput in, CountKind kind, Problem& out);

// "1,234,567"
std::string with_commas(std::uint64_t n);

}  // namespace kt::ui
