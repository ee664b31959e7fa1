// Turning what a user typed (board size, start square, method) into a checked search request.
// The CLI, the page and the JS bindings all validate input here, with the same messages.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "geometry.hpp"
#include "move_order.hpp"

namespace kt {

struct SolveRequest {
  Geometry geometry;
  Square start;
  MoveOrder order = kTextbookOrder;
};

// Fills `out` and returns an empty string when the input is acceptable, else a one-line reason
// (nothing is allocated for a board that is refused).
std::string make_request(std::int64_t rows, std::int64_t cols, std::string_view start,
                         std::string_view method, SolveRequest& out);

}  // namespace kt
