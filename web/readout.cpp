#include "readout.hpp"

#include <emscripten.h>

#include <cmath>
#include <string_view>

#include "page_problem.hpp"
#include "formats/report.hpp"
#include "verify/verify.hpp"

// clang-format off
// Builds [[x, y], ...] from square indices in one pass of JS (a val call per number would take
// seconds on a large board).
EM_JS(emscripten::EM_VAL, make_pairs, (const std::int32_t* indices, int n, int cols), {
  var out = new Array(n);
  var base = indices >> 2;
  for (var i = 0; i < n; ++i) {
    var q = HEAP32[base + i];
    out[i] = [q % cols + 1, ((q / cols) | 0) + 1];
  }
  return Emval.toHandle(out);
});
// Rows of move numbers, top row (y = rows) first.
EM_JS(emscripten::EM_VAL, make_rows, (const std::int32_t* board, int rows, int cols), {
  var out = new Array(rows);
  var base = board >> 2;
  for (var r = 0; r < rows; ++r) {
    var y = rows - 1 - r;
    out[r] = Array.from(HEAP32.subarray(base + y * cols, base + (y + 1) * cols));
  }
  return Emval.toHandle(out);
});
// clang-format on

namespace kt::web {

using emscripten::val;

val board_rows(const Solver& s) {
  const Geometry g = s.problem().geometry;
  const auto board = s.board();
  if (board.size() != static_cast<std::size_t>(g.size())) return val::array();
  return val::take_ownership(make_rows(board.data(), g.rows, g.cols));
}

val path_pairs(const Solver& s) {
  const auto path = s.path();
  return val::take_ownership(
      make_pairs(path.data(), static_cast<int>(path.size()), s.problem().geometry.cols));
}

val verify_solver(const Solver& s) {
  const Verdict v = s.verify();
  val out = val::object();
  out.set("ok", v.ok);
  out.set("closed", v.closed);
  out.set("reason", v.reason);
  return out;
}

val blocks_of(const Solver& s) {
  const Construction* c = s.construction();
  if (!c) return val::null();
  val out = val::object();
  out.set("done", static_cast<double>(c->blocks_done()));
  out.set("total", static_cast<double>(c->blocks_total()));
  return out;
}

std::string text_of(const Solver& s) { return board_text(s.problem().geometry, s.board()); }

std::string json_of(const Solver& s) { return to_json(make_report(s)); }

std::string summary_of(const Solver& s) { return to_summary_json(make_report(s, false)); }

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

// A short, safe description of any JS value for messages (calls no user code).
std::string describe(val v) {
  const std::string type = v.typeOf().as<std::string>();
  if (v.isString()) {
    std::string s = v.as<std::string>();
    if (s.size() > 40) s = s.substr(0, 40) + "...";
    return "\"" + s + "\"";
  }
  if (type == "number" || type == "boolean" || type == "bigint" || type == "undefined" ||
      v.isNull()) {
    return val::global("String")(v).as<std::string>();
  }
  if (v.isArray()) return "an array";
  return "a value of type " + type;
}

// A JS number that is a whole number, clamped into int64 range (the core rejects the extremes
// with its own message); nullopt for anything else.
std::optional<std::int64_t> whole_number(val v) {
  if (!v.isNumber()) return std::nullopt;
  const double d = v.as<double>();
  if (!std::isfinite(d) || d != std::trunc(d)) return std::nullopt;
  constexpr double kLimit = 9e18;
  return static_cast<std::int64_t>(d > kLimit ? kLimit : d < -kLimit ? -kLimit : d);
}

std::string read_size(val v, const char* name, std::int64_t& out) {
  if (v.isUndefined()) return std::string(name) + " is missing";
  const auto n = whole_number(v);
  if (!n) return std::string(name) + " must be a whole number (got " + describe(v) + ")";
  out = *n;
  return {};
}

constexpr std::size_t kMaxSquareText = 200;

// A square as "x,y" / "a1" text for make_problem: a string, or [x, y] of whole numbers.
// Undefined, null and "" give "" (none).
std::string read_square(val v, const std::string& name, std::string& out) {
  out.clear();
  if (v.isUndefined() || v.isNull()) return {};
  if (v.isString()) {
    out = v.as<std::string>();
    if (out.size() > kMaxSquareText) return name + ": too long to be a square";
    return {};
  }
  if (v.isArray() && v["length"].as<double>() == 2) {
    const auto x = whole_number(v[0]), y = whole_number(v[1]);
    if (x && y) {
      out = std::to_string(*x) + "," + std::to_string(*y);
      return {};
    }
  }
  return name + " must be a square such as \"1,1\", \"a1\" or [1, 1] (got " + describe(v) + ")";
}

std::string read_blocked(val v, std::string& out) {
  out.clear();
  if (v.isUndefined() || v.isNull()) return {};
  if (v.isString()) {
    out = v.as<std::string>();
    if (out.size() > kMaxSquareText * static_cast<std::size_t>(ui::kMaxPageSquares)) {
      return "blocked: too long";
    }
    return {};
  }
  if (v.isArray()) {
    const double n = v["length"].as<double>();
    if (n > static_cast<double>(ui::kMaxPageSquares)) {
      return "blocked: more squares than the page takes (" + ui::with_commas(ui::kMaxPageSquares) +
             ")";
    }
    std::string square;
    for (int i = 0; i < static_cast<int>(n); ++i) {
      if (auto why = read_square(v[i], "blocked[" + std::to_string(i) + "]", square);
          !why.empty()) {
        return why;
      }
      if (square.empty()) return "blocked[" + std::to_string(i) + "] is empty";
      if (i) out += ';';
      out += square;
    }
    return {};
  }
  return "blocked must be a list such as \"1,1;8,8\" or [[1, 1], [8, 8]] (got " + describe(v) + ")";
}

}  // namespace

