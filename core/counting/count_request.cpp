#include "counting/count_request.hpp"

#include <utility>

#include "counting/count.hpp"

namespace kt {

std::string parse_count_request(RequestText text, Problem& out, const RequestLimits& limits) {
  text.method.clear();
  text.order.clear();
  Request r;
  if (auto why = parse_request(text, r, limits); !why.empty()) return why;
  if (auto why = check_count_board(r.problem); !why.empty()) return "board: " + why;
  out = std::move(r.problem);
  return {};
}

std::string describe_count(const Problem& p) {
  if (p.closed) return "closed tours (each cycle once)";
  const std::string to = p.end ? " to (" + format_square(*p.end) + ")" : "";
  if (p.start) return "directed open tours from (" + format_square(*p.start) + ")" + to;
  if (p.end) return "directed open tours from every start" + to;
  return "directed open tours (every start, each direction)";
}

}  // namespace kt
