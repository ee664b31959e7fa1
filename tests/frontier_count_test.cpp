// The frontier counter (counting by rows): published counts, cross-checks against the search
// counter on random boards with blocked squares, big counts, slicing, memory limit, bad input.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "counting/big_count.hpp"
#include "counting/count.hpp"
#include "counting/frontier_count.hpp"
#include "counting/frontier_detail.hpp"

using kt::BigCount;
using kt::Geometry;
using kt::Problem;
using kt::Square;
using kt::Status;

namespace {

// Cases of several seconds run natively only, not under the sanitizers or WebAssembly.
#if defined(__EMSCRIPTEN__) || defined(__SANITIZE_ADDRESS__)
constexpr bool kSlowBuild = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSlowBuild = true;
#else
constexpr bool kSlowBuild = false;
#endif
#else
constexpr bool kSlowBuild = false;
#endif
// The counting tests built with WebAssembly SIMD (core_simd_tests), as the counting worker is.
#ifdef __wasm_simd128__
constexpr bool kSimdBuild = true;
#else
constexpr bool kSimdBuild = false;
#endif

Problem board(int rows, int cols, std::vector<Square> blocked = {}) {
  Problem p;
  p.geometry = {rows, cols};
  if (!blocked.empty()) {
    p.blocked.assign(static_cast<std::size_t>(rows * cols), 0);
    for (Square s : blocked) p.blocked[p.geometry.index(s)] = 1;
  }
  return p;
}

Problem closed(Problem p) {
  p.closed = true;
  return p;
}

Problem from(Problem p, Square start) {
  p.start = start;
  return p;
}

std::string frontier(const Problem& p) {
  const auto r = kt::count_frontier(p);
  REQUIRE(r.error.empty());
  REQUIRE(r.complete);
  return r.count.to_string();
}

std::uint64_t search(const Problem& p) {
  const auto r = kt::count_tours(p);
  REQUIRE(r.error.empty());
  return r.count;
}

std::vector<Square> scatter(Geometry g, int k, std::uint32_t& seed) {
  std::vector<Square> out;
  while (static_cast<int>(out.size()) < k) {
    seed = seed * 1664525u + 1013904223u;
    const Square s = g.square(static_cast<int>((seed >> 8) % static_cast<std::uint32_t>(g.size())));
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  }
  return out;
}

}  // namespace

// The tables' slot of a state is the high word of a product (slot_of); in WebAssembly it is made
// of four 32-bit products, which must give the 128-bit product's high word exactly.
TEST_CASE("mul_high is the high word of the 128-bit product") {
  std::mt19937_64 rng(7);
  const std::uint64_t max = ~std::uint64_t{0};
  std::vector<std::pair<std::uint64_t, std::uint64_t>> cases{
      {0, 0}, {max, max}, {max, 1}, {1ull << 32, 1ull << 32}, {0xFFFFFFFFull, 0xFFFFFFFFull}};
  for (int k = 0; k < 100000; ++k) cases.emplace_back(rng(), k % 2 ? rng() : rng() >> 32);
  for (const auto& [a, b] : cases) {
    const auto expected = static_cast<std::uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64);
    INFO(a << " * " << b);
    REQUIRE(kt::frontier_detail::mul_high(a, b) == expected);
  }
}

TEST_CASE("big counts add, multiply and print in decimal") {
  BigCount a(~std::uint64_t{0});
  a += BigCount(1);
  CHECK(a.to_string() == "18446744073709551616");
  CHECK_FALSE(a.fits_u64());
  CHECK(a.bits() == 65);
  a *= 10'000'000'000'000'000'000ull;
  CHECK(a.to_string() == "184467440737095516160000000000000000000");
  CHECK(BigCount().to_string() == "0");
  CHECK(BigCount(1234567).to_string() == "1234567");
  CHECK(BigCount(1234567).to_double() == 1234567.0);
  // Read back from its digits, exactly, past 64 bits; anything but digits is no number.
  CHECK(BigCount::from_decimal(a.to_string()) == a);
  CHECK(BigCount::from_decimal("0") == BigCount());
  CHECK_FALSE(BigCount::from_decimal(""));
  CHECK_FALSE(BigCount::from_decimal("12a"));
  CHECK_FALSE(BigCount::from_decimal("-1"));
}

TEST_CASE("frontier: published counts of directed open tours") {
  // OEIS A165134: 1, 0, 0, 0, 1728, 6637920 (6x6 below).
  CHECK(frontier(board(1, 1)) == "1");
  CHECK(frontier(board(2, 2)) == "0");
  CHECK(frontier(board(3, 3)) == "0");
  CHECK(frontier(board(4, 4)) == "0");
  CHECK(frontier(board(5, 5)) == "1728");
  // From a square: 304 from a corner, 56 from (3,1) and (2,2), 64 from the centre.
  CHECK(frontier(from(board(5, 5), {1, 1})) == "304");
  CHECK(frontier(from(board(5, 5), {5, 5})) == "304");
  CHECK(frontier(from(board(5, 5), {2, 1})) == "0");
  CHECK(frontier(from(board(5, 5), {3, 1})) == "56");
  CHECK(frontier(from(board(5, 5), {2, 2})) == "56");
  CHECK(frontier(from(board(5, 5), {3, 3})) == "64");
  // A118067 (3 x n), A079137 (4 x n, undirected, so twice), A389755 (5x6, 5x7).
  CHECK(frontier(board(3, 4)) == "16");
  CHECK(frontier(board(3, 7)) == "104");
  CHECK(frontier(board(3, 10)) == "6096");
  CHECK(frontier(board(10, 3)) == "6096");
  CHECK(frontier(board(4, 5)) == std::to_string(2 * 82));
  CHECK(frontier(board(4, 7)) == std::to_string(2 * 6378));
  CHECK(frontier(board(5, 6)) == std::to_string(2 * 18784));
  // 5x7 (2 * 622868) and 6x6 (6637920) take a minute or more: bench/count_bench.cpp runs them.
}

TEST_CASE("frontier: published counts of closed tours") {
  // OEIS A070030 (3 x 2n): 3x8 0, then 16, 176, 1536, 15424.
  CHECK(frontier(closed(board(3, 8))) == "0");
  CHECK(frontier(closed(board(3, 10))) == "16");
  CHECK(frontier(closed(board(3, 12))) == "176");
  CHECK(frontier(closed(board(14, 3))) == "1536");
  CHECK(frontier(closed(board(3, 16))) == "15424");
  // A175881 (6 x n): 6x5 8; A001230: 4x4 none, 6x6 9862.
  CHECK(frontier(closed(board(6, 5))) == "8");
  CHECK(frontier(closed(board(4, 4))) == "0");
  CHECK(frontier(closed(board(5, 5))) == "0");
  CHECK(frontier(closed(board(1, 1))) == "0");
  if (!kSlowBuild) CHECK(frontier(closed(board(6, 6))) == "9862");
}

