// The counting worker's news are one line of JSON each (web/count_worker.cpp,
// web/count_worker_build.cpp), written by hand: the worker is built without exceptions, which
// nlohmann's writer would need switched off. A string quoted, and a number as JSON writes it.
#pragma once

#include <cstdio>
#include <string>

namespace kt::web {

inline std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\u%04x", c);
      out += hex;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

inline std::string number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

}  // namespace kt::web
