#include "board/problem.hpp"

#include <algorithm>

namespace kt {

int Problem::free_squares() const {
  if (blocked.empty()) return geometry.size();
  return geometry.size() - static_cast<int>(std::count_if(blocked.begin(), blocked.end(),
                                                          [](std::uint8_t b) { return b != 0; }));
}

}  // namespace kt
