#include "js_request.hpp"

#include <cmath>
#include <cstdio>
#include <optional>
#include <string_view>

#include "board/text_input.hpp"
#include "page_request.hpp"

namespace kt::web {

using emscripten::val;

namespace {

bool absent(const val& v) { return v.isUndefined() || v.isNull(); }

// A finite whole number as its exact decimal text ("1e12" is "1000000000000").
std::optional<std::string> whole_text(const val& v) {
  if (!v.isNumber()) return std::nullopt;
  const double d = v.as<double>();
  if (!std::isfinite(d) || d != std::trunc(d)) return std::nullopt;
  char text[400];
  std::snprintf(text, sizeof text, "%.0f", d == 0 ? 0.0 : d);  // no "-0"
  return std::string(text);
}

std::string field_error(std::string_view field, std::string_view expected, const val& v) {
  return std::string(field) + ": expected " + std::string(expected) + " (got " + describe(v) + ")";
}

// A number field: whole number -> its decimal text, text as it is, absent -> "".
std::string read_number(const val& v, std::string_view field, std::string& out) {
  out.clear();
  if (absent(v)) return {};
  if (v.isString()) {
    out = v.as<std::string>();
    return {};
  }
  if (const auto text = whole_text(v)) {
    out = *text;
    return {};
  }
  return field_error(field, "a whole number", v);
}

// A square: "x,y" or "a1" as text, [x, y] of whole numbers, absent -> "".
std::string read_square(const val& v, std::string_view field, std::string& out) {
  out.clear();
  if (absent(v)) return {};
  if (v.isString()) {
    out = v.as<std::string>();
    return {};
  }
  if (v.isArray() && v["length"].as<double>() == 2) {
    const auto x = whole_text(v[0]), y = whole_text(v[1]);
    if (x && y) {
      out = *x + "," + *y;
      return {};
    }
  }
  return field_error(field, "a square such as \"1,1\", \"a1\" or [1, 1]", v);
}

std::string read_blocked(const val& v, std::string& out) {
  out.clear();
  if (absent(v)) return {};
  if (v.isString()) {
    out = v.as<std::string>();
    return {};
  }
  if (!v.isArray())
    return field_error("blocked", "a list such as \"1,1;8,8\" or [[1, 1], [8, 8]]", v);
  const double n = v["length"].as<double>();
  if (n > static_cast<double>(ui::kMaxPageSearchSquares)) {
    return "blocked: " + ui::with_commas(static_cast<std::uint64_t>(n)) +
           " squares, more than the page's largest board with blocked squares has (" +
           ui::with_commas(ui::kMaxPageSearchSquares) + ")";
  }
  std::string square;
  for (int i = 0; i < static_cast<int>(n); ++i) {
    const std::string field = "blocked[" + std::to_string(i) + "]";
    if (auto why = read_square(v[i], field, square); !why.empty()) return why;
    if (square.empty()) return field + ": expected a square (got " + describe(v[i]) + ")";
    if (i) out += ';';
    out += square;
  }
  return {};
}

std::string read_closed(const val& v, std::string& out) {
  out.clear();
  if (absent(v)) return {};
  if (v.isTrue() || v.isFalse()) {
    out = v.isTrue() ? "true" : "false";
    return {};
  }
  if (v.isString()) {
    out = v.as<std::string>();
    return {};
  }
  if (const auto text = whole_text(v)) {
    out = *text;
    return {};
  }
  return field_error("closed", "true or false", v);
}

std::string read_method(const val& v, std::string& out) {
  out.clear();
  if (absent(v)) return {};
  if (v.isString()) {
    out = v.as<std::string>();
    return {};
  }
  return field_error("method", "a name: " + method_names(), v);
}

// A move order: a preset's name or "dx,dy;..." pairs (the core reads it), absent -> "".
std::string read_order(const val& v, std::string& out) {
  out.clear();
  if (absent(v)) return {};
  if (v.isString()) {
    out = v.as<std::string>();
    return {};
  }
  return field_error("order", "a name such as \"handout\" or eight \"dx,dy\" pairs", v);
}

}  // namespace

std::string describe(val v) {
  if (v.isString()) return excerpt(v.as<std::string>());
  const std::string type = v.typeOf().as<std::string>();
  if (type == "number" || type == "boolean" || type == "bigint" || type == "undefined" ||
      v.isNull()) {
    return val::global("String")(v).as<std::string>();
  }
  if (v.isArray()) return "an array";
  return "a value of type " + type;
}

std::optional<std::int64_t> whole_number(val v) {
  if (!v.isNumber()) return std::nullopt;
  const double d = v.as<double>();
  if (!std::isfinite(d) || d != std::trunc(d)) return std::nullopt;
  constexpr double kLimit = 9e18;
  return static_cast<std::int64_t>(d > kLimit ? kLimit : d < -kLimit ? -kLimit : d);
}

std::uint64_t read_step_count(val v) {
  if (!v.isNumber()) return 0;
  const double d = v.as<double>();
  if (!(d >= 1)) return 0;  // also NaN
  if (d >= 1.8e19) return UINT64_MAX;
  return static_cast<std::uint64_t>(d);
}

std::string read_request(val o, RequestText& out, bool with_method) {
  if (absent(o) || o.typeOf().as<std::string>() != "object" || o.isArray()) {
    return "expected an object such as {rows: 8, cols: 8, start: \"1,1\"} (got " + describe(o) +
           ")";
  }
  const char* const fields = with_method
                                 ? "size, rows, cols, start, end, blocked, closed, method, order"
                                 : "size, rows, cols, start, end, blocked, closed";
  const val keys = val::global("Object").call<val>("keys", o);
  const int n = keys["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const std::string key = keys[i].as<std::string>();
    const bool known = key == "size" || key == "rows" || key == "cols" || key == "start" ||
                       key == "end" || key == "blocked" || key == "closed" ||
                       (with_method && (key == "method" || key == "order"));
    if (!known) return excerpt(key) + ": not a field here (" + fields + ")";
  }
  RequestText t;
  if (auto why = read_number(o["size"], "size", t.size); !why.empty()) return why;
  if (auto why = read_number(o["rows"], "rows", t.rows); !why.empty()) return why;
  if (auto why = read_number(o["cols"], "cols", t.cols); !why.empty()) return why;
  if (auto why = read_square(o["start"], "start", t.start); !why.empty()) return why;
  if (auto why = read_square(o["end"], "end", t.end); !why.empty()) return why;
  if (auto why = read_blocked(o["blocked"], t.blocked); !why.empty()) return why;
  if (auto why = read_closed(o["closed"], t.closed); !why.empty()) return why;
  if (with_method) {
    if (auto why = read_method(o["method"], t.method); !why.empty()) return why;
    if (auto why = read_order(o["order"], t.order); !why.empty()) return why;
  } else {
    t.method.clear();
  }
  out = std::move(t);
  return {};
}

std::string read_request_args(val rows, val cols, val start, val method, RequestText& out) {
  const std::pair<const char*, const val*> args[] = {
      {"rows", &rows}, {"cols", &cols}, {"start", &start}, {"method", &method}};
  for (const auto& [field, v] : args) {
    if (absent(*v)) return std::string(field) + ": missing (configure(rows, cols, start, method))";
  }
  RequestText t;
  if (auto why = read_number(rows, "rows", t.rows); !why.empty()) return why;
  if (auto why = read_number(cols, "cols", t.cols); !why.empty()) return why;
  if (auto why = read_square(start, "start", t.start); !why.empty()) return why;
  if (auto why = read_method(method, t.method); !why.empty()) return why;
  out = std::move(t);
  return {};
}

}  // namespace kt::web
