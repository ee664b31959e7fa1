// The join of counting in two halves (frontier_detail.hpp, class Join).
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <mutex>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__SSSE3__) && defined(__SSE4_1__)
#include <immintrin.h>
#define KT_BYTE_SHUFFLE 1
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define KT_BYTE_SHUFFLE 1
#endif

#include "counting/frontier_detail.hpp"

#include "board/assert.hpp"
#include "board/parallel.hpp"

namespace kt::frontier_detail {

namespace {

// A group's key with the tour ends moved down beside the slots' kinds: the same order in 2W + 2
// bits (32 where the window has 15 squares), so that a state's kinds and its rank share a word
// for the sort. sparse_kinds undoes it.
std::uint64_t dense_kinds(std::uint64_t kinds, int window) {
  const std::uint64_t slots = kinds & ((std::uint64_t{1} << (2 * window)) - 1);
  return slots | (kinds >> kTourEndsShift) << (2 * window);
}
std::uint64_t sparse_kinds(std::uint64_t dense, int window) {
  const std::uint64_t slots = dense & ((std::uint64_t{1} << (2 * window)) - 1);
  return slots | (dense >> (2 * window)) << kTourEndsShift;
}

// Where the walk of a pair of states begins, and the nodes it must pass (none: their tour ends
// do not add up). The squares in the tour here (nodes): those linked in either half; its ends:
// each side of a node linked nowhere; the walk starts at the last end (or, closed, at the first
// node).
struct WalkStart {
  int nodes = 0;
  int start = 0;
};
inline WalkStart walk_start(std::uint64_t top_sets, std::uint64_t bottom_sets, bool closed) {
  const std::uint32_t in_tour = static_cast<std::uint32_t>(top_sets | bottom_sets);
  const std::uint32_t top_ends = static_cast<std::uint32_t>(top_sets >> 32) & in_tour;
  const std::uint32_t bottom_ends = static_cast<std::uint32_t>(bottom_sets >> 32) & in_tour;
  const int nodes = std::popcount(in_tour);
  const int ends = std::popcount(top_ends) + std::popcount(bottom_ends);
  if (nodes == 0 || ends != (closed ? 0 : 2)) return {};
  const std::uint32_t end_slots = top_ends | bottom_ends;
  const int start = end_slots != 0 ? 31 - std::countl_zero(end_slots) : std::countr_zero(in_tour);
  return {nodes, start};
}

// Whether the paths of the two halves, meeting on the window, make one cycle (closed) or one
// path (open) through every path end there. The kinds already fit square by square.
template <class L>
bool one_tour(const L& top, const L& bottom, std::uint64_t top_sets, std::uint64_t bottom_sets,
              bool closed) {
  const auto [nodes, start] = walk_start(top_sets, bottom_sets, closed);
  if (nodes == 0) return false;
  int seen = 1, at = start;
  if (closed) {
    // Round the cycle: a top link, then a bottom one, back to the start.
    while (true) {
      at = top[at];
      if (at == start) return false;  // cannot happen: links pair distinct slots
      ++seen;
      at = bottom[at];
      if (at == start) break;
      ++seen;
    }
  } else {
    // Along the path from one end: leave by the side whose link is a slot.
    bool by_top = top[at] >= 0;
    while (true) {
      const int next = by_top ? top[at] : bottom[at];
      if (next < 0) break;
      at = next;
      ++seen;
      by_top = !by_top;
    }
  }
  return seen == nodes;
}

#ifndef KT_BYTE_SHUFFLE
// one_tour for indexed links with both ends fixed (IndexedLinks: a path to a tour end linked to
// itself, every index a node): one path from a tour end through every node. `top_ends`: the
// top's self-linked indices. Along the path from the last tour end, leaving by the side that
// links it; the path ends early where a link goes nowhere (to itself). A path from an end visits
// each node at most once, so nodes - 1 links taken visit them all. (Where there are byte
// shuffles, one_path_bytes walks the same way.)
inline bool one_path_indexed(const IndexedLinks& top, const IndexedLinks& bottom,
                             std::uint32_t top_ends, int nodes) {
  const std::uint32_t bottom_ends = self_linked(bottom, nodes);
  if (std::popcount(top_ends) + std::popcount(bottom_ends) != 2) return false;
  const int start = 31 - std::countl_zero(top_ends | bottom_ends);
  bool by_top = ((top_ends >> start) & 1) == 0;
  int at = start;
  for (int k = 1; k < nodes; ++k) {
    const int next = by_top ? top[at] : bottom[at];
    if (next == at) return false;
    at = next;
    by_top = !by_top;
  }
  return true;
}
#endif

#if defined(__SSSE3__) && defined(__SSE4_1__)
// one_tour for links kept in one word (PackedLinks, IndexedLinks), their walk a byte shuffle a
// link: the links a byte a slot, where the walk is (in every byte) looks up its next slot in one
// instruction, not a shift and a mask of a word chosen by a branch. A block's pairs all take the
// same number of links (the kinds of its groups fix the nodes), and a walk that leaves its path
// early stays off it: "none" is 15, whose own byte is 15 (no window has 16 squares). Closed
// tours: one tour when the walk first comes back to its start after every node.
inline __m128i byte_links(std::uint64_t bits) {
  const __m128i word = _mm_cvtsi64_si128(static_cast<long long>(bits));
  const __m128i nibble = _mm_set1_epi8(15);
  return _mm_unpacklo_epi8(_mm_and_si128(word, nibble),
                           _mm_and_si128(_mm_srli_epi64(word, 4), nibble));
}

inline bool one_tour_bytes(__m128i top_bytes, __m128i bottom_bytes, std::uint64_t top_sets,
                           std::uint64_t bottom_sets, bool closed) {
  const auto [nodes, start] = walk_start(top_sets, bottom_sets, closed);
  if (nodes == 0) return false;
  // (The top's link at the start goes to a slot: it is not in the top's set "nowhere".)
  const bool top_first = closed || ((top_sets >> 32 >> start) & 1) == 0;
  const __m128i by_top = _mm_set1_epi8(top_first ? -1 : 0);
  const __m128i first = _mm_blendv_epi8(bottom_bytes, top_bytes, by_top);
  const __m128i second = _mm_blendv_epi8(top_bytes, bottom_bytes, by_top);
  const __m128i from = _mm_set1_epi8(static_cast<char>(start));
  __m128i at = from;
  if (closed) {
    __m128i back = _mm_setzero_si128();  // came back before the last link
    for (int m = 0; m + 1 < nodes / 2; ++m) {
      at = _mm_shuffle_epi8(second, _mm_shuffle_epi8(first, at));
      back = _mm_or_si128(back, _mm_cmpeq_epi8(at, from));
    }
    at = _mm_shuffle_epi8(second, _mm_shuffle_epi8(first, at));
    return (_mm_cvtsi128_si32(_mm_andnot_si128(back, _mm_cmpeq_epi8(at, from))) & 1) != 0;
  }
  for (int m = 0; m < (nodes - 1) / 2; ++m) {
    at = _mm_shuffle_epi8(second, _mm_shuffle_epi8(first, at));
  }
  if ((nodes - 1) & 1) at = _mm_shuffle_epi8(first, at);
  return (_mm_cvtsi128_si32(at) & 15) != 15;
}

// one_path_indexed's walk the same way: every link taken checked against staying put (a link to
// itself: the path ended early).
inline bool one_path_bytes(__m128i top_bytes, __m128i bottom_bytes, std::uint32_t top_ends,
                           std::uint32_t bottom_ends, int nodes) {
  if (std::popcount(top_ends) + std::popcount(bottom_ends) != 2) return false;
  const int start = 31 - std::countl_zero(top_ends | bottom_ends);
  const bool top_first = ((top_ends >> start) & 1) == 0;
  const __m128i by_top = _mm_set1_epi8(top_first ? -1 : 0);
  const __m128i first = _mm_blendv_epi8(bottom_bytes, top_bytes, by_top);
  const __m128i second = _mm_blendv_epi8(top_bytes, bottom_bytes, by_top);
  __m128i at = _mm_set1_epi8(static_cast<char>(start));
  __m128i stuck = _mm_setzero_si128();
  for (int m = 0; m < (nodes - 1) / 2; ++m) {
    const __m128i next = _mm_shuffle_epi8(first, at);
    const __m128i after = _mm_shuffle_epi8(second, next);
    stuck =
        _mm_or_si128(stuck, _mm_or_si128(_mm_cmpeq_epi8(next, at), _mm_cmpeq_epi8(after, next)));
    at = after;
  }
  if ((nodes - 1) & 1) {
    const __m128i next = _mm_shuffle_epi8(first, at);
    stuck = _mm_or_si128(stuck, _mm_cmpeq_epi8(next, at));
  }
  return (_mm_cvtsi128_si32(stuck) & 1) == 0;
}
// The indices of a state's paths to tour ends (self_linked), from its bytes.
inline std::uint32_t self_linked_bytes(__m128i bytes, int ends) {
  const __m128i identity = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, identity))) &
         ((1u << ends) - 1);
}
#elif defined(__wasm_simd128__)
// The same walk in WebAssembly SIMD (the page's counting worker built with -msimd128):
// i8x16.swizzle is the byte shuffle (its lanes here are below 16, where it and PSHUFB agree),
// v128.bitselect the blend.
inline v128_t byte_links(std::uint64_t bits) {
  const v128_t word = wasm_i64x2_make(static_cast<std::int64_t>(bits), 0);
  const v128_t nibble = wasm_i8x16_splat(15);
  return wasm_i8x16_shuffle(wasm_v128_and(word, nibble),
                            wasm_v128_and(wasm_u64x2_shr(word, 4), nibble), 0, 16, 1, 17, 2, 18, 3,
                            19, 4, 20, 5, 21, 6, 22, 7, 23);
}

