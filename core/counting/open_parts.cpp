#include "counting/open_parts.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "board/symmetry.hpp"
#include "counting/frontier_count.hpp"

namespace kt {

namespace {

// The plan's version, in its hash: bump it with any change of which pair stands for an orbit
// or of the weights, so that results of an older plan are refused rather than summed.
constexpr const char* kPlanVersion = "open-parts-1";

// FNV-1a, 64 bits: a plan's identity, not a defence against forgery.
std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

bool dark(Square s) { return (s.x + s.y) % 2 == 0; }

}  // namespace

double forecast_rows_cpu_seconds(const Problem& problem) {
  constexpr double kCpuSecondsPerState = 1600 / 1.04e8;
  return forecast_frontier(problem, 0).states * kCpuSecondsPerState;
}

Problem part_problem(const Problem& whole, const OpenPart& part) {
  Problem p = whole;
  p.start = part.start;
  p.end = part.end;
  return p;
}

OpenPartsPlan plan_open_parts(const Problem& whole) {
  OpenPartsPlan plan;
  if (whole.closed || whole.start || whole.end) {
    plan.error =
        "only the open tours of every start and end are counted in parts, not closed tours "
        "or tours from a given start or to a given end";
    return plan;
  }
  // The parts are counts by rows between two fixed ends, which take the knight on a plain
  // board only, and a part's result names no piece or wrap for the sum to check.
  if (!whole.piece.is_plain_knight()) {
    const std::string piece =
        whole.piece.is_knight() ? "knight's" : describe_leaper(whole.piece.leaper) + "'s";
    const std::string board =
        whole.piece.wrap == Wrap::none ? "board" : std::string(to_string(whole.piece.wrap));
    plan.error = "the knight's open tours on a plain board are counted in parts, not the " + piece +
                 " on a " + board;
    return plan;
  }
  const Geometry g = whole.geometry;
  std::vector<int> free;
  int dark_free = 0;
  for (int i = 0; i < g.size(); ++i) {
    if (whole.is_blocked(i)) continue;
    free.push_back(i);
    dark_free += dark(g.square(i));
  }
  if (free.size() < 2) {
    plan.error = "the board has fewer than two free squares: count it whole";
    return plan;
  }
  // The parts grow with the square of the free squares (8x8: 136; 16x16 would be about 4,000,
  // each far past what counting by rows holds): larger boards are not split.
  constexpr std::size_t kMaxSquares = 256;
  if (free.size() > kMaxSquares) {
    plan.error = "boards of at most " + std::to_string(kMaxSquares) +
                 " free squares are counted in parts (this one has " + std::to_string(free.size()) +
                 ")";
    return plan;
  }
  // The colours a path's ends can have: it alternates colours square by square.
  const int light_free = static_cast<int>(free.size()) - dark_free;
  const bool even = free.size() % 2 == 0;
  const auto ends_can_be = [&](Square a, Square b) {
    if (even) return dark_free == light_free && dark(a) != dark(b);
    if (dark(a) != dark(b)) return false;
    return dark(a) ? dark_free == light_free + 1 : light_free == dark_free + 1;
  };
  const std::vector<Symmetry> group = problem_symmetries(whole);
  plan.symmetries = static_cast<int>(group.size());
  const auto image = [&](Symmetry t, int i) { return g.index(apply(t, g, g.square(i))); };
  std::string text = std::string(kPlanVersion) + ";" + std::to_string(g.rows) + "x" +
                     std::to_string(g.cols) + ";blocked";
  for (int i = 0; i < g.size(); ++i) {
    if (whole.is_blocked(i)) text += " " + std::to_string(i);
  }
  for (std::size_t ia = 0; ia < free.size(); ++ia) {
    for (std::size_t ib = ia + 1; ib < free.size(); ++ib) {
      const int a = free[ia], b = free[ib];
      if (!ends_can_be(g.square(a), g.square(b))) continue;
      // The orbit of {a, b}: it stands for itself where it is the least of its images.
      std::vector<std::pair<int, int>> orbit;
      bool least = true;
      for (const Symmetry t : group) {
        const int x = image(t, a), y = image(t, b);
        const std::pair<int, int> pair{std::min(x, y), std::max(x, y)};
        if (pair < std::pair{a, b}) {
          least = false;
          break;
        }
        if (std::find(orbit.begin(), orbit.end(), pair) == orbit.end()) orbit.push_back(pair);
      }
      if (!least) continue;
      // Every pair of the orbit counts the same: the part counts the one forecast cheapest
      // (counting by rows' cost depends on where the ends fall in its rows), the first of equals.
      // Equal within a thousandth: the forecast is worked out in floating point, and mirror
      // images of one pair, equal in exact arithmetic, may differ in their last bits on another
      // machine or compiler; the pair chosen (and so the plan's hash) must not.
      OpenPart part;
      part.pairs = static_cast<int>(orbit.size());
      part.weight = 2 * static_cast<std::uint64_t>(orbit.size());
      std::uint64_t cheapest = ~std::uint64_t{0};
      for (const auto& [x, y] : orbit) {
        OpenPart candidate = part;
        candidate.start = g.square(x);
        candidate.end = g.square(y);
        const std::uint64_t bytes = forecast_frontier(part_problem(whole, candidate), 0).bytes;
        if (bytes < cheapest - cheapest / 1024) {
          cheapest = bytes;
          part = candidate;
        }
      }
      plan.parts.push_back(part);
      char line[96];
      std::snprintf(line, sizeof line, ";%d,%d-%d,%d*%llu", part.start.x, part.start.y, part.end.x,
                    part.end.y, static_cast<unsigned long long>(part.weight));
      text += line;
    }
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fnv1a(text)));
  plan.hash = hex;
  return plan;
}

}  // namespace kt
