// The layout of a state's key, in one place: the codes of its squares, the labels of its paths,
// the tour ends it has used, the forms the tables store it in (KeyForm), the check that a key is
// a state (key_fault, with the version the saves write: kSaveFormat), and the views the join
// reads (kinds, links, packed links). The programme's step (expand_state), the tables, the
// periods, the join and the saves read and write keys through these and nothing else, so that
// a change of the layout is a change of this file (and of kSaveFormat). Primitives only: tables
// built once at compile time, loops over bits, no state. Private to the engine
// (frontier_detail.hpp includes it).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "board/assert.hpp"
#include "counting/frontier_count.hpp"

namespace kt::frontier_detail {

// A state: 4 bits for each square of the window (oldest first), the tour ends used in the top
// bits. Square codes: 0 done (or blocked, or outside the board), 1 untouched (needs two edges),
// 2 the end of a path whose other end is a tour end already fixed, 3.. a path end, equal codes
// for the two ends of one path, numbered in order of first appearance.
using Key = unsigned __int128;
constexpr int kEndsShift = 124;
constexpr Key kEmpty = ~Key{0};  // no state has every code 15
constexpr int kCodeDone = 0, kCodeUntouched = 1, kCodeTourEnd = 2, kFirstLabel = 3;

// The code at `slot` of a key read as its two words (lo, hi): a 128-bit shift by a variable
// costs a branch each time.
inline int code_in(std::uint64_t lo, std::uint64_t hi, int slot) {
  return static_cast<int>((slot < 16 ? lo >> (4 * slot) : hi >> (4 * (slot - 16))) & 15);
}
inline int code_at(Key key, int slot) {
  const std::uint64_t word =
      slot < 16 ? static_cast<std::uint64_t>(key) : static_cast<std::uint64_t>(key >> 64);
  return static_cast<int>(word >> (4 * (slot & 15))) & 15;
}
// Sets the code at `slot` (its nibble zero before) of a key being made as its two words.
inline void put_code(std::uint64_t& lo, std::uint64_t& hi, int slot, std::uint64_t code) {
  if (slot < 16) {
    lo |= code << (4 * slot);
  } else {
    hi |= code << (4 * (slot - 16));
  }
}
// The key of codes `lo`, `hi` (slots 0-15, 16-) with `ends` tour ends used.
inline Key make_key(std::uint64_t lo, std::uint64_t hi, int ends) {
  return (static_cast<Key>(hi) << 64 | lo) | static_cast<Key>(ends) << kEndsShift;
}
inline int key_ends(Key key) { return static_cast<int>(key >> kEndsShift); }
// The window moved on by one square that takes no edge (a blocked square): the oldest slot,
// done in every state, leaves it, and the tour ends stay. The states stay distinct.
inline Key moved_past_blocked(Key key, int window) {
  const Key body_mask = (Key{1} << (4 * window)) - 1;
  return ((key & body_mask) >> 4) | (key & ~((Key{1} << kEndsShift) - 1));
}

// Keys as the tables store them (KeyForm). Narrow: one 64-bit word where the window is at most
// 15 squares (width at most 7: 60 bits of codes, the tour ends in bits 60-61). Paired: one word
// for counts with no free tour end (closed tours, and open ones with both ends fixed) on windows
// of 16 or 17 squares (width 8), whose 68 bits of codes do not fit as they are: two bits a
// square (done, untouched, a path's first end, its second end or a path to a fixed tour end)
// and, for each of the latter in turn, a label in three bits (frontier_key.cpp): 34 + 27 bits at
// most (eight paths and one to a tour end), and kPairedAllOpen. No free tour end: no tour ends
// to keep. Wide: two words (the Key as it is). With one limb of count, a state is 16 bytes
// instead of 24. The top bit of a stored key's last word is set (no state uses it), so that a
// slot of zeros is free: a table is allocated already free (calloc: fresh pages come zeroed,
// with no pass to fill them).
enum class KeyForm { narrow, paired, wide };
constexpr int kNarrowWindow = 15;
constexpr int kPairedWindow = 17;
constexpr int kNarrowEndsShift = 60;
constexpr int kPairedLabelsShift = 2 * kPairedWindow;
constexpr int kPairedAllOpen = 62;
constexpr std::uint64_t kTaken = std::uint64_t{1} << 63;
inline KeyForm key_form(int window, bool no_free_ends) {
  if (window <= kNarrowWindow) return KeyForm::narrow;
  return no_free_ends && window <= kPairedWindow ? KeyForm::paired : KeyForm::wide;
}
inline int key_words(KeyForm form) { return form == KeyForm::wide ? 2 : 1; }
inline std::uint64_t narrow_key(Key k) {
  return static_cast<std::uint64_t>(k) |
         (static_cast<std::uint64_t>(k >> kEndsShift) << kNarrowEndsShift);
}
inline Key wide_key(std::uint64_t x) {
  constexpr std::uint64_t body = (std::uint64_t{1} << kNarrowEndsShift) - 1;
  return Key{x & body} | (Key{(x >> kNarrowEndsShift) & 3} << kEndsShift);
}
// (Not inlined: inlined into every reading of a key, they slowed the narrow keys' loops.)
[[gnu::noinline]] std::uint64_t paired_key(Key k);
[[gnu::noinline]] Key unpaired_key(std::uint64_t x);
// The words a table stores for `key` (lo, and hi when there are two), marked taken.
inline void stored_key(Key key, KeyForm form, std::uint64_t& lo, std::uint64_t& hi) {
  hi = 0;
  if (form == KeyForm::narrow) {
    lo = narrow_key(key) | kTaken;
  } else if (form == KeyForm::paired) {
    lo = paired_key(key) | kTaken;
  } else {
    lo = static_cast<std::uint64_t>(key);
    hi = static_cast<std::uint64_t>(key >> 64) | kTaken;
  }
}

// Bit k set where nibble k of `x` is `code` (16 bits).
inline std::uint32_t nibbles_equal(std::uint64_t x, std::uint64_t code) {
  constexpr std::uint64_t ones = 0x1111111111111111ull;
  std::uint64_t y = x ^ (code * ones);  // nibbles of zero where equal
  y |= y >> 1;
  y |= y >> 2;  // bit 0 of each nibble: any of its bits
  std::uint64_t z = ~y & ones;
  // Bit 4k to bit k.
  z = (z | z >> 3) & 0x0303030303030303ull;
  z = (z | z >> 6) & 0x000F000F000F000Full;
  z = (z | z >> 12) & 0x000000FF000000FFull;
  z = (z | z >> 24) & 0xFFFFull;
  return static_cast<std::uint32_t>(z);
}

// The slots among the window's first `window` (at most 25) whose code is `code`, a bit each.
inline std::uint32_t slots_with_code(Key key, int window, int code) {
  const auto c = static_cast<std::uint64_t>(code);
  std::uint32_t slots = nibbles_equal(static_cast<std::uint64_t>(key), c);
  // (Windows of at most 16 squares have none in the second word.)
  if (window > 16) slots |= nibbles_equal(static_cast<std::uint64_t>(key >> 64), c) << 16;
  return slots & ((1u << window) - 1);
}

// Bit k of `bits` to bit 2k (the kinds of squares keep two bits a slot).
inline std::uint64_t bits_to_pairs(std::uint64_t bits) {
  std::uint64_t x = bits & 0xFFFFFFFFull;
  x = (x | x << 16) & 0x0000FFFF0000FFFFull;
  x = (x | x << 8) & 0x00FF00FF00FF00FFull;
  x = (x | x << 4) & 0x0F0F0F0F0F0F0F0Full;
  x = (x | x << 2) & 0x3333333333333333ull;
  return (x | x << 1) & 0x5555555555555555ull;
}

// Bit 2k of `pairs` to bit k (bits_to_pairs' inverse; the odd bits are ignored).
inline std::uint32_t pairs_to_bits(std::uint64_t pairs) {
  std::uint64_t x = pairs & 0x5555555555555555ull;
  x = (x | x >> 1) & 0x3333333333333333ull;
  x = (x | x >> 2) & 0x0F0F0F0F0F0F0F0Full;
  x = (x | x >> 4) & 0x00FF00FF00FF00FFull;
  x = (x | x >> 8) & 0x0000FFFF0000FFFFull;
  return static_cast<std::uint32_t>((x | x >> 16) & 0xFFFFFFFFull);
}

// The key that a table's stored words `k` hold (stored_key's inverse).
inline Key stored_as_key(const std::uint64_t* k, KeyForm form) {
  switch (form) {
    case KeyForm::narrow:
      return wide_key(k[0] & ~kTaken);
    case KeyForm::paired:
      return unpaired_key(k[0] & ~kTaken);
    case KeyForm::wide:
      break;
  }
  return Key{k[1] & ~kTaken} << 64 | k[0];
}

// The version of the layout above as the saves hold it (frontier_save.cpp writes it first, with
// the words of its own format): bump it with any change of the codes, the labels, the tour ends,
// a KeyForm or the save's words, so that a save made before the change is refused when read
// rather than read with the new layout. 1: the saves before versions (magic "KTCOUNT1"). 2: the
// same words as 3 without the piece (the knight's, then the only one): still read. 3: the same
// as 4 but for counts with both ends fixed eight wide, whose keys it kept in two words (wide):
// still read, those apart (frontier_save.cpp).
constexpr std::uint64_t kSaveFormat = 4;
constexpr std::uint64_t kPieceSaveFormat = 3;
constexpr std::uint64_t kKnightSaveFormat = 2;

// Why `key` is no state of a window of `window` squares (the layout above), or nullptr when it
// is one: a code past the window; more tour ends used than `max_ends`; a closed tour's state
// with a path to a tour end; more than two paths to tour ends; a label not on exactly two slots (a
// path has two ends: a lone labelled end is no state), or labels not numbered from kFirstLabel in
// order of their first ends. The saves check every state they read with it, so that the programme
// and the join only ever meet states that they made.
inline const char* key_fault(Key key, int window, bool closed, int max_ends) {
  if (window < 1 || window > 2 * kMaxFrontierWidth + 1) return "a window of no board";
  const int ends = static_cast<int>(key >> kEndsShift);
  if (ends > max_ends) return "more tour ends than the board has";
  if ((key & ((Key{1} << kEndsShift) - 1)) >> (4 * window) != 0) return "a code past its window";
  const std::uint32_t all = (1u << window) - 1;
  const std::uint32_t tour_ends = slots_with_code(key, window, kCodeTourEnd);
  if (closed && tour_ends != 0) return "a path to a tour end in a closed tour";
  if (std::popcount(tour_ends) > 2) return "more paths to tour ends than a tour has ends";
  std::uint32_t seen = slots_with_code(key, window, kCodeDone) |
                       slots_with_code(key, window, kCodeUntouched) | tour_ends;
  int last_first = -1;
  for (int label = kFirstLabel; seen != all; ++label) {
    const std::uint32_t at = label < 15 ? slots_with_code(key, window, label) : 0;
    if (std::popcount(at) != 2) return "a path end without its other end";
    if (std::countr_zero(at) <= last_first) return "its paths not numbered in order";
    last_first = std::countr_zero(at);
    seen |= at;
  }
  return nullptr;
}
inline bool key_ok(Key key, int window, bool closed, int max_ends) {
  return key_fault(key, window, closed, max_ends) == nullptr;
}

// The same for a table's stored words: a key key_fault accepts, marked taken, with no other bit
// set (they are exactly stored_key's words for it).
inline const char* stored_key_fault(const std::uint64_t* k, KeyForm form, int window, bool closed,
                                    int max_ends) {
  if (form == KeyForm::paired) {
    // (A second end a slot, each with its label's three bits: at most nine fit. More would
    // send unpaired_key's reading past the word.)
    constexpr std::uint64_t kinds = (std::uint64_t{1} << kPairedLabelsShift) - 1;
    if (std::popcount(k[0] & (k[0] >> 1) & kinds & 0x5555555555555555ull) > 9) {
      return "a path end without its other end";
    }
  }
  const Key key = stored_as_key(k, form);
  if (const char* fault = key_fault(key, window, closed, max_ends)) return fault;
  std::uint64_t lo = 0, hi = 0;
  stored_key(key, form, lo, hi);
  if (lo != k[0] || (form == KeyForm::wide && hi != k[1])) return "stray bits in its words";
  return nullptr;
}

// Code 1 (untouched) in nibble k for each bit k of the 16 bits of `bits`.
inline std::uint64_t nibbles_of(std::uint32_t bits) {
  static constexpr auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t b = 0; b < 256; ++b) {
      for (int k = 0; k < 8; ++k) t[b] |= ((b >> k) & 1u) << (4 * k);
    }
    return t;
  }();
  return table[bits & 255] | static_cast<std::uint64_t>(table[(bits >> 8) & 255]) << 32;
}

