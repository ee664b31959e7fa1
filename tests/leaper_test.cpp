// (a,b)-leapers and boards that wrap: tours found by every engine that takes them, checked by a
// jump test written here afresh; counts by search against a brute-force counter written here
// afresh; the colour argument; the engines that take the knight alone refusing by name.
#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "board/request.hpp"
#include "construction/construct.hpp"
#include "counting/count.hpp"
#include "counting/estimate.hpp"
#include "counting/frontier_count.hpp"
#include "search/search.hpp"
#include "solve/solve_request.hpp"
#include "solve/solver.hpp"
#include "teaching/try_move.hpp"
#include "theory/existence.hpp"
#include "verify/verify.hpp"

using kt::Leaper;
using kt::Piece;
using kt::Problem;
using kt::Square;
using kt::Status;
using kt::Wrap;

namespace {

// ---- An independent model of the piece: no code of core/board is used --------------------

// Whether the (a,b)-leaper jumps from u to v on a rows x cols board whose columns (cylinder)
// or columns and rows (torus) wrap: some sign and order of (a, b) lands exactly on v, modulo a
// side that wraps.
bool independent_jump(int rows, int cols, Wrap wrap, int a, int b, Square u, Square v) {
  if (u == v) return false;
  const bool wx = wrap != Wrap::none, wy = wrap == Wrap::torus;
  auto same = [](int p, int q, int length, bool wraps) {
    if (!wraps) return p == q;
    return ((p - q) % length + length) % length == 0;
  };
  auto inside = [](int p, int length, bool wraps) { return wraps || (p >= 1 && p <= length); };
  for (const auto& [p, q] : {std::pair{a, b}, std::pair{b, a}}) {
    for (const int sx : {-1, 1}) {
      for (const int sy : {-1, 1}) {
        const int x = u.x + sx * p, y = u.y + sy * q;
        if (inside(x, cols, wx) && inside(y, rows, wy) && same(x, v.x, cols, wx) &&
            same(y, v.y, rows, wy)) {
          return true;
        }
      }
    }
  }
  return false;
}

// The board's graph as adjacency lists, from independent_jump alone.
std::vector<std::vector<int>> independent_graph(int rows, int cols, Wrap wrap, int a, int b) {
  const int n = rows * cols;
  std::vector<std::vector<int>> adj(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (independent_jump(rows, cols, wrap, a, b, {i % cols + 1, i / cols + 1},
                           {j % cols + 1, j / cols + 1})) {
        adj[i].push_back(j);
      }
    }
  }
  return adj;
}

// Brute force: directed Hamiltonian paths from `start` (-1: from every square), or (closed)
// Hamiltonian cycles, each once (the directed cycles through square 0, halved).
std::uint64_t brute_force_count(const std::vector<std::vector<int>>& adj, bool closed, int start) {
  const int n = static_cast<int>(adj.size());
  std::vector<char> seen(static_cast<std::size_t>(n), 0);
  std::uint64_t found = 0;
  auto walk = [&](auto&& self, int at, int depth, int first) -> void {
    if (depth == n) {
      if (!closed) {
        ++found;
      } else {
        for (int t : adj[at]) found += t == first;
      }
      return;
    }
    for (int t : adj[at]) {
      if (seen[t]) continue;
      seen[t] = 1;
      self(self, t, depth + 1, first);
      seen[t] = 0;
    }
  };
  for (int s = 0; s < n; ++s) {
    if (closed ? s != 0 : (start >= 0 && s != start)) continue;
    seen[s] = 1;
    walk(walk, s, 1, s);
    seen[s] = 0;
  }
  if (closed) return n >= 3 ? found / 2 : 0;
  return found;
}

