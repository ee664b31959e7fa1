// The paired form of a key (frontier_key.hpp, KeyForm::paired), out of line: inlined into
// every reading of a key, it slowed the narrow keys' loops.
#include "counting/frontier_key.hpp"

namespace kt::frontier_detail {

std::uint64_t paired_key(Key k) {
  const auto lo = static_cast<std::uint64_t>(k), hi = static_cast<std::uint64_t>(k >> 64);
  std::uint64_t x = 0;
  std::uint32_t opened = 0;  // labels whose first end is passed
  int seconds = 0;
  for (int j = 0; j < kPairedWindow; ++j) {
    const auto c = static_cast<int>((j < 16 ? lo >> (4 * j) : hi >> (4 * (j - 16))) & 15);
    std::uint64_t kind = c == kCodeDone ? 0 : 1;
    if (c >= kFirstLabel) {
      kind = (opened >> c) & 1 ? 3 : 2;
      opened |= 1u << c;
      if (kind == 3) {
        x |= static_cast<std::uint64_t>(c - kFirstLabel) << (kPairedLabelsShift + 3 * seconds++);
      }
    }
    x |= kind << (2 * j);
  }
  return x;
}
Key unpaired_key(std::uint64_t x) {
  std::uint64_t lo = 0, hi = 0;
  int next = kFirstLabel, seconds = 0;
  for (int j = 0; j < kPairedWindow; ++j) {
    const auto kind = static_cast<int>(x >> (2 * j)) & 3;
    std::uint64_t c = static_cast<std::uint64_t>(kind);  // done 0, untouched 1
    if (kind == 2) c = static_cast<std::uint64_t>(next++);
    if (kind == 3) c = kFirstLabel + ((x >> (kPairedLabelsShift + 3 * seconds++)) & 7);
    if (j < 16) {
      lo |= c << (4 * j);
    } else {
      hi |= c << (4 * (j - 16));
    }
  }
  return Key{hi} << 64 | lo;
}

}  // namespace kt::frontier_detail
