// JSON is built with nlohmann::json everywhere and printed here, on one line with ", " and
// ": " between items (the CLI's documented shape since the first release: readable, and
// easy to grep). Strings are escaped by nlohmann; bytes that are not UTF-8 become U+FFFD.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace kt {

using Json = nlohmann::ordered_json;  // keys stay in the order they were set

std::string json_line(const Json& value);

}  // namespace kt
