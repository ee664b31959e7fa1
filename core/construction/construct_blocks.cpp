#include "construction/construct_blocks.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>

#include "board/knight.hpp"
#include "board/problem.hpp"
#include "verify/verify.hpp"

namespace kt::construct_detail {

namespace {

// Hamiltonian cycle / path search on a small block with prescribed edges.
//
// Depth-first, candidates in Warnsdorff order (fewest onward jumps first; ties broken by a key
// that differs between attempts), with the usual pruning: cnt[u] counts u's neighbours that are
// unvisited or the head of the path. In a cycle search every unvisited square but the last
// needs cnt >= 2; a square with cnt == 2 next to the head must be entered from the head now.
// In a path search at most one unvisited square may have cnt == 1 (it becomes the end).
// A prescribed edge at the head must be the next jump; a square with prescribed edges may only
// be entered along one of them (or along any edge if it has only one, which is then next).
class BlockSearch {
 public:
  BlockSearch(int w, int h, bool closed, int start, std::uint16_t mask)
      : w_(w), h_(h), n_(w * h), closed_(closed), start_(start) {
    nbr_.assign(static_cast<std::size_t>(n_) * 8, -1);
    nbrc_.assign(n_, 0);
    const Geometry g{h, w};  // Geometry::index is the cell index y * w + x
    for (int c = 0; c < n_; ++c) {
      for_each_neighbour(g, c, [&](int to) { nbr_[c * 8 + nbrc_[c]++] = to; });
    }
    req_.assign(static_cast<std::size_t>(n_) * 2, -1);
    reqc_.assign(n_, 0);
    for (int bit = 0; bit < 16; ++bit) {
      if (!(mask >> bit & 1)) continue;
      const auto e = catalogue_edge(w, h, bit / 4, bit % 4);
      const int a = e[0].y * w + e[0].x, b = e[1].y * w + e[1].x;
      if (reqc_[a] >= 2 || reqc_[b] >= 2) {
        impossible_ = true;
        continue;
      }
      req_[a * 2 + reqc_[a]++] = b;
      req_[b * 2 + reqc_[b]++] = a;
    }
    if (closed_) {
      start_ = 0;         // the bottom-left corner: its two jumps are in every cycle
      last_ = 1 * w + 2;  // (2,1): visited last, closing the cycle back to (0,0)
    } else if (reqc_[start_] > 1) {
      impossible_ = true;  // the start has one tour edge
    }
  }

  // Searches with tie-break variant `attempt` and at most `budget` nodes; true when found.
  bool run(int attempt, std::uint64_t budget) {
    if (impossible_) return false;
    visited_.assign(n_, 0);
    cnt_.assign(n_, 0);
    path_.assign(n_, -1);
    key_.assign(n_, 0);
    for (int c = 0; c < n_; ++c) {
      cnt_[c] = nbrc_[c];
      const int x = c % w_, y = c / w_;
      if (attempt == 0) {
        // Farther from the centre first (a classic Warnsdorff tie-break).
        const int dx = 2 * x - (w_ - 1), dy = 2 * y - (h_ - 1);
        key_[c] = static_cast<std::uint32_t>(100000 - (dx * dx + dy * dy));
      } else {
        std::uint32_t k = static_cast<std::uint32_t>(c) * 0x9E3779B1u ^
                          static_cast<std::uint32_t>(attempt) * 0x85EBCA77u;
        k ^= k >> 15;
        k *= 0x2C1B3C6Du;
        k ^= k >> 12;
        key_[c] = k;
      }
    }
    ones_ = 0;
    for (int c = 0; c < n_; ++c) ones_ += (c != start_ && cnt_[c] <= 1) ? 1 : 0;
    if (!closed_ && ones_ > 1) return false;
    visited_[start_] = 1;
    path_[0] = start_;
    budget_ = nodes_ + budget;
    aborted_ = false;
    return dfs(0);
  }

  std::uint64_t nodes() const { return nodes_; }
  const std::vector<int>& path() const { return path_; }

