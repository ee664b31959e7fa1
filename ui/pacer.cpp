#include "pacer.hpp"

#include <chrono>

namespace kt::ui {

double Pacer::now() {
  using Clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

}  // namespace kt::ui