inline bool one_tour_bytes(v128_t top_bytes, v128_t bottom_bytes, std::uint64_t top_sets,
                           std::uint64_t bottom_sets, bool closed) {
  const auto [nodes, start] = walk_start(top_sets, bottom_sets, closed);
  if (nodes == 0) return false;
  const bool top_first = closed || ((top_sets >> 32 >> start) & 1) == 0;
  const v128_t first = top_first ? top_bytes : bottom_bytes;
  const v128_t second = top_first ? bottom_bytes : top_bytes;
  const v128_t from = wasm_i8x16_splat(static_cast<std::int8_t>(start));
  v128_t at = from;
  if (closed) {
    v128_t back = wasm_i8x16_splat(0);  // came back before the last link
    for (int m = 0; m + 1 < nodes / 2; ++m) {
      at = wasm_i8x16_swizzle(second, wasm_i8x16_swizzle(first, at));
      back = wasm_v128_or(back, wasm_i8x16_eq(at, from));
    }
    at = wasm_i8x16_swizzle(second, wasm_i8x16_swizzle(first, at));
    return (wasm_i8x16_extract_lane(wasm_v128_andnot(wasm_i8x16_eq(at, from), back), 0) & 1) != 0;
  }
  for (int m = 0; m < (nodes - 1) / 2; ++m) {
    at = wasm_i8x16_swizzle(second, wasm_i8x16_swizzle(first, at));
  }
  if ((nodes - 1) & 1) at = wasm_i8x16_swizzle(first, at);
  return (wasm_i8x16_extract_lane(at, 0) & 15) != 15;
}
inline bool one_path_bytes(v128_t top_bytes, v128_t bottom_bytes, std::uint32_t top_ends,
                           std::uint32_t bottom_ends, int nodes) {
  if (std::popcount(top_ends) + std::popcount(bottom_ends) != 2) return false;
  const int start = 31 - std::countl_zero(top_ends | bottom_ends);
  const bool top_first = ((top_ends >> start) & 1) == 0;
  const v128_t first = top_first ? top_bytes : bottom_bytes;
  const v128_t second = top_first ? bottom_bytes : top_bytes;
  v128_t at = wasm_i8x16_splat(static_cast<std::int8_t>(start));
  v128_t stuck = wasm_i8x16_splat(0);
  for (int m = 0; m < (nodes - 1) / 2; ++m) {
    const v128_t next = wasm_i8x16_swizzle(first, at);
    const v128_t after = wasm_i8x16_swizzle(second, next);
    stuck = wasm_v128_or(stuck, wasm_v128_or(wasm_i8x16_eq(next, at), wasm_i8x16_eq(after, next)));
    at = after;
  }
  if ((nodes - 1) & 1) {
    stuck = wasm_v128_or(stuck, wasm_i8x16_eq(wasm_i8x16_swizzle(first, at), at));
  }
  return (wasm_i8x16_extract_lane(stuck, 0) & 1) == 0;
}
inline std::uint32_t self_linked_bytes(v128_t bytes, int ends) {
  const v128_t identity = wasm_i8x16_make(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  return static_cast<std::uint32_t>(wasm_i8x16_bitmask(wasm_i8x16_eq(bytes, identity))) &
         ((1u << ends) - 1);
}
#endif

// The states taken [from, to) (Join::index_: their indices in the tables, increasing, or none:
// the rank is the index) copied from the tables as the join reads them, each to its place
// (`position`, in group order): links, their sets, counts. The tables are read in order (once
// they were read in group order, nearly every state missed the cache; on disk, in order is the
// only way), the copies written at random, which needs no wait: each place's lines are fetched
// some states ahead.
template <class L>
void copy_states(const Tables& t, const std::vector<std::uint32_t>& index,
                 const std::vector<std::uint32_t>& position, std::size_t from, std::size_t to,
                 int window, bool bottom, Buffer<L>& links, Buffer<std::uint64_t>& sets,
                 Buffer<std::uint64_t>& counts) {
  if (from >= to) return;
  const std::size_t limbs = static_cast<std::size_t>(t.limbs);
  const auto index_of = [&](std::size_t rank) -> std::size_t {
    return index.empty() ? rank : index[rank];
  };
  constexpr bool indexed = std::is_same_v<L, IndexedLinks>;
  constexpr std::size_t kAhead = 16;
  std::size_t part = t.part_of(index_of(from));
  PartHold held;
  for (std::size_t r = from; r < to; ++r) {
    if (r + kAhead < to) {
      const std::size_t ahead = position[r + kAhead];
      fetch_ahead(&links[ahead]);
      if (!indexed) fetch_ahead(&sets[ahead]);
      fetch_ahead(&counts[ahead * limbs]);
    }
    const std::size_t i = index_of(r), k = position[r];
    while (i >= t.old_begin[part + 1]) ++part;
    held.hold(t.old[part]);
    const std::size_t slot = i - t.old_begin[part];
    const Key key = t.old[part].key(slot, t.form);
    if constexpr (std::is_same_v<L, PackedLinks>) {
      put_packed(links[k], sets[k], key, window, bottom);
    } else if constexpr (indexed) {
      const Links link = links_of(key, window, bottom);
      put_indexed(links[k], link, window);  // (no sets kept: a group's, Join::join_piece)
    } else {
      links[k] = links_of(key, window, bottom);
      sets[k] = link_sets(links[k], window);
    }
    const std::uint64_t* count = &t.old[part].counts.data()[slot * limbs];
    for (std::size_t l = 0; l < limbs; ++l) counts[k * limbs + l] = count[l];
  }
}

// Runs work(i, from, to) on ranges of [begin, end), range i on a thread of its own (i below
// `threads`; in the caller's thread alone below kMinRange states a thread: starting a thread
// costs tens of microseconds). The same arguments give the same ranges.
constexpr std::size_t kMinRange = std::size_t{1} << 15;
template <class Work>
void in_numbered_ranges(int threads, std::size_t begin, std::size_t end, Work&& work) {
  const std::size_t n = end - begin;
  const int k = static_cast<int>(
      std::clamp<std::size_t>(n / kMinRange, 1, static_cast<std::size_t>(std::max(threads, 1))));
  const std::size_t share = (n + static_cast<std::size_t>(k) - 1) / static_cast<std::size_t>(k);
  in_parallel(k, [&](int i) {
    const std::size_t from = std::min(end, begin + share * static_cast<std::size_t>(i));
    work(i, from, std::min(end, from + share));
  });
}
template <class Work>
void in_ranges(int threads, std::size_t begin, std::size_t end, Work&& work) {
  in_numbered_ranges(threads, begin, end,
                     [&](int, std::size_t from, std::size_t to) { work(from, to); });
}

// Sorts [begin, end) on `threads` threads, in place: split at its median (nth_element, in
// place), each side sorted on its own threads. (Pieces sorted apart and then merged needed a
// buffer of half the states to merge into: 1.2 GB more at 8x8 closed's join.)
template <class It>
void sort_in_parallel(It begin, It end, int threads) {
  if (threads <= 1 || static_cast<std::size_t>(end - begin) < 2 * kMinRange) {
    std::sort(begin, end);
    return;
  }
  const It mid = begin + (end - begin) / 2;
  std::nth_element(begin, mid, end);
  in_parallel(2, [&](int side) {
    if (side == 0) {
      sort_in_parallel(begin, mid, threads / 2);
    } else {
      sort_in_parallel(mid, end, threads - threads / 2);
    }
  });
}

// Sorts `items` by their bits [low, high): least significant digit first, 11 bits a pass, each
// pass stable and on the threads (each counts and then places its own range). A pass reads and
// writes every item once, in order but for the 2048 places it writes to (std::sort of (kinds,
// index) pairs compared its way through 24 levels of 7x7 open's 13.5 million states).
void radix_sort(std::vector<std::uint64_t>& items, int low, int high, int threads) {
  constexpr int kDigit = 11;
  const std::size_t n = items.size();
  std::vector<std::uint64_t> other(n);
  std::vector<std::array<std::size_t, std::size_t{1} << kDigit>> at(
      static_cast<std::size_t>(std::max(threads, 1)));
  for (int shift = low; shift < high; shift += kDigit) {
    const std::uint64_t mask = (std::uint64_t{1} << std::min(kDigit, high - shift)) - 1;
    for (auto& mine : at) mine.fill(0);
    in_numbered_ranges(threads, 0, n, [&](int i, std::size_t from, std::size_t to) {
      auto& mine = at[static_cast<std::size_t>(i)];
      for (std::size_t j = from; j < to; ++j) ++mine[(items[j] >> shift) & mask];
    });
    std::size_t sum = 0;  // each digit's items, range after range
    for (std::uint64_t d = 0; d <= mask; ++d) {
      for (auto& mine : at) {
        const std::size_t c = mine[d];
        mine[d] = sum;
        sum += c;
      }
    }
    in_numbered_ranges(threads, 0, n, [&](int i, std::size_t from, std::size_t to) {
      auto& mine = at[static_cast<std::size_t>(i)];
      for (std::size_t j = from; j < to; ++j) other[mine[(items[j] >> shift) & mask]++] = items[j];
    });
    items.swap(other);
  }
}

std::uint64_t mix(std::uint64_t x) {
  x *= 0x9E3779B97F4A7C15ull;
  return x ^ (x >> 29);
}

// The path ends (kKindEnd) among a group's kinds.
int path_ends(std::uint64_t kinds, int window) {
  const std::uint64_t slots = kinds & ((std::uint64_t{1} << (2 * window)) - 1);
  return std::popcount((slots >> 1) & ~slots & 0x5555555555555555ull);
}

// The kind the top must have where the bottom has `kind` (closed tours: the only one).
std::uint64_t facing(std::uint64_t kind) {
  return kind == kKindEnd ? kKindEnd : kind == kKindComplete ? kKindUntouched : kKindComplete;
}

}  // namespace

