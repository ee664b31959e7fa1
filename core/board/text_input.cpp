#include "board/text_input.hpp"

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

std::string excerpt(std::string_view text, std::size_t max_chars) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "'";
  const std::size_t n = std::min(text.size(), max_chars);
  for (std::size_t i = 0; i < n;) {
    const auto c = static_cast<unsigned char>(text[i]);
    // Length of a well-formed UTF-8 sequence starting here (0: not one).
    std::size_t len = c < 0x80         ? 1
                      : (c >> 5) == 6  ? 2
                      : (c >> 4) == 14 ? 3
                      : (c >> 3) == 30 ? 4
                                       : 0;
    if (len > 1 && c != 0xEF) {  // U+FEFF (the BOM, EF BB BF) is shown escaped
      for (std::size_t j = 1; j < len; ++j) {
        if (i + j >= n || (static_cast<unsigned char>(text[i + j]) >> 6) != 2) len = 0;
      }
    } else if (len > 1) {
      len = 0;
    }
    if (len > 1) {
      out.append(text.substr(i, len));
      i += len;
    } else if (c < 0x20 || c >= 0x7F) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
      ++i;
    } else {
      if (c == '\'' || c == '\\') out += '\\';
      out += static_cast<char>(c);
      ++i;
    }
  }
  out += '\'';
  if (text.size() > max_chars) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

}  // namespace kt
