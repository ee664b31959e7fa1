#include "counting/big_count.hpp"

#include <algorithm>
#include <bit>

namespace kt {

BigCount::BigCount(std::uint64_t value) {
  if (value != 0) limbs_.push_back(value);
}

BigCount::BigCount(std::span<const std::uint64_t> limbs) : limbs_(limbs.begin(), limbs.end()) {
  trim();
}

void BigCount::trim() {
  while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
}

BigCount& BigCount::operator+=(const BigCount& other) {
  if (limbs_.size() < other.limbs_.size()) limbs_.resize(other.limbs_.size(), 0);
  unsigned carry = 0;
  for (std::size_t i = 0; i < limbs_.size(); ++i) {
    const std::uint64_t b = i < other.limbs_.size() ? other.limbs_[i] : 0;
    const std::uint64_t s = limbs_[i] + b;
    const unsigned c1 = s < b;
    limbs_[i] = s + carry;
    carry = c1 | (limbs_[i] < s);
    if (carry == 0 && i >= other.limbs_.size()) break;
  }
  if (carry) limbs_.push_back(1);
  return *this;
}

BigCount& BigCount::operator*=(std::uint64_t factor) {
  unsigned __int128 carry = 0;
  for (std::uint64_t& limb : limbs_) {
    const unsigned __int128 p = static_cast<unsigned __int128>(limb) * factor + carry;
    limb = static_cast<std::uint64_t>(p);
    carry = p >> 64;
  }
  if (carry != 0) limbs_.push_back(static_cast<std::uint64_t>(carry));
  trim();
  return *this;
}

void BigCount::add_product(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b) {
  std::vector<std::uint64_t> p(a.size() + b.size(), 0);
  for (std::size_t i = 0; i < a.size(); ++i) {
    unsigned __int128 carry = 0;
    for (std::size_t j = 0; j < b.size(); ++j) {
      const unsigned __int128 cur = static_cast<unsigned __int128>(a[i]) * b[j] + p[i + j] + carry;
      p[i + j] = static_cast<std::uint64_t>(cur);
      carry = cur >> 64;
    }
    p[i + b.size()] = static_cast<std::uint64_t>(carry);
  }
  *this += BigCount(std::span<const std::uint64_t>(p));
}

double BigCount::to_double() const {
  double value = 0;
  for (std::size_t i = limbs_.size(); i-- > 0;) value = value * 18446744073709551616.0 + limbs_[i];
  return value;
}

int BigCount::bits() const {
  if (limbs_.empty()) return 0;
  return static_cast<int>(64 * (limbs_.size() - 1)) + std::bit_width(limbs_.back());
}

std::string BigCount::to_string() const {
  if (limbs_.empty()) return "0";
  // Repeated division by 10^19, the largest power of ten in a limb.
  constexpr std::uint64_t kChunk = 10'000'000'000'000'000'000ull;
  std::vector<std::uint64_t> n = limbs_;
  std::vector<std::uint64_t> chunks;
  while (!n.empty()) {
    unsigned __int128 rest = 0;
    for (std::size_t i = n.size(); i-- > 0;) {
      const unsigned __int128 cur = (rest << 64) | n[i];
      n[i] = static_cast<std::uint64_t>(cur / kChunk);
      rest = cur % kChunk;
    }
    chunks.push_back(static_cast<std::uint64_t>(rest));
    while (!n.empty() && n.back() == 0) n.pop_back();
  }
  std::string out = std::to_string(chunks.back());
  for (std::size_t i = chunks.size() - 1; i-- > 0;) {
    const std::string part = std::to_string(chunks[i]);
    out.append(19 - part.size(), '0');
    out += part;
  }
  return out;
}

std::optional<BigCount> BigCount::from_decimal(std::string_view digits) {
  if (digits.empty()) return std::nullopt;
  BigCount n;
  for (const char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    n *= 10;
    n += BigCount(static_cast<std::uint64_t>(c - '0'));
  }
  return n;
}

}  // namespace kt