void sort_by_kinds(std::vector<std::uint64_t>& kinds, std::vector<std::uint32_t>& ranks,
                   int threads, int word_bits) {
  // Each one's kinds above its rank in one word, sorted by radix (radix_sort); where they do not
  // fit (wide windows of many states), (kinds, rank) pairs by std::sort.
  const std::size_t n = kinds.size();
  std::uint64_t most = 0;
  for (const std::uint64_t k : kinds) most = std::max(most, k);
  const int rank_bits = std::bit_width(n), kind_bits = std::bit_width(most);
  ranks.resize(n);
  if (rank_bits + kind_bits <= word_bits) {
    for (std::size_t r = 0; r < n; ++r) kinds[r] = kinds[r] << rank_bits | r;
    radix_sort(kinds, rank_bits, rank_bits + kind_bits, threads);
    const std::uint64_t rank_mask = (std::uint64_t{1} << rank_bits) - 1;
    for (std::size_t k = 0; k < n; ++k) {
      ranks[k] = static_cast<std::uint32_t>(kinds[k] & rank_mask);
      kinds[k] >>= rank_bits;
    }
    return;
  }
  std::vector<std::pair<std::uint64_t, std::uint32_t>> pairs(n);
  for (std::size_t r = 0; r < n; ++r) pairs[r] = {kinds[r], static_cast<std::uint32_t>(r)};
  sort_in_parallel(pairs.begin(), pairs.end(), threads);
  for (std::size_t k = 0; k < n; ++k) std::tie(kinds[k], ranks[k]) = pairs[k];
}

