// Long strips in tables of moves (frontier_detail.hpp, class Period).
#include <algorithm>
#include <utility>

#include "board/parallel.hpp"
#include "counting/frontier_detail.hpp"
#include "counting/frontier_expand.hpp"

namespace kt::frontier_detail {

// A position's keys -> their index in its list: open addressing, at most three quarters full.
void KeyIndex::reset(std::size_t expected) {
  std::size_t cap = 1024;
  while (cap < 2 * expected) cap *= 2;
  keys_.assign(cap, kEmpty);
  index_.assign(cap, 0);
  size_ = 0;
}

std::size_t KeyIndex::slot_of(Key key) const {
  const std::size_t mask = keys_.size() - 1;
  std::size_t slot = hash_key(key) & mask;
  while (keys_[slot] != kEmpty && keys_[slot] != key) slot = (slot + 1) & mask;
  return slot;
}

std::int64_t KeyIndex::find(Key key) const {
  const std::size_t slot = slot_of(key);
  return keys_[slot] == key ? index_[slot] : -1;
}

std::uint32_t KeyIndex::insert(Key key, std::uint32_t index, bool& added) {
  std::size_t slot = slot_of(key);
  added = keys_[slot] == kEmpty;
  if (!added) return index_[slot];
  if ((size_ + 1) * 4 > keys_.size() * 3) {  // twice the room, every key again
    std::vector<Key> keys = std::move(keys_);
    std::vector<std::uint32_t> of = std::move(index_);
    keys_.assign(keys.size() * 2, kEmpty);
    index_.assign(keys_.size(), 0);
    for (std::size_t s = 0; s < keys.size(); ++s) {
      if (keys[s] == kEmpty) continue;
      const std::size_t at = slot_of(keys[s]);
      keys_[at] = keys[s];
      index_[at] = of[s];
    }
    slot = slot_of(key);
  }
  keys_[slot] = key;
  index_[slot] = index;
  ++size_;
  return index;
}

std::uint64_t KeyIndex::bytes() const {
  return keys_.capacity() * sizeof(Key) + index_.capacity() * 4;
}

Period::Period(const Plan& plan, Tables& t)
    : plan_(plan), length_(plan.period), start_(t.square), limbs_(t.limbs), threads_(t.threads) {
  positions_.resize(1);
  Position& first = positions_[0];
  first.keys.reserve(t.old_size);
  counts_.reserve(t.old_size * static_cast<std::size_t>(limbs_));
  for_each_state(t, 0, t.old_size, [&](Key key, const std::uint64_t* count) {
    first.keys.push_back(key);
    counts_.insert(counts_.end(), count, count + limbs_);
    return true;
  });
  start_counts_ = counts_;
  start_limbs_ = limbs_;
  t.old.clear();
  t.old_begin.assign(2, 0);
  t.old_size = first.keys.size();
}

std::uint64_t Period::bytes() const {
  std::uint64_t b =
      (counts_.capacity() + next_.capacity() + start_counts_.capacity()) * 8 + index_.bytes();
  for (const Position& p : positions_) {
    b += p.keys.capacity() * sizeof(Key) + (p.from.capacity() + p.to.capacity()) * 4;
  }
  return b;
}

// A count passed the limbs: every count one limb wider, and the square taken again.
void Period::widen() {
  const std::size_t wider = static_cast<std::size_t>(limbs_) + 1;
  const std::size_t states = counts_.size() / static_cast<std::size_t>(limbs_);
  std::vector<std::uint64_t> counts(states * wider, 0);
  for (std::size_t s = 0; s < states; ++s) {
    std::copy_n(&counts_[s * static_cast<std::size_t>(limbs_)], limbs_, &counts[s * wider]);
  }
  counts_ = std::move(counts);
  limbs_ = static_cast<int>(wider);
  overflow_ = false;
  cursor_ = 0;
  next_.clear();
}

bool Period::hand_back(Tables& t, std::vector<Key>&& keys, std::vector<std::uint64_t>&& counts,
                       int limbs, int square) {
  const std::size_t n = keys.size();
  t.old.clear();
  t.old.resize(1);
  Part& part = t.old[0];
  if (!part.keys.resize(std::max<std::size_t>(n, 1) * static_cast<std::size_t>(t.words)) ||
      !part.counts.resize(std::max<std::size_t>(n, 1) * static_cast<std::size_t>(limbs))) {
    return false;
  }
  for (std::size_t s = 0; s < n; ++s) part.set_key(s, keys[s], t.form);
  std::copy(counts.begin(), counts.end(), part.counts.data());
  part.size = n;
  t.old_begin = {0, n};
  t.old_size = n;
  t.limbs = limbs;
  t.max_limbs = std::max({t.max_limbs, limbs, limbs_});
  t.square = square;
  t.building = false;
  t.period_bytes = 0;
  positions_.clear();
  counts_.clear();
  next_.clear();
  return true;
}

// One square taken as the programme takes it, its moves kept. True when the square is done.
bool Period::build(Tables& t, std::uint64_t max_steps, std::uint64_t& steps) {
  const int square = t.square;
  if (static_cast<int>(positions_.size()) == position_ + 1) positions_.emplace_back();
  Position& here = positions_[static_cast<std::size_t>(position_)];
  Position& there = positions_[static_cast<std::size_t>(position_) + 1];
  const std::size_t limbs = static_cast<std::size_t>(limbs_);
  if (cursor_ == 0) {
    here.from.clear();
    here.to.clear();
    there.keys.clear();
    next_.clear();
    index_.reset(here.keys.size());
  }
  const std::size_t end = std::min<std::size_t>(here.keys.size(), cursor_ + max_steps);
  for (std::size_t src = cursor_; src < end; ++src) {
    const std::uint64_t* count = &counts_[src * limbs];
    expand_state(
        plan_, square, here.keys[src],
        [&](Key out) {
          bool added = false;
          const std::uint32_t to =
              index_.insert(out, static_cast<std::uint32_t>(there.keys.size()), added);
          if (added) {
            there.keys.push_back(out);
            next_.resize(next_.size() + limbs, 0);
          }
          here.from.push_back(static_cast<std::uint32_t>(src));
          here.to.push_back(to);
          if (add_limbs(&next_[to * limbs], count, limbs_)) overflow_ = true;
          return true;
        },
        [] {});  // no tour ends on a repeating square (never the last)
  }
  steps += end - cursor_;
  cursor_ = end;
  if (cursor_ < here.keys.size()) return false;
  if (overflow_) {
    widen();
    return false;
  }
  counts_ = std::move(next_);
  next_.clear();
  cursor_ = 0;
  ++position_;
  ++t.square;
  t.old_size = there.keys.size();
  t.max_states = std::max<std::uint64_t>(t.max_states, t.old_size);
  return true;
}

// The period is built: if it came back to the states it began with, its moves are known for
// good (the last position's moves renumbered to the first's states); else it is built again.
void Period::end_period(Tables& t) {
  Position& first = positions_.front();
  Position& back = positions_.back();  // position length_: the next period's first
  bool same = back.keys.size() == first.keys.size();
  std::vector<std::uint32_t> renumber;
  if (same) {
    index_.reset(first.keys.size());
    bool added = false;
    for (std::size_t k = 0; k < first.keys.size(); ++k) {
      index_.insert(first.keys[k], static_cast<std::uint32_t>(k), added);
    }
    renumber.resize(back.keys.size());
    for (std::size_t k = 0; k < back.keys.size() && same; ++k) {
      const std::int64_t at = index_.find(back.keys[k]);
      same = at >= 0;
      renumber[k] = static_cast<std::uint32_t>(at);
    }
  }
  index_ = {};
  if (!same) {
    // Not yet: this period's last states begin the next.
    positions_.front() = std::move(back);
    positions_.resize(1);
    start_ = t.square;
    start_counts_ = counts_;
    start_limbs_ = limbs_;
    position_ = 0;
    return;
  }
  for (std::uint32_t& to : positions_[positions_.size() - 2].to) to = renumber[to];
  const std::size_t limbs = static_cast<std::size_t>(limbs_);
  std::vector<std::uint64_t> counts(counts_.size());
  for (std::size_t k = 0; k < renumber.size(); ++k) {
    std::copy_n(&counts_[k * limbs], limbs, &counts[renumber[k] * limbs]);
  }
  counts_ = std::move(counts);
  positions_.pop_back();
  start_counts_ = {};
  stable_ = true;
  position_ = 0;
}

// Sorts a position's moves by the state they add into (a counting sort), once, the first
// time the position is passed: each count of the next position is then written by a run of
// consecutive moves (it stays in cache), while the counts read come in any order, which the
// processor overlaps. On threads, thread k takes the moves into the k-th range of the next
// position's states, so no two threads add into one count.
void Period::order_moves(std::size_t p) {
  Position& here = positions_[p];
  const std::size_t next_states = positions_[(p + 1) % positions_.size()].keys.size();
  std::vector<std::size_t> first(next_states + 1, 0);  // per state: its first move
  for (const std::uint32_t to : here.to) ++first[to + 1];
  for (std::size_t k = 0; k < next_states; ++k) first[k + 1] += first[k];
  std::vector<std::uint32_t> from(here.from.size()), to(here.to.size());
  std::vector<std::size_t> at(first.begin(), first.end() - 1);
  for (std::size_t m = 0; m < here.to.size(); ++m) {
    const std::size_t k = at[here.to[m]]++;
    from[k] = here.from[m];
    to[k] = here.to[m];
  }
  here.from = std::move(from);
  here.to = std::move(to);
  here.ordered = true;
  // Threads pay past a few hundred thousand moves each (measured on two: 6x100 closed, 4e6
  // moves a square, 116 s on one thread, 83 s on two; 5x1000 closed, 1.7e5, 23 s on one, 26 s
  // on two).
  if (threads_ > 1 &&
      here.from.size() >= (std::size_t{1} << 18) * static_cast<std::size_t>(threads_)) {
    here.bounds.resize(static_cast<std::size_t>(threads_) + 1);
    for (int k = 0; k <= threads_; ++k) {
      here.bounds[k] = first[next_states * static_cast<std::size_t>(k) / threads_];
    }
  }
}

// One square as a pass of additions over the moves of its position.
void Period::pass(Tables& t, std::uint64_t max_steps, std::uint64_t& steps) {
  Position& here = positions_[static_cast<std::size_t>(position_)];
  if (!here.ordered) {  // one call for it: a pass's worth of work
    order_moves(static_cast<std::size_t>(position_));
    steps += here.from.size();
    return;
  }
  const int next_position = (position_ + 1) % length_;
  const std::size_t next_states = positions_[static_cast<std::size_t>(next_position)].keys.size();
  const std::size_t limbs = static_cast<std::size_t>(limbs_);
  // No clearing: every state of the next position has moves into it (it was found by one), in
  // a run (ordered): the first copies its count, the others add theirs.
  if (cursor_ == 0) next_.resize(next_states * limbs);
  const auto add = [&](std::size_t from, std::size_t to) {
    bool carry = false;
    for (std::size_t m = from; m < to; ++m) {
      std::uint64_t* into = &next_[here.to[m] * limbs];
      const std::uint64_t* count = &counts_[here.from[m] * limbs];
      if (m == 0 || here.to[m] != here.to[m - 1]) {
        std::copy_n(count, limbs, into);
      } else {
        carry |= add_limbs(into, count, limbs_);
      }
    }
    return carry;
  };
  if (!here.bounds.empty() && cursor_ == 0) {
    // On threads, the whole square at once (natively only: the page has no threads).
    std::vector<std::uint8_t> carry(static_cast<std::size_t>(threads_), 0);
    in_parallel(threads_, [&](int k) { carry[k] = add(here.bounds[k], here.bounds[k + 1]); });
    for (const std::uint8_t c : carry) overflow_ = overflow_ || c != 0;
    steps += here.from.size();
    cursor_ = here.from.size();
  } else {
    const std::size_t end = std::min<std::size_t>(here.from.size(), cursor_ + max_steps);
    if (add(cursor_, end)) overflow_ = true;
    steps += end - cursor_;
    cursor_ = end;
  }
  if (cursor_ < here.from.size()) return;
  if (overflow_) {
    widen();
    return;
  }
  std::swap(counts_, next_);  // the old counts' room serves the next square
  cursor_ = 0;
  position_ = next_position;
  ++t.square;
  t.old_size = next_states;
}

Period::Outcome Period::take(Tables& t, std::uint64_t max_steps, std::uint64_t& steps) {
  // The moves kept hold for a square whose step repeats the one a period before; past them
  // (near the end) the states go back to the tables.
  const auto repeats = [&](int square) {
    return square < static_cast<int>(plan_.repeats.size()) && plan_.repeats[square];
  };
  const auto leave = [&](Position& here) {
    return hand_back(t, std::move(here.keys), std::move(counts_), limbs_, t.square)
               ? Outcome::left
               : Outcome::out_of_memory;
  };
  // Past the memory limit (checked before each square is built, and after): the tables take
  // over from the period's start, and need less. No exceptions: the page's core has none.
  const auto refuse = [&] {
    std::vector<Key> keys = std::move(positions_.front().keys);
    std::vector<std::uint64_t> counts = std::move(start_counts_);
    positions_.clear();
    counts_ = {};
    next_ = {};
    index_ = {};
    return hand_back(t, std::move(keys), std::move(counts), start_limbs_, start_)
               ? Outcome::refused
               : Outcome::out_of_memory;
  };
  if (cursor_ == 0 && stable_ && !repeats(t.square)) {
    return leave(positions_[static_cast<std::size_t>(position_)]);
  }
  if (!stable_ && cursor_ == 0 && t.budget.limited()) {
    // Room for the square first: its moves (about four a state) and up to twice the states at
    // the next position, with their counts and index.
    const std::uint64_t states = positions_[static_cast<std::size_t>(position_)].keys.size();
    const std::uint64_t per_state =
        4 * 8 + 2 * (sizeof(Key) + 8 * static_cast<std::uint64_t>(limbs_)) + 4 * (sizeof(Key) + 4);
    if (t.budget.over(t.plan_bytes + bytes() + states * per_state)) return refuse();
  }
  if (stable_) {
    pass(t, max_steps, steps);
  } else if (build(t, max_steps, steps) && position_ == length_) {
    end_period(t);
    // Built again only if the next period repeats this one all through.
    bool again = stable_;
    if (!again) {
      again = true;
      for (int k = t.square; k < t.square + length_ && again; ++k) again = repeats(k);
    }
    if (!again) return leave(positions_.front());
  }
  t.period_bytes = bytes();
  if (!stable_ && t.budget.over(t.bytes())) return refuse();
  t.peak_bytes = std::max(t.peak_bytes, t.bytes());
  return Outcome::running;
}

}  // namespace kt::frontier_detail
