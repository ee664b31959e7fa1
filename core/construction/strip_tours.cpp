#include "construction/strip_tours.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <unordered_map>
#include <vector>

namespace kt {

namespace {

// A state, packed: window slot s (0: the newest square) in bits 4s..4s+3 holding kFree (not
// entered), kDone (entered twice, blocked, or off the board) or a fragment label 1..7 (entered
// once: an end of that fragment); per label, whether the fragment's other end is already a tour
// end (bit kTailShift + label); the loose tour ends used so far (ends not prescribed by the
// problem); and whether the tour is complete.
using Key = std::uint64_t;
constexpr Key kFree = 0;
constexpr Key kDone = 8;
constexpr int kTailShift = 44;
constexpr int kLooseShift = 56;
constexpr Key kComplete = Key{1} << 60;
constexpr Key kSlotMask = (Key{1} << kTailShift) - 1;
constexpr Key kNoKey = ~Key{0};  // no state has every bit set

Key slot(Key key, int s) { return (key >> (4 * s)) & 15; }
Key with_slot(Key key, int s, Key value) {
  return (key & ~(Key{15} << (4 * s))) | (value << (4 * s));
}
bool tail(Key key, Key label) { return (key >> (kTailShift + label)) & 1; }
Key with_tail(Key key, Key label, bool on) {
  const Key bit = Key{1} << (kTailShift + label);
  return on ? key | bit : key & ~bit;
}

struct Entry {
  Key key;
  std::uint32_t pred;   // index of the state it came from in the previous layer
  std::uint8_t choice;  // which of the new square's backward jumps the tour uses
};
using Layer = std::vector<Entry>;

// Stop before the stored layers pass about 128 MB.
constexpr std::uint64_t kMaxStoredEntries = std::uint64_t{1} << 23;

// The jumps from (c, r) back to earlier columns: (c - dc, r + dr), at window slot dc * k - dr.
constexpr std::array<int, 4> kBackDc{1, 1, 2, 2};
constexpr std::array<int, 4> kBackDr{-2, 2, -1, 1};

class StripProgramme {
 public:
  explicit StripProgramme(const Problem& p)
      : p_(p),
        transposed_(p.geometry.cols < p.geometry.rows),
        k_(std::min(p.geometry.rows, p.geometry.cols)),
        n_(std::max(p.geometry.rows, p.geometry.cols)),
        window_(2 * k_ + 1) {
    if (!p.closed) {
      if (p.start) ends_.push_back(vertex(*p.start));
      if (p.end) ends_.push_back(vertex(*p.end));
    }
    loose_allowed_ = p.closed ? 0 : 2 - static_cast<int>(ends_.size());
    special_.assign(static_cast<std::size_t>(n_), 0);
    for (const std::int64_t v : ends_) special_[static_cast<std::size_t>(v / k_)] = 1;
    if (!p.blocked.empty()) {
      for (int i = 0; i < p.geometry.size(); ++i) {
        if (p.blocked[static_cast<std::size_t>(i)]) {
          special_[static_cast<std::size_t>(vertex(p.geometry.square(i)) / k_)] = 1;
        }
      }
    }
  }

  StripResult run(const std::function<bool()>& should_stop);

 private:
  std::int64_t vertex(Square s) const {
    const int c = transposed_ ? s.y - 1 : s.x - 1, r = transposed_ ? s.x - 1 : s.y - 1;
    return std::int64_t{c} * k_ + r;
  }
  Square square(std::int64_t c, int r) const {
    return transposed_ ? Square{r + 1, static_cast<int>(c) + 1}
                       : Square{static_cast<int>(c) + 1, r + 1};
  }
  bool is_free(std::int64_t c, int r) const {
    if (c < 0 || c >= n_ || r < 0 || r >= k_) return false;
    return !p_.is_blocked(p_.geometry.index(square(c, r)));
  }
  bool is_end(std::int64_t v) const {
    return std::find(ends_.begin(), ends_.end(), v) != ends_.end();
  }
  // Every column applies the same transition: no special square among the columns it joins
  // to (two back) or whose squares leave the window while it is taken (three back).
  bool uniform(std::int64_t c) const {
    if (c < 3 || c >= n_) return false;
    for (std::int64_t d = c - 3; d <= c; ++d) {
      if (special_[static_cast<std::size_t>(d)]) return false;
    }
    return true;
  }