CutFilter::CutFilter(const Tables& other, int base_slot, const Plan& own, int threads)
    : window_(own.window),
      crossing_(own.stop - own.cut),
      closed_(own.closed),
      seen_(static_cast<std::size_t>(own.stop - own.cut + 1)) {
  for (int m = 0; m < crossing_; ++m) {
    if (!own.steps[static_cast<std::size_t>(own.cut + m)].free) blocked_ |= 1u << m;
  }
  for (int k = 1; k <= crossing_; ++k) seen_[k].assign((std::size_t{1} << k) / 64 + 1, 0);
  kinds_set_.assign(1024, 0);
  // On the threads: each its own patterns from a range of the states, then added together.
  std::vector<CutFilter> others(static_cast<std::size_t>(std::max(threads, 1) - 1), *this);
  in_numbered_ranges(threads, 0, other.old_size, [&](int i, std::size_t from, std::size_t to) {
    (i == 0 ? *this : others[static_cast<std::size_t>(i - 1)])
        .take_patterns(other, from, to, base_slot);
  });
  for (const CutFilter& f : others) {
    for (std::size_t j = 0; j < seen_.size(); ++j) {
      for (std::size_t w = 0; w < seen_[j].size(); ++w) seen_[j][w] |= f.seen_[j][w];
    }
    for (const std::uint64_t q : f.kinds_set_) {
      if (q != 0) add_kinds(q - 1);
    }
  }
}

void CutFilter::take_patterns(const Tables& other, std::size_t from, std::size_t to,
                              int base_slot) {
  for_each_state(other, from, to, [&](Key key, const std::uint64_t*) {
    std::uint64_t untouched = 0, kinds = 0;
    for (int m = 0; m < crossing_; ++m) {
      const std::uint64_t kind = kind_at(key, base_slot - m);
      if (kind == kKindUntouched) untouched |= std::uint64_t{1} << m;
      kinds |= ((blocked_ >> m) & 1 ? kKindComplete : facing(kind)) << (2 * m);
    }
    for (int k = 1; k <= crossing_; ++k) {
      const std::uint64_t p = untouched & ((std::uint64_t{1} << k) - 1);
      seen_[k][p / 64] |= std::uint64_t{1} << (p % 64);
      add_kinds((kinds & ((std::uint64_t{1} << (2 * k)) - 1)) << 5 | k);
    }
    return true;
  });
}

// Each state adds a prefix for each square past the cut, nearly all of them seen before: added to
// the set at once (a list sorted as it piled up took 11 s of 7x7's bottom half, 5.9 million
// states).
void CutFilter::add_kinds(std::uint64_t p) {
  std::size_t mask = kinds_set_.size() - 1;
  std::size_t slot = mix(p) & mask;
  while (kinds_set_[slot] != 0) {
    if (kinds_set_[slot] == p + 1) return;
    slot = (slot + 1) & mask;
  }
  kinds_set_[slot] = p + 1;
  if (++patterns_ * 2 <= kinds_set_.size()) return;
  std::vector<std::uint64_t> old(kinds_set_.size() * 2, 0);
  old.swap(kinds_set_);
  mask = kinds_set_.size() - 1;
  for (const std::uint64_t q : old) {
    if (q == 0) continue;
    for (slot = mix(q - 1) & mask; kinds_set_[slot] != 0;) slot = (slot + 1) & mask;
    kinds_set_[slot] = q;
  }
}

std::uint64_t CutFilter::bytes() const {
  std::uint64_t b = kinds_set_.size() * 8;
  for (const auto& s : seen_) b += s.size() * 8;
  return b;
}

bool CutFilter::has_kinds(std::uint64_t kinds, int k) const {
  const std::uint64_t p = (kinds << 5 | static_cast<std::uint64_t>(k)) + 1;
  const std::size_t mask = kinds_set_.size() - 1;
  for (std::size_t slot = mix(p - 1) & mask;; slot = (slot + 1) & mask) {
    if (kinds_set_[slot] == p) return true;
    if (kinds_set_[slot] == 0) return false;
  }
}

bool CutFilter::admits(Key state, int k, Memo& memo) const {
  // The top's window ends on square cut + k - 1: square cut + m is slot W - k + m. Each kind
  // of square as a set of slots at once (a branch on every slot's code was most of the
  // filter's time).
  const int first = window_ - k;
  const std::uint64_t mask = (std::uint64_t{1} << k) - 1;
  const std::uint64_t done = slots_with_code(state, window_, kCodeDone) >> first;
  const std::uint64_t untouched = (slots_with_code(state, window_, kCodeUntouched) >> first) & mask;
  const std::uint64_t complete = done & ~static_cast<std::uint64_t>(blocked_) & mask;
  const std::uint64_t ends = ~(done | untouched) & mask;
  const std::uint64_t kinds = bits_to_pairs(untouched) * kKindUntouched +
                              bits_to_pairs(ends) * kKindEnd;  // (kKindComplete is 0)
  // Paths of the top that end at a tour end: tour ends inside the top.
  const int tour_ends = std::popcount(slots_with_code(state, window_, kCodeTourEnd));
  // (complete and ends follow from the kinds: the memo's tag need not hold them.)
  const std::uint64_t tag = (kinds | static_cast<std::uint64_t>(std::min(tour_ends, 3)) << 32 |
                             static_cast<std::uint64_t>(k) << 34) +
                            1;
  const std::size_t slot = mix(tag) & (Memo::kSize - 1);
  if (memo.tags[slot] == tag) return memo.answers[slot] != 0;
  const bool answer = fits(kinds, complete, ends, tour_ends, k);
  memo.tags[slot] = tag;
  memo.answers[slot] = answer ? 1 : 0;
  return answer;
}