std::string read_config_args(val rows, val cols, val start, val method, ProblemInput& in,
                             std::string& method_out) {
  in = {};
  const auto r = whole_number(rows), c = whole_number(cols);
  if (!r) return "rows must be a whole number (got " + describe(rows) + ")";
  if (!c) return "cols must be a whole number (got " + describe(cols) + ")";
  if (!start.isString()) return "start must be a string such as \"1,1\" or \"a1\"";
  if (!method.isString()) {
    return "method must be a string: auto, textbook, wirth, warnsdorff or construct";
  }
  in.rows = *r;
  in.cols = *c;
  in.start = start.as<std::string>();
  if (in.start.size() > kMaxSquareText) return "start: too long to be a square";
  method_out = method.as<std::string>();
  return {};
}

std::string read_problem(val o, ProblemInput& in, std::string* method_out) {
  in = {};
  const char* const usage = "expected an object such as {rows: 8, cols: 8, start: \"1,1\"}";
  if (o.isNull() || o.isUndefined() || o.typeOf().as<std::string>() != "object" || o.isArray()) {
    return std::string(usage) + " (got " + describe(o) + ")";
  }
  static constexpr std::string_view kFields[] = {"rows",    "cols",   "start", "end",
                                                 "blocked", "closed", "method"};
  const val keys = val::global("Object").call<val>("keys", o);
  const int n = keys["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const std::string key = keys[i].as<std::string>();
    bool known = false;
    for (const std::string_view f : kFields)
      known = known || (f == key && (f != "method" || method_out));
    if (!known) {
      return "unknown field '" + key.substr(0, 40) + "' (rows, cols, start, end, blocked, closed" +
             (method_out ? ", method)" : ")");
    }
  }
  if (auto why = read_size(o["rows"], "rows", in.rows); !why.empty()) return why;
  if (auto why = read_size(o["cols"], "cols", in.cols); !why.empty()) return why;
  if (auto why = read_square(o["start"], "start", in.start); !why.empty()) return why;
  if (auto why = read_square(o["end"], "end", in.end); !why.empty()) return why;
  if (auto why = read_blocked(o["blocked"], in.blocked); !why.empty()) return why;
  const val closed = o["closed"];
  if (!closed.isUndefined()) {
    if (!closed.isTrue() && !closed.isFalse()) {
      return "closed must be true or false (got " + describe(closed) + ")";
    }
    in.closed = closed.isTrue();
  }
  if (method_out) {
    const val method = o["method"];
    if (method.isUndefined()) {
      *method_out = "auto";
    } else if (method.isString()) {
      *method_out = method.as<std::string>();
    } else {
      return "method must be a string: auto, textbook, wirth, warnsdorff or construct (got " +
             describe(method) + ")";
    }
  }
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
