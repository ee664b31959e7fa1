#include "board/text_input.hpp"

#include <cctype>
#include <limits>

namespace kt {

namespace {

// Digits only, accumulated with an overflow check; nullopt when empty, not digits or > max.
std::optional<std::uint64_t> digits(std::string_view s, bool& overflow) {
  overflow = false;
  if (s.empty()) return std::nullopt;
  std::uint64_t v = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    const std::uint64_t d = static_cast<std::uint64_t>(c - '0');
    if (v > (std::numeric_limits<std::uint64_t>::max() - d) / 10) overflow = true;
    if (!overflow) v = v * 10 + d;
  }
  return v;
}

void fail(std::string* error, std::string_view field, std::string_view text, std::string why) {
  if (error) *error = std::string(field) + ": " + excerpt(text) + " " + why;
}

}  // namespace

std::optional<std::int64_t> parse_integer(std::string_view text, std::string_view field,
                                          std::int64_t min, std::int64_t max, std::string* error) {
  const bool negative = !text.empty() && text[0] == '-';
  bool overflow = false;
  const auto v = digits(negative ? text.substr(1) : text, overflow);
  if (!v) {
    fail(error, field, text, "is not a number (expected decimal digits)");
    return std::nullopt;
  }
  const std::uint64_t limit = negative ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1;
  if (overflow || *v > limit) {
    fail(error, field, text,
         negative ? "is below " + std::to_string(min) : "is above " + std::to_string(max));
    return std::nullopt;
  }
  const std::int64_t value =
      negative ? static_cast<std::int64_t>(0 - *v) : static_cast<std::int64_t>(*v);
  if (value < min) {
    fail(error, field, text,
         "is below " + std::to_string(min) + (value < 0 && min >= 0 ? " (negative)" : ""));
    return std::nullopt;
  }
  if (value > max) {
    fail(error, field, text, "is above " + std::to_string(max));
    return std::nullopt;
  }
  return value;
}

std::optional<std::uint64_t> parse_unsigned(std::string_view text, std::string_view field,
                                            std::uint64_t min, std::uint64_t max,
                                            std::string* error) {
  if (!text.empty() && text[0] == '-') {
    fail(error, field, text, "is negative: give a count of at least " + std::to_string(min));
    return std::nullopt;
  }
  bool overflow = false;
  const auto v = digits(text, overflow);
  if (!v) {
    fail(error, field, text, "is not a number (expected decimal digits)");
    return std::nullopt;
  }
  if (overflow || *v > max) {
    fail(error, field, text, "is above " + std::to_string(max));
    return std::nullopt;
  }
  if (*v < min) {
    fail(error, field, text, "is below " + std::to_string(min));
    return std::nullopt;
  }
  return v;
}

std::string one_line(std::string_view text, std::size_t max_bytes, bool quote) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    // Length of a well-formed UTF-8 sequence starting here; 1 for ASCII, 0 for a stray byte.
    std::size_t len = c < 0x80         ? 1
                      : (c >> 5) == 6  ? 2
                      : (c >> 4) == 14 ? 3
                      : (c >> 3) == 30 ? 4
                                       : 0;
    for (std::size_t j = 1; j < len; ++j) {
      if (i + j >= text.size() || (static_cast<unsigned char>(text[i + j]) >> 6) != 2) len = 0;
    }
    // C1 controls (U+0080..U+009F, C2 80..C2 9F) act on terminals as ESC sequences do, and the
    // byte-order mark (EF BB BF) is invisible: both are shown as bytes.
    if (len == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) len = 0;
    if (len == 3 && text.substr(i, 3) == "\xEF\xBB\xBF") len = 0;
    const bool plain = len > 1 || (len == 1 && c >= 0x20 && c != 0x7F);
    const bool escaped = quote && (c == '\'' || c == '\\');
    const std::size_t in_bytes = plain ? len : 1;
    if (i + in_bytes > max_bytes) break;
    if (escaped) out += '\\';
    if (plain) {
      out.append(text.substr(i, len));
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
    i += in_bytes;
  }
  if (i < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

std::string excerpt(std::string_view text, std::size_t max_chars) {
  const std::string shown = one_line(text, max_chars, /*quote=*/true);
  const std::size_t cut = shown.rfind("... (");
  // The quotes close around what is shown; the length, if cut, follows them.
  if (text.size() > max_chars && cut != std::string::npos) {
    return "'" + shown.substr(0, cut) + "'" + shown.substr(cut);
  }
  return "'" + shown + "'";
}

std::optional<bool> parse_boolean(std::string_view text, std::string_view field,
                                  std::string* error) {
  std::string word(text);
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (word == "true" || word == "1" || word == "yes" || word == "on") return true;
  if (word == "false" || word == "0" || word == "no" || word == "off") return false;
  if (error) {
    *error = std::string(field) + ": " + excerpt(text) +
             " is not true or false (1/0, yes/no and on/off also do)";
  }
  return std::nullopt;
}

}  // namespace kt