bool CutFilter::fits(std::uint64_t kinds, std::uint64_t complete, std::uint64_t ends, int tour_ends,
                     int k) const {
  const auto& seen = seen_[static_cast<std::size_t>(k)];
  const auto has = [&](std::uint64_t p) { return (seen[p / 64] >> (p % 64)) & 1; };
  if (closed_ || tour_ends >= 2) return has(complete) && has_kinds(kinds, k);
  // Open: a square may be a tour end, a path end against an untouched square (the complete
  // pattern changes there) or the other way round (it does not).
  const int free_ends = 2 - tour_ends;
  bool found = has(complete);
  for (std::uint64_t a = ends; a != 0 && !found; a &= a - 1) {
    const std::uint64_t one = complete | (a & (~a + 1));
    found = has(one);
    for (std::uint64_t b = a & (a - 1); b != 0 && !found && free_ends == 2; b &= b - 1) {
      found = has(one | (b & (~b + 1)));
    }
  }
  if (!found) return false;
  if (free_ends == 2) return true;  // the kinds with two tour ends to place: too many to try
  // One tour end left: the kinds as they are, or with one square changed.
  if (has_kinds(kinds, k)) return true;
  for (int m = 0; m < k; ++m) {
    const std::uint64_t kind = kinds >> (2 * m) & 3;
    if (kind == kKindComplete) continue;
    const std::uint64_t other = kind == kKindEnd ? kKindComplete : kKindEnd;
    // The top's path end faces an untouched square: as the top sees it, "complete"; the top's
    // untouched square faces a path end: as the top sees it, a path end.
    if (has_kinds((kinds & ~(std::uint64_t{3} << (2 * m))) | other << (2 * m), k)) return true;
  }
  return false;
}

Join::Join(Dp& top, Dp& bottom, int threads, int bucket, int buckets)
    : top_(top),
      bottom_(bottom),
      window_(top.plan().window),
      threads_(std::max(1, threads)),
      closed_(top.plan().closed),
      ends_fixed_(!closed_ && top.plan().end_budget == 0),
      bucket_(bucket),
      buckets_(buckets) {
  const Plan& plan = top.plan();
  for (int s = 0; s < window_; ++s) {
    if (!plan.steps[static_cast<std::size_t>(plan.stop - window_ + s)].free) blocked_ |= 1u << s;
  }
  packed_ = window_ <= PackedLinks::kMaxWindow;
  indexed_ = !packed_ && (closed_ || ends_fixed_);
  top_first_ = top.tables().old_size >= bottom.tables().old_size;
  const std::uint64_t x = std::max(top.tables().old_size, bottom.tables().old_size);
  const std::uint64_t y = std::min(top.tables().old_size, bottom.tables().old_size);
  to_group_ = x / static_cast<std::uint64_t>(buckets) +
              (closed_ ? y / static_cast<std::uint64_t>(buckets) : y);
}

std::uint64_t Join::bucket_of(std::uint64_t value) const {
  return buckets_ == 1 ? 0 : (mix(value) >> 32) % static_cast<std::uint64_t>(buckets_);
}

double Join::grouped() const {
  if (stage_ >= 2 || to_group_ == 0) return 1;
  if (buckets_ > 1) {
    // (In buckets each half is read whole for a share of its states: by stages.)
    const double size = static_cast<double>(
        std::max<std::size_t>(((stage_ == 0) == top_first_ ? top_ : bottom_).tables().old_size, 1));
    const double within =
        grouping_ == Grouping::kinds ? 0.5 * static_cast<double>(cursor_) / size
        : grouping_ == Grouping::sort
            ? 0.5
            : 0.5 + 0.5 * static_cast<double>(cursor_) / std::max<double>(position_.size(), 1);
    return std::min(1.0, (stage_ + within) / 2);
  }
  // A state's kinds, then (after the sort) its copy: half of its grouping each.
  const Dp& dp = (stage_ == 0) == top_first_ ? top_ : bottom_;
  const double size = static_cast<double>(dp.tables().old_size);
  const double half = grouping_ == Grouping::kinds ? 0.5 * static_cast<double>(cursor_)
                      : grouping_ == Grouping::sort
                          ? 0.5 * size
                          : 0.5 * size + 0.5 * static_cast<double>(cursor_);
  return std::min(1.0, (static_cast<double>(grouped_) + half) / static_cast<double>(to_group_));
}

