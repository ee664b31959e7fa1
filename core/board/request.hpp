// Turning what a user typed into a checked problem. The CLI, the page and the JS bindings all
// validate input here, with the same one-line messages.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "board/geometry.hpp"
#include "board/move_order.hpp"
#include "board/problem.hpp"

namespace kt {

struct ProblemInput {
  std::int64_t rows = 8;
  std::int64_t cols = 8;
  std::string start;    // "x,y" or "a1"; empty: (1,1), or for a closed tour its first free square
  std::string end;      // open tours only; empty: anywhere
  std::string blocked;  // a square list ("1,1;8,8"); empty: none
  bool closed = false;
};

// Fills `out` and returns an empty string when the input is acceptable, else a one-line reason
// (nothing is allocated for a board that is refused).
std::string make_problem(const ProblemInput& in, Problem& out);

// The textbook's case (open tour, full board) with a named move order.
struct SolveRequest {
  Geometry geometry;
  Square start;
  MoveOrder order = kTextbookOrder;
};
std::string make_request(std::int64_t rows, std::int64_t cols, std::string_view start,
                         std::string_view method, SolveRequest& out);

}  // namespace kt
