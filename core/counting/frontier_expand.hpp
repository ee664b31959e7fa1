// The frontier counter's step over one square (expand_state), its additions of counts
// (add_limbs) and its hash of states (hash_key), shared by the engine's files (frontier_count.cpp,
// frontier_period.cpp). Private to the engine, like frontier_detail.hpp.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "counting/frontier_detail.hpp"

namespace kt::frontier_detail {

inline std::uint64_t hash_key(Key k) {
  std::uint64_t h =
      static_cast<std::uint64_t>(k) ^ (static_cast<std::uint64_t>(k >> 64) * 0x9E3779B97F4A7C15ull);
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 29;
  h *= 0x94D049BB133111EBull;
  return h ^ (h >> 32);
}

// Each slot its own number: the partners' start (an untouched slot is its own partner).
inline constexpr auto kSlotsInOrder = [] {
  std::array<std::int8_t, 2 * kMaxFrontierWidth + 2> a{};
  for (std::size_t k = 0; k < a.size(); ++k) a[k] = static_cast<std::int8_t>(k);
  return a;
}();

// Adds `n` limbs of `b` into `a`; returns the carry out of the top limb. (A 128-bit sum per limb
// compiles to add-with-carry: about twice as fast as comparing for the carry.)
inline bool add_limbs(std::uint64_t* a, const std::uint64_t* b, int n) {
  unsigned __int128 sum = 0;
  for (int k = 0; k < n; ++k) {
    sum += static_cast<unsigned __int128>(a[k]) + b[k];
    a[k] = static_cast<std::uint64_t>(sum);
    sum >>= 64;
  }
  return sum != 0;
}

// Expands one state of the window before square i: every choice of edges back from the square,
// each giving a state after it (insert) or, on the last square, a finished tour (complete).
// False when an insert failed (memory). A square's state is kept as two sets of slots (a bit
// each: untouched, path ends) and, for path ends, the slot of the other end: a choice copies
// two words and the partners, and the window after it is read from the sets (a pass over every
// slot for each choice was most of the work).
template <class Insert, class Complete>
inline bool expand_state(const Plan& plan, int i, Key key, Insert&& insert, Complete&& complete) {
  KT_ASSERT(key_ok(key, plan.window, plan.closed, plan.closed ? 0 : 2));
  const SquareStep& step = plan.steps[static_cast<std::size_t>(i)];
  // (Bounded for the compiler, which otherwise fears writes past the arrays below.)
  const int W = std::min(plan.window, 2 * kMaxFrontierWidth + 1);
  const bool last = i == plan.last_free && plan.stop > plan.last_free;
  // Decode: untouched slots, path ends; partner: the other end's slot, -1 a tour end, itself
  // for an untouched slot (joining an edge to it then needs no case of its own). The kinds of
  // square as sets of slots at once (slots_with_code), then a pass over the labelled ends alone (a
  // branch on every slot's code was a quarter of expanding a state).
  // The key's two words, read apart: a 128-bit shift by a variable costs a branch each time.
  const std::uint64_t key_lo = static_cast<std::uint64_t>(key);
  const std::uint64_t key_hi = static_cast<std::uint64_t>(key >> 64);
  std::uint32_t untouched0 = slots_with_code(key, W, kCodeUntouched);
  const std::uint32_t tour_ends = slots_with_code(key, W, kCodeTourEnd);
  const std::uint32_t labelled =
      ((1u << W) - 1) & ~(untouched0 | tour_ends | slots_with_code(key, W, kCodeDone));
  std::uint32_t ends_at0 = tour_ends | labelled;
  auto partner0 = kSlotsInOrder;
  for (std::uint32_t m = tour_ends; m != 0; m &= m - 1) partner0[std::countr_zero(m)] = -1;
  std::array<std::int8_t, 16> first_with;
  first_with.fill(-1);
  for (std::uint32_t m = labelled; m != 0; m &= m - 1) {
    const int j = std::countr_zero(m);
    const int c = code_in(key_lo, key_hi, j);
    if (first_with[c] < 0) {
      first_with[c] = static_cast<std::int8_t>(j);
    } else {
      partner0[j] = first_with[c];
      partner0[first_with[c]] = static_cast<std::int8_t>(j);
    }
  }
  const std::uint32_t square_bit = 1u << W;
  untouched0 |= square_bit;
  partner0[W] = static_cast<std::int8_t>(W);
  const int ends0 = key_ends(key);
  std::uint32_t finish_set = 0;  // squares with no later neighbour: done, or tour ends
  for (int f = 0; f < step.finishing; ++f) finish_set |= 1u << step.finish[f];

  // The choices: no edge back, one, or two (at most cap), to squares still open.
  std::array<std::uint8_t, 4> open{};
  int n_open = 0;
  for (int b = 0; b < step.earlier; ++b) {
    if (((untouched0 | ends_at0) >> step.back[b]) & 1) open[n_open++] = step.back[b];
  }
  const int n_choices = 1 + n_open + (step.cap == 2 ? n_open * (n_open - 1) / 2 : 0);
  for (int choice = 0; choice < n_choices; ++choice) {
    std::array<std::uint8_t, 2> edges{};
    int n_edges = 0;
    if (choice >= 1 && choice <= n_open) {
      edges[n_edges++] = open[choice - 1];
    } else if (choice > n_open) {
      int c = choice - 1 - n_open;
      for (int a = 0; a < n_open; ++a) {
        if (c < n_open - 1 - a) {
          edges[n_edges++] = open[a];
          edges[n_edges++] = open[a + 1 + c];
          break;
        }
        c -= n_open - 1 - a;
      }
    }
    std::uint32_t untouched = untouched0, ends_at = ends_at0;
    auto partner = partner0;
    int ends = ends0;
    int completed = 0;  // cycles closed, or paths whose both ends are tour ends
    bool dead = false;
    // Fixes square x (an end of its path) as a tour end.
    auto end_tour_at = [&](int x) {
      const int q = partner[x];
      ends_at &= ~(1u << x);
      if (q < 0) {
        ++completed;
      } else {
        partner[q] = -1;
      }
    };
    // An edge turns an untouched square into a path end, a path end into a done square.
    auto take_edge = [&](std::uint32_t bit) {
      if (untouched & bit) {
        untouched &= ~bit;
        ends_at |= bit;
      } else {
        ends_at &= ~bit;
      }
    };
    for (int e = 0; e < n_edges; ++e) {
      const int u = edges[e];
      const std::uint32_t u_bit = 1u << u;
      if ((ends_at & square_bit) && partner[W] == u) {  // closes a cycle
        if (!plan.closed) dead = true;
        ++completed;
        ends_at &= ~(square_bit | u_bit);
        continue;
      }
      const int ow = partner[W], ou = partner[u];  // the far ends
      if (ow >= 0) partner[ow] = static_cast<std::int8_t>(ou);
      if (ou >= 0) partner[ou] = static_cast<std::int8_t>(ow);
      if (ow < 0 && ou < 0) ++completed;
      take_edge(square_bit);
      take_edge(u_bit);
      if (plan.fixed[static_cast<std::size_t>(i - W + u)] && (ends_at & u_bit)) end_tour_at(u);
    }
    if (step.cap == 1 && (ends_at & square_bit)) end_tour_at(W);
    if (dead) continue;
    // Squares with no later neighbour: done, or tour ends.
    if (untouched & finish_set) continue;
    for (std::uint32_t m = ends_at & finish_set; m != 0; m &= m - 1) {
      if (plan.closed || ++ends > plan.end_budget) {
        dead = true;
        break;
      }
      end_tour_at(std::countr_zero(m));
    }
    if (dead) continue;
    if (completed > 0) {
      if (last && completed == 1) complete();
      continue;
    }
    if (last) continue;
    // The window after the square: slots 1..W (slot 0 leaves it, done).
    untouched &= ~1u;
    const std::uint32_t path_ends = ends_at & ~1u;
    // Untouched squares with one later neighbour left can only be tour ends.
    const int forced = std::popcount(step.one_left & untouched);
    if (forced > 0 && (plan.closed || ends + forced > plan.end_budget)) continue;
    // Edges still to come, dark minus light: one at a path end or an untouched fixed end, two
    // at any other untouched square.
    const std::uint32_t one = path_ends | (untouched & step.fixed), two = untouched & ~step.fixed;
    int balance = step.balance + std::popcount(one & step.dark) - std::popcount(one & step.light) +
                  2 * (std::popcount(two & step.dark) - std::popcount(two & step.light));
    const int ends_left = plan.end_budget - ends;
    if (balance < 0) balance = -balance;
    if (balance > ends_left || (ends_left - balance) % 2 != 0) continue;

    // Encode the window after the square: slots 1..W as nibbles 0..W-1 (done squares are code
    // 0: skipped). Untouched squares, code 1, at once (nibbles_of), and so the ends of paths
    // that lead to a tour end, code 2; then each path by its first end in turn, both ends
    // labelled as they come (kFirstLabel, then one more each): no table of labels written and
    // read back a choice (that loop, branch on branch, was half of expanding a state), and no
    // branch on which end of its path a square is (mispredicted about every other end).
    std::uint32_t firsts = 0;  // path ends whose partner comes later in the window
    for (std::uint32_t m = path_ends; m != 0; m &= m - 1) {
      const int j = std::countr_zero(m);
      firsts |= static_cast<std::uint32_t>(partner[j] > j) << j;
    }
    std::uint32_t labelled = 0;  // both ends of paths within the window
    std::uint64_t out_lo = 0, out_hi = 0;
    std::uint64_t label = kFirstLabel;
    const auto put = [&](int j, std::uint64_t code) { put_code(out_lo, out_hi, j - 1, code); };
    for (std::uint32_t m = firsts; m != 0; m &= m - 1) {
      const int j = std::countr_zero(m), q = partner[j];
      put(j, label);
      put(q, label);
      ++label;
      labelled |= 1u << j | 1u << q;
    }
    const std::uint32_t u = untouched >> 1, to_tour_ends = (path_ends & ~labelled) >> 1;
    out_lo |= nibbles_of(u & 0xFFFF) | nibbles_of(to_tour_ends & 0xFFFF) * kCodeTourEnd;
    out_hi |= nibbles_of(u >> 16) | nibbles_of(to_tour_ends >> 16) * kCodeTourEnd;
    const Key out = make_key(out_lo, out_hi, ends);
    if (!insert(out)) return false;
  }
  return true;
}

}  // namespace kt::frontier_detail
