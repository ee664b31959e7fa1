#include "page_request.hpp"

#include "counting/count.hpp"
#include "search/solver.hpp"

namespace kt::ui {

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string parse_page_request(const RequestText& text, Request& out) {
  Request r;
  if (auto why = parse_request(text, r, kPageLimits); !why.empty()) return why;
  if (auto why = check_size(r.problem, r.method); !why.empty()) return why;
  out = std::move(r);
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

std::string parse_count_request(RequestText text, CountKind kind, Problem& out) {
  text.method.clear();  // a count has no method: a refused one must not stop it
  text.order.clear();
  text.start_optional = false;
  switch (kind) {
    case CountKind::from_start:
      text.closed.clear();
      break;
    case CountKind::all_open:
      text.start.clear();
      text.end.clear();
      text.closed.clear();
      text.start_optional = true;
      break;
    case CountKind::closed:
      text.end.clear();
      text.closed = "1";
      break;
  }
  Request r;
  if (auto why = parse_request(text, r, kPageLimits); !why.empty()) return why;
  if (auto why = check_count_problem(r.problem); !why.empty()) return why;
  out = std::move(r.problem);
  return {};
}

}  // namespace kt::ui
