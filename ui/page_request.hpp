// The page's input check: the core's rules (kt::make_request) plus a board size the page can
// draw legibly and hold in memory. The UI and the JS bindings both validate through here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "request.hpp"

namespace kt::ui {

// Largest side the page accepts. The core accepts far bigger boards, but plain backtracking
// never finishes on them and their squares would be specks.
inline constexpr int kMaxPageSide = 60;

// Empty when rows x cols is a board the page shows, else a one-line reason.
std::string check_page_geometry(std::int64_t rows, std::int64_t cols);

// As kt::make_request, with the page's size limit.
std::string make_page_request(std::int64_t rows, std::int64_t cols, std::string_view start,
                              std::string_view method, SolveRequest& out);

}  // namespace kt::ui
