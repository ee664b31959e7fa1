#include "board/request.hpp"

#include "board/square_list.hpp"
#include "board/text_input.hpp"

namespace kt {

std::optional<Method> parse_method(std::string_view name) {
  for (const MethodInfo& m : kMethods) {
    if (m.name == name) return m.method;
  }
  return std::nullopt;
}

const char* to_string(Method m) {
  for (const MethodInfo& info : kMethods) {
    if (info.method == m) return info.name.data();
  }
  return "?";
}

std::string method_names() {
  std::string out;
  for (std::size_t i = 0; i < std::size(kMethods); ++i) {
    if (i > 0) out += i + 1 == std::size(kMethods) ? " or " : ", ";
    out += kMethods[i].name;
  }
  return out;
}

namespace {

// Blocked squares need one flag per square: boards up to this size take them (the searches'
// own limit; the construction takes no blocked squares).
constexpr std::int64_t kMaxBlockedBoard = std::int64_t{1} << 25;

std::string board_name(Geometry g) { return std::to_string(g.rows) + "x" + std::to_string(g.cols); }

// A square a user named, checked against the board: "field: why".
std::string read_square(std::string_view field, std::string_view text, Geometry g, Square& out) {
  std::string why;
  const auto s = parse_square(text, &why);
  if (!s) return std::string(field) + ": " + why;
  if (!g.contains(*s)) return std::string(field) + ": " + check_on_board(g, *s);
  out = *s;
  return {};
}

// The piece a user named: "field: why" when refused.
std::string read_piece(const std::string& leaper_text, const std::string& wrap_text, Piece& piece) {
  std::string why;
  if (!leaper_text.empty()) {
    const auto leaper = parse_leaper(leaper_text, &why);
    if (!leaper) return "leaper: " + why;
    piece.leaper = *leaper;
  }
  if (!wrap_text.empty()) {
    const auto wrap = parse_wrap(wrap_text, &why);
    if (!wrap) return "wrap: " + why;
    piece.wrap = *wrap;
  }
  return {};
}

// Called through a pointer no optimiser sees through: binaryen inlines a function with a single
// caller whatever its size, and read_piece would then sit inside parse_request, in the page's
// first frame, on every visit (the knight's requests never call it).
std::string (*volatile read_piece_call)(const std::string&, const std::string&,
                                        Piece&) = read_piece;

}  // namespace

std::string make_problem(const ProblemInput& in, Problem& out) {
  if (auto why = check_geometry(in.rows, in.cols); !why.empty()) return "board: " + why;
  Problem p;
  p.geometry = {static_cast<int>(in.rows), static_cast<int>(in.cols)};
  p.closed = in.closed;
  p.piece = in.piece;
  const Geometry g = p.geometry;
  std::string why;

  if (!in.blocked.empty()) {
    const auto squares = parse_square_list(in.blocked, &why);
    if (!squares) return "blocked: " + why;
    if (!squares->empty() && g.size() > kMaxBlockedBoard) {
      return "blocked: blocked squares are taken on boards of up to " +
             std::to_string(kMaxBlockedBoard) + " squares; " + board_name(g) + " has " +
             std::to_string(in.rows * in.cols);
    }
    for (const Square s : *squares) {
      if (!g.contains(s)) return "blocked: " + check_on_board(g, s);
    }
    if (!squares->empty()) p.blocked.assign(g.size(), 0);
    for (const Square s : *squares) p.blocked[g.index(s)] = 1;
    if (p.free_squares() == 0) return "blocked: every square of the board is blocked";
  }

  if (!in.start.empty()) {
    Square s;
    if (why = read_square("start", in.start, g, s); !why.empty()) return why;
    if (p.is_blocked(g.index(s))) return "start: (" + format_square(s) + ") is blocked";
    p.start = s;
  } else if (!in.start_optional) {
    // The textbook starts at (1,1); a closed tour may start anywhere, so take the first free.
    for (int i = 0; i < g.size() && !p.start; ++i) {
      if (!p.is_blocked(i) && (p.closed || i == 0)) p.start = g.square(i);
    }
    if (!p.start) return "start: the default start (1,1) is blocked; give a start square";
  }

  if (!in.end.empty()) {
    if (p.closed) return "end: a closed tour ends where it starts; an end goes with open tours";
    Square e;
    if (why = read_square("end", in.end, g, e); !why.empty()) return why;
    if (p.is_blocked(g.index(e))) return "end: (" + format_square(e) + ") is blocked";
    if (p.start && e == *p.start) {
      return "end: an open tour cannot end on its start (" + format_square(e) + ")";
    }
    p.end = e;
  }
  out = std::move(p);
  return {};
}

std::string parse_request(const RequestText& in, Request& out, const RequestLimits& limits) {
  std::string why;
  ProblemInput p;
  const bool has_size = !in.size.empty(), has_rows = !in.rows.empty(), has_cols = !in.cols.empty();
  if (!has_size && !has_rows && !has_cols)
    return "size: give the board as a size or as rows and cols";
  if (has_size && (has_rows || has_cols)) return "size: give either a size or rows and cols";
  if (has_rows != has_cols && !has_size) {
    return has_rows ? "cols: give cols with rows (or a size)" : "rows: give rows with cols";
  }
  // The caller's note (limits.why) goes with refusals for size, not with malformed numbers.
  auto side = [&](std::string_view field, const std::string& text, std::int64_t& v) {
    const auto n = parse_integer(text, field, 1, limits.max_side, &why);
    if (!n && why.find(" is above ") != std::string::npos) why += limits.why;
    if (!n) return false;
    v = *n;
    return true;
  };
  if (has_size) {
    if (!side("size", in.size, p.rows)) return why;
    p.cols = p.rows;
  } else if (has_rows) {
    if (!side("rows", in.rows, p.rows) || !side("cols", in.cols, p.cols)) return why;
  }
  if (p.rows * p.cols > limits.max_squares) {
    return "board: " + std::to_string(p.rows) + "x" + std::to_string(p.cols) + " has " +
           std::to_string(p.rows * p.cols) + " squares, more than " +
           std::to_string(limits.max_squares) + std::string(limits.why);
  }
  if (!in.closed.empty()) {
    const auto closed = parse_boolean(in.closed, "closed", &why);
    if (!closed) return why;
    p.closed = *closed;
  }
  if (!in.leaper.empty() || !in.wrap.empty()) {
    if (why = read_piece_call(in.leaper, in.wrap, p.piece); !why.empty()) return why;
  }
  p.start = in.start;
  p.end = in.end;
  p.blocked = in.blocked;
  p.start_optional = in.start_optional;

  Request r;
  const auto method = parse_method(in.method.empty() ? "auto" : in.method);
  if (!method) return "method: " + excerpt(in.method) + " is not one of " + method_names();
  r.method = *method;
  if (!in.order.empty()) {
    r.order = parse_move_order(in.order, &why);
    if (!r.order) return "order: " + why;
    if (r.method == Method::wirth && r.order->name != kWirthOrder.name) {
      return "order: the wirth method walks Wirth's order; give the textbook method with order " +
             excerpt(in.order);
    }
    if (r.method == Method::construct) {
      return "order: the construction has no move order; give it to textbook, warnsdorff or auto";
    }
  }
  if (why = make_problem(p, r.problem); !why.empty()) return why;
  out = std::move(r);
  return {};
}

}  // namespace kt
