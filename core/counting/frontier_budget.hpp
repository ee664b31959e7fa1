// The memory limit of a count by rows, decided in one place. The tables of a square
// (Dp::begin_square), a part of the table that grows, the passes of a square on disk, a long
// strip's Period, the join of the two halves (JoinSizing), a half that waits on disk and the
// states a save puts back all ask a MemoryBudget whether their bytes fit, instead of each
// comparing with the limit in its own way. Private to the engine (frontier_detail.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>

namespace kt::frontier_detail {

// Bytes in words: "12.3 MB" below a gigabyte, "1.23 GB" from there.
inline std::string gigabytes(std::uint64_t bytes) {
  char text[32];
  if (bytes < 1'000'000'000) {
    std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / 1e6);
  } else {
    std::snprintf(text, sizeof text, "%.2f GB", static_cast<double>(bytes) / 1e9);
  }
  return text;
}

class MemoryBudget {
 public:
  MemoryBudget() = default;  // no limit
  explicit MemoryBudget(std::uint64_t limit) : limit_(limit) {}
  std::uint64_t limit() const { return limit_; }
  bool limited() const { return limit_ > 0; }
  // Whether `bytes` may be held at once: within the limit (any, without one), and addressable
  // (a 32-bit build, as WebAssembly's, holds less than 4 GB whatever the limit).
  bool fits(std::uint64_t bytes) const {
    const bool addressable = sizeof(std::size_t) >= 8 || bytes < (std::uint64_t{1} << 32);
    return addressable && (limit_ == 0 || bytes <= limit_);
  }
  // Past the limit (there is one): what the choices of passes, buckets and disk ask, before
  // anything is allocated.
  bool over(std::uint64_t bytes) const { return limit_ > 0 && bytes > limit_; }
  // Past 1/share of the limit (there is one): a half past a quarter of it waits on disk, a save
  // read past half of it puts its states there.
  bool over_share(std::uint64_t bytes, int share) const {
    return limit_ > 0 && bytes > limit_ / static_cast<std::uint64_t>(share);
  }
  // Bytes left beside `held` (0 when none are, or there is no limit: ask limited()).
  std::uint64_t room(std::uint64_t held) const { return limit_ > held ? limit_ - held : 0; }
  // The budget of one half while `held` bytes of the other's are held: what is left, at least a
  // byte (a limit of zero would be no limit).
  MemoryBudget beside(std::uint64_t held) const {
    return limited() ? MemoryBudget(std::max<std::uint64_t>(room(held), 1)) : MemoryBudget();
  }
  // Why a count stops at the limit: `need` bytes, `where` (a square, the join, the plan).
  std::string refusal(std::uint64_t need, const std::string& where) const {
    return "counting needs more than the memory limit of " + gigabytes(limit_) + " (" +
           gigabytes(need) + " " + where + ")";
  }

 private:
  std::uint64_t limit_ = 0;
};

}  // namespace kt::frontier_detail
