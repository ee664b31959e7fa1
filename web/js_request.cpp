#include "js_request.hpp"

#include <cmath>
#include <cstdio>
#include <optional>
#include <string_view>
#include <utility>

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

// Every field is read the same way: absent -> "", text as it is (the core checks it), any
// other value as `convert` turns it into text, or else a message naming the field and what
// it expects.
using Conversion = std::optional<std::string> (*)(const val&);
std::string read_field(const val& v, std::string_view field, std::string_view expected,
                       std::string& out, Conversion convert) {
  out.clear();
  if (absent(v)) return {};
  if (v.isString()) {
    out = v.as<std::string>();
    return {};
  }
  if (auto text = convert(v)) {
    out = std::move(*text);
    return {};
  }
  return field_error(field, expected, v);
}

std::optional<std::string> no_conversion(const val&) { return std::nullopt; }

// A number field: a whole number as its decimal text.
std::string read_number(const val& v, std::string_view field, std::string& out) {
  return read_field(v, field, "a whole number", out, whole_text);
}

// A square: "x,y" or "a1" as text, or [x, y] of whole numbers.
std::string read_square(const val& v, std::string_view field, std::string& out) {
  const auto pair = [](const val& a) -> std::optional<std::string> {
    if (!a.isArray() || a["length"].as<double>() != 2) return std::nullopt;
    const auto x = whole_text(a[0]), y = whole_text(a[1]);
    if (!x || !y) return std::nullopt;
    return *x + "," + *y;
  };
  return read_field(v, field, "a square such as \"1,1\", \"a1\" or [1, 1]", out, pair);
}

// Blocked squares: "1,1;8,8" as text, or an array of squares (each as read_square reads it).
std::string read_blocked(const val& v, std::string& out) {
  if (!v.isArray()) {
    return read_field(v, "blocked", "a list such as \"1,1;8,8\" or [[1, 1], [8, 8]]", out,
                      no_conversion);
  }
  out.clear();
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

// closed: true or false, or the core's text or numbers ("1", 0, ...).
std::string read_closed(const val& v, std::string& out) {
  const auto flag = [](const val& b) -> std::optional<std::string> {
    if (b.isTrue() || b.isFalse()) return b.isTrue() ? "true" : "false";
    return whole_text(b);
  };
  return read_field(v, "closed", "true or false", out, flag);
}

std::string read_method(const val& v, std::string& out) {
  return read_field(v, "method", "a name: " + method_names(), out, no_conversion);
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

// A leaper: "a,b" or a name as the CLI takes it, or [a, b]; absent -> "" (the knight).
std::string read_leaper(const val& v, std::string& out) {
  out.clear();
  if (absent(v)) return {};
  if (v.isString()) {
    out = v.as<std::string>();
    return {};
  }
  if (v.isArray() && v["length"].as<int>() == 2) {
    const auto a = whole_number(v[0]), b = whole_number(v[1]);
    if (a && b) {
      out = std::to_string(*a) + "," + std::to_string(*b);  // the core checks the range
      return {};
    }
  }
  return field_error("leaper", "a jump such as \"1,3\" or [1, 3], or a name such as \"camel\"", v);
}

std::string read_wrap(const val& v, std::string& out) {
  return read_field(v, "wrap", "none, cylinder or torus", out, no_conversion);
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

std::string read_count(val v, std::string_view field, std::uint64_t least, std::uint64_t& out) {
  const auto refuse = [&] {
    return std::string(field) + ": expected a whole number of at least " + std::to_string(least) +
           " (got " + describe(v) + ")";
  };
  if (v.isString()) {  // numbers may come as text, read as the CLI reads them
    const auto n = parse_unsigned(v.as<std::string>(), field, least, UINT64_MAX);
    if (!n) return refuse();
    out = *n;
    return {};
  }
  if (!v.isNumber()) return refuse();
  const double d = v.as<double>();
  if (!(d >= static_cast<double>(least)) || d != std::trunc(d)) return refuse();  // NaN too
  out = d >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(d);  // Infinity: no bound
  return {};
}

std::string read_request(val o, RequestText& out, bool with_method, const char* also_fields) {
  if (absent(o) || o.typeOf().as<std::string>() != "object" || o.isArray()) {
    return "expected an object such as {rows: 8, cols: 8, start: \"1,1\"} (got " + describe(o) +
           ")";
  }
  const char* const fields =
      with_method
          ? "size, rows, cols, start, end, blocked, closed, leaper, wrap, method, order, timeLimit"
          : "size, rows, cols, start, end, blocked, closed, leaper, wrap";
  const val keys = val::global("Object").call<val>("keys", o);
  const int n = keys["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const std::string key = keys[i].as<std::string>();
    const bool known = key == "size" || key == "rows" || key == "cols" || key == "start" ||
                       key == "end" || key == "blocked" || key == "closed" || key == "leaper" ||
                       key == "wrap" ||
                       (with_method && (key == "method" || key == "order" || key == "timeLimit"));
    if (!known) return excerpt(key) + ": not a field here (" + fields + also_fields + ")";
  }
  RequestText t;
  if (auto why = read_number(o["size"], "size", t.size); !why.empty()) return why;
  if (auto why = read_number(o["rows"], "rows", t.rows); !why.empty()) return why;
  if (auto why = read_number(o["cols"], "cols", t.cols); !why.empty()) return why;
  if (auto why = read_square(o["start"], "start", t.start); !why.empty()) return why;
  if (auto why = read_square(o["end"], "end", t.end); !why.empty()) return why;
  if (auto why = read_blocked(o["blocked"], t.blocked); !why.empty()) return why;
  if (auto why = read_closed(o["closed"], t.closed); !why.empty()) return why;
  if (auto why = read_leaper(o["leaper"], t.leaper); !why.empty()) return why;
  if (auto why = read_wrap(o["wrap"], t.wrap); !why.empty()) return why;
  if (with_method) {
    if (auto why = read_method(o["method"], t.method); !why.empty()) return why;
    if (auto why = read_order(o["order"], t.order); !why.empty()) return why;
  } else {
    t.method.clear();
  }
  out = std::move(t);
  return {};
}

std::string read_time_limit(val o, double& seconds) {
  seconds = 0;
  if (absent(o) || o.typeOf().as<std::string>() != "object" || o.isArray()) return {};
  const val v = o["timeLimit"];
  if (absent(v)) return {};
  constexpr double kYear = 365.0 * 24 * 3600;
  if (!v.isNumber() || !(v.as<double>() > 0) || v.as<double>() > kYear) {
    return field_error("timeLimit", "seconds, a number above 0 and at most a year", v);
  }
  seconds = v.as<double>();
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
