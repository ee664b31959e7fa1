// The paired form of a key (frontier_key.hpp, KeyForm::paired), out of line: inlined into
// every reading of a key, it slowed the narrow keys' loops.
#include "counting/frontier_key.hpp"

namespace kt::frontier_detail {

// Both run the same instructions for every slot, whatever its code: a slot's kind steered
// branches that the tables' mix of states makes unpredictable (two in three slots taken
// wrongly cost 8x8 closed a fifth of its time in these two functions).
//
// A second end is a path end whose label is open (its first end passed, its second not yet);
// its label goes into the next three bits of the labels. A path to a fixed tour end (code 2,
// counts with both ends fixed) is a second end too, under a label that is not open: the lowest
// such. Only when all eight labels are open is there none: the window is then eight first ends,
// this end, and eight second ends (seventeen path ends), and kPairedAllOpen marks it.
static_assert(kPairedWindow == 17, "16 slots in the first word, the 17th in the second");
std::uint64_t paired_key(Key k) {
  const auto lo = static_cast<std::uint64_t>(k);
  std::uint64_t kinds = 0, labels = 0, all_open = 0;
  std::uint32_t open = 0;  // labels whose first end is passed and second end not, a bit each
  int seconds = 0;
  const auto slot = [&](int j, std::uint32_t c) {
    const std::uint32_t end = c >= kFirstLabel, to_tour_end = c == kCodeTourEnd;
    const std::uint32_t second = end & (open >> c);
    open ^= end << c;
    const auto not_open = static_cast<std::uint32_t>(std::countr_zero(~open >> kFirstLabel));
    all_open |= to_tour_end & (not_open >> 3);
    const std::uint32_t label =
        ((c - kFirstLabel) & (0u - second)) | (not_open & 7 & (0u - to_tour_end));
    labels |= static_cast<std::uint64_t>(label) << (3 * seconds);
    seconds += static_cast<int>(second | to_tour_end);
    // done 0, untouched 1, a first end 2, a second end (or a path to a tour end) 3
    kinds |=
        static_cast<std::uint64_t>((c != kCodeDone) + (c >= kCodeTourEnd) + (second | to_tour_end))
        << (2 * j);
  };
  for (int j = 0; j < 16; ++j) slot(j, static_cast<std::uint32_t>(lo >> (4 * j)) & 15);
  slot(16, static_cast<std::uint32_t>(k >> 64) & 15);
  return kinds | labels << kPairedLabelsShift | all_open << kPairedAllOpen;
}
Key unpaired_key(std::uint64_t x) {
  // The kinds as sets of slots at once (a pair of bits a slot: its high bit, a path end; with
  // its low bit, a second end), then a pass over the path ends alone.
  constexpr std::uint64_t evens = 0x5555555555555555ull;
  const std::uint64_t kinds = x & ((std::uint64_t{1} << kPairedLabelsShift) - 1);
  const std::uint64_t high = (kinds >> 1) & evens, low = kinds & evens;
  const std::uint32_t untouched = pairs_to_bits(low & ~high), firsts = pairs_to_bits(high & ~low);
  std::uint64_t lo = nibbles_of(untouched & 0xFFFF), hi = untouched >> 16;
  std::uint64_t all_open = (x >> kPairedAllOpen) & 1;
  std::uint64_t next = kFirstLabel;
  std::uint64_t open = 0;                          // as paired_key's, by code
  std::uint64_t labels = x >> kPairedLabelsShift;  // the second ends' labels, in slot order
  for (std::uint32_t ends = pairs_to_bits(high); ends != 0; ends &= ends - 1) {
    const int j = std::countr_zero(ends);
    const std::uint64_t first = (firsts >> j) & 1;
    const std::uint64_t named = kFirstLabel + (labels & 7);
    const std::uint64_t forced = all_open & (open >> kFirstLabel == 255);
    const std::uint64_t to_tour_end = (1 - first) & ((~open >> named & 1) | forced);
    all_open &= ~to_tour_end;
    const std::uint64_t c = first ? next : to_tour_end ? kCodeTourEnd : named;
    open ^= (first | (1 - to_tour_end)) << c;
    next += first;
    labels >>= 3 * (1 - first);
    if (j < 16) {
      lo |= c << (4 * j);
    } else {
      hi |= c;
    }
  }
  return Key{hi} << 64 | lo;
}

}  // namespace kt::frontier_detail