TEST_CASE("frontier: published counts of closed tours on 3 x n and 5 x n strips") {
  // OEIS A383660 (Knuth: closed tours in the first 2k cells of a 3 x ceil(2k/3) board); its
  // whole boards are 3 x 2k/3: 3x18 to 3x30 (A070030 continued, past 2^32).
  CHECK(frontier(closed(board(3, 18))) == "147728");
  CHECK(frontier(closed(board(3, 20))) == "1448416");
  CHECK(frontier(closed(board(3, 22))) == "14060048");
  CHECK(frontier(closed(board(3, 24))) == "136947616");
  CHECK(frontier(closed(board(3, 26))) == "1332257856");
  CHECK(frontier(closed(board(28, 3))) == "12965578752");
  CHECK(frontier(closed(board(3, 30))) == "126169362176");
  // OEIS A383661 (the same on 5 x ceil(2k/5)): 5x6 8, 5x8 44202, 5x10 13311268, 5x12
  // 4557702762 (a few seconds: natively only).
  CHECK(frontier(closed(board(5, 6))) == "8");
  CHECK(frontier(closed(board(5, 8))) == "44202");
  if (!kSlowBuild) CHECK(frontier(closed(board(5, 10))) == "13311268");
}

TEST_CASE("frontier and search agree on random boards with blocked squares") {
  std::uint32_t seed = 11;
  for (const auto& [rows, cols, k] : std::vector<std::array<int, 3>>{{3, 4, 1},
                                                                     {4, 4, 1},
                                                                     {4, 5, 1},
                                                                     {4, 5, 2},
                                                                     {5, 4, 3},
                                                                     {5, 5, 1},
                                                                     {5, 5, 2},
                                                                     {5, 5, 4},
                                                                     {3, 8, 2},
                                                                     {6, 4, 2},
                                                                     {4, 6, 1}}) {
    const Problem p = board(rows, cols, scatter({rows, cols}, k, seed));
    INFO(rows << "x" << cols << " with " << k << " blocked, seed " << seed);
    CHECK(frontier(p) == std::to_string(search(p)));
    CHECK(frontier(closed(p)) == std::to_string(search(closed(p))));
    // From every free square, and to one end.
    for (int i = 0; i < rows * cols; ++i) {
      if (p.is_blocked(i)) continue;
      Problem s = from(p, p.geometry.square(i));
      CHECK(frontier(s) == std::to_string(search(s)));
      Problem e = p;
      e.end = p.geometry.square(i);
      CHECK(frontier(e) == std::to_string(search(e)));
      const int j = (i * 7 + 3) % (rows * cols);
      if (j != i && !p.is_blocked(j)) {
        s.end = p.geometry.square(j);
        CHECK(frontier(s) == std::to_string(search(s)));
      }
    }
  }
}

TEST_CASE("frontier: boards eight wide join their halves as narrower boards do") {
  // The join keeps a state's links four bits a slot where the window has at most 15 squares,
  // whole past that (boards eight wide): the same counts as the search there, on an 8x8 board
  // blocked but for a few squares.
  const auto only = [](int x0, int y0, int cols, int rows) {
    std::vector<Square> blocked;
    for (int y = 1; y <= 8; ++y) {
      for (int x = 1; x <= 8; ++x) {
        if (x < x0 || x >= x0 + cols || y < y0 || y >= y0 + rows) blocked.push_back({x, y});
      }
    }
    return board(8, 8, blocked);
  };
  for (const Problem& p :
       {only(3, 1, 3, 8), only(2, 2, 5, 4), only(1, 3, 8, 3), only(2, 2, 5, 5), only(3, 2, 4, 6)}) {
    CHECK(frontier(p) == std::to_string(search(p)));
    CHECK(frontier(closed(p)) == std::to_string(search(closed(p))));
  }
  CHECK(frontier(only(2, 2, 5, 5)) == "1728");
}

TEST_CASE("frontier: counts past 64 bits are exact") {
  // Directed open tours of a 3x40 strip: every start's tours add up to the whole, well past
  // 2^64, so the counts grow limbs on the way.
  const Problem strip = board(3, 40);
  const auto whole = kt::count_frontier(strip);
  REQUIRE(whole.complete);
  CHECK_FALSE(whole.count.fits_u64());
  // The board turned gives the same count.
  CHECK(kt::count_frontier(board(40, 3)).count == whole.count);
  if (kSlowBuild) return;  // 120 more counts: natively only
  BigCount sum;
  for (int i = 0; i < strip.geometry.size(); ++i) {
    const auto r = kt::count_frontier(from(strip, strip.geometry.square(i)));
    REQUIRE(r.complete);
    sum += r.count;
  }
  CHECK(sum == whole.count);
}

TEST_CASE("frontier: keys of one word and of two count alike") {
  // Width 7 keeps a state's window (15 squares) in one 64-bit word, width 8 (17 squares) in
  // two. A 5x5 corner of an 8x8 board (the rest blocked, but for a few squares) is counted
  // with two-word keys; the 5x5 board alone, and a 7x7 one with the same corner, with one.
  // Boards 10 and 12 wide put squares of the window in the second word's every nibble.
  std::uint32_t seed = 5;
  for (int round = 0; round < 6; ++round) {
    for (const int side : {7, 8, 10, 12}) {
      std::vector<Square> blocked;
      const auto extra = scatter({side, side}, 3, seed);
      for (int y = 1; y <= side; ++y) {
        for (int x = 1; x <= side; ++x) {
          const Square s{x, y};
          const bool corner = x <= 5 && y <= 5;
          if (!corner && std::find(extra.begin(), extra.end(), s) == extra.end())
            blocked.push_back(s);
        }
      }
      const Problem p = board(side, side, blocked);
      INFO(side << "x" << side << ", round " << round);
      CHECK(frontier(p) == std::to_string(search(p)));
      CHECK(frontier(closed(p)) == std::to_string(search(closed(p))));
    }
  }
  // The corner alone: the published 1,728 (OEIS A165134) whichever way the key is kept.
  std::vector<Square> rest;
  for (int y = 1; y <= 8; ++y) {
    for (int x = 1; x <= 8; ++x) {
      if (x > 5 || y > 5) rest.push_back({x, y});
    }
  }
  CHECK(frontier(board(8, 8, rest)) == "1728");
}