bool Join::group(bool top, std::uint64_t max_steps) {
  // Each half's states by kinds: the kinds of each, sorted with its rank; the groups, and the
  // place of each state in group order; then the states copied there. In slices of about
  // max_steps states (the sort whole), so that the page draws between them: 7x7 open's larger
  // half took 11 s at once there. Each stage on the threads. (Grouping by a table of the kinds
  // instead, each state counted into its group and then copied to its group's next place, took
  // longer: the table of 440,000 groups of 7x7 open missed the cache.)
  Dp& dp = top ? top_ : bottom_;
  const Tables& t = dp.tables();
  const bool bottom = !top;
  const std::size_t slice = static_cast<std::size_t>(std::max<std::uint64_t>(max_steps, 1));
  std::vector<StateGroup>& groups = top ? top_groups_ : bottom_groups_;
  Buffer<std::uint64_t>& sets = top ? top_sets_ : bottom_sets_;
  Buffer<std::uint64_t>& counts = top ? top_counts_ : bottom_counts_;
  switch (grouping_) {
    case Grouping::kinds: {
      const std::size_t end = t.slice_end(std::min(t.old_size, cursor_ + slice));
      // In buckets: closed tours by kinds, open ones by the larger half's states alone (the
      // other whole in every bucket: an open top state may meet bottom states of several kinds).
      const bool filtered = buckets_ > 1 && (closed_ || top == top_first_);
      if (!filtered) {
        if (cursor_ == 0) kinds_.resize(t.old_size);
        in_ranges(threads_, cursor_, end, [&](std::size_t from, std::size_t to) {
          std::size_t i = from;
          for_each_state(t, from, to, [&](Key key, const std::uint64_t*) {
            kinds_[i++] = dense_kinds(kinds_of(key, window_, bottom), window_);
            return true;
          });
        });
      } else {
        // Only this bucket's states: each range gathers its own, then they are added in the
        // tables' order.
        std::mutex adding;
        std::vector<std::pair<std::size_t, std::vector<std::pair<std::uint64_t, std::uint32_t>>>>
            found;
        in_ranges(threads_, cursor_, end, [&](std::size_t from, std::size_t to) {
          std::vector<std::pair<std::uint64_t, std::uint32_t>> mine;
          std::size_t i = from;
          for_each_state(t, from, to, [&](Key key, const std::uint64_t*) {
            const std::uint64_t kinds = kinds_of(key, window_, bottom);
            const std::uint64_t b =
                closed_ ? bucket_of(top ? complement(kinds) : kinds) : bucket_of(i);
            if (b == static_cast<std::uint64_t>(bucket_)) {
              mine.push_back({dense_kinds(kinds, window_), static_cast<std::uint32_t>(i)});
            }
            ++i;
            return true;
          });
          const std::lock_guard<std::mutex> lock(adding);
          found.emplace_back(from, std::move(mine));
        });
        std::sort(found.begin(), found.end(),
                  [](const auto& a, const auto& b) { return a.first < b.first; });
        for (const auto& [from, mine] : found) {
          for (const auto& [kinds, index] : mine) {
            kinds_.push_back(kinds);
            index_.push_back(index);
          }
        }
      }
      cursor_ = end;
      dp.drop();  // (read from disk, if so: the pages back)
      if (cursor_ == t.old_size) grouping_ = Grouping::sort;
      return false;
    }
    case Grouping::sort: {
      const std::size_t n = kinds_.size();
      std::vector<std::uint32_t> ranks;
      sort_by_kinds(kinds_, ranks, threads_);
      std::size_t distinct = 0;  // (counted first: a vector grown by doubling holds up to twice)
      for (std::size_t k = 0; k < n; ++k) distinct += k == 0 || kinds_[k] != kinds_[k - 1];
      groups.clear();
      groups.reserve(distinct);
      position_.resize(n);
      for (std::size_t k = 0; k < n; ++k) {
        const std::uint64_t kinds = sparse_kinds(kinds_[k], window_);
        if (k == 0 || kinds != groups.back().kinds) groups.push_back({kinds, k, k});
        groups.back().end = k + 1;
        position_[ranks[k]] = static_cast<std::uint32_t>(k);
      }
      std::vector<std::uint64_t>().swap(kinds_);
      std::vector<std::uint32_t>().swap(ranks);
      // Seventeen path ends have no indices (IndexedLinks): where the first half has a group of
      // them, Links for both halves. (The second half's meet none of the first's, then.)
      if (indexed_ && stage_ == 0) {
        for (const StateGroup& g : groups) {
          if (path_ends(g.kinds, window_) > kMostIndexedEnds) indexed_ = false;
        }
      }
      // (Zeros, fresh from the system, each page as the copy first writes it, on its threads.)
      const bool made = (packed_    ? (top ? top_packed_ : bottom_packed_).zeroed(n)
                         : indexed_ ? (top ? top_indexed_ : bottom_indexed_).zeroed(n)
                                    : (top ? top_links_ : bottom_links_).zeroed(n)) &&
                        (indexed_ || sets.zeroed(n)) &&  // (indexed: a group's, sets_of)
                        counts.zeroed(n * static_cast<std::size_t>(t.limbs));
      if (!made) throw std::bad_alloc();
      grouping_ = Grouping::copy;
      cursor_ = 0;
      return false;
    }
    case Grouping::copy: {
      const std::size_t n = position_.size();
      std::size_t end = std::min(n, cursor_ + slice);
      if (end > cursor_ && end < n) {
        // (States in a StateFile: on to the end of the part the slice ends in, as
        // Tables::slice_end; index_ is in the tables' order.)
        const auto at = [&](std::size_t r) -> std::size_t {
          return index_.empty() ? r : index_[r];
        };
        const std::size_t last = t.slice_end(at(end - 1) + 1);
        while (end < n && at(end) < last) ++end;
      }
      in_ranges(threads_, cursor_, end, [&](std::size_t from, std::size_t to) {
        if (packed_) {
          copy_states(t, index_, position_, from, to, window_, bottom,
                      top ? top_packed_ : bottom_packed_, sets, counts);
        } else if (indexed_) {
          copy_states(t, index_, position_, from, to, window_, bottom,
                      top ? top_indexed_ : bottom_indexed_, sets, counts);
        } else {
          copy_states(t, index_, position_, from, to, window_, bottom,
                      top ? top_links_ : bottom_links_, sets, counts);
        }
      });
      cursor_ = end;
      dp.drop();  // (read from disk, if so: the pages back)
      if (cursor_ < n) return false;
      std::vector<std::uint32_t>().swap(index_);
      std::vector<std::uint32_t>().swap(position_);
      grouped_ += n;
      if (bucket_ + 1 == buckets_) {
        dp.release();
      } else {
        dp.drop();  // (the next bucket reads them again)
      }
      grouping_ = Grouping::kinds;
      cursor_ = 0;
      return true;
    }
  }
  return false;
}

void Join::prepare(std::uint64_t max_steps) {
  // Each half's tables go once its states are grouped: the join reads only its own copies.
  // The larger half first: its tables go before the other's copies are made, which sets the
  // join's peak (the copies take more bytes a state than the tables).
  if (stage_ < 2) {
    if (group(stage_ == 0 ? top_first_ : !top_first_, max_steps)) ++stage_;
    return;
  }
  ++stage_;
  // Each top group meets the bottom groups of the kinds it wants. The work is cut into pieces
  // of about kPiecePairs pairs, so that threads share even the largest group: a run of small
  // top groups whole, or a block of top states by a block of bottom states of a large one.
  constexpr std::uint64_t kPiecePairs = std::uint64_t{1} << 17;
  Piece run;  // small top groups, while their pairs add up
  const auto close_run = [&] {
    if (run.group_end > run.group_begin) pieces_.push_back(run);
    run = Piece{};
    run.pairs_before = total_pairs_;
  };
  close_run();
  match_begin_.assign(1, 0);
  match_begin_.reserve(top_groups_.size() + 1);
  for (std::size_t g = 0; g < top_groups_.size(); ++g) {
    const StateGroup& top_group = top_groups_[g];
    const std::size_t tops = top_group.end - top_group.begin;
    const auto matched = matching_groups(top_group.kinds);
    for (const StateGroup* below : matched) matches_.push_back(below);
    match_begin_.push_back(matches_.size());
    std::uint64_t pairs = 0;
    for (const StateGroup* below : matched) pairs += tops * below->size();
    if (pairs <= kPiecePairs) {
      if (run.group_end == run.group_begin) run.group_begin = run.group_end = g;
      ++run.group_end;
      total_pairs_ += pairs;
      if (total_pairs_ - run.pairs_before >= kPiecePairs) close_run();
      continue;
    }
    close_run();
    for (const StateGroup* below : matched) {
      const std::uint64_t bottoms = below->size();
      const std::size_t step_top =
          static_cast<std::size_t>(std::max<std::uint64_t>(1, kPiecePairs / bottoms));
      const std::size_t step_bottom =
          static_cast<std::size_t>(std::min<std::uint64_t>(bottoms, kPiecePairs));
      for (std::size_t i = top_group.begin; i < top_group.end; i += step_top) {
        for (std::size_t j = below->begin; j < below->end; j += step_bottom) {
          Piece piece;
          piece.top_begin = i;
          piece.top_end = std::min(top_group.end, i + step_top);
          piece.bottom_begin = j;
          piece.bottom_end = std::min(below->end, j + step_bottom);
          piece.pairs_before = total_pairs_;
          pieces_.push_back(piece);
          total_pairs_ +=
              (piece.top_end - piece.top_begin) * (piece.bottom_end - piece.bottom_begin);
        }
      }
    }
    run.pairs_before = total_pairs_;
  }
  close_run();
}

