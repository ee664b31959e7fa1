// An exact unsigned integer of any size, for tour counts past 64 bits (a 6x1000 strip has
// thousands of digits). Only what counting needs: add, multiply, print.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kt {

class BigCount {
 public:
  BigCount() = default;
  explicit BigCount(std::uint64_t value);
  // From little-endian 64-bit limbs (the frontier counter's storage).
  explicit BigCount(std::span<const std::uint64_t> limbs);
  // From its decimal digits, as to_string() writes them (a count in JSON); none from an empty
  // text or one with anything but digits.
  static std::optional<BigCount> from_decimal(std::string_view digits);

  BigCount& operator+=(const BigCount& other);
  BigCount& operator*=(std::uint64_t factor);
  // Adds a * b, both little-endian limbs (the join of two halves' counts).
  void add_product(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b);
  friend bool operator==(const BigCount& a, const BigCount& b) { return a.limbs_ == b.limbs_; }

  bool is_zero() const { return limbs_.empty(); }
  bool fits_u64() const { return limbs_.size() <= 1; }
  std::uint64_t low64() const { return limbs_.empty() ? 0 : limbs_[0]; }
  // Exact below 2^53 (what a JavaScript number holds exactly), rounded above.
  double to_double() const;
  int bits() const;
  std::string to_string() const;                                   // decimal
  std::span<const std::uint64_t> limbs() const { return limbs_; }  // little-endian

 private:
  void trim();
  std::vector<std::uint64_t> limbs_;  // little-endian, no leading zero limb
};

}  // namespace kt