// The path's squares in order, each move checked with independent_jump (closed: back too).
void check_tour(const Problem& p, std::span<const std::int32_t> path) {
  const kt::Geometry g = p.geometry;
  REQUIRE(static_cast<int>(path.size()) == p.free_squares());
  std::vector<char> seen(static_cast<std::size_t>(g.size()), 0);
  for (std::size_t i = 0; i < path.size(); ++i) {
    REQUIRE(!seen[path[i]]);
    seen[path[i]] = 1;
    if (i == 0) continue;
    INFO("move " << i + 1);
    REQUIRE(independent_jump(g.rows, g.cols, p.piece.wrap, p.piece.leaper.a, p.piece.leaper.b,
                             g.square(path[i - 1]), g.square(path[i])));
  }
  if (p.closed) {
    REQUIRE(independent_jump(g.rows, g.cols, p.piece.wrap, p.piece.leaper.a, p.piece.leaper.b,
                             g.square(path.back()), g.square(path.front())));
  }
}

Problem make(const std::string& size, const std::string& leaper, const std::string& wrap,
             bool closed = false, const std::string& start = "") {
  kt::RequestText t;
  t.size = size;
  t.leaper = leaper;
  t.wrap = wrap;
  t.closed = closed ? "1" : "";
  t.start = start;  // empty: (1,1), or a closed tour's first free square
  kt::Request r;
  const std::string why = kt::parse_request(t, r);
  INFO(why);
  REQUIRE(why.empty());
  return r.problem;
}

Problem make_rect(int rows, int cols, Leaper l, Wrap w, bool closed, std::optional<Square> start) {
  Problem p;
  p.geometry = {rows, cols};
  p.piece = {l, w};
  p.closed = closed;
  p.start = start;
  return p;
}

}  // namespace

TEST_CASE("the independent jump test agrees with the knight's |dx| * |dy| == 2") {
  for (int i = 0; i < 64; ++i) {
    for (int j = 0; j < 64; ++j) {
      const Square u{i % 8 + 1, i / 8 + 1}, v{j % 8 + 1, j / 8 + 1};
      CHECK(independent_jump(8, 8, Wrap::none, 1, 2, u, v) ==
            (std::abs(u.x - v.x) * std::abs(u.y - v.y) == 2));
    }
  }
}

TEST_CASE("leaper and wrap are read from the request, named in refusals") {
  const Problem camel = make("8", "3,1", "");
  CHECK(camel.piece.leaper == Leaper{1, 3});
  CHECK(make("8", "giraffe", "torus").piece == Piece{{1, 4}, Wrap::torus});
  CHECK(make("8", "", "").piece.is_plain_knight());
  kt::Request r;
  kt::RequestText t;
  t.size = "8";
  for (const auto& [leaper, wrap, field] :
       {std::tuple{"0,0", "", "leaper: "}, std::tuple{"1,x", "", "leaper: "},
        std::tuple{"camelopard", "", "leaper: "}, std::tuple{"1,65", "", "leaper: "},
        std::tuple{"", "klein", "wrap: "}}) {
    t.leaper = leaper;
    t.wrap = wrap;
    const std::string why = kt::parse_request(t, r);
    CHECK(why.rfind(field, 0) == 0);
  }
}

TEST_CASE("a leaper with a + b even never changes colour: no tour on a plain board") {
  for (const char* leaper : {"1,3", "1,1", "2,2", "0,2", "3,5"}) {
    const Problem p = make("8", leaper, "", false, "1,1");
    const kt::Existence e = kt::settle(p);
    CHECK(e.answer == kt::Answer::none);
    CHECK_THAT(e.reason, Catch::Contains("never changes colour"));
  }
  // An even torus keeps the colours: still none. An odd one mixes them: the search decides.
  CHECK(kt::settle(make("6", "camel", "torus", false, "1,1")).answer == kt::Answer::none);
  CHECK(kt::settle(make("5", "camel", "torus", false, "1,1")).answer != kt::Answer::none);
  // a + b odd alternates as the knight: 5x5 from a light square has no zebra tour.
  CHECK_THAT(kt::settle(make("5", "zebra", "", false, "2,1")).reason,
             Catch::Contains("more numerous colour"));
}