TEST_CASE("frontier: closed tours eight wide keep a state's window in one word") {
  // The window of 17 squares, 68 bits of codes, is kept as each square's kind and the label of
  // each path's second end (KeyForm::paired): every key of up to eight paths comes back whole.
  using kt::frontier_detail::Key;
  std::uint32_t seed = 11;
  for (int round = 0; round < 2000; ++round) {
    // Codes for the 17 squares: done, untouched, or the ends of `paths` paths (labels by
    // first appearance, as the counter numbers them).
    std::array<int, 17> code{};
    for (int& c : code) {
      seed = seed * 1664525u + 1013904223u;
      c = static_cast<int>((seed >> 12) & 1);
    }
    seed = seed * 1664525u + 1013904223u;
    const int paths = static_cast<int>((seed >> 10) % 9);
    // Counts with both ends fixed: up to two paths to a tour end (code 2), as room allows.
    const int to_tour_ends = std::min(static_cast<int>((seed >> 20) % 3), 17 - 2 * paths);
    std::vector<int> ends;
    while (static_cast<int>(ends.size()) < 2 * paths + to_tour_ends) {
      seed = seed * 1664525u + 1013904223u;
      const int at = static_cast<int>((seed >> 8) % 17);
      if (std::find(ends.begin(), ends.end(), at) == ends.end()) ends.push_back(at);
    }
    for (int k = 0; k < paths; ++k)
      code[static_cast<std::size_t>(ends[2 * k])] =
          code[static_cast<std::size_t>(ends[2 * k + 1])] = 100 + k;
    for (int k = 0; k < to_tour_ends; ++k)
      code[static_cast<std::size_t>(ends[static_cast<std::size_t>(2 * paths + k)])] =
          kt::frontier_detail::kCodeTourEnd;
    std::array<int, 100 + 8> label{};
    int next = kt::frontier_detail::kFirstLabel;
    Key key = 0;
    for (int j = 0; j < 17; ++j) {
      int c = code[static_cast<std::size_t>(j)];
      if (c >= 100) {
        if (label[static_cast<std::size_t>(c)] == 0) label[static_cast<std::size_t>(c)] = next++;
        c = label[static_cast<std::size_t>(c)];
      }
      key |= Key{static_cast<std::uint64_t>(c)} << (4 * j);
    }
    const std::uint64_t word = kt::frontier_detail::paired_key(key);
    INFO("round " << round << ", " << paths << " paths, " << to_tour_ends << " to tour ends");
    CHECK(word < (std::uint64_t{1} << 63));
    CHECK(kt::frontier_detail::unpaired_key(word) == key);
    CHECK(kt::frontier_detail::key_fault(key, 17, to_tour_ends == 0, 0) == nullptr);
  }
  // Seventeen path ends: eight first ends, then a path to a tour end with every label open (no
  // label left to name it), or a second end there and the path to a tour end later. Each comes
  // back whole, and the two words differ.
  const auto key_of = [](const std::array<int, 17>& codes) {
    Key key = 0;
    for (int j = 0; j < 17; ++j) key |= Key{static_cast<std::uint64_t>(codes[j])} << (4 * j);
    return key;
  };
  const Key all_open = key_of({3, 4, 5, 6, 7, 8, 9, 10, 2, 3, 4, 5, 6, 7, 8, 9, 10});
  const Key one_closed = key_of({3, 4, 5, 6, 7, 8, 9, 10, 3, 4, 5, 6, 2, 7, 8, 9, 10});
  for (const Key key : {all_open, one_closed}) {
    CHECK(kt::frontier_detail::key_fault(key, 17, false, 0) == nullptr);
    CHECK(kt::frontier_detail::unpaired_key(kt::frontier_detail::paired_key(key)) == key);
  }
  CHECK(kt::frontier_detail::paired_key(all_open) != kt::frontier_detail::paired_key(one_closed));
  CHECK((kt::frontier_detail::paired_key(all_open) >> kt::frontier_detail::kPairedAllOpen) == 1);
  // The word itself, as the saves keep it: slots 0-5 and 16 hold 3 1 0 4 3 4 ... 1 (two paths,
  // labels 3 and 4, their second ends at slots 4 and 5). Kinds: first end 2, untouched 1, done
  // 0, first 2, second 3, second 3, ..., untouched 1; then the second ends' labels (0, then 1)
  // three bits each from bit 34.
  const Key example = Key{1} << 64 | 0x434013u;
  const std::uint64_t kinds = 2 | 1 << 2 | 2 << 6 | 3 << 8 | 3 << 10 | std::uint64_t{1} << 32;
  CHECK(kt::frontier_detail::paired_key(example) == (kinds | std::uint64_t{1 << 3} << 34));
  CHECK(kt::frontier_detail::unpaired_key(kinds | std::uint64_t{1 << 3} << 34) == example);
  // A 6x8 board inside an 8x8 one (two columns blocked): its closed tours, counted eight wide
  // with keys of one word, are the published 55,488,142 (OEIS A175881).
  std::vector<Square> columns;
  for (int y = 1; y <= 8; ++y) columns.insert(columns.end(), {{7, y}, {8, y}});
  // (Also in the WebAssembly SIMD build, whose join walks these links by i8x16.swizzle.)
  if (!kSlowBuild || kSimdBuild) CHECK(frontier(closed(board(8, 8, columns))) == "55488142");
  // Open tours with both ends fixed keep theirs in one word too: 5x8 inside 8x8 (three columns
  // blocked) counted eight wide, against the same board counted five wide (narrow keys).
  std::vector<Square> three;
  for (int y = 1; y <= 8; ++y) three.insert(three.end(), {{6, y}, {7, y}, {8, y}});
  for (const auto& [start, end] :
       {std::pair{Square{1, 1}, Square{5, 8}}, std::pair{Square{3, 4}, Square{2, 4}},
        std::pair{Square{2, 1}, Square{5, 1}}}) {
    Problem wide = board(8, 8, three), narrow = board(8, 5);
    wide.start = narrow.start = start;
    wide.end = narrow.end = end;
    INFO(kt::format_square(start) << " to " << kt::format_square(end));
    const std::string count = frontier(narrow);
    CHECK(count != "0");
    CHECK(frontier(wide) == count);
  }
}