// The views of a key the join reads.
//
// The kind of each square: complete (done), untouched, or a path end (of a path inside the
// window or to a tour end), two bits a slot.
constexpr std::uint64_t kKindComplete = 0, kKindUntouched = 1, kKindEnd = 2;
// A slot's link through one half: the slot at the other end of its path, or one of these.
constexpr std::int8_t kNoEnd = -2;    // no path ends on this square in this half
constexpr std::int8_t kTourEnd = -1;  // its path ends at a tour end inside this half

// The bottom half's window is the top's read backwards: top slot s is bottom slot W - 1 - s.
inline int slot_in(int slot, int window, bool bottom) { return bottom ? window - 1 - slot : slot; }

// The kind of the square at `slot` of a state.
inline std::uint64_t kind_at(Key key, int slot) {
  const int c = code_at(key, slot);
  return c == kCodeDone ? kKindComplete : c == kCodeUntouched ? kKindUntouched : kKindEnd;
}

// A group's key: the kind of each slot, and above them how many of the state's path ends lead
// to a tour end inside its half (code 2). A tour has two ends: an open tour's top and bottom
// states meet only where their tour ends and the squares of the window that end it add up to
// two (grouped by kinds alone, 97% of the pairs of 6x7 open failed that test alone).
constexpr int kTourEndsShift = 60;
inline std::uint64_t kinds_of(Key key, int window, bool bottom) {
  // Every slot's kind at once, a nibble each (code 0: 0, code 1: 1, a path end, 2 or more: 2),
  // then placed two bits a slot.
  constexpr std::uint64_t ones = 0x1111111111111111ull;
  std::uint64_t kinds = 0;
  for (int w = 0; w < 2 && 16 * w < window; ++w) {
    const std::uint64_t x = static_cast<std::uint64_t>(key >> (64 * w));
    const std::uint64_t end = (x >> 1 | x >> 2 | x >> 3) & ones;
    const std::uint64_t nibbles = end << 1 | (x & ones & ~end);
    for (int j = 0; j < 16 && 16 * w + j < window; ++j) {
      kinds |= (nibbles >> (4 * j) & 3) << (2 * slot_in(16 * w + j, window, bottom));
    }
  }
  const auto tour_ends =
      static_cast<std::uint64_t>(std::popcount(slots_with_code(key, window, kCodeTourEnd)));
  return kinds | tour_ends << kTourEndsShift;
}