std::vector<const StateGroup*> Join::matching_groups(std::uint64_t top_kinds) const {
  std::vector<const StateGroup*> matched;
  for (const std::uint64_t kinds : wanted_kinds(top_kinds)) {
    const auto it =
        std::lower_bound(bottom_groups_.begin(), bottom_groups_.end(), kinds,
                         [](const StateGroup& group, std::uint64_t k) { return group.kinds < k; });
    if (it != bottom_groups_.end() && it->kinds == kinds) matched.push_back(&*it);
  }
  return matched;
}

std::uint64_t Join::link_bytes(const Plan& plan) {
  if (plan.window <= PackedLinks::kMaxWindow) return sizeof(PackedLinks) + 8;
  return plan.closed || plan.end_budget == 0 ? sizeof(IndexedLinks) : sizeof(Links) + 8;
}

double Join::fraction() const {
  if (stage_ < kStages) return 0;
  if (status_ == Status::none || total_pairs_ == 0) return 1;
  return static_cast<double>(pairs_done_) / static_cast<double>(total_pairs_);
}

std::uint64_t Join::bytes() const {
  return (top_links_.size() + bottom_links_.size()) * sizeof(Links) +
         (top_packed_.size() + bottom_packed_.size()) * sizeof(PackedLinks) +
         (top_indexed_.size() + bottom_indexed_.size()) * sizeof(IndexedLinks) +
         (top_sets_.size() + bottom_sets_.size()) * sizeof(std::uint64_t) +
         (top_counts_.size() + bottom_counts_.size()) * sizeof(std::uint64_t) +
         (top_groups_.size() + bottom_groups_.size()) * sizeof(StateGroup) +
         pieces_.size() * sizeof(Piece) + matches_.size() * sizeof(const StateGroup*) +
         match_begin_.size() * sizeof(std::size_t);
}

std::uint64_t Join::complement(std::uint64_t top_kinds) const {
  // Complete against untouched and the other way round, a path end against a path end; a
  // blocked square is complete in both.
  std::uint64_t base = 0;
  for (int s = 0; s < window_; ++s) {
    const std::uint64_t kind = (top_kinds >> (2 * s)) & 3;
    const std::uint64_t want = (blocked_ >> s) & 1     ? kKindComplete
                               : kind == kKindEnd      ? kKindEnd
                               : kind == kKindComplete ? kKindUntouched
                                                       : kKindComplete;
    base |= want << (2 * s);
  }
  return base;
}

std::vector<std::uint64_t> Join::wanted_kinds(std::uint64_t top_kinds) const {
  // The kinds a bottom state must have: complete where the top leaves a square untouched and
  // the other way round, a path end against a path end; open tours with a free end may also
  // end on up to two squares of the window (a path end against an untouched square). (A fixed
  // end takes its one edge inside a half, which makes it complete there: the tour's ends are
  // paths to tour ends in the halves, IndexedLinks.)
  const std::uint64_t base = complement(top_kinds);
  std::array<int, 2 * kMaxFrontierWidth + 1> may_end{};
  int n_may_end = 0;
  for (int s = 0; s < window_ && !closed_ && !ends_fixed_; ++s) {
    if (!((blocked_ >> s) & 1)) may_end[n_may_end++] = s;
  }
  // A square may end the tour: the top's path end meets nothing below, or the bottom's
  // path end meets a square the top left untouched.
  auto ending = [&](std::uint64_t kinds, int s) {
    const std::uint64_t top_kind = (top_kinds >> (2 * s)) & 3;
    if (top_kind == kKindComplete) return ~std::uint64_t{0};
    const std::uint64_t want = top_kind == kKindEnd ? kKindUntouched : kKindEnd;
    return (kinds & ~(std::uint64_t{3} << (2 * s))) | want << (2 * s);
  };
  // The tour's two ends: the top's, the window's squares that end it, and the bottom's the rest
  // (closed tours have none).
  const int top_ends = static_cast<int>(top_kinds >> kTourEndsShift);
  std::vector<std::uint64_t> wanted;
  const auto want = [&](std::uint64_t kinds, int ending_squares) {
    const int bottom_ends = closed_ ? 0 : 2 - top_ends - ending_squares;
    if (bottom_ends >= 0)
      wanted.push_back(kinds | static_cast<std::uint64_t>(bottom_ends) << kTourEndsShift);
  };
  want(base, 0);
  for (int a = 0; a < n_may_end && top_ends < 2; ++a) {
    const std::uint64_t one = ending(base, may_end[a]);
    if (one == ~std::uint64_t{0}) continue;
    want(one, 1);
    for (int b = a + 1; b < n_may_end && top_ends == 0; ++b) {
      const std::uint64_t two = ending(one, may_end[b]);
      if (two != ~std::uint64_t{0}) want(two, 2);
    }
  }
  return wanted;
}

void Join::join_piece(const Piece& piece, BigCount& count) const {
  if (packed_) {
    join_piece(piece, count, top_packed_, bottom_packed_);
  } else if (indexed_) {
    join_piece(piece, count, top_indexed_, bottom_indexed_);
  } else {
    join_piece(piece, count, top_links_, bottom_links_);
  }
}