TEST_CASE("frontier: key_fault accepts a state's key and says what is wrong with any other") {
  // Keys written out square by square (frontier_detail.hpp's layout): 0 done, 1 untouched, 2 a
  // path to a tour end, 3.. the two ends of a path, numbered in order of their first ends.
  using kt::frontier_detail::Key;
  using kt::frontier_detail::KeyForm;
  const auto key_of = [](std::vector<int> codes, int ends = 0) {
    Key key = Key{static_cast<std::uint64_t>(ends)} << kt::frontier_detail::kEndsShift;
    for (std::size_t j = 0; j < codes.size(); ++j) {
      key |= Key{static_cast<std::uint64_t>(codes[j])} << (4 * j);
    }
    return key;
  };
  const auto fault = [](Key key, bool closed = false, int max_ends = 2) {
    const char* why = kt::frontier_detail::key_fault(key, 11, closed, max_ends);
    return std::string(why == nullptr ? "" : why);
  };
  CHECK(fault(key_of({3, 1, 3, 0, 4, 2, 4, 1, 1, 0, 0}, 1)).empty());
  CHECK(fault(key_of({3, 1, 3, 0, 4, 4, 5, 1, 1, 5, 0}), true, 0).empty());
  CHECK(fault(key_of({3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0})) == "a path end without its other end");
  CHECK(fault(key_of({3, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0})) == "a path end without its other end");
  CHECK(fault(key_of({3, 3, 5, 5, 0, 0, 0, 0, 0, 0, 0})) == "a path end without its other end");
  CHECK(fault(key_of({4, 3, 4, 3, 0, 0, 0, 0, 0, 0, 0})) == "its paths not numbered in order");
  CHECK(fault(key_of({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1})) == "a code past its window");
  CHECK(fault(key_of({2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0}), true, 0) ==
        "a path to a tour end in a closed tour");
  CHECK(fault(key_of({1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0}, 3)) == "more tour ends than the board has");
  CHECK(fault(key_of({1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0}, 1), false, 0) ==
        "more tour ends than the board has");
  CHECK(fault(key_of({15, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0})) == "a path end without its other end");
  // A table's words: the key's, marked taken, and no other bit.
  const Key good = key_of({3, 1, 3, 0, 4, 2, 4, 1, 1, 0, 0}, 1);
  std::uint64_t lo = 0, hi = 0;
  kt::frontier_detail::stored_key(good, KeyForm::narrow, lo, hi);
  const auto stored_fault = [](std::uint64_t word, KeyForm form, int window, bool closed) {
    const char* why = kt::frontier_detail::stored_key_fault(&word, form, window, closed, 2);
    return std::string(why == nullptr ? "" : why);
  };
  CHECK(stored_fault(lo, KeyForm::narrow, 11, false).empty());
  CHECK(stored_fault(lo & ~kt::frontier_detail::kTaken, KeyForm::narrow, 11, false) ==
        "stray bits in its words");
  CHECK(stored_fault(lo | std::uint64_t{1} << 62, KeyForm::narrow, 11, false) ==
        "stray bits in its words");
  // Eight wide, a word a key: ten second ends (kind 3) cannot be a state's; nine with no first
  // end are nine paths to tour ends.
  std::uint64_t nine = kt::frontier_detail::kTaken;
  for (int j = 0; j < 9; ++j) nine |= std::uint64_t{3} << (2 * j);
  CHECK(stored_fault(nine, KeyForm::paired, 17, true) == "a path to a tour end in a closed tour");
  CHECK(stored_fault(nine, KeyForm::paired, 17, false) ==
        "more paths to tour ends than a tour has ends");
  const std::uint64_t ten = nine | std::uint64_t{3} << 18;
  CHECK(stored_fault(ten, KeyForm::paired, 17, false) == "a path end without its other end");
}

TEST_CASE("frontier: the join's sort by kinds orders as a stable sort, by radix or as pairs") {
  // The join sorts each half's states by their kinds (sort_by_kinds): by radix where a state's
  // kinds and its rank fit one word, as pairs where they do not (wide windows of many states).
  // Both ways, on one thread and two, must give a stable sort's order.
  std::mt19937_64 random(20261128);
  for (const int bits : {1, 8, 20, 33, 52, 64}) {
    for (const std::size_t n :
         {std::size_t{0}, std::size_t{1}, std::size_t{1000}, std::size_t{100000}}) {
      std::vector<std::uint64_t> kinds(n);
      for (auto& k : kinds) k = bits == 64 ? random() : random() & ((std::uint64_t{1} << bits) - 1);
      std::vector<std::uint32_t> expected_ranks(n);
      for (std::size_t r = 0; r < n; ++r) expected_ranks[r] = static_cast<std::uint32_t>(r);
      std::stable_sort(expected_ranks.begin(), expected_ranks.end(),
                       [&](std::uint32_t a, std::uint32_t b) { return kinds[a] < kinds[b]; });
      std::vector<std::uint64_t> expected_kinds(n);
      for (std::size_t k = 0; k < n; ++k) expected_kinds[k] = kinds[expected_ranks[k]];
      for (const int word_bits : {64, 8}) {
        for (const int threads : {1, 2}) {
          CAPTURE(bits, n, word_bits, threads);
          std::vector<std::uint64_t> sorted = kinds;
          std::vector<std::uint32_t> ranks;
          kt::frontier_detail::sort_by_kinds(sorted, ranks, threads, word_bits);
          REQUIRE(ranks == expected_ranks);
          REQUIRE(sorted == expected_kinds);
        }
      }
    }
  }
}

TEST_CASE("frontier: the count says how many words its counts took") {
  const auto small = kt::count_frontier(board(5, 5));
  REQUIRE(small.complete);
  CHECK(small.progress.count_words == 1);
  // 3x40 open: the whole is past 2^64, and so are some states' counts on the way.
  const auto strip = kt::count_frontier(board(3, 40));
  REQUIRE(strip.complete);
  CHECK(strip.progress.count_words > 1);
}

TEST_CASE("frontier: a sliced count equals the whole count") {
  const Problem p = closed(board(5, 8));
  kt::FrontierCounter counter(p);
  int slices = 0;
  double last = 0;
  while (counter.run(500) == Status::running) {
    ++slices;
    const auto progress = counter.progress();
    CHECK(progress.fraction >= last - 1e-9);
    CHECK(progress.fraction <= 1.0);
    last = progress.fraction;
  }
  CHECK(slices > 10);
  CHECK(counter.error().empty());
  CHECK(counter.count().to_string() == std::to_string(search(p)));
  CHECK(counter.progress().fraction == 1.0);
}

TEST_CASE("frontier: a description is checked once, when the counter is made") {
  // Refused at once, with the field named, and never run.
  for (const kt::FrontierDesc& desc :
       {kt::FrontierDesc{.threads = -1}, kt::FrontierDesc{.crossing = -2}}) {
    kt::FrontierCounter counter(board(5, 6), desc);
    INFO(counter.error());
    CHECK(counter.status() == Status::none);
    CHECK(counter.count().is_zero());
    CHECK_FALSE(kt::check_frontier_desc(desc).empty());
    CHECK(counter.error() == kt::check_frontier_desc(desc));
    CHECK(counter.run(1 << 20) == Status::none);
  }
  // 0 threads: every hardware thread, the same count.
  CHECK(kt::check_frontier_desc({.threads = 0}).empty());
  kt::FrontierCounter every(board(5, 6), {.threads = 0});
  while (every.run(1 << 20) == Status::running) {
  }
  CHECK(every.count().to_string() == "37568");
}