TEST_CASE("leaper tours on several boards, every move checked afresh") {
  struct Case {
    const char* size;
    const char* leaper;
    const char* wrap;
    bool closed;
  };
  for (const Case c : {Case{"5", "camel", "torus", false}, Case{"7", "camel", "torus", false},
                       Case{"11", "camel", "torus", true}, Case{"5", "zebra", "torus", false},
                       Case{"7", "zebra", "torus", true}, Case{"10", "giraffe", "", false},
                       Case{"6", "giraffe", "torus", true}, Case{"8", "", "torus", true},
                       Case{"6", "", "cylinder", false}, Case{"5", "", "cylinder", true},
                       Case{"9", "0,1", "", false}, Case{"6", "2,5", "torus", false}}) {
    INFO(c.size << " " << c.leaper << " " << c.wrap << (c.closed ? " closed" : ""));
    Problem p = make(c.size, c.leaper, c.wrap, c.closed, c.closed ? "" : "1,1");
    kt::Solver s(p, kt::Method::automatic);
    s.set_time_limit(20);
    REQUIRE(s.run(std::uint64_t{1} << 32) == Status::found);
    check_tour(p, s.path());
    CHECK(s.verify().ok);
    // The core's verifier rejects the same tour for the knight on a plain board, unless it is
    // one (the knight's own cases on a plain board are not here).
    std::vector<std::int32_t> board(static_cast<std::size_t>(p.geometry.size()), 0);
    for (std::size_t i = 0; i < s.path().size(); ++i) board[s.path()[i]] = static_cast<int>(i) + 1;
    CHECK(kt::verify_board(p.geometry, board, p.closed, p.piece).ok);
    CHECK_FALSE(kt::verify_board(p.geometry, board, p.closed).ok);
  }
}

TEST_CASE("Warnsdorff's search and the textbook's take leapers and wraps") {
  const Problem p = make("7", "zebra", "torus", false, "1,1");
  for (const kt::Heuristic h : {kt::Heuristic::none, kt::Heuristic::warnsdorff}) {
    auto search = kt::make_search(p, kt::kTextbookOrder, h);
    REQUIRE(search->run(std::uint64_t{1} << 30) == Status::found);
    check_tour(p, search->path());
  }
}

TEST_CASE("the verifier checks moves against the piece and the wrap") {
  const kt::Geometry g{5, 5};
  // (1,1) -> (5,2): a knight's jump across the left edge of a cylinder, not on a plain board.
  std::vector<Square> two{{1, 1}, {5, 3}};
  const Piece cylinder{kt::kKnight, Wrap::cylinder};
  CHECK(independent_jump(5, 5, Wrap::cylinder, 1, 2, two[0], two[1]));
  // Boards of two squares: a 1x2 strip where the wazir steps, the knight cannot.
  const kt::Geometry strip{1, 2};
  const std::vector<Square> steps{{1, 1}, {2, 1}};
  CHECK(kt::verify_path(strip, steps, false, Piece{{0, 1}, Wrap::none}).ok);
  CHECK_FALSE(kt::verify_path(strip, steps).ok);
  CHECK_THAT(kt::verify_path(strip, steps, false, Piece{{1, 3}, Wrap::none}).reason,
             Catch::Contains("not a jump of the camel (1,3)"));
  // A found cylinder tour uses the seam; it fails as a plain board's.
  const Problem p = make("5", "", "cylinder", true);
  kt::Solver s(p, kt::Method::automatic);
  REQUIRE(s.run(std::uint64_t{1} << 30) == Status::found);
  std::vector<Square> path;
  for (const std::int32_t i : s.path()) path.push_back(g.square(i));
  CHECK(kt::verify_path(g, path, true, cylinder).ok);
  CHECK_FALSE(kt::verify_path(g, path, true).ok);
  // The compact verifier reads directions for the piece and wraps them.
  const auto compact = s.compact();
  REQUIRE(compact);
  CHECK(kt::verify_compact(p, *compact).ok);
  CHECK(kt::verify_successors(p, *compact).ok);
  Problem plain = p;
  plain.piece = {};
  CHECK_FALSE(kt::verify_compact(plain, *compact).ok);
  // Malformed boards are still rejected whatever the piece.
  const std::vector<std::int32_t> twice{1, 1};
  CHECK_FALSE(kt::verify_board(strip, twice, false, Piece{{0, 1}, Wrap::torus}).ok);
}

