#include "page_problem.hpp"

#include "counting/count.hpp"

namespace kt::ui {

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string check_page_geometry(std::int64_t rows, std::int64_t cols) {
  if (auto why = check_geometry(rows, cols); !why.empty()) return why;
  if (rows > kMaxPageSide || cols > kMaxPageSide) {
    return "the page draws boards with sides of up to " + std::to_string(kMaxPageSide) +
           " squares (the knights CLI takes larger ones)";
  }
  if (rows * cols > kMaxPageSquares) {
    return "the page takes boards of up to " + with_commas(kMaxPageSquares) + " squares; " +
           std::to_string(rows) + "x" + std::to_string(cols) + " has " +
           with_commas(static_cast<std::uint64_t>(rows * cols)) +
           " (the knights CLI takes larger ones)";
  }
  return {};
}

std::string make_page_problem(const ProblemInput& in, Problem& out) {
  if (auto why = check_page_geometry(in.rows, in.cols); !why.empty()) return why;
  return make_problem(in, out);
}

std::string make_page_solver(const ProblemInput& in, Method method, std::unique_ptr<Solver>& out) {
  Problem p;
  if (auto why = make_page_problem(in, p); !why.empty()) return why;
  if (auto why = check_size(p, method); !why.empty()) return why;
  out = std::make_unique<Solver>(std::move(p), method);
  return {};
}

std::string parse_page_method(std::string_view name, Method& out) {
  const auto m = parse_method(name);
  if (!m) {
    return "unknown method '" + std::string(name) +
           "' (auto, textbook, wirth, warnsdorff or construct)";
  }
  out = *m;
  return {};
}

const char* to_string(CountKind k) {
  switch (k) {
    case CountKind::from_start:
      return "from-start";
    case CountKind::all_open:
      return "all-open";
    case CountKind::closed:
      return "closed";
  }
  return "?";
}

std::optional<CountKind> parse_count_kind(std::string_view name) {
  for (const CountKind k : {CountKind::from_start, CountKind::all_open, CountKind::closed}) {
    if (name == to_string(k)) return k;
  }
  return std::nullopt;
}

std::string describe_count(const Problem& p) {
  if (p.closed) return "closed tours (each cycle once)";
  if (!p.start) return "directed open tours (every start, each direction)";
  std::string out = "directed open tours from (" + format_square(*p.start) + ")";
  if (p.end) out += " to (" + format_square(*p.end) + ")";
  return out;
}

std::string make_count_problem(ProblemInput in, CountKind kind, Problem& out) {
  switch (kind) {
    case CountKind::from_start:
      in.closed = false;
      break;
    case CountKind::all_open:
      // No start and no end. make_problem wants a start for open tours (it would default to
      // (1,1), which may be blocked): ask for a closed one, which takes any free square, and
      // drop the start afterwards.
      in.start.clear();
      in.end.clear();
      in.closed = true;
      break;
    case CountKind::closed:
      in.end.clear();
      in.closed = true;
      break;
  }
  Problem p;
  if (auto why = make_page_problem(in, p); !why.empty()) return why;
  if (kind == CountKind::all_open) {
    p.closed = false;
    p.start.reset();
  }
  if (auto why = check_count_problem(p); !why.empty()) return why;
  out = std::move(p);
  return {};
}

}  // namespace kt::ui
