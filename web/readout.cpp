#include "readout.hpp"

#include <cmath>

#include "report.hpp"
#include "verify.hpp"

namespace kt::web {

using emscripten::val;

val board_rows(const Backtracker& s) {
  const Geometry g = s.geometry();
  val rows = val::array();
  for (int y = g.rows; y >= 1; --y) {
    val row = val::array();
    for (int x = 1; x <= g.cols; ++x) row.call<void>("push", s.board()[g.index({x, y})]);
    rows.call<void>("push", row);
  }
  return rows;
}

val path_pairs(const Backtracker& s) {
  val out = val::array();
  for (std::int32_t i : s.path()) {
    const Square q = s.geometry().square(i);
    val pair = val::array();
    pair.call<void>("push", q.x);
    pair.call<void>("push", q.y);
    out.call<void>("push", pair);
  }
  return out;
}

val verify_search(const Backtracker& s) {
  const Verdict v = verify_board(s.geometry(), s.board());
  val out = val::object();
  out.set("ok", v.ok);
  out.set("closed", v.closed);
  out.set("reason", v.reason);
  return out;
}

std::string text_of(const Backtracker& s) { return board_text(s.geometry(), s.board()); }

std::string json_of(const Backtracker& s) { return to_json(make_report(s)); }

val rect_or_null(const std::optional<ui::Rect>& r) {
  if (!r) return val::null();
  val out = val::object();
  out.set("x", r->x);
  out.set("y", r->y);
  out.set("w", r->w);
  out.set("h", r->h);
  return out;
}

namespace {

std::string describe(val v) { return val::global("String")(v).as<std::string>(); }

// A JS number that is a whole number, clamped into int64 range (the core rejects the extremes
// with its own message); nullopt for anything else.
std::optional<std::int64_t> whole_number(val v) {
  if (!v.isNumber()) return std::nullopt;
  const double d = v.as<double>();
  if (!std::isfinite(d) || d != std::trunc(d)) return std::nullopt;
  constexpr double kLimit = 9e18;
  return static_cast<std::int64_t>(d > kLimit ? kLimit : d < -kLimit ? -kLimit : d);
}

}  // namespace

std::string read_config_args(val rows, val cols, val start, val method, ConfigArgs& out) {
  const auto r = whole_number(rows), c = whole_number(cols);
  if (!r) return "rows must be a whole number (got " + describe(rows) + ")";
  if (!c) return "cols must be a whole number (got " + describe(cols) + ")";
  if (!start.isString()) return "start must be a string such as \"1,1\" or \"a1\"";
  if (!method.isString()) return "method must be \"textbook\" or \"wirth\"";
  out = {*r, *c, start.as<std::string>(), method.as<std::string>()};
  return {};
}

std::uint64_t read_step_count(val v) {
  if (!v.isNumber()) return 0;
  const double d = v.as<double>();
  if (!(d >= 1)) return 0;  // also NaN
  if (d >= 1.8e19) return UINT64_MAX;
  return static_cast<std::uint64_t>(d);
}

}  // namespace kt::web