 private:
  bool dfs(int depth) {
    if (depth == n_ - 1) return true;
    if (++nodes_ > budget_) {
      aborted_ = true;
      return false;
    }
    const int head = path_[depth];
    const int prev = depth > 0 ? path_[depth - 1] : -1;
    int forced = -1;
    for (int i = 0; i < reqc_[head]; ++i) {
      const int p = req_[head * 2 + i];
      if (p == prev) continue;
      if (visited_[p]) return false;
      if (forced >= 0 && forced != p) return false;
      forced = p;
    }
    const int* nb = &nbr_[head * 8];
    for (int i = 0; i < nbrc_[head] && depth + 2 < n_; ++i) {
      const int u = nb[i];
      if (visited_[u]) continue;
      if (closed_) {
        if (u == last_) {
          if (cnt_[u] <= 1) return false;  // only the head could enter it, but it is not last yet
        } else if (cnt_[u] <= 2) {
          if (forced >= 0 && forced != u) return false;
          forced = u;
        }
      } else if (cnt_[u] <= 1) {
        return false;  // reachable only from the head, and a dead end before the last square
      }
    }
    int cand[8];
    int nc = 0;
    if (forced >= 0) {
      if (visited_[forced]) return false;
      if (closed_ && forced == last_ && depth + 1 != n_ - 1) return false;
      cand[nc++] = forced;
    } else {
      for (int i = 0; i < nbrc_[head]; ++i) {
        const int u = nb[i];
        if (visited_[u]) continue;
        if (closed_ && u == last_ && depth + 1 != n_ - 1) continue;
        cand[nc++] = u;
      }
      // Insertion sort (at most eight): fewest onward jumps first, then the tie-break key.
      for (int i = 1; i < nc; ++i) {
        const int u = cand[i];
        int j = i;
        for (; j > 0 && (cnt_[cand[j - 1]] > cnt_[u] ||
                         (cnt_[cand[j - 1]] == cnt_[u] && key_[cand[j - 1]] < key_[u]));
             --j) {
          cand[j] = cand[j - 1];
        }
        cand[j] = u;
      }
    }
    for (int ci = 0; ci < nc; ++ci) {
      const int m = cand[ci];
      // Enter m only along one of its prescribed edges, if it has any besides this one.
      int other = 0;
      bool bad = false;
      for (int i = 0; i < reqc_[m]; ++i) {
        const int q = req_[m * 2 + i];
        if (q == head) continue;
        if (closed_ && m == last_ && q == start_) continue;
        ++other;
        if (visited_[q]) bad = true;
      }
      if (bad || other > 1) continue;

      // Move: the head dies, m becomes the head.
      const int ones_before = ones_;
      if (cnt_[m] <= 1) --ones_;
      visited_[m] = 1;
      path_[depth + 1] = m;
      bool ok = true;
      for (int i = 0; i < nbrc_[head]; ++i) {
        const int u = nb[i];
        --cnt_[u];
        if (visited_[u]) continue;
        if (cnt_[u] == 1) ++ones_;
        if (closed_) {
          if (cnt_[u] < (u == last_ ? 1 : 2)) ok = false;
        } else if (cnt_[u] == 0) {
          ok = false;
        }
      }
      if (!closed_ && ones_ > 1) ok = false;
      if (ok && dfs(depth + 1)) return true;
      for (int i = 0; i < nbrc_[head]; ++i) ++cnt_[nb[i]];
      visited_[m] = 0;
      path_[depth + 1] = -1;
      ones_ = ones_before;
      if (aborted_) return false;
    }
    return false;
  }