// A state of a half as the join reads it: for each slot of the window, the slot at the other
// end of its path, or kNoEnd / kTourEnd (frontier_join.cpp).
using Links = std::array<std::int8_t, 2 * kMaxFrontierWidth + 1>;
// The same in 4 bits a slot, for windows of at most 15 squares (width 7 and less): 8 bytes a
// state in the join's copies, not 17 (the copies set the join's peak of memory), and fewer
// cache lines read a pair. 15: no slot (kNoEnd or kTourEnd; the walk needs only "none").
struct PackedLinks {
  static constexpr int kMaxWindow = 15;
  std::uint64_t bits = ~std::uint64_t{0};
  int operator[](int slot) const {
    const int v = static_cast<int>(bits >> (4 * slot)) & 15;
    return v == 15 ? -1 : v;
  }
};

// Closed tours, and open ones with both ends fixed, on wider windows: each path end's partner
// as its index among the window's path ends (at most 16, four bits each), in slot order. The
// kinds of a top group and of the bottom groups it meets put their path ends on the same slots
// (no square of the window ends a tour: its fixed ends take their one edge inside a half), so
// the indices agree. A path to a fixed tour end (kTourEnd) is linked to itself, which no path
// end in the window is. 8 bytes a state, not 17. A state of seventeen path ends (eight paths
// and one to a tour end) has no indices: the join takes Links where a half has one
// (frontier_join.cpp).
constexpr int kMostIndexedEnds = 16;
struct IndexedLinks {
  std::uint64_t bits = 0;
  int operator[](int end) const { return static_cast<int>(bits >> (4 * end)) & 15; }
};