  bool add_edge(Key& key, int s) const;
  bool finish_oldest(Key& key, std::int64_t v) const;
  Key normalise(Key key) const;
  Layer step(const Layer& prev, std::int64_t v);
  std::int64_t layer_of(std::int64_t v) const {
    return v < 0 ? 0 : column_layer_[static_cast<std::size_t>(v / k_)] + v % k_;
  }
  void read_back(std::size_t final_index, StripResult& out) const;

  const Problem& p_;
  bool transposed_;
  int k_;
  std::int64_t n_;
  int window_;  // squares a new square can reach back to, itself included: 2k + 1
  std::vector<std::int64_t> ends_;  // prescribed tour ends (open tours), as strip vertices
  int loose_allowed_ = 2;
  std::vector<std::uint8_t> special_;  // per column: holds a blocked square or a prescribed end
  std::vector<Layer> layers_;          // layers_[0]: before the first square
  std::vector<std::int32_t> column_layer_;  // per column: its first square's layer
  std::uint64_t stored_ = 0;
  std::vector<Key> table_;  // step()'s hash table, kept between steps
  std::uint64_t generated_ = 0;
};

// Joins the newest square (slot 0) to the square at slot s; false when that breaks the rules
// (a square entered thrice, a premature cycle, or a finished tour that leaves squares out).
bool StripProgramme::add_edge(Key& key, int s) const {
  const Key a = slot(key, 0), b = slot(key, s);
  if (a == kDone || b == kDone) return false;
  auto everything_done = [&] {
    for (int t = 0; t <= window_; ++t) {
      if (slot(key, t) != kDone) return false;
    }
    return true;
  };
  if (a == kFree && b == kFree) {
    Key label = 1;
    for (; label < 8; ++label) {
      bool used = false;
      for (int t = 0; t <= window_ && !used; ++t) used = slot(key, t) == label;
      if (!used) break;
    }
    key = with_tail(with_slot(with_slot(key, 0, label), s, label), label, false);
    return true;
  }
  if (a == kFree || b == kFree) {  // one square extends the other's fragment
    const Key label = a == kFree ? b : a;
    key = with_slot(with_slot(key, 0, a == kFree ? label : kDone), s, a == kFree ? kDone : label);
    return true;
  }
  key = with_slot(with_slot(key, 0, kDone), s, kDone);
  if (a == b) {  // a cycle: only as the whole closed tour
    if (!p_.closed) return false;
    key |= kComplete;
    return everything_done();
  }
  if (tail(key, a) && tail(key, b)) {  // both other ends are tour ends: the whole open tour
    key = with_tail(with_tail(key, a, false), b, false) | kComplete;
    return everything_done();
  }
  const bool merged_tail = tail(key, a) || tail(key, b);
  for (int t = 0; t <= window_; ++t) {
    if (slot(key, t) == b) key = with_slot(key, t, a);
  }
  key = with_tail(with_tail(key, b, false), a, merged_tail);
  return true;
}

// The square at slot `window_` (strip vertex v - window_) can be joined to nothing more: it
// must have been entered twice, or once as one of the tour's two ends.
bool StripProgramme::finish_oldest(Key& key, std::int64_t v) const {
  const std::int64_t u = v - window_;
  const Key x = slot(key, window_);
  key = with_slot(key, window_, 0);
  const bool prescribed = u >= 0 && is_end(u);
  if (x == kDone) return !prescribed;
  if (x == kFree || p_.closed) return false;
  if (!prescribed) {
    const int loose = static_cast<int>((key >> kLooseShift) & 3);
    if (loose >= loose_allowed_) return false;
    key = (key & ~(Key{3} << kLooseShift)) | (Key(loose + 1) << kLooseShift);
  }
  if (!tail(key, x)) {
    key = with_tail(key, x, true);
    return true;
  }
  key = with_tail(key, x, false) | kComplete;  // this fragment is the whole tour
  for (int t = 0; t < window_; ++t) {
    if (slot(key, t) != kDone) return false;
  }
  return true;
}

// Labels renumbered by first appearance, so equal situations have equal keys.
Key StripProgramme::normalise(Key key) const {
  std::array<Key, 8> map{};
  Key next = 1, out = key & ~kSlotMask & ~(Key{0xff} << kTailShift);
  for (int t = 0; t < window_; ++t) {
    const Key x = slot(key, t);
    if (x == kFree || x == kDone) {
      out = with_slot(out, t, x);
      continue;
    }
    if (map[x] == 0) {
      map[x] = next++;
      out = with_tail(out, map[x], tail(key, x));
    }
    out = with_slot(out, t, map[x]);
  }
  return out;
}

Layer StripProgramme::step(const Layer& prev, std::int64_t v) {
  const std::int64_t c = v / k_;
  const int r = static_cast<int>(v % k_);
  const bool free = is_free(c, r);
  std::array<int, 4> back{};
  int backs = 0;
  if (free) {
    for (int j = 0; j < 4; ++j) {
      if (is_free(c - kBackDc[j], r + kBackDr[j])) back[backs++] = j;
    }
  }
  // Jumps each window square can still get from squares after v: a square that needs more
  // (two if it may not be a tour end, one if it may) is a dead end, and so is its state.
  std::array<int, 16> future{};
  for (int t = 0; t < window_; ++t) {
    const std::int64_t u = v - t;
    if (u < 0) continue;
    const std::int64_t cu = u / k_;
    const int ru = static_cast<int>(u % k_);
    for (int j = 0; j < 4; ++j) {
      const std::int64_t cw = cu + kBackDc[j];
      const int rw = ru - kBackDr[j];
      if (cw * k_ + rw > v && is_free(cw, rw)) ++future[static_cast<std::size_t>(t)];
    }
  }
  unsigned prescribed = 0;  // window slots holding a prescribed tour end
  for (int t = 0; t < window_; ++t) {
    if (v - t >= 0 && is_end(v - t)) prescribed |= 1u << t;
  }
  auto viable = [&](Key key) {
    const bool loose_left = loose_allowed_ > static_cast<int>((key >> kLooseShift) & 3);
    for (int t = 0; t < window_; ++t) {
      const Key x = slot(key, t);
      if (x == kDone) continue;
      const bool may_end = loose_left || ((prescribed >> t) & 1);
      const int need = (x == kFree ? 2 : 1) - (may_end ? 1 : 0);
      if (future[static_cast<std::size_t>(t)] < need) return false;
    }
    return true;
  };
  const Key slots = (Key{1} << (4 * (window_ + 1))) - 1;
  // The states made so far, by key: an open-addressing table sized for the layer.
  std::size_t capacity = 1024;
  while (capacity < prev.size() * 4) capacity *= 2;
  table_.assign(capacity, kNoKey);
  std::size_t mask = capacity - 1;
  auto slot_of = [&](Key key) {
    std::size_t h = static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> 20) & mask;
    while (table_[h] != kNoKey && table_[h] != key) h = (h + 1) & mask;
    return h;
  };
  Layer next;
  for (std::uint32_t i = 0; i < prev.size(); ++i) {
    const Key old = prev[i].key;
    if (free && (old & kComplete)) continue;  // a finished tour cannot take another square
    const Key shifted = (((old & kSlotMask) << 4) & slots) | (old & ~kSlotMask);
    const Key base = with_slot(shifted, 0, free ? kFree : kDone);
    for (unsigned choice = 0; choice < (1u << backs); ++choice) {
      if (std::popcount(choice) > 2) continue;
      Key key = base;
      bool ok = true;
      for (int j = 0; j < backs && ok; ++j) {
        if (choice & (1u << j)) {
          const int s = kBackDc[back[j]] * k_ - kBackDr[back[j]];
          ok = add_edge(key, s);
        }
      }
      if (!ok || !finish_oldest(key, v) || !viable(key)) continue;
      key = normalise(key);
      ++generated_;
      std::uint8_t used = 0;  // the choice as bits of the four backward jumps
      for (int j = 0; j < backs; ++j) {
        if (choice & (1u << j)) used |= static_cast<std::uint8_t>(1u << back[j]);
      }
      const std::size_t h = slot_of(key);
      if (table_[h] != kNoKey) continue;
      table_[h] = key;
      next.push_back({key, i, used});
      if (next.size() * 2 > capacity) {  // grow: at most half full
        capacity *= 2;
        mask = capacity - 1;
        table_.assign(capacity, kNoKey);
        for (const Entry& e : next) table_[slot_of(e.key)] = e.key;
      }
    }
  }
  // Sorted, so that equal sets of states are equal layers, entry for entry.
  std::sort(next.begin(), next.end(), [](const Entry& a, const Entry& b) { return a.key < b.key; });
  return next;
}

std::uint64_t layer_hash(const Layer& layer) {
  std::uint64_t h = layer.size();
  for (const Entry& e : layer) {
    h ^= e.key + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  }
  return h;
}

bool same_states(const Layer& a, const Layer& b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(),
                    [](const Entry& x, const Entry& y) { return x.key == y.key; });
}

