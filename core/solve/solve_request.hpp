// The checks of a problem to solve, once for every caller (the CLI, the JS API, the page): the
// request's fields (kt::parse_request), then whether the method the Solver will use can take
// the board. The Solver's own choice of method is asked here, so that no caller copies it.
#pragma once

#include <cstdint>
#include <string>

#include "board/problem.hpp"
#include "board/refusal.hpp"
#include "board/request.hpp"

namespace kt {

// The largest board a backtracking search takes: it needs about 90 bytes a square (move table,
// board, path, Warnsdorff's candidates), so 2^25 squares is about 3 GB. The construction needs
// about 1.2 bytes a square and takes every board make_problem accepts (kMaxSquares). A caller
// may lower it (RequestLimits::max_search_squares).
inline constexpr std::int64_t kMaxSearchSquares = std::int64_t{1} << 25;

// Whether the Solver, asked for `method`, answers `problem` without a backtracking search over
// the whole board: theory says there is no tour, or the strip programme or the construction
// builds it. Precondition: `problem` came from make_problem.
bool answers_without_search(const Problem& problem, Method method);

// Empty when `method` can take `problem` within memory, else a one-line reason naming the
// board (and the method that would take it, as a remedy): boards over
// limits.max_search_squares (0: kMaxSearchSquares) only where answers_without_search. Call
// before constructing a Solver: nothing is allocated here.
Refusal check_size(const Problem& problem, Method method, const RequestLimits& limits = {});

// parse_request, then check_size with the same limits: empty and `out` set, or the refusal (and
// `out` is left alone).
Refusal parse_solve_request(const RequestText& text, Request& out,
                            const RequestLimits& limits = {});

}  // namespace kt