// A state's links (Links), in the window's order (the bottom half's read backwards).
inline Links links_of(Key key, int window, bool bottom) {
  KT_ASSERT(key_ok(key, window, false, 2));
  Links link{};
  std::array<std::int8_t, 16> first;
  first.fill(-1);
  for (int s = 0; s < window; ++s) {
    const int c = code_at(key, slot_in(s, window, bottom));
    if (c == kCodeDone || c == kCodeUntouched) {
      link[s] = kNoEnd;
    } else if (c == kCodeTourEnd) {
      link[s] = kTourEnd;
    } else if (first[c] < 0) {
      first[c] = static_cast<std::int8_t>(s);
    } else {
      link[s] = first[c];
      link[first[c]] = static_cast<std::int8_t>(s);
    }
  }
  return link;
}

// A state's links as two sets of slots (a bit each), so that a pair of states is checked
// without a pass over the window: the low 32 bits, the slots with a link (not kNoEnd); the high
// 32, the slots whose link goes nowhere in this half (kNoEnd or kTourEnd).
inline std::uint64_t link_sets(const Links& link, int window) {
  std::uint64_t linked = 0, nowhere = 0;
  for (int s = 0; s < window; ++s) {
    linked |= static_cast<std::uint64_t>(link[s] != kNoEnd) << s;
    nowhere |= static_cast<std::uint64_t>(link[s] < 0) << s;
  }
  return linked | nowhere << 32;
}

