// Building a count's plan: the bit-board graph, trivial answers, symmetries and the split into
// subtree tasks.
#include <algorithm>
#include <cstdlib>
#include <limits>

#include "board/knight.hpp"
#include "board/symmetry.hpp"
#include "counting/count.hpp"
#include "counting/count_search.hpp"

namespace kt {

std::string check_count_board(const Problem& p) {
  const Geometry g = p.geometry;
  if (auto why = check_geometry(g.rows, g.cols); !why.empty()) return why;
  if (!p.blocked.empty() && p.blocked.size() != static_cast<std::size_t>(g.size())) {
    return "blocked squares: expected one flag per square (" + std::to_string(g.size()) +
           "), got " + std::to_string(p.blocked.size());
  }
  for (const auto& [name, square] : {std::pair{"start", p.start}, std::pair{"end", p.end}}) {
    if (!square) continue;
    if (auto why = check_on_board(g, *square); !why.empty()) return std::string(name) + " " + why;
    if (p.is_blocked(g.index(*square))) {
      return std::string("the ") + name + " " + format_square(*square) + " is blocked";
    }
  }
  if (p.end && p.closed) return "a closed tour ends where it starts: no end square";
  if (p.start && p.end && *p.start == *p.end) {
    return "an open tour cannot end on its start " + format_square(*p.end);
  }
  return {};
}

std::string check_count_problem(const Problem& p) {
  if (auto why = check_count_board(p); !why.empty()) return why;
  const Geometry g = p.geometry;
  const int free = p.free_squares();
  if (free > kMaxCountSquares) {
    return "board: exact counting supports at most " + std::to_string(kMaxCountSquares) +
           " free squares; the " + std::to_string(g.rows) + "x" + std::to_string(g.cols) +
           " board has " + std::to_string(free);
  }
  return {};
}

namespace count_detail {

namespace {

Graph make_graph(const Problem& p, std::vector<int>& compact) {
  Graph graph;
  const Geometry g = p.geometry;
  graph.geometry = g;
  compact.assign(static_cast<std::size_t>(g.size()), -1);
  for (int i = 0; i < g.size(); ++i) {
    if (p.is_blocked(i)) continue;
    compact[i] = graph.n;
    graph.square[graph.n++] = i;
  }
  graph.all = first_squares(graph.n);
  for (int v = 0; v < graph.n; ++v) {
    for_each_move(
        g, p.piece, graph.square[v], [&](int to) { graph.neighbours[v] |= bit(compact[to]); },
        p.blocked);
  }
  return graph;
}

bool connected(const Graph& graph) {
  if (graph.n == 0) return true;
  Bitboard reached = 1, frontier = 1;
  while (frontier) {
    Bitboard next = 0;
    for (Bitboard f = frontier; f;) next |= graph.neighbours[pop_lsb(f)];
    frontier = next & ~reached;
    reached |= next;
  }
  return reached == graph.all;
}

// The symmetries of the rectangle (8 for a square, 4 otherwise) that map free squares to free
// squares, jumps to jumps and keep the given squares in place, as permutations of compact
// numbers. Every symmetry of the rectangle maps a leaper's jumps to its jumps on a plain board;
// on a square cylinder the quarter turns and diagonal mirrors move the seam, and the check on
// the jumps drops them.
std::vector<std::array<std::uint8_t, kMaxSquares>> symmetries(const Graph& graph,
                                                              const std::vector<int>& compact,
                                                              std::span<const Square> fixed) {
  const Geometry g = graph.geometry;
  std::vector<std::array<std::uint8_t, kMaxSquares>> group;
  for (const Symmetry t : board_symmetries(g)) {
    auto map = [&](Square s) { return apply(t, g, s); };
    bool ok = std::all_of(fixed.begin(), fixed.end(), [&](Square s) { return map(s) == s; });
    std::array<std::uint8_t, kMaxSquares> perm{};
    for (int v = 0; v < graph.n && ok; ++v) {
      const int image = compact[g.index(map(g.square(graph.square[v])))];
      ok = image >= 0;
      perm[v] = static_cast<std::uint8_t>(image);
    }
    for (int v = 0; v < graph.n && ok; ++v) {
      Bitboard image = 0;
      for (Bitboard nb = graph.neighbours[v]; nb;) image |= bit(perm[pop_lsb(nb)]);
      ok = image == graph.neighbours[perm[v]];
    }
    if (ok && std::find(group.begin(), group.end(), perm) == group.end()) group.push_back(perm);
  }
  return group;
}

struct Root {
  std::uint8_t start;
  int end;
};

}  // namespace

Plan make_plan(const Problem& problem, const PlanOptions& options) {
  Plan plan;
  plan.error = check_count_problem(problem);
  if (!plan.error.empty()) return plan;
  std::vector<int> compact;
  plan.graph = make_graph(problem, compact);
  plan.closed = problem.closed;
  const Graph& graph = plan.graph;
  const Geometry g = graph.geometry;
  const int n = graph.n;
  if (n == 0 || (plan.closed && n < 3) || !connected(graph)) return plan;  // no tour

  // A knight changes colour at every jump: the free squares of the two colours must balance,
  // and the colours fix where open tours can start and end. (Other pieces: board/piece.hpp's
  // colour rule; a piece that keeps its colour is settled by the graph's being connected.)
  if (colour_rule(problem.piece, g.rows, g.cols) == ColourRule::alternates) {
    int dark = 0;
    for (int v = 0; v < n; ++v) dark += colour_of(g.square(graph.square[v])) == Colour::dark;
    const int light = n - dark;
    if (plan.closed) {
      if (light != dark) return plan;
    } else {
      if (std::abs(light - dark) > 1) return plan;
      if (light != dark) {  // both ends on the majority colour
        const Colour major = dark > light ? Colour::dark : Colour::light;
        for (const auto& s : {problem.start, problem.end}) {
          if (s && colour_of(*s) != major) return plan;
        }
      } else if (problem.start && problem.end &&
                 colour_of(*problem.start) == colour_of(*problem.end)) {
        return plan;
      }
    }
  }

  std::vector<Root> roots;
  std::vector<Square> fixed;
  if (plan.closed) {
    int cut = 0;
    for (int v = 1; v < n; ++v) {
      if (popcount(graph.neighbours[v]) < popcount(graph.neighbours[cut])) cut = v;
    }
    const Bitboard ends = graph.neighbours[cut];
    if (popcount(ends) < 2) return plan;
    plan.cut = cut;
    plan.removed = bit(cut);
    for (Bitboard a = ends; a; a &= a - 1) {
      for (Bitboard b = a & (a - 1); b; b &= b - 1) {
        roots.push_back({static_cast<std::uint8_t>(lsb(a)), lsb(b)});
      }
    }
    if (problem.start) {
      plan.rotate = true;
      plan.first = *problem.start;
    }
  } else if (problem.start) {
    roots.push_back({static_cast<std::uint8_t>(compact[g.index(*problem.start)]),
                     problem.end ? compact[g.index(*problem.end)] : -1});
    fixed.push_back(*problem.start);
    if (problem.end) fixed.push_back(*problem.end);
  } else if (problem.end) {
    roots.push_back({static_cast<std::uint8_t>(compact[g.index(*problem.end)]), -1});
    plan.reverse = true;
    fixed.push_back(*problem.end);
  } else {
    for (int v = 0; v < n; ++v) roots.push_back({static_cast<std::uint8_t>(v), -1});
  }

  // Closed tours get no symmetry reduction: the symmetries that keep the cut square in place
  // map a path between its two neighbours onto the reverse of such a path, not onto a prefix.
  std::vector<std::array<std::uint8_t, kMaxSquares>> group;
  if (options.use_symmetry && !plan.closed) group = symmetries(graph, compact, fixed);
  if (group.empty()) {
    group.emplace_back();
    for (int v = 0; v < n; ++v) group[0][v] = static_cast<std::uint8_t>(v);
  }
  plan.symmetries = static_cast<int>(group.size());

  // Split at ever longer prefixes until there are enough tasks to share out, or a longer split
  // would cost more than options.split_budget steps (the plan is built in one go, unsliced).
  // Only prefixes that are lexicographically smallest among their images are kept, each
  // weighted by its number of images.
  struct Split {
    std::vector<std::uint8_t> prefixes;
    std::vector<Task> tasks;
    double total_share = 0;
  };
  auto emit = [&](Split& split, std::span<const std::uint8_t> path, int end, double share) {
    bool canonical = true;
    int stabiliser = 0;
    for (const auto& perm : group) {
      int order = 0;  // the image compared with the path
      for (std::size_t i = 0; i < path.size() && order == 0; ++i) {
        order = perm[path[i]] < path[i] ? -1 : perm[path[i]] > path[i] ? 1 : 0;
      }
      if (order < 0) canonical = false;
      if (order == 0) ++stabiliser;
    }
    if (!canonical) return;
    Task task;
    task.offset = static_cast<std::uint32_t>(split.prefixes.size());
    task.length = static_cast<std::uint8_t>(path.size());
    task.end = static_cast<std::int8_t>(end);
    task.weight = static_cast<std::uint64_t>(group.size() / stabiliser);
    task.share = share;
    split.total_share += share;
    split.prefixes.insert(split.prefixes.end(), path.begin(), path.end());
    split.tasks.push_back(task);
  };
  const double root_share = 1.0 / static_cast<double>(roots.size());
  Split best;
  for (const Root& root : roots) emit(best, {&root.start, 1}, root.end, root_share);
  const int tour_length = plan.closed ? n - 1 : n;
  SubtreeSearch search(graph);
  for (int length = 2; length <= tour_length && best.tasks.size() < options.target_tasks;
       ++length) {
    Split split;
    std::uint64_t steps = 0;
    for (const Root& root : roots) {
      search.load({&root.start, 1}, plan.removed, root.end, /*report=*/true, length);
      while (steps + search.steps() <= options.split_budget &&
             search.run(options.split_budget + 1 - steps - search.steps()) == Status::found) {
        emit(split, search.path(), root.end, root_share * search.share());
      }
      steps += search.steps();
      plan.split_nodes += search.nodes();
      if (search.status() != Status::none) break;
    }
    plan.split_steps += steps;
    if (search.status() != Status::none) break;  // over budget: keep the shorter split
    best = std::move(split);
  }
  plan.prefixes = std::move(best.prefixes);
  plan.tasks = std::move(best.tasks);
  plan.total_share = best.total_share;
  return plan;
}

}  // namespace count_detail

}  // namespace kt
