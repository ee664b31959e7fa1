#include "board/request.hpp"

#include "board/square_list.hpp"

namespace kt {

std::string make_problem(const ProblemInput& in, Problem& out) {
  if (auto why = check_geometry(in.rows, in.cols); !why.empty()) return why;
  Problem p;
  p.geometry = {static_cast<int>(in.rows), static_cast<int>(in.cols)};
  p.closed = in.closed;
  const Geometry g = p.geometry;
  std::string why;

  if (!in.blocked.empty()) {
    const auto squares = parse_square_list(in.blocked, &why);
    if (!squares) return "blocked squares: " + why;
    p.blocked.assign(g.size(), 0);
    for (const Square s : *squares) {
      if (why = check_on_board(g, s); !why.empty()) return "blocked " + why;
      p.blocked[g.index(s)] = 1;
    }
  }

  if (!in.start.empty()) {
    const auto start = parse_square(in.start, &why);
    if (!start) return "start: " + why;
    if (why = check_on_board(g, *start); !why.empty()) return "start " + why;
    if (p.is_blocked(g.index(*start))) return "the start " + format_square(*start) + " is blocked";
    p.start = start;
  } else {
    // The textbook starts at (1,1); a closed tour may start anywhere, so take the first free.
    for (int i = 0; i < g.size() && !p.start; ++i) {
      if (!p.is_blocked(i) && (p.closed || i == 0)) p.start = g.square(i);
    }
    if (!p.start) return "the default start (1,1) is blocked: give --start";
  }

  if (!in.end.empty()) {
    if (p.closed) return "a closed tour ends where it starts: --end goes with open tours only";
    const auto end = parse_square(in.end, &why);
    if (!end) return "end: " + why;
    if (why = check_on_board(g, *end); !why.empty()) return "end " + why;
    if (p.is_blocked(g.index(*end))) return "the end " + format_square(*end) + " is blocked";
    if (*end == *p.start) return "an open tour cannot end on its start " + format_square(*end);
    p.end = end;
  }
  out = std::move(p);
  return {};
}

std::string make_request(std::int64_t rows, std::int64_t cols, std::string_view start,
                         std::string_view method, SolveRequest& out) {
  ProblemInput in;
  in.rows = rows;
  in.cols = cols;
  in.start = std::string(start);
  if (in.start.empty())
    return "start: empty square: expected x,y (such as 1,1) or a name such as a1";
  Problem p;
  if (auto why = make_problem(in, p); !why.empty()) return why;
  const auto order = find_move_order(method);
  if (!order) return "unknown method '" + std::string(method) + "' (textbook or wirth)";
  out = {p.geometry, *p.start, *order};
  return {};
}

}  // namespace kt
