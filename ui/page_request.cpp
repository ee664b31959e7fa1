#include "page_request.hpp"

namespace kt::ui {

std::string check_page_geometry(std::int64_t rows, std::int64_t cols) {
  if (auto why = check_geometry(rows, cols); !why.empty()) return why;
  if (rows > kMaxPageSide || cols > kMaxPageSide) {
    return "the page shows boards up to " + std::to_string(kMaxPageSide) + "x" +
           std::to_string(kMaxPageSide) + " (the CLI takes larger ones)";
  }
  return {};
}

std::string make_page_request(std::int64_t rows, std::int64_t cols, std::string_view start,
                              std::string_view method, SolveRequest& out) {
  if (auto why = check_page_geometry(rows, cols); !why.empty()) return why;
  return make_request(rows, cols, start, method, out);
}

}  // namespace kt::ui