StripResult StripProgramme::run(const std::function<bool()>& should_stop) {
  StripResult out;
  Key start = 0;
  for (int s = 0; s < window_; ++s) start = with_slot(start, s, kDone);
  layers_.push_back({{start, 0, 0}});
  // Three columns past the board finish the last real squares' window.
  const std::int64_t columns = n_ + 3;
  column_layer_.assign(static_cast<std::size_t>(columns), 0);
  std::unordered_map<std::uint64_t, std::vector<std::int64_t>> seen;  // layer hash -> columns
  std::int64_t current = 0;  // the layer of the last square taken
  for (std::int64_t c = 0; c < columns;) {
    if (should_stop && should_stop()) {
      out.reason = "stopped after " + std::to_string(out.columns) + " columns of the strip";
      return out;
    }
    const bool uniform_column = uniform(c);
    if (!uniform_column) {
      seen.clear();
    } else if (seen.empty()) {
      seen[layer_hash(layers_[static_cast<std::size_t>(current)])].push_back(c - 1);
    }
    column_layer_[static_cast<std::size_t>(c)] = static_cast<std::int32_t>(layers_.size());
    for (int r = 0; r < k_; ++r) {
      Layer next = step(layers_[static_cast<std::size_t>(current)], c * k_ + r);
      stored_ += next.size();
      const bool empty = next.empty();
      layers_.push_back(std::move(next));
      current = static_cast<std::int64_t>(layers_.size()) - 1;
      if (empty) {
        out.status = Status::none;
        out.states = generated_;
        return out;
      }
    }
    ++out.columns;
    if (stored_ > kMaxStoredEntries) {
      out.reason = "the strip programme stopped at its memory budget after " +
                   std::to_string(out.columns) + " columns";
      return out;
    }
    if (uniform_column) {
      const Layer& now = layers_[static_cast<std::size_t>(current)];
      auto& same_hash = seen[layer_hash(now)];
      std::int64_t earlier = -1;
      for (const std::int64_t e : same_hash) {
        if (same_states(layers_[static_cast<std::size_t>(layer_of(e * k_ + k_ - 1))], now)) {
          earlier = e;
        }
      }
      if (earlier >= 0) {
        // Columns earlier + 1 .. c repeat for the rest of this run of uniform columns.
        const std::int64_t period = c - earlier;
        std::int64_t last = c;
        while (uniform(last + 1)) ++last;
        for (std::int64_t i = c + 1; i <= last; ++i) {
          const std::int64_t rep = earlier + 1 + (i - earlier - 1) % period;
          column_layer_[static_cast<std::size_t>(i)] = column_layer_[static_cast<std::size_t>(rep)];
        }
        current = layer_of(last * k_ + k_ - 1);
        seen.clear();
        c = last + 1;
        continue;
      }
      same_hash.push_back(c);
    }
    ++c;
  }
  out.states = generated_;
  const Layer& final_layer = layers_[static_cast<std::size_t>(current)];
  for (std::size_t i = 0; i < final_layer.size(); ++i) {
    if (final_layer[i].key & kComplete) {
      read_back(i, out);
      out.status = Status::found;
      return out;
    }
  }
  out.status = Status::none;
  return out;
}