// A state's links packed (a nibble a slot, 15 where the link goes to no slot) and its link_sets,
// straight from its key, for windows of at most 15 squares: the kinds of square as sets of
// slots at once (nibbles_equal), then a pass over the paths alone. (links_of, then a pass over
// every slot for each, branch on branch, was most of the time of the join's copies.)
// Precondition: key_ok (every label on two slots: the saves refuse a state with a lone one).
inline void put_packed(PackedLinks& to, std::uint64_t& sets, Key key, int window, bool bottom) {
  KT_ASSERT(key_ok(key, window, false, 2));
  std::uint64_t x = static_cast<std::uint64_t>(key);
  if (bottom) {
    // The bottom's window read backwards: the nibbles reversed (bytes, then the two of each).
    x = __builtin_bswap64(x);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
    x >>= 4 * (16 - window);
  }
  const std::uint32_t slots = (1u << window) - 1;
  const std::uint32_t tour_ends = nibbles_equal(x, kCodeTourEnd) & slots;
  const std::uint32_t linked =
      slots & ~(nibbles_equal(x, kCodeDone) | nibbles_equal(x, kCodeUntouched));
  sets = linked | static_cast<std::uint64_t>((slots & ~linked) | tour_ends) << 32;
  std::uint64_t bits = ~std::uint64_t{0};
  for (std::uint32_t m = linked & ~tour_ends; m != 0;) {
    const int a = std::countr_zero(m);
    const std::uint32_t both = nibbles_equal(x, (x >> (4 * a)) & 15);
    const int b = std::countr_zero(both & ~(1u << a));
    bits ^= (std::uint64_t{15} ^ static_cast<std::uint64_t>(b)) << (4 * a);
    bits ^= (std::uint64_t{15} ^ static_cast<std::uint64_t>(a)) << (4 * b);
    m &= ~both;
  }
  to.bits = bits;
}

// Indexed: the path ends numbered in slot order, each linked to its partner's number (to its
// own, a path to a tour end). Past kMostIndexedEnds, none (bits 0): such a state meets no other
// half's that the join reads indexed.
inline void put_indexed(IndexedLinks& to, const Links& links, int window) {
  std::array<std::int8_t, 2 * kMaxFrontierWidth + 1> number{};
  int ends = 0;
  for (int s = 0; s < window; ++s) {
    if (links[s] != kNoEnd) number[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(ends++);
  }
  to.bits = 0;
  if (ends > kMostIndexedEnds) return;
  for (int s = 0; s < window; ++s) {
    if (links[s] == kNoEnd) continue;
    const int partner = links[s] >= 0 ? links[s] : s;
    to.bits |= static_cast<std::uint64_t>(number[static_cast<std::size_t>(partner)])
               << (4 * number[static_cast<std::size_t>(s)]);
  }
}

// The indices of a state's paths to tour ends (linked to themselves), among its first `ends`.
inline std::uint32_t self_linked(IndexedLinks links, int ends) {
  constexpr std::uint64_t identity = 0xFEDCBA9876543210ull;
  return nibbles_equal(links.bits ^ identity, 0) & ((1u << ends) - 1);
}

}  // namespace kt::frontier_detail
