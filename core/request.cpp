#include "request.hpp"

namespace kt {

std::string make_request(std::int64_t rows, std::int64_t cols, std::string_view start,
                         std::string_view method, SolveRequest& out) {
  if (auto why = check_geometry(rows, cols); !why.empty()) return why;
  const Geometry g{static_cast<int>(rows), static_cast<int>(cols)};
  std::string why;
  const auto square = parse_square(start, &why);
  if (!square) return why;
  if (why = check_on_board(g, *square); !why.empty()) return why;
  const auto order = find_move_order(method);
  if (!order) return "unknown method '" + std::string(method) + "' (textbook or wirth)";
  out = {g, *square, *order};
  return {};
}

}  // namespace kt
