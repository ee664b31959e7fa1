#include "page_query.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "board/text_input.hpp"

namespace kt {

namespace {

// The keys, in to_page_query's order. Those before kSpeed are the problem's (RequestText) fields.
enum Key : std::uint8_t {
  kSize,
  kRows,
  kCols,
  kStart,
  kEnd,
  kBlocked,
  kClosed,
  kMethod,
  kOrder,
  kLeaper,
  kWrap,
  kSpeed,
  kRun,
  kSteps,
  kEmbed,
  kTheme,
  kViews,
  kMode,
  kGranularity,
  kStep,
  kTour,
  kListing,
  kLesson,
  kCode,
  kLayout,
  kKeyCount
};
constexpr std::array<std::string_view, kKeyCount> kKeyNames = {
    "size",        "rows", "cols",  "start",   "end",    "blocked", "closed", "method", "order",
    "leaper",      "wrap", "speed", "run",     "steps",  "embed",   "theme",  "views",  "mode",
    "granularity", "step", "tour",  "listing", "lesson", "code",    "layout"};
constexpr std::string_view kKnownKeys =
    "size, rows, cols, start, end, blocked, closed, method, order, leaper, wrap, speed, run, "
    "steps, embed, theme, views, mode, granularity, step, tour, listing, lesson, code or layout";

// A lesson: a slide number of the page's own, or a lesson file beside the page (a relative
// path: no scheme, no leading '/', no "..", so only the page's own origin and folder tree),
// with an optional "#N" for its slide.
bool lesson_ok(std::string_view v) {
  const auto digits = [](std::string_view d) {
    return !d.empty() && d.size() <= 2 &&
           std::all_of(d.begin(), d.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
           d != "0" && d != "00";
  };
  if (digits(v)) return true;
  const std::size_t hash = v.find('#');
  const std::string_view path = v.substr(0, hash);
  if (hash != std::string_view::npos && !digits(v.substr(hash + 1))) return false;
  const bool chars = std::all_of(path.begin(), path.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.' || c == '/';
  });
  return chars && path.size() <= 200 && path.size() > 5 && path.ends_with(".json") &&
         path.front() != '/' && path.find("..") == std::string_view::npos &&
         path.find("//") == std::string_view::npos;
}
constexpr std::string_view kThemes[] = {"light", "dark"};

// Speeds are kept as whole millionths of a step per second, so that the number written into a
// link reads back as the same double: an integer below 2^53 divided by 10^6 is one correctly
// rounded division, and multiplying back lands within 0.5 of the integer.
constexpr int kSpeedDecimals = 6;
constexpr std::int64_t kSpeedScale = 1'000'000;

std::optional<Key> find_key(std::string_view name) {
  for (std::size_t k = 0; k < kKeyNames.size(); ++k) {
    if (kKeyNames[k] == name) return static_cast<Key>(k);
  }
  return std::nullopt;
}

template <std::size_t N>
bool in_list(const std::string_view (&list)[N], std::string_view name) {
  return std::find(std::begin(list), std::end(list), name) != std::end(list);
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// application/x-www-form-urlencoded decoding ('+' is a space); nullopt on a '%' that is not
// followed by two hex digits, as such a value is not what its author typed.
std::optional<std::string> percent_decode(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '+') {
      out += ' ';
    } else if (raw[i] != '%') {
      out += raw[i];
    } else {
      if (i + 2 >= raw.size()) return std::nullopt;
      const int hi = hex_digit(raw[i + 1]), lo = hex_digit(raw[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    }
  }
  return out;
}

// Unreserved characters (RFC 3986) stay, and ',' and ';' so that squares read as typed; every
// other byte becomes %XX, a space included (a '+' would be ambiguous to other readers).
std::string percent_encode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    const bool keep = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                      c == '-' || c == '.' || c == '_' || c == '~' || c == ',' || c == ';';
    if (keep) {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

// A strict decimal: digits, optionally '.' and more digits; no sign, exponent, hex or spaces.
// Returns the value in millionths (rounded half up past 6 decimals), or nullopt when the text
// is not such a number; values far above kPageMaxSpeed come back as one past the maximum.
std::optional<std::int64_t> parse_speed_millionths(std::string_view text) {
  const std::size_t dot = text.find('.');
  const std::string_view whole = text.substr(0, dot);
  const std::string_view frac = dot == std::string_view::npos ? "" : text.substr(dot + 1);
  auto all_digits = [](std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
  };
  if (!all_digits(whole) || (dot != std::string_view::npos && !all_digits(frac))) {
    return std::nullopt;
  }
  constexpr std::int64_t kTooLarge = static_cast<std::int64_t>(kPageMaxSpeed) * kSpeedScale + 1;
  std::int64_t v = 0;
  for (const char c : whole) v = std::min<std::int64_t>(v * 10 + (c - '0'), kTooLarge);
  for (int i = 0; i < kSpeedDecimals; ++i) {
    const int d = i < static_cast<int>(frac.size()) ? frac[i] - '0' : 0;
    v = std::min<std::int64_t>(v * 10 + d, kTooLarge * 10);
  }
  if (frac.size() > kSpeedDecimals && frac[kSpeedDecimals] >= '5') ++v;
  return std::min(v, kTooLarge);
}

// "12.5" for 12500000 millionths: no exponent, no trailing zeros, no locale.
std::string format_millionths(std::int64_t v) {
  std::string out = std::to_string(v / kSpeedScale);
  std::string frac = std::to_string(v % kSpeedScale);
  frac.insert(0, kSpeedDecimals - frac.size(), '0');
  while (!frac.empty() && frac.back() == '0') frac.pop_back();
  if (!frac.empty()) out += '.' + frac;
  return out;
}

std::optional<bool> parse_flag(std::string_view text) {
  if (text == "1" || text == "true") return true;
  if (text == "0" || text == "false") return false;
  return std::nullopt;
}

// The messages, at most kPageMaxMessages of them and a count of the rest.
class Messages {
 public:
  // "<key>=<excerpt of value>: <why>", or "<key>: <why>" without a value; `why` loses a leading
  // "<key>: " (parse_request's and parse_unsigned's messages start with the field's name).
  void add(std::string_view key, std::optional<std::string_view> value, std::string_view why) {
    if (out_.size() >= kPageMaxMessages) {
      ++dropped_;
      return;
    }
    const std::string prefix = std::string(key) + ": ";
    if (why.substr(0, prefix.size()) == prefix) why.remove_prefix(prefix.size());
    std::string m(key);
    if (value) m += "=" + excerpt(*value);
    out_.push_back(m + ": " + std::string(why));
  }
  // A key that is not one of ours is shown as an excerpt too.
  void add_unknown(std::string_view key, std::string_view value, std::string_view why) {
    if (out_.size() >= kPageMaxMessages) {
      ++dropped_;
      return;
    }
    add(excerpt(key), value, why);
  }
  std::vector<std::string> take() {
    if (dropped_ > 0) {
      out_.push_back("... and " + std::to_string(dropped_) + " more parameter" +
                     (dropped_ == 1 ? "" : "s") + " ignored");
    }
    return std::move(out_);
  }

 private:
  std::vector<std::string> out_;
  std::uint64_t dropped_ = 0;
};

// The problem's fields as the link gives them ("" for not given), and the RequestText they
// make: rows and cols default to the page's 5x5 unless a size is given.
using Given = std::array<std::string, kSpeed>;

RequestText make_request_text(const Given& g) {
  RequestText t;
  t.size = g[kSize];
  t.rows = !g[kRows].empty() || !g[kSize].empty() ? g[kRows] : std::string(kPageDefaultRows);
  t.cols = !g[kCols].empty() || !g[kSize].empty() ? g[kCols] : std::string(kPageDefaultCols);
  t.start = g[kStart];
  t.end = g[kEnd];
  t.blocked = g[kBlocked];
  t.closed = g[kClosed];
  if (!g[kMethod].empty()) t.method = g[kMethod];
  t.order = g[kOrder];
  t.leaper = g[kLeaper];
  t.wrap = g[kWrap];
  return t;
}

// The keys a refusal from parse_request names ("board" is the size, or rows and cols).
std::vector<Key> keys_for_field(std::string_view field, const Given& g) {
  if (field == "board") {
    std::vector<Key> keys;
    for (const Key k : {kSize, kRows, kCols}) {
      if (!g[k].empty()) keys.push_back(k);
    }
    return keys;
  }
  for (std::size_t k = 0; k < g.size(); ++k) {
    if (kKeyNames[k] == field && !g[k].empty()) return {static_cast<Key>(k)};
  }
  // The default start, (1,1), can only be refused for being blocked.
  if (field == "start" && !g[kBlocked].empty()) return {kBlocked};
  return {};
}

// parse_request on what the link gives; each refusal puts the named field back to its default
// and tries again. Every round clears at least one given field, so it ends within kSpeed rounds.
RequestText settle_problem(Given given, const RequestLimits& limits, Messages& messages) {
  for (int round = 0; round <= kSpeed; ++round) {
    const RequestText text = make_request_text(given);
    Request r;
    const std::string why = parse_request(text, r, limits);
    if (why.empty()) {
      RequestText out = text;
      out.size.clear();
      out.rows = std::to_string(r.problem.geometry.rows);
      out.cols = std::to_string(r.problem.geometry.cols);
      out.closed = r.problem.closed ? "1" : "";
      out.method = to_string(r.method);
      // The piece as links write it: "1,3" (whatever name or order was typed), nothing for the
      // knight on a plain board.
      const Piece& piece = r.problem.piece;
      out.leaper = piece.is_knight() ? "" : format_leaper(piece.leaper);
      out.wrap = piece.wrap == Wrap::none ? "" : to_string(piece.wrap);
      return out;
    }
    const std::string_view field = std::string_view(why).substr(0, why.find(':'));
    const std::vector<Key> keys = keys_for_field(field, given);
    if (keys.empty()) {
      // Only when the page's own defaults do not fit `limits`: nothing left to take away.
      messages.add("defaults", std::nullopt, why);
      break;
    }
    for (const Key k : keys) {
      messages.add(kKeyNames[k], given[k], why);
      given[k].clear();
    }
  }
  return make_request_text(Given{});
}

// Reads one page setting (not a problem field) into q; a message when it is refused.
void read_setting(Key key, const std::string& value, PageQuery& q, Messages& messages) {
  const std::string_view name = kKeyNames[key];
  std::string why;
  switch (key) {
    case kSpeed: {
      const auto v = parse_speed_millionths(value);
      if (!v) {
        why = "is not a decimal number such as 10 or 0.5";
      } else if (*v < static_cast<std::int64_t>(kPageMinSpeed * kSpeedScale)) {
        why = "is below 0.5 steps per second";
      } else if (*v > static_cast<std::int64_t>(kPageMaxSpeed) * kSpeedScale) {
        why = "is above 1000000000 steps per second";
      } else {
        q.speed = static_cast<double>(*v) / static_cast<double>(kSpeedScale);
      }
      break;
    }
    case kSteps:
      if (const auto v = parse_unsigned(value, name, 1, kPageMaxSteps, &why)) q.steps = *v;
      break;
    case kStep:
      if (const auto v = parse_unsigned(value, name, 1, kPageMaxLine, &why)) q.step = *v;
      break;
    case kTour:
      if (const auto v = parse_unsigned(value, name, 1, kPageMaxTour, &why)) q.tour = *v;
      break;
    case kMode:
      if (in_list(kPageModes, value)) {
        q.mode = value == kPageModes[0] ? "" : value;  // the default is written as nothing
      } else {
        why = "is not watch, predict or play";
      }
      break;
    case kGranularity:
      if (in_list(kPageGranularities, value)) {
        q.granularity = value == kPageGranularities[0] ? "" : value;
      } else {
        why = "is not line, move, dead-end or tour";
      }
      break;
    case kRun:
    case kEmbed:
      if (const auto v = parse_flag(value)) {
        (key == kRun ? q.run : q.embed) = *v;
        if (key == kEmbed) q.embed_off = !*v;
      } else {
        why = "is not 1, 0, true or false";
      }
      break;
    case kTheme:
      if (in_list(kThemes, value)) {
        q.theme = value;
      } else {
        why = "is not light or dark";
      }
      break;
    case kListing:
      // A name the page checks when it sets the listing: lower-case letters and hyphens.
      if (!value.empty() && value.size() <= 16 &&
          std::all_of(value.begin(), value.end(),
                      [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; })) {
        q.listing = value;
      } else {
        why =
            "is not a listing name (sutcliffe, wirth, pseudocode, handout, handout-all, python, "
            "java or c)";
      }
      break;
    case kCode: {
      const auto v = parse_speed_millionths(value);  // a decimal, kept to 6 places
      if (!v || *v < static_cast<std::int64_t>(kPageMinCodeScale * kSpeedScale) ||
          *v > static_cast<std::int64_t>(kPageMaxCodeScale * kSpeedScale)) {
        why = "is not a font scale from 0.75 to 3 (1 is the page's own)";
      } else if (*v != kSpeedScale) {  // 1, the page's own, is written as nothing
        q.code = static_cast<double>(*v) / static_cast<double>(kSpeedScale);
      }
      break;
    }
    case kLayout:
      if (!value.empty() && in_list(kPageLayouts, value)) {
        q.layout = value;
      } else {
        why = "is not projector";
      }
      break;
    case kLesson:
      if (lesson_ok(value)) {
        q.lesson = value;
      } else {
        why = "is not a slide number (1 to 99) or a lesson file beside the page (name.json)";
      }
      break;
    case kViews: {
      // Unknown names are left out one by one; the known ones are kept in kPageViews' order.
      std::array<bool, std::size(kPageViews)> on{};
      for (std::size_t at = 0; at <= value.size();) {
        const std::size_t stop = std::min(value.find(',', at), value.size());
        const std::string_view item = std::string_view(value).substr(at, stop - at);
        at = stop + 1;
        if (item.empty()) continue;
        const auto* found = std::find(std::begin(kPageViews), std::end(kPageViews), item);
        if (found == std::end(kPageViews)) {
          messages.add(name, item, "is not a view (stack, code, tree or estimate)");
        } else {
          on[found - std::begin(kPageViews)] = true;
        }
      }
      q.views.clear();
      for (std::size_t i = 0; i < on.size(); ++i) {
        if (on[i]) q.views.emplace_back(kPageViews[i]);
      }
      break;
    }
    default:
      break;
  }
  if (!why.empty()) messages.add(name, value, why);
}

}  // namespace

PageQuery parse_page_query(std::string_view query, const RequestLimits& limits) {
  if (!query.empty() && query.front() == '?') query.remove_prefix(1);
  Messages messages;

  // Pass 1: split, and keep the last occurrence of each known key (raw, not yet decoded).
  struct Raw {
    std::string_view value;
    bool bare = false;  // "run" with no '='
  };
  std::array<std::optional<Raw>, kKeyCount> last;
  for (std::size_t at = 0; at < query.size();) {
    const std::size_t stop = std::min(query.find('&', at), query.size());
    const std::string_view pair = query.substr(at, stop - at);
    at = stop + 1;
    if (pair.empty()) continue;  // "a=1&&b=2", as URLSearchParams reads it
    const std::size_t eq = pair.find('=');
    const std::string_view raw_key = pair.substr(0, eq);
    const std::string_view raw_value = eq == std::string_view::npos ? "" : pair.substr(eq + 1);
    // Keys are short: a long one is unknown without decoding it.
    const auto key_text =
        raw_key.size() <= 16 ? percent_decode(raw_key) : std::optional<std::string>{};
    const auto key = key_text ? find_key(*key_text) : std::nullopt;
    if (raw_key.empty()) {
      messages.add_unknown("", raw_value, "a parameter without a name");
    } else if (!key) {
      messages.add_unknown(key_text ? std::string_view(*key_text) : raw_key, raw_value,
                           "is not a parameter the page takes (" + std::string(kKnownKeys) + ")");
    } else {
      last[*key] = Raw{raw_value, eq == std::string_view::npos};
    }
  }

  // Pass 2: decode and read each key's value, in kKeyNames' order.
  PageQuery q;
  Given given;
  for (std::size_t k = 0; k < kKeyCount; ++k) {
    if (!last[k]) continue;
    const Key key = static_cast<Key>(k);
    const std::string_view raw = last[k]->value;
    if (last[k]->bare) {
      messages.add(kKeyNames[k], std::nullopt,
                   "has no value (write " + std::string(kKeyNames[k]) + "=...)");
      continue;
    }
    if (raw.empty()) continue;  // "end=": the default
    if (raw.size() > kPageMaxValueBytes) {
      messages.add(kKeyNames[k], raw,
                   "is longer than " + std::to_string(kPageMaxValueBytes) + " bytes");
      continue;
    }
    auto value = percent_decode(raw);
    if (!value) {
      messages.add(kKeyNames[k], raw, "has a '%' that is not followed by two hex digits");
      continue;
    }
    if (key < kSpeed) {
      given[k] = std::move(*value);
    } else {
      read_setting(key, *value, q, messages);
    }
  }

  // Pass 3: the problem as a whole.
  q.request = settle_problem(std::move(given), limits, messages);
  q.ignored = messages.take();
  return q;
}

std::string to_page_query(const PageQuery& q) {
  const PageQuery defaults;
  const RequestText& t = q.request;
  std::string out;
  auto put = [&](Key key, std::string_view value) {
    out += out.empty() ? '?' : '&';
    out += kKeyNames[key];
    out += '=';
    out += percent_encode(value);
  };
  if (!t.size.empty()) {
    put(kSize, t.size);
  } else if (t.rows != defaults.request.rows || t.cols != defaults.request.cols) {
    if (t.rows == t.cols) {
      put(kSize, t.rows);
    } else {
      put(kRows, t.rows);
      put(kCols, t.cols);
    }
  }
  if (!t.start.empty()) put(kStart, t.start);
  if (!t.end.empty()) put(kEnd, t.end);
  if (!t.blocked.empty()) put(kBlocked, t.blocked);
  if (parse_flag(t.closed).value_or(false)) put(kClosed, "1");
  if (!t.method.empty() && t.method != defaults.request.method) put(kMethod, t.method);
  if (!t.order.empty()) put(kOrder, t.order);
  if (!t.leaper.empty()) put(kLeaper, t.leaper);
  if (!t.wrap.empty()) put(kWrap, t.wrap);
  if (std::isfinite(q.speed) && q.speed >= kPageMinSpeed && q.speed <= kPageMaxSpeed) {
    put(kSpeed, format_millionths(std::llround(q.speed * kSpeedScale)));
  }
  if (q.run) put(kRun, "1");
  if (q.steps != 0) put(kSteps, std::to_string(q.steps));
  if (q.embed) {
    put(kEmbed, "1");
  } else if (q.embed_off) {
    put(kEmbed, "0");
  }
  if (in_list(kThemes, q.theme)) put(kTheme, q.theme);
  std::string views;
  for (const std::string_view v : kPageViews) {
    if (std::find(q.views.begin(), q.views.end(), v) == q.views.end()) continue;
    if (!views.empty()) views += ',';
    views += v;
  }
  if (!views.empty()) put(kViews, views);
  if (in_list(kPageModes, q.mode) && q.mode != kPageModes[0]) put(kMode, q.mode);
  if (in_list(kPageGranularities, q.granularity) && q.granularity != kPageGranularities[0]) {
    put(kGranularity, q.granularity);
  }
  if (q.step != 0) put(kStep, std::to_string(q.step));
  if (q.tour != 0) put(kTour, std::to_string(q.tour));
  if (!q.listing.empty()) put(kListing, q.listing);
  if (lesson_ok(q.lesson)) put(kLesson, q.lesson);
  if (std::isfinite(q.code) && q.code >= kPageMinCodeScale && q.code <= kPageMaxCodeScale &&
      q.code != 1) {
    put(kCode, format_millionths(std::llround(q.code * kSpeedScale)));
  }
  if (!q.layout.empty() && in_list(kPageLayouts, q.layout)) put(kLayout, q.layout);
  return out;
}

bool same_settings(const PageQuery& a, const PageQuery& b) {
  const RequestText &x = a.request, &y = b.request;
  return x.size == y.size && x.rows == y.rows && x.cols == y.cols && x.start == y.start &&
         x.end == y.end && x.blocked == y.blocked && x.closed == y.closed && x.method == y.method &&
         x.order == y.order && x.leaper == y.leaper && x.wrap == y.wrap &&
         x.start_optional == y.start_optional && a.speed == b.speed && a.run == b.run &&
         a.steps == b.steps && a.embed == b.embed && a.theme == b.theme && a.views == b.views &&
         a.embed_off == b.embed_off && a.mode == b.mode && a.granularity == b.granularity &&
         a.step == b.step && a.tour == b.tour && a.listing == b.listing && a.lesson == b.lesson &&
         a.code == b.code && a.layout == b.layout;
}

}  // namespace kt