// Follows the chosen predecessors from the final state back to the first square, marking each
// square's (at most two) tour neighbours, then walks the tour from its start writing the
// successor directions: one byte per square throughout.
void StripProgramme::read_back(std::size_t final_index, StripResult& out) const {
  const Geometry g = p_.geometry;
  // Each square's two tour neighbours as directions: low and high nibble, 15 for none.
  std::vector<std::uint8_t> links(static_cast<std::size_t>(g.size()), 0xFF);
  auto link = [&](int index, std::uint8_t d) {
    std::uint8_t& l = links[static_cast<std::size_t>(index)];
    l = (l & 0x0F) == 0x0F ? static_cast<std::uint8_t>((l & 0xF0) | d)
                           : static_cast<std::uint8_t>((l & 0x0F) | (d << 4));
  };
  std::size_t index = final_index;
  for (std::int64_t v = (n_ + 3) * k_ - 1; v >= 0; --v) {
    const Entry& e = layers_[static_cast<std::size_t>(layer_of(v))][index];
    const std::int64_t c = v / k_;
    const int r = static_cast<int>(v % k_);
    for (int j = 0; j < 4; ++j) {
      if (!(e.choice & (1u << j))) continue;
      const Square a = square(c, r), b = square(c - kBackDc[j], r + kBackDr[j]);
      link(g.index(a), direction_of(b.x - a.x, b.y - a.y));
      link(g.index(b), direction_of(a.x - b.x, a.y - b.y));
    }
    index = e.pred;
  }
  Square first = p_.start.value_or(Square{1, 1});
  if (!p_.start) {
    for (int i = 0; i < g.size(); ++i) {
      if (!p_.is_blocked(i)) {
        first = g.square(i);
        break;
      }
    }
  }
  out.tour.geometry = g;
  out.tour.start = first;
  out.tour.closed = p_.closed;
  // The walk overwrites each square's links with its successor, in place.
  Square at = first;
  std::uint8_t came_from = kNoJump;  // direction from `at` back to the previous square
  const int free = p_.free_squares();
  for (int visited = 0; visited < free; ++visited) {
    std::uint8_t& l = links[static_cast<std::size_t>(g.index(at))];
    const std::uint8_t lo = l & 0x0F, hi = l >> 4;
    std::uint8_t go = lo != 0x0F && lo != came_from ? lo : hi;
    if (go == came_from) go = 0x0F;
    if (go == 0x0F) {
      l = kNoJump;
      break;
    }
    l = go;
    at = jump(at, go);
    came_from = reverse_direction(go);
  }
  out.tour.next = std::move(links);
  for (auto& d : out.tour.next) {
    if (d > 7) d = kNoJump;  // blocked squares, the open tour's end
  }
}

}  // namespace

bool strip_applies(const Problem& p) {
  return p.piece.is_plain_knight() && std::min(p.geometry.rows, p.geometry.cols) <= kStripMaxSide;
}

StripResult solve_strip(const Problem& p, const std::function<bool()>& should_stop) {
  if (p.free_squares() == 1) {  // standing on the one free square is the open tour
    StripResult r;
    r.status = p.closed ? Status::none : Status::found;
    if (!p.closed) {
      r.tour = {p.geometry, p.start.value_or(Square{1, 1}), false,
                std::vector<std::uint8_t>(static_cast<std::size_t>(p.geometry.size()), kNoJump)};
    }
    return r;
  }
  StripProgramme programme(p);
  return programme.run(should_stop);
}

}  // namespace kt