TEST_CASE("counts by search of leaper and wrapped boards match a brute-force counter") {
  struct Case {
    int rows, cols;
    Leaper leaper;
    Wrap wrap;
    bool closed;
    std::optional<Square> start;
  };
  const Case cases[] = {
      {3, 4, kt::kKnight, Wrap::cylinder, false, std::nullopt},
      {3, 4, kt::kKnight, Wrap::cylinder, true, std::nullopt},
      {4, 4, kt::kKnight, Wrap::cylinder, false, std::nullopt},
      {4, 4, kt::kKnight, Wrap::cylinder, true, std::nullopt},
      {3, 3, kt::kKnight, Wrap::torus, false, std::nullopt},
      {4, 4, kt::kKnight, Wrap::torus, false, Square{1, 1}},
      {4, 4, kt::kKnight, Wrap::torus, true, std::nullopt},
      {3, 4, {0, 1}, Wrap::none, false, std::nullopt},
      {4, 4, {0, 1}, Wrap::none, true, std::nullopt},
      {4, 5, {1, 4}, Wrap::cylinder, false, std::nullopt},
      {3, 5, {1, 3}, Wrap::cylinder, false, std::nullopt},
      {3, 3, {1, 1}, Wrap::torus, true, std::nullopt},
      {4, 3, {2, 3}, Wrap::torus, false, Square{2, 2}},
  };
  for (const Case& c : cases) {
    INFO(c.rows << "x" << c.cols << " (" << c.leaper.a << "," << c.leaper.b << ") wrap "
                << kt::to_string(c.wrap) << (c.closed ? " closed" : ""));
    const Problem p = make_rect(c.rows, c.cols, c.leaper, c.wrap, c.closed, c.start);
    const auto adj = independent_graph(c.rows, c.cols, c.wrap, c.leaper.a, c.leaper.b);
    const int start = c.start ? p.geometry.index(*c.start) : -1;
    const std::uint64_t expected = brute_force_count(adj, c.closed, start);
    for (const bool symmetry : {true, false}) {
      kt::CountOptions o;
      o.use_symmetry = symmetry;
      const kt::CountResult r = kt::count_tours(p, o);
      REQUIRE(r.error.empty());
      CHECK(r.complete);
      CHECK(r.count == expected);
    }
  }
}

TEST_CASE("the Hamiltonian cycles of the 4x4 grid: the wazir's closed tours") {
  // OEIS A003763 (Hamiltonian cycles on a 2n x 2n square grid): 1, 6, 1072, ...
  const Problem p = make_rect(4, 4, {0, 1}, Wrap::none, true, std::nullopt);
  CHECK(kt::count_tours(p).count == 6);
}

TEST_CASE("counting by rows takes the wazir: the grid's Hamiltonian paths and cycles") {
  const auto by_rows = [](int rows, int cols, bool closed) {
    const auto r = kt::count_frontier(make_rect(rows, cols, {0, 1}, Wrap::none, closed, {}));
    REQUIRE(r.error.empty());
    REQUIRE(r.complete);
    return r.count.to_string();
  };
  // OEIS A096969 (directed Hamiltonian paths of the n x n grid).
  const char* open[] = {"1", "8", "40", "552", "8648", "458696", "27070560", "6046626568"};
  for (int n = 1; n <= 8; ++n) CHECK(by_rows(n, n, false) == open[n - 1]);
  // OEIS A003763 (Hamiltonian cycles of the 2n x 2n grid); none where the squares are odd in
  // number (the colours alternate round a cycle).
  CHECK(by_rows(2, 2, true) == "1");
  CHECK(by_rows(4, 4, true) == "6");
  CHECK(by_rows(6, 6, true) == "1072");
  CHECK(by_rows(8, 8, true) == "4638576");
  CHECK(by_rows(10, 10, true) == "467260456608");
  CHECK(by_rows(5, 5, true) == "0");
  // A strip one square wide: one path each way, no cycle.
  CHECK(by_rows(1, 6, false) == "2");
  CHECK(by_rows(7, 1, true) == "0");
}