TEST_CASE("frontier: the memory budget decides every limit alike") {
  using kt::frontier_detail::MemoryBudget;
  const MemoryBudget none;
  CHECK(none.fits(std::uint64_t{1} << 31));
  // Past 4 GB, only where it can be addressed (not in 32-bit WebAssembly), limit or none.
  CHECK(none.fits(std::uint64_t{1} << 40) == (sizeof(std::size_t) >= 8));
  CHECK_FALSE(none.over(std::uint64_t{1} << 40));
  CHECK_FALSE(none.beside(123).limited());
  const MemoryBudget gb(1'000'000'000);
  CHECK(gb.fits(1'000'000'000));
  CHECK_FALSE(gb.fits(1'000'000'001));
  CHECK(gb.over(1'000'000'001));
  CHECK(gb.over_share(250'000'001, 4));
  CHECK_FALSE(gb.over_share(250'000'000, 4));
  CHECK(gb.room(400'000'000) == 600'000'000);
  CHECK(gb.beside(400'000'000).limit() == 600'000'000);
  // A half beside more than the limit has a byte (a limit of zero would be none).
  CHECK(gb.beside(2'000'000'000).limit() == 1);
  CHECK(gb.refusal(1'500'000'000, "at square 3") ==
        "counting needs more than the memory limit of 1.00 GB (1.50 GB at square 3)");
}

TEST_CASE("frontier: a sliced count in two halves says when it joins them") {
  // 5x6 open is counted in two halves; the join is the last phase, after every square.
  const Problem p = board(5, 6);
  kt::FrontierCounter counter(p, {.threads = 2});
  int joining = 0, grouping = 0;
  double last = 0, last_grouped = 0;
  while (counter.run(500) == Status::running) {
    const auto progress = counter.progress();
    if (progress.joining) {
      ++joining;
      CHECK(progress.squares_done == progress.squares);
      CHECK(progress.join_fraction >= last);
      CHECK(progress.join_fraction <= 1.0);
      last = progress.join_fraction;
      // The states are grouped first, then the pairs checked.
      CHECK(progress.join_grouped >= last_grouped);
      CHECK(progress.join_grouped <= 1.0);
      if (progress.join_fraction > 0) CHECK(progress.join_grouped == 1.0);
      grouping += progress.join_grouped > 0 && progress.join_grouped < 1;
      last_grouped = progress.join_grouped;
    } else {
      CHECK(joining == 0);
    }
  }
  CHECK(joining > 0);
  CHECK(grouping > 0);
  CHECK_FALSE(counter.progress().joining);
  CHECK(counter.count().to_string() == "37568");
}

TEST_CASE("frontier: the bar of a count in two halves follows the states expanded") {
  // The halves take 70% of the bar, by the steps they spend (states expanded): at
  // every slice the bar is near the share of the halves' steps spent so far, never ahead of it
  // by much (squares weighed alike, 6x6 open read 22% before a thousandth of its steps were
  // spent: the squares past the cut hold most of the states) and never back.
  // (6x6 with two pairs of blocked squares: fewer states than the forecast, whose half is the
  // floor of the states forecast for a square still to come.)
  std::vector<Problem> boards = {board(5, 8), closed(board(6, 6)),
                                 board(6, 6, {{1, 1}, {6, 6}, {3, 2}, {4, 5}})};
  if (!kSlowBuild) boards.insert(boards.end(), {board(6, 6), closed(board(6, 7))});
  for (const Problem& p : boards) {
    INFO(p.geometry.rows << "x" << p.geometry.cols << (p.closed ? " closed" : " open"));
    kt::FrontierCounter counter(p, {.threads = 1});
    std::vector<std::pair<double, std::uint64_t>> seen;  // (fraction, steps) in the halves
    double last = 0;
    while (counter.run(2000) == Status::running) {
      const auto progress = counter.progress();
      CHECK(progress.fraction >= last);
      last = progress.fraction;
      if (!progress.joining) seen.emplace_back(progress.fraction, counter.steps());
    }
    REQUIRE(counter.error().empty());
    REQUIRE(seen.size() > 20);
    const double halves_steps = static_cast<double>(seen.back().second);
    for (const auto& [fraction, steps] : seen) {
      const double spent = static_cast<double>(steps) / halves_steps;
      INFO("bar " << fraction << " with " << spent << " of the halves' steps spent");
      CHECK(fraction / 0.7 <= spent + 0.2);
      if (spent > 0.5) CHECK(fraction / 0.7 >= spent - 0.5);
    }
  }
}

TEST_CASE("frontier: a board a half turn maps to itself takes the squares before the cut once") {
  // The top half then begins from the bottom half's states: moved over when the bottom takes
  // one square more (odd boards), copied when both stop at the cut (even ones).
  kt::FrontierOptions whole;
  whole.halves = false;
  const auto check = [&](const Problem& p, bool mirrored) {
    INFO(p.geometry.rows << "x" << p.geometry.cols << (p.closed ? " closed" : " open") << ", "
                         << std::count(p.blocked.begin(), p.blocked.end(), 1) << " blocked");
    const auto halves = kt::count_frontier(p);
    REQUIRE(halves.complete);
    CHECK(halves.progress.mirrored_halves == mirrored);
    const auto one_run = kt::count_frontier(p, whole);
    REQUIRE(one_run.complete);
    CHECK(halves.count.to_string() == one_run.count.to_string());
    return halves.count.to_string();
  };
  CHECK(check(board(5, 5), true) == "1728");              // A165134
  CHECK(check(closed(board(6, 6)), true) == "9862");      // A001230
  CHECK(check(from(board(5, 5), {3, 3}), true) == "64");  // the centre: its own half turn
  check(closed(board(5, 6, {{1, 1}, {6, 5}})), true);     // blocked squares in a pair
  check(board(5, 6, {{2, 1}, {5, 5}}), true);
  check(board(5, 6, {{2, 1}}), false);  // one blocked square: the halves differ
  check(from(board(5, 5), {1, 1}), false);
  if (kSlowBuild) return;
  CHECK(check(closed(board(6, 6, {{1, 1}, {6, 6}, {2, 1}, {5, 6}})), true) != "0");
}

TEST_CASE("frontier: the memory limit refuses with a reason") {
  kt::FrontierOptions options;
  options.memory_limit = 200'000;
  const auto r = kt::count_frontier(closed(board(6, 6)), options);
  CHECK_FALSE(r.complete);
  CHECK_THAT(r.error, Catch::Contains("memory limit"));
  CHECK(r.peak_bytes <= 200'000);
}

TEST_CASE("frontier: boards whose knight graph falls apart are settled before any plan") {
  // One or two squares wide, and 3x3: no tour, answered without 43 bytes a square (1 x 10^8
  // took 4 GB and more before).
  for (const Problem& p :
       {board(1, 100'000'000), board(20'000'000, 2), closed(board(2, 2)), board(3, 3)}) {
    const auto r = kt::count_frontier(p);
    REQUIRE(r.complete);
    CHECK(r.count == BigCount(0));
    CHECK(r.peak_bytes < 1'000'000);
  }
  CHECK(frontier(board(1, 1)) == "1");
  // With blocked squares they are counted: the 2x3 board less its middle column falls apart,
  // less two more squares it is one jump (a tour each way).
  CHECK(frontier(board(2, 3, {{2, 1}, {2, 2}})) == "0");
  CHECK(frontier(board(2, 3, {{2, 1}, {2, 2}, {1, 1}, {3, 2}})) == "2");
  CHECK(frontier(board(3, 2, {{1, 2}, {2, 2}})) == "0");
}

TEST_CASE("frontier: the plan past the memory limit is refused before it is made") {
  // A blocked square keeps 1 x 10^6 from being settled (in its middle: at an edge, the board
  // would be left out with it, the rest settled at once): its plan takes 43 MB.
  kt::FrontierOptions options;
  options.memory_limit = 10'000'000;
  const auto r = kt::count_frontier(board(1'000'000, 1, {{1, 500'000}}), options);
  CHECK_FALSE(r.complete);
  CHECK_THAT(r.error, Catch::Contains("memory limit") && Catch::Contains("for the plan of"));
  // Within the limit the plan counts in the peak: the tables get what is left.
  options.memory_limit = 100'000'000;
  const auto fits = kt::count_frontier(board(1'000'000, 1, {{1, 500'000}}), options);
  REQUIRE(fits.complete);
  CHECK(fits.peak_bytes > 37'000'000);  // the plan: 36 bytes a square and two flags
  CHECK(fits.peak_bytes <= options.memory_limit);
}

TEST_CASE("frontier: the forecast follows the counter's choices") {
  // A long strip by periods where they fit in the limit, else by the tables (less).
  const Problem strip = closed(board(5, 100));
  const kt::FrontierForecast free = kt::forecast_frontier(strip);
  const kt::FrontierForecast tight = kt::forecast_frontier(strip, 25'000'000);
  CHECK(free.periods);
  CHECK_FALSE(tight.periods);
  CHECK(tight.bytes < free.bytes);
  CHECK(kt::estimate_frontier_bytes(strip) == free.bytes);
  // Boards with no tour need only the program; longer strips more (the counts' limbs).
  CHECK(kt::estimate_frontier_bytes(board(1, 100'000'000)) < 10'000'000);
  CHECK(kt::estimate_frontier_bytes(board(4, 10'000)) >
        kt::estimate_frontier_bytes(board(4, 1000)));
  // Square boards in two halves: 6x6 open (69 MB measured) far above 6x6 closed (6 MB).
  CHECK(kt::estimate_frontier_bytes(board(6, 6)) >
        5 * kt::estimate_frontier_bytes(closed(board(6, 6))));
}

TEST_CASE("frontier: problems it cannot count are refused with a reason") {
  CHECK_THAT(kt::check_frontier_problem(board(13, 13)), Catch::Contains("short side"));
  Problem p = from(board(5, 5), {6, 1});
  CHECK_THAT(kt::count_frontier(p).error, Catch::Contains("off the 5x5 board"));
  Problem q = board(5, 5, {{1, 1}});
  q.start = Square{1, 1};
  CHECK_THAT(kt::count_frontier(q).error, Catch::Contains("blocked"));
  CHECK(kt::check_frontier_problem(board(8, 100)).empty());  // past 64 squares: fine
}

TEST_CASE("frontier: the same counts on one thread and on two", "[slow]") {
  // Boards with squares of 8,000 states and more, where run() shares the states out (4x20 open
  // about 16,000, 5x8 closed about 28,000), plain, with blocked squares, from a start, to an end.
  // Blocked squares in pairs of both colours keep tours possible.
  std::vector<Problem> boards = {board(4, 20),
                                 closed(board(5, 8)),
                                 from(board(4, 19), {1, 1}),
                                 closed(board(8, 5)),
                                 board(4, 24, {{20, 2}, {21, 2}}),
                                 closed(board(5, 9, {{3, 3}, {4, 3}})),
                                 closed(board(6, 8, {{3, 3}, {4, 3}, {2, 6}, {7, 6}}))};
  Problem ends = from(board(5, 7), {1, 1});
  ends.end = Square{7, 5};
  boards.push_back(ends);
  for (const Problem& p : boards) {
    // The longest (about a second natively) only natively.
    if (kSlowBuild && !p.closed && !p.start && p.geometry.size() >= 80) continue;
    INFO(p.geometry.rows << "x" << p.geometry.cols << (p.closed ? " closed" : " open"));
    // One run over the board (the halves have fewer states), then the halves on two threads.
    kt::FrontierOptions one, two, halves;
    one.halves = two.halves = false;
    two.threads = halves.threads = 2;
    const auto a = kt::count_frontier(p, one);
    const auto b = kt::count_frontier(p, two);
    REQUIRE(a.complete);
    REQUIRE(b.complete);
    CHECK(a.count == b.count);
    CHECK(a.max_states == b.max_states);
    CHECK(a.max_states > 8192);
    CHECK(kt::count_frontier(p, halves).count == a.count);
  }
}

TEST_CASE("frontier: two halves joined at the middle count what one run counts", "[slow]") {
  // Boards as long as wide are counted in two halves; one run over the whole board checks
  // them: open and closed, from a start, to an end, with blocked squares (some on the cut).
  std::uint32_t seed = 5;
  kt::FrontierOptions whole;
  whole.halves = false;
  const auto both = [&](const Problem& p) {
    const auto a = kt::count_frontier(p);
    const auto b = kt::count_frontier(p, whole);
    REQUIRE(a.complete);
    REQUIRE(b.complete);
    return std::pair(a.count.to_string(), b.count.to_string());
  };
  for (const auto& [rows, cols, k] : std::vector<std::array<int, 3>>{{5, 6, 0},
                                                                     {6, 5, 2},
                                                                     {5, 6, 3},
                                                                     {5, 7, 1},
                                                                     {6, 6, 2},
                                                                     {4, 5, 0},
                                                                     {3, 6, 1},
                                                                     {6, 3, 0}}) {
    const Problem p = board(rows, cols, scatter({rows, cols}, k, seed));
    INFO(rows << "x" << cols << " with " << k << " blocked, seed " << seed);
    const auto [c, d] = both(closed(p));
    CHECK(c == d);
    if (rows * cols > 30) continue;  // open tours of bigger boards: seconds in one run
    const auto [a, b] = both(p);
    CHECK(a == b);
    for (int i = 0; i < rows * cols; i += 4) {
      if (p.is_blocked(i)) continue;
      Problem s = from(p, p.geometry.square(i));
      const auto [e, f] = both(s);
      CHECK(e == f);
      const int j = (i * 7 + 3) % (rows * cols);
      if (j != i && !p.is_blocked(j)) {
        s.end = p.geometry.square(j);
        const auto [g, h] = both(s);
        CHECK(g == h);
      }
    }
  }
}

TEST_CASE("frontier: the two halves count alike however they share the crossing edges") {
  // The top half takes the crossing edges of the first `crossing` squares past the cut, the
  // bottom half the rest: every share, against the search, on boards with blocked squares
  // (some on the cut), closed and open, from a start and to an end.
  std::uint32_t seed = 23;
  for (const auto& [rows, cols, k] :
       std::vector<std::array<int, 3>>{{5, 5, 1}, {4, 5, 0}, {5, 4, 2}, {4, 6, 1}, {5, 5, 3}}) {
    const Problem p = board(rows, cols, scatter({rows, cols}, k, seed));
    const int window = 2 * std::min(rows, cols) + 1;
    std::vector<Problem> problems{p, closed(p)};
    for (int i = 0; i < rows * cols; i += 3) {
      if (p.is_blocked(i)) continue;
      Problem s = from(p, p.geometry.square(i));
      problems.push_back(s);
      const int j = (i * 5 + 2) % (rows * cols);
      if (j == i || p.is_blocked(j)) continue;
      s.end = p.geometry.square(j);
      problems.push_back(s);
    }
    for (const Problem& q : problems) {
      const std::string expected = std::to_string(search(q));
      for (int crossing = 1; crossing <= window; ++crossing) {
        INFO(rows << "x" << cols << " with " << k << " blocked, seed " << seed << ", closed "
                  << q.closed << ", crossing " << crossing);
        kt::FrontierOptions o;
        o.crossing = crossing;
        const auto r = kt::count_frontier(q, o);
        REQUIRE(r.complete);
        CHECK(r.count.to_string() == expected);
      }
    }
  }
}

TEST_CASE("frontier: long strips in tables of moves count what the programme counts", "[slow]") {
  // Once the states repeat from one period (two rows) to the next, each square is a pass over
  // the moves kept; every square by the programme checks it. Strips of widths 3 to 5, open and
  // closed, past 64 bits (limbs grow inside the tables), and with a start, an end or blocked
  // squares in the middle (the steps stop repeating there: the tables are left, then taken
  // again after them).
  kt::FrontierOptions programme;
  programme.periods = false;
  const auto both = [&](const Problem& p) {
    const auto a = kt::count_frontier(p);
    const auto b = kt::count_frontier(p, programme);
    REQUIRE(a.complete);
    REQUIRE(b.complete);
    return std::pair(a.count.to_string(), b.count.to_string());
  };
  std::vector<Problem> strips{board(3, 60),
                              closed(board(3, 62)),
                              board(40, 4),
                              board(4, 31),
                              from(board(3, 50), {25, 2}),
                              board(4, 40, {{20, 2}, {21, 3}}),
                              closed(board(3, 70, {{30, 1}}))};
  Problem ends = board(4, 36);
  ends.start = Square{3, 1};
  ends.end = Square{33, 4};
  strips.push_back(ends);
  if (!kSlowBuild) strips.push_back(closed(board(5, 16)));
  for (const Problem& p : strips) {
    INFO(p.geometry.rows << "x" << p.geometry.cols << (p.closed ? " closed" : " open"));
    const auto [a, b] = both(p);
    CHECK(a == b);
  }
  // On two threads (natively): the same counts. (The passes over the moves take threads only
  // past 2^18 moves a thread, 6 x n closed: frontier_bench's "6xn" checks 6x40 on two.)
  kt::FrontierOptions two;
  two.threads = 2;
  for (const Problem& p : {board(4, 40), closed(board(3, 62))}) {
    CHECK(kt::count_frontier(p, two).count == kt::count_frontier(p).count);
  }
  // Tables that would pass the memory limit are left for the programme, which fits in it.
  kt::FrontierOptions tight;
  tight.memory_limit = 2'500'000;
  const auto r = kt::count_frontier(board(4, 40), tight);
  REQUIRE(r.complete);
  CHECK(r.peak_bytes <= tight.memory_limit);
  CHECK(r.count == kt::count_frontier(board(4, 40), programme).count);
}

namespace {

// `problem` counted at a memory limit a quarter of the tables' peak (open tours: half; their
// join holds the smaller half whole): the states read go to disk, squares are built in passes,
// a half waits on disk, and the halves are joined in buckets; blocked squares and counts past
// 64 bits (4x30) change the states on disk in place. On disk: in `folder`'s files, or in
// `file`.
void check_on_disk(const Problem& problem, const std::string& folder, kt::StateFile* file) {
  kt::FrontierOptions in_memory;
  in_memory.periods = false;  // (a strip's tables, not its periods: the limit below them)
  const auto whole = kt::count_frontier(problem, in_memory);
  REQUIRE(whole.complete);
  kt::FrontierOptions options;
  options.memory_limit = whole.peak_bytes / (problem.closed ? 4 : 2);
  options.disk = folder;
  options.state_file = file;
  options.threads = 2;
  CAPTURE(problem.geometry.rows, problem.geometry.cols, problem.closed, options.memory_limit);
  const auto r = kt::count_frontier(problem, options);
  CAPTURE(r.error);
  REQUIRE(r.error.empty());
  CHECK(r.count == whole.count);
  CHECK(r.progress.disk_bytes > 0);
  CHECK(r.progress.passes > 1);
  if (problem.geometry.rows == 6) CHECK(r.progress.join_buckets > 1);
  CHECK(r.peak_bytes <= options.memory_limit);
}

std::vector<Problem> boards_on_disk() {
  std::vector<Problem> boards = {closed(board(6, 6)), board(5, 6), closed(board(5, 12)),
                                 board(5, 8, {{2, 3}}), board(4, 30)};
  if (!kSlowBuild) boards.push_back(board(6, 6));
  return boards;
}

}  // namespace

TEST_CASE("frontier: states on disk count what the tables in memory count") {
#ifdef __EMSCRIPTEN__
  return;  // (no mmap in WebAssembly: FrontierDesc::disk is native only; a state file below)
#endif
  for (const Problem& problem : boards_on_disk()) {
    check_on_disk(problem, std::filesystem::temp_directory_path().string(), nullptr);
  }
}

TEST_CASE("frontier: states in a state file (read back a part at a time) count the same") {
  // The browser's way (no mmap there): every reader holds the part it reads, and a part not
  // held is not in memory at all, so that a reader that forgot would read no states.
  for (const Problem& problem : boards_on_disk()) {
    kt::TempStateFile file;
    REQUIRE(file.opened());
    check_on_disk(problem, "a temporary file", &file);
    CHECK(file.length() > 0);
    CHECK(file.in_use() == 0);  // every extent given back with its part
  }
}

TEST_CASE("frontier: states in a state file are read back a part a slice, not for each slice") {
  // The browser's worker runs the count in slices of 2^14 steps and more: a slice that ended in
  // the middle of a part let it go, and the next read it back whole again (8x8 closed's join
  // went from minutes to hours). In slices of 256 steps, the parts are read back about as
  // often as in one run. (6x6 open: parts of thousands of states; its join holds the smaller
  // half whole, hence half the peak.)
#ifdef __EMSCRIPTEN__
  return;  // (under node, 100,000 slices of this count took over ten minutes: the native and
           // sanitizer builds check it)
#endif
  const Problem p = board(6, 6);
  kt::FrontierOptions in_memory;
  const auto whole = kt::count_frontier(p, in_memory);
  REQUIRE(whole.complete);
  const auto read_back = [&](std::uint64_t slice) {
    kt::TempStateFile file;
    REQUIRE(file.opened());
    kt::FrontierCounter counter(p, {.memory_limit = whole.peak_bytes / 2,
                                    .threads = 2,
                                    .disk = "a temporary file",
                                    .state_file = &file});
    while (counter.run(slice) == Status::running) {
    }
    REQUIRE(counter.error().empty());
    CHECK(counter.count() == whole.count);
    return std::pair{file.bytes_read(), counter.steps()};
  };
  // (And the steps, which the progress bar follows, are all counted: a slice run on to its
  // part's end takes more than it was given.)
  const auto [at_once, steps] = read_back(std::uint64_t{1} << 40);
  const auto [sliced, sliced_steps] = read_back(256);
  CAPTURE(at_once, sliced);
  CHECK(at_once > 0);
  CHECK(sliced < 2 * at_once);
  CHECK(sliced_steps >= steps - steps / 100);  // (a slice's end counts a step or so itself)
  CHECK(sliced_steps <= steps + steps / 100);
}

TEST_CASE("state file: extents taken first fit, joined when given back, moved when grown") {
  kt::TempStateFile file;
  REQUIRE(file.opened());
  const std::vector<char> a(100, 'a'), b(50, 'b'), c(30, 'c'), d(150, 'd');
  std::uint64_t at_a = 9, at_b = 9, at_c = 9;
  REQUIRE(file.put(a.data(), a.size(), at_a));
  REQUIRE(file.put(b.data(), b.size(), at_b));
  REQUIRE(file.put(c.data(), c.size(), at_c));
  CHECK(at_a == 0);
  CHECK(at_b == 100);
  CHECK(at_c == 150);
  CHECK(file.in_use() == 180);
  file.forget(at_a, a.size());
  file.forget(at_b, b.size());  // joined with a's: 150 bytes free at 0
  std::uint64_t at_d = 9;
  REQUIRE(file.put(d.data(), d.size(), at_d));
  CHECK(at_d == 0);  // fits the joined extent exactly
  CHECK(file.length() == 180);
  // c grown past its room: moved to the end, its old extent free.
  std::vector<char> c2(40, 'e');
  std::uint64_t room = c.size();
  REQUIRE(file.put_again(c2.data(), c2.size(), at_c, room));
  CHECK(room == 40);
  CHECK(at_c == 150);  // (its own freed extent ended the file: grown in place)
  std::vector<char> back(40);
  REQUIRE(file.get(back.data(), back.size(), at_c));
  CHECK(back == c2);
  REQUIRE(file.get(back.data(), 40, at_d + 110));
  CHECK(back == std::vector<char>(40, 'd'));
  file.forget(at_d, d.size());
  file.forget(at_c, room);
  CHECK(file.in_use() == 0);
}

namespace {

// `inner` inside a board `rows` x `cols` whose other squares are blocked, its corner at
// (x0, y0): the same tours.
Problem inside(const Problem& inner, int rows, int cols, int x0, int y0) {
  std::vector<Square> blocked;
  for (int y = 1; y <= rows; ++y) {
    for (int x = 1; x <= cols; ++x) {
      const bool in =
          x >= x0 && x < x0 + inner.geometry.cols && y >= y0 && y < y0 + inner.geometry.rows;
      if (!in || inner.is_blocked(inner.geometry.index({x - x0 + 1, y - y0 + 1}))) {
        blocked.push_back({x, y});
      }
    }
  }
  Problem p = board(rows, cols, blocked);
  p.closed = inner.closed;
  const auto moved = [&](Square s) { return Square{s.x + x0 - 1, s.y + y0 - 1}; };
  if (inner.start) p.start = moved(*inner.start);
  if (inner.end) p.end = moved(*inner.end);
  return p;
}

}  // namespace

TEST_CASE("frontier: a board's blocked edges are left out, as wide as its free squares") {
  // 8x5 inside 8x8 (three columns blocked): forecast 840 GB and refused before, as the 8x8
  // board; counted and forecast as 8x5 now, the same count. And a 20 wide board whose free
  // squares are 6 wide is no refusal.
  Problem from_start = board(6, 7, {{3, 3}});
  from_start.start = Square{2, 1};  // (the colour with a square more)
  Problem ends = board(5, 6);
  ends.start = Square{1, 1};
  ends.end = Square{2, 3};
  const std::vector<std::pair<Problem, Problem>> cases = {
      {board(8, 5), inside(board(8, 5), 8, 8, 1, 1)},
      {closed(board(6, 8)), inside(closed(board(6, 8)), 8, 8, 1, 3)},
      {from_start, inside(from_start, 9, 9, 2, 3)},
      {ends, inside(ends, 7, 8, 3, 2)},
  };
  for (const auto& [inner, outer] : cases) {
    CAPTURE(inner.geometry.rows, inner.geometry.cols, outer.geometry.rows, outer.geometry.cols);
    const Problem trimmed = kt::trimmed_to_free_squares(outer);
    CHECK(trimmed.geometry.rows == inner.geometry.rows);
    CHECK(trimmed.geometry.cols == inner.geometry.cols);
    CHECK(trimmed.start == inner.start);
    CHECK(trimmed.end == inner.end);
    CHECK(trimmed.blocked.empty() == inner.blocked.empty());
    CHECK(kt::forecast_frontier(outer).bytes ==
          kt::forecast_frontier(inner).bytes + outer.blocked.size());
    const auto whole = kt::count_frontier(inner);
    REQUIRE(whole.complete);
    const auto r = kt::count_frontier(outer);
    CAPTURE(r.error);
    REQUIRE(r.complete);
    CHECK(r.count == whole.count);
    CHECK(r.peak_bytes < 2 * whole.peak_bytes + (1 << 20));
  }
  const Problem wide = inside(board(6, 20), 20, 20, 1, 8);
  CHECK(kt::check_frontier_problem(wide).empty());
  CHECK(kt::check_frontier_problem(board(20, 20)) ==
        "counting by rows takes boards whose short side is at most 12; the 20x20 board's is 20");
  Problem cylinder = inside(board(6, 6), 8, 8, 2, 2);
  cylinder.piece.wrap = kt::Wrap::cylinder;  // (its columns join: they stay)
  const Geometry kept = kt::trimmed_to_free_squares(cylinder).geometry;
  CHECK(kept.rows == 6);
  CHECK(kept.cols == 8);
}
