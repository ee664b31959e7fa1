// What every sliced part of the core (searches, construction, counting) reports between
// slices, and the blocked-square mark of a board of move numbers: in the bottom folder (board/),
// so that every folder may use them and none needs another's.
#pragma once

#include <cstdint>

namespace kt {

enum class Status : std::uint8_t { running, found, none };

constexpr const char* to_string(Status s) {
  switch (s) {
    case Status::running:
      return "running";
    case Status::found:
      return "found";
    case Status::none:
      return "none";
  }
  return "?";
}

struct Counters {
  std::uint64_t placed = 0;  // moves recorded: squares entered after the start
  std::uint64_t erased = 0;  // moves taken back; a finished tour has placed - erased = free - 1
  double seconds = 0;        // time spent inside run()
};

// Marks a blocked square on a board of move numbers.
inline constexpr std::int32_t kBlocked = -1;

}  // namespace kt