TEST_CASE("the wazir by rows: long strips by periods and square boards in halves count alike") {
  // As one run over every square (the halves and the periods off) counts them.
  for (const auto& [rows, cols] :
       std::vector<std::pair<int, int>>{{4, 40}, {3, 31}, {6, 7}, {7, 7}}) {
    for (const bool closed : {false, true}) {
      const Problem p = make_rect(rows, cols, {0, 1}, Wrap::none, closed, {});
      INFO(rows << "x" << cols << (closed ? " closed" : " open"));
      kt::FrontierOptions plain;
      plain.halves = false;
      plain.periods = false;
      const auto one_run = kt::count_frontier(p, plain);
      const auto chosen = kt::count_frontier(p);
      REQUIRE(one_run.error.empty());
      REQUIRE(chosen.error.empty());
      CHECK(chosen.count.to_string() == one_run.count.to_string());
      CHECK((closed || !chosen.count.is_zero()));
    }
  }
}

TEST_CASE("the wazir by rows agrees with the search, with blocked squares and fixed ends") {
  const std::vector<std::tuple<int, int, std::vector<Square>>> boards{
      {3, 4, {}},       {4, 4, {{2, 2}}}, {4, 5, {{1, 1}, {3, 4}}},
      {5, 4, {{2, 3}}}, {3, 7, {{4, 2}}}, {5, 5, {{3, 3}}},
  };
  for (const auto& [rows, cols, blocked] : boards) {
    Problem p = make_rect(rows, cols, {0, 1}, Wrap::none, false, {});
    if (!blocked.empty()) {
      p.blocked.assign(static_cast<std::size_t>(rows * cols), 0);
      for (const Square b : blocked) p.blocked[static_cast<std::size_t>(p.geometry.index(b))] = 1;
    }
    INFO(rows << "x" << cols << " with " << blocked.size() << " blocked");
    const auto agree = [](const Problem& q) {
      const auto rows_count = kt::count_frontier(q);
      REQUIRE(rows_count.error.empty());
      const auto search = kt::count_tours(q);
      REQUIRE(search.error.empty());
      CHECK(rows_count.count.to_string() == std::to_string(search.count));
    };
    agree(p);
    Problem c = p;
    c.closed = true;
    agree(c);
    for (int i = 0; i < rows * cols; ++i) {
      if (p.is_blocked(i)) continue;
      Problem s = p;
      s.start = p.geometry.square(i);
      agree(s);
      const int j = (i * 7 + 3) % (rows * cols);
      if (j != i && !p.is_blocked(j)) {
        s.end = p.geometry.square(j);
        agree(s);
      }
    }
  }
}

TEST_CASE("counting by rows refuses the leapers its window of two rows does not hold") {
  const std::string why =
      kt::check_frontier_problem(make_rect(6, 6, {1, 3}, Wrap::none, false, {}));
  CHECK(why ==
        "leaper: counting by rows takes the knight and the wazir (0,1), not the camel (1,3)");
  CHECK(kt::check_frontier_problem(make_rect(6, 6, {1, 1}, Wrap::none, true, {}))
            .rfind("leaper: ", 0) == 0);
  CHECK(kt::check_frontier_problem(make_rect(6, 6, {0, 1}, Wrap::cylinder, true, {})) ==
        "wrap: counting by rows takes plain boards only, not the cylinder");
  CHECK(kt::check_frontier_problem(make_rect(6, 6, {0, 1}, Wrap::none, true, {})).empty());
}