  int w_, h_, n_;
  bool closed_;
  int start_;
  int last_ = -1;
  bool impossible_ = false;
  std::vector<int> nbr_, nbrc_, req_, reqc_;
  std::vector<std::uint8_t> visited_;
  std::vector<int> cnt_, path_;
  std::vector<std::uint32_t> key_;
  int ones_ = 0;
  std::uint64_t nodes_ = 0, budget_ = 0;
  bool aborted_ = false;
};

// Budget: a few attempts with different tie-breaks; the first usually succeeds at once.
constexpr int kAttempts = 24;
constexpr std::uint64_t kNodesPerAttempt = 20000;

std::unique_ptr<Block> search_block(int w, int h, bool closed, int start, std::uint16_t mask,
                                    std::uint64_t& nodes) {
  BlockSearch search(w, h, closed, start, mask);
  bool found = false;
  for (int attempt = 0; attempt < kAttempts && !found; ++attempt) {
    found = search.run(attempt, kNodesPerAttempt);
  }
  nodes = search.nodes();
  if (!found) return nullptr;

  // Check the tour independently before use, then the prescribed edges.
  const std::vector<int>& path = search.path();
  std::vector<Square> squares(path.size());
  for (std::size_t i = 0; i < path.size(); ++i) squares[i] = {path[i] % w + 1, path[i] / w + 1};
  const Verdict v = verify_path(Geometry{h, w}, squares, closed);
  if (!v.ok) return nullptr;
  if (!closed && path[0] != start) return nullptr;

  auto b = std::make_unique<Block>();
  b->w = w;
  b->h = h;
  b->closed = closed;
  b->mask = mask;
  const int n = w * h;
  b->fwd.assign(n, kNoJump);
  for (int i = 0; i < n; ++i) {
    const int a = path[i];
    if (i + 1 == n && !closed) break;
    const int c = path[(i + 1) % n];
    b->fwd[a] = direction_of(c % w - a % w, c / w - a / w);
  }
  if (closed) {
    b->rev.assign(n, kNoJump);
    for (int i = 0; i < n; ++i) b->rev[path[(i + 1) % n]] = reverse_direction(b->fwd[path[i]]);
  } else {
    b->start = path[0];
    b->end = path[n - 1];
  }
  for (int bit = 0; bit < 16; ++bit) {
    if (!(mask >> bit & 1)) continue;
    const auto e = catalogue_edge(w, h, bit / 4, bit % 4);
    const int a = e[0].y * w + e[0].x, c = e[1].y * w + e[1].x;
    if (!b->goes(a, c) && !b->goes(c, a)) return nullptr;
  }
  return b;
}

struct Cache {
  std::mutex mutex;
  std::map<std::tuple<int, int, bool, int, std::uint16_t>, std::unique_ptr<Block>> blocks;
  BlockStats stats;
};

Cache& cache() {
  static Cache c;
  return c;
}

const Block* find_block(int w, int h, bool closed, int start, std::uint16_t mask) {
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  const auto key = std::make_tuple(w, h, closed, start, mask);
  auto it = c.blocks.find(key);
  if (it != c.blocks.end()) return it->second.get();
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  auto block = search_block(w, h, closed, start, mask, nodes);
  c.stats.searches += 1;
  c.stats.nodes += nodes;
  c.stats.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const Block* out = block.get();
  c.blocks.emplace(key, std::move(block));  // a failure is cached too
  return out;
}

}  // namespace

std::array<LocalCell, 2> catalogue_edge(int w, int h, int corner, int kind) {
  static constexpr LocalCell kBase[4][2] = {
      {{0, 0}, {1, 2}}, {{0, 0}, {2, 1}}, {{1, 1}, {0, 3}}, {{1, 1}, {3, 0}}};
  std::array<LocalCell, 2> e{kBase[kind][0], kBase[kind][1]};
  for (LocalCell& c : e) {
    if (corner & 1) c.x = w - 1 - c.x;
    if (corner & 2) c.y = h - 1 - c.y;
  }
  return e;
}

const Block* closed_block(int w, int h, std::uint16_t mask) {
  if (w < kMinBlockSide || h < kMinBlockSide || w > kMaxBlockSide || h > kMaxBlockSide ||
      (w * h) % 2 != 0) {
    return nullptr;
  }
  return find_block(w, h, true, 0, static_cast<std::uint16_t>(mask & ~kCornerEdgeBits));
}

const Block* open_block(int w, int h, std::uint16_t mask, int start) {
  if (w < kMinBlockSide || h < kMinBlockSide || w > kMaxBlockSide || h > kMaxBlockSide ||
      w % 2 == 0 || h % 2 == 0 || start < 0 || start >= w * h ||
      colour_of(start % w, start / w) != Colour::dark) {
    return nullptr;
  }
  return find_block(w, h, false, start, mask);
}

BlockStats block_stats() {
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  return c.stats;
}

}  // namespace kt::construct_detail

namespace kt::construct_detail {

std::vector<int> even_bands(int length) {
  std::vector<int> out;
  if (length <= 0) return out;
  const int k = (length + kMaxBlockSide - 1) / kMaxBlockSide;  // fewest bands of at most 12
  const int half = length / 2;
  for (int i = 0; i < k; ++i) out.push_back(2 * (half / k + (i < half % k ? 1 : 0)));
  return out;
}

namespace {
bool even_ok(int length) { return length == 0 || (length >= 6 && length % 2 == 0); }
}  // namespace

bool odd_bands(int length, int containing, std::vector<int>& out, int& odd_index) {
  out.clear();
  if (length < kMinBlockSide || length % 2 == 0) return false;
  // Largest odd band first (fewer, larger blocks); the odd band as early as it may be.
  for (int k = 11; k >= 5; k -= 2) {
    int a = containing >= 0 ? std::max(0, containing - k + 1) : 0;
    a += a % 2;
    for (; a + k <= length && (containing < 0 || a <= containing); a += 2) {
      if (!even_ok(a) || !even_ok(length - a - k)) continue;
      out = even_bands(a);
      odd_index = static_cast<int>(out.size());
      out.push_back(k);
      for (int b : even_bands(length - a - k)) out.push_back(b);
      return true;
    }
  }
  return false;
}

}  // namespace kt::construct_detail