template <class L>
void Join::join_piece(const Piece& piece, BigCount& count, const Buffer<L>& tops,
                      const Buffer<L>& bottoms) const {
  const std::size_t top_limbs = static_cast<std::size_t>(top_.tables().limbs);
  const std::size_t bottom_limbs = static_cast<std::size_t>(bottom_.tables().limbs);
  const bool narrow = top_limbs == 1 && bottom_limbs == 1;
  unsigned __int128 sum = 0;  // one-limb products, added to count before they could overflow
  const auto flush = [&] {
    const std::array<std::uint64_t, 2> limbs{static_cast<std::uint64_t>(sum),
                                             static_cast<std::uint64_t>(sum >> 64)};
    count += BigCount(std::span<const std::uint64_t>(limbs));
    sum = 0;
  };
  constexpr bool indexed = std::is_same_v<L, IndexedLinks>;
  // Indexed links: every state of a group has the same sets, all its path ends linked (with
  // both ends fixed, the paths to them to themselves: one_path_indexed).
  const auto sets_of = [&](const StateGroup& group) -> std::uint64_t {
    return indexed ? (std::uint64_t{1} << path_ends(group.kinds, window_)) - 1 : 0;
  };
  // Top state i against bottom states [bottom_begin, bottom_end) (ok(j): they make one tour),
  // its count times the sum of theirs.
  const auto row = [&](std::size_t i, std::size_t bottom_begin, std::size_t bottom_end, auto&& ok) {
    const std::uint64_t* a = &top_counts_[i * top_limbs];
    if (!narrow) {
      for (std::size_t j = bottom_begin; j < bottom_end; ++j) {
        if (ok(j))
          count.add_product({a, top_limbs}, {&bottom_counts_[j * bottom_limbs], bottom_limbs});
      }
      return;
    }
    // The bottom counts summed, then one product: a 128-bit product a pair was a call a pair in
    // WebAssembly. (No branch on ok: four pairs in ten make a tour, unpredictably. A mask, as
    // the compiler made a branch of "ok ? b : 0".)
    unsigned __int128 bottom_sum = 0;
    for (std::size_t j = bottom_begin; j < bottom_end; ++j) {
      bottom_sum += bottom_counts_[j] & (std::uint64_t{0} - static_cast<std::uint64_t>(ok(j)));
    }
    const std::array<std::uint64_t, 2> b{static_cast<std::uint64_t>(bottom_sum),
                                         static_cast<std::uint64_t>(bottom_sum >> 64)};
    if (b[1] != 0) {  // (a block's sum past 64 bits)
      count.add_product({a, 1}, b);
      return;
    }
    const unsigned __int128 p = static_cast<unsigned __int128>(a[0]) * b[0];
    if (sum + p < sum) flush();
    sum += p;
  };
  // Top states [top_begin, top_end) of a group (sets: sets_of it) against bottom states
  // [bottom_begin, bottom_end).
  const auto block = [&](std::size_t top_begin, std::size_t top_end, std::size_t bottom_begin,
                         std::size_t bottom_end, std::uint64_t sets) {
    const auto top_sets = [&](std::size_t i) { return indexed ? sets : top_sets_[i]; };
    const auto bottom_sets = [&](std::size_t j) { return indexed ? sets : bottom_sets_[j]; };
    if constexpr (indexed) {
      if (ends_fixed_) {
        const int nodes = std::popcount(sets);
        for (std::size_t i = top_begin; i < top_end; ++i) {
          const std::uint32_t top_ends = self_linked(tops[i], nodes);
#ifdef KT_BYTE_SHUFFLE
          const auto top_bytes = byte_links(tops[i].bits);
          row(i, bottom_begin, bottom_end, [&](std::size_t j) {
            const auto bottom_bytes = byte_links(bottoms[j].bits);
            return one_path_bytes(top_bytes, bottom_bytes, top_ends,
                                  self_linked_bytes(bottom_bytes, nodes), nodes);
          });
#else
          row(i, bottom_begin, bottom_end, [&](std::size_t j) {
            return one_path_indexed(tops[i], bottoms[j], top_ends, nodes);
          });
#endif
        }
        return;
      }
    }
#ifdef KT_BYTE_SHUFFLE
    if constexpr (!std::is_same_v<L, Links>) {
      for (std::size_t i = top_begin; i < top_end; ++i) {
        const auto top_bytes = byte_links(tops[i].bits);
        row(i, bottom_begin, bottom_end, [&](std::size_t j) {
          return one_tour_bytes(top_bytes, byte_links(bottoms[j].bits), top_sets(i), bottom_sets(j),
                                closed_);
        });
      }
      return;
    }
#endif
    for (std::size_t i = top_begin; i < top_end; ++i) {
      row(i, bottom_begin, bottom_end, [&](std::size_t j) {
        return one_tour(tops[i], bottoms[j], top_sets(i), bottom_sets(j), closed_);
      });
    }
  };
  for (std::size_t g = piece.group_begin; g < piece.group_end; ++g) {
    const StateGroup& top_group = top_groups_[g];
    const std::uint64_t sets = sets_of(top_group);
    for (std::size_t m = match_begin_[g]; m < match_begin_[g + 1]; ++m) {
      block(top_group.begin, top_group.end, matches_[m]->begin, matches_[m]->end, sets);
    }
  }
  if (piece.top_end > piece.top_begin) {
    // (A block of one top group: the group holding its first state.)
    const auto group =
        std::upper_bound(top_groups_.begin(), top_groups_.end(), piece.top_begin,
                         [](std::size_t at, const StateGroup& g) { return at < g.begin; }) -
        1;
    block(piece.top_begin, piece.top_end, piece.bottom_begin, piece.bottom_end, sets_of(*group));
  }
  flush();
}

Status Join::run(std::uint64_t max_steps) {
  if (status_ != Status::running) return status_;
  if (stage_ < kStages) {
    prepare(max_steps);
    return status_;
  }
  // Each thread takes the next piece in turn until the pairs checked reach max_steps between
  // them (a share of the pairs each left one thread alone at the end of every call: pairs of
  // some groups take longer than others); the sums do not depend on who adds what.
  const std::uint64_t budget = std::max<std::uint64_t>(max_steps, 1);
  std::atomic<std::uint64_t> spent{0};
  const int threads = threads_ > 1 && pieces_.size() - next_piece_ > 1 ? threads_ : 1;
  const auto pairs_of = [&](std::size_t k) {
    return (k + 1 < pieces_.size() ? pieces_[k + 1].pairs_before : total_pairs_) -
           pieces_[k].pairs_before;
  };
  std::atomic<std::size_t> next{next_piece_};
  std::vector<BigCount> counts(static_cast<std::size_t>(threads));
  in_parallel(threads, [&](int k) {
    BigCount count;  // the thread's own sum (not a neighbour's cache line)
    while (spent.load(std::memory_order_relaxed) < budget) {
      const std::size_t piece = next.fetch_add(1);
      if (piece >= pieces_.size()) break;
      join_piece(pieces_[piece], count);
      spent.fetch_add(pairs_of(piece), std::memory_order_relaxed);
    }
    counts[static_cast<std::size_t>(k)] = std::move(count);
  });
  for (const BigCount& c : counts) count_ += c;
  next_piece_ = std::min(next.load(), pieces_.size());
  pairs_done_ = next_piece_ < pieces_.size() ? pieces_[next_piece_].pairs_before : total_pairs_;
  if (next_piece_ == pieces_.size()) {
    count_ *= top_.plan().factor;
    status_ = Status::none;
  }
  return status_;
}

}  // namespace kt::frontier_detail