TEST_CASE("a wazir's saved count goes on as the wazir's and is refused as the knight's") {
  const std::string path =
      (std::filesystem::temp_directory_path() / "kt-leaper-test-wazir.state").string();
  const Problem wazir = make_rect(6, 6, {0, 1}, Wrap::none, false, {});
  std::atomic<bool> stop{false};
  kt::FrontierOptions options;
  options.save_path = path;
  options.save_after = 0;
  options.save_in_background_from = UINT64_MAX;
  options.stop = &stop;
  options.on_save = [&](const kt::FrontierSaved&) { stop = true; };
  const auto first = kt::count_frontier(wazir, options);
  REQUIRE(first.saves > 0);
  REQUIRE_FALSE(first.complete);
  Problem saved;
  REQUIRE(kt::read_saved_problem(path, saved).empty());
  CHECK(saved.piece.leaper == Leaper{0, 1});
  kt::FrontierOptions again;
  again.resume_path = path;
  Problem knight = wazir;
  knight.piece.leaper = kt::kKnight;
  const auto refused = kt::count_frontier(knight, again);
  CHECK_FALSE(refused.complete);
  CHECK(refused.error == path +
                             ": saved for another board (6x6 open, the wazir (0,1); this count is "
                             "of 6x6 open)");
  const auto second = kt::count_frontier(saved, again);
  REQUIRE(second.error.empty());
  CHECK(second.count.to_string() == "458696");  // OEIS A096969
  std::filesystem::remove(path);
}

TEST_CASE("engines that take the knight on a plain board alone refuse others by name") {
  const Problem camel = make("100", "camel", "torus", true);
  CHECK(kt::construction_refusal(camel).rfind("leaper: ", 0) == 0);
  const Problem wrapped = make("100", "", "torus", true);
  CHECK(kt::construction_refusal(wrapped).rfind("wrap: ", 0) == 0);
  CHECK(kt::check_frontier_problem(make("6", "zebra", "", false)).rfind("leaper: ", 0) == 0);
  CHECK(kt::check_frontier_problem(make("6", "", "cylinder", false)).rfind("wrap: ", 0) == 0);
  kt::RequestText t;
  t.size = "9";
  t.leaper = "giraffe";
  t.method = "construct";
  kt::Request r;
  CHECK(kt::parse_solve_request(t, r).reason.rfind("leaper: ", 0) == 0);
  // The listings try eight different squares.
  CHECK(kt::listing_refusal(make("5", "1,1", "torus", false, "1,1")).rfind("leaper: ", 0) == 0);
  CHECK(kt::listing_refusal(make("4", "", "torus", false, "1,1")).rfind("wrap: ", 0) == 0);
  CHECK(kt::listing_refusal(make("7", "zebra", "torus", false, "1,1")).empty());
}

TEST_CASE("the textbook's machine walks the engines' tree for a leaper on a torus") {
  // (On a 5x5 torus the zebra's 3 is its -2: jumps fold, and the listings refuse it.)
  CHECK_FALSE(kt::listing_refusal(make("5", "zebra", "torus", false, "1,1")).empty());
  const Problem p = make("7", "zebra", "torus", false, "1,1");
  REQUIRE(kt::listing_refusal(p).empty());
  kt::TryMoveMachine m(p, kt::kTextbookOrder);
  while (m.step_line()) {
  }
  auto search = kt::make_search(p, kt::kTextbookOrder);
  search->run(std::uint64_t{1} << 30);
  CHECK(m.status() == search->status());
  CHECK(m.placed() == search->counters().placed);
  CHECK(m.erased() == search->counters().erased);
  check_tour(p, search->path());
}

TEST_CASE("Knuth's estimate walks the leaper's tree") {
  // A 1x5 strip: the wazir's tree from (1,1) is one path of four moves, so every probe is
  // exact; the knight has no move there at all.
  kt::RequestText t;
  t.rows = "1";
  t.cols = "5";
  t.leaper = "wazir";
  kt::Request r;
  REQUIRE(kt::parse_request(t, r).empty());
  const kt::TreeEstimate e = kt::estimate_tree(r.problem, 10);
  CHECK(e.nodes.ln == Approx(std::log(4.0)));
  CHECK(e.tours.ln == Approx(0.0).margin(1e-12));
}
