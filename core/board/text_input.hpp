// Strict reading of what users type, and safe echoing of it in messages. Every number the CLI,
// the page, the JS API and the URL take goes through parse_integer: decimal digits only (an
// optional leading '-' where negatives are allowed), in range, no hex, no spaces, no wrap.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kt {

// Parses a decimal integer in [min, max]. On failure returns nullopt and, if `error` is given,
// "<field>: <excerpt> is not a number" / "... is below <min>" / "... is above <max>".
std::optional<std::int64_t> parse_integer(std::string_view text, std::string_view field,
                                          std::int64_t min, std::int64_t max,
                                          std::string* error = nullptr);

// The same for unsigned 64-bit limits (steps, probes): decimal only, no sign.
std::optional<std::uint64_t> parse_unsigned(std::string_view text, std::string_view field,
                                            std::uint64_t min, std::uint64_t max,
                                            std::string* error = nullptr);

// Parses a yes/no value: true, 1, yes, on or false, 0, no, off (any case). On failure returns
// nullopt and, if `error` is given, "<field>: <excerpt> is not true or false (...)".
std::optional<bool> parse_boolean(std::string_view text, std::string_view field,
                                  std::string* error = nullptr);

// `text` safe to print on one line: at most max_bytes of it (then "... (N bytes)"), control
// bytes (C0, DEL, C1), the byte-order mark and bytes that are not UTF-8 shown as \xNN; with
// quote, single quotes and backslashes escaped too.
std::string one_line(std::string_view text, std::size_t max_bytes = 300, bool quote = false);

// `text` quoted for a one-line message: at most `max_chars` bytes of it (then "..."), control
// bytes, DEL and bytes that are not valid UTF-8 shown as \xNN, quotes and backslashes escaped.
std::string excerpt(std::string_view text, std::size_t max_chars = 40);

}  // namespace kt
