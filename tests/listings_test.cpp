// The course listings (core/teaching/listing.hpp): every line the machine runs is a line of
// each listing, stepping back restores exactly what stepping forward showed, the recursive
// pseudocode runs its own semantics (a call per candidate) against a plain implementation, and
// the handout's Try_All displays every tour, each one the verifier accepts, then ends.
#include <catch2/catch.hpp>
#include <set>
#include <vector>

#include "counting/count.hpp"
#include "search/search.hpp"
#include "teaching/listing.hpp"
#include "teaching/timeline.hpp"
#include "verify/verify.hpp"

namespace {

struct Seen {
  std::vector<std::int32_t> board;
  std::vector<std::int32_t> squares;
  std::vector<int> counts;
  int line;
  std::string locals;
};

Seen seen(const kt::Listing& l, const kt::TryMoveMachine& m) {
  Seen s{m.board(), {}, {}, kt::current_line(l, m), ""};
  for (const auto& f : m.frames()) {
    s.squares.push_back(f.square);
    s.counts.push_back(f.count);
  }
  if (!m.frames().empty()) {
    s.locals = kt::format_locals(kt::frame_locals(l, m, m.frames().size() - 1));
  }
  return s;
}

void require_same(const Seen& a, const Seen& b) {
  REQUIRE(a.board == b.board);
  REQUIRE(a.squares == b.squares);
  REQUIRE(a.counts == b.counts);
  REQUIRE(a.line == b.line);
  REQUIRE(a.locals == b.locals);
}

kt::Listing listing_for(std::string_view name) {
  const auto own = kt::make_listing(name, kt::kTextbookOrder);
  REQUIRE(own);
  return *kt::make_listing(name, own->order ? *own->order : kt::kTextbookOrder);
}

// The recursive pseudocode as a student would type it, squares from 0, marked on entry.
struct PlainMove {
  explicit PlainMove(int side) : n(side), visited(side, std::vector<bool>(side, false)) {}
  int n;
  std::vector<std::vector<bool>> visited;
  std::uint64_t calls = 0;
  std::vector<std::pair<int, int>> printed;

  bool move(int x, int y, int m) {
    ++calls;
    if (x < 0 || x >= n || y < 0 || y >= n) return false;
    if (visited[x][y]) return false;
    visited[x][y] = true;
    if (m == n * n - 1) {
      printed.emplace_back(x, y);
      return true;
    }
    bool result = false;
    result = result || move(x + 2, y + 1, m + 1);
    result = result || move(x + 2, y - 1, m + 1);
    result = result || move(x - 2, y + 1, m + 1);
    result = result || move(x - 2, y - 1, m + 1);
    result = result || move(x + 1, y + 2, m + 1);
    result = result || move(x + 1, y - 2, m + 1);
    result = result || move(x - 1, y + 2, m + 1);
    result = result || move(x - 1, y - 2, m + 1);
    if (result) {
      printed.emplace_back(x, y);
      return true;
    }
    visited[x][y] = false;
    return false;
  }
};

}  // namespace

TEST_CASE("every listing: each line the machine runs is a line of the listing", "[heavy]") {
  for (const std::string_view name : kt::listing_names()) {
    const kt::Listing l = listing_for(name);
    INFO(name);
    // Try_All runs to the end of the tree: 67.6 million lines on 5x5 (the tests below walk
    // them), 1.4 million on 4x5, which has its 32 tours from the corner.
    const bool whole_tree = l.semantics == kt::Semantics::try_all;
    const kt::Problem p =
        kt::open_problem(whole_tree ? kt::Geometry{4, 5} : kt::Geometry{5, 5}, {1, 1});
    kt::TryMoveMachine m(p, l.order ? *l.order : kt::kTextbookOrder, l.semantics);
    std::vector<bool> used(l.lines.size(), false);
    while (m.status() == kt::Status::running) {
      const std::vector<int> lines = kt::current_lines(l, m);
      REQUIRE(!lines.empty());
      for (const int i : lines) {
        REQUIRE(i >= 0);
        REQUIRE(i < static_cast<int>(l.lines.size()));
        used[i] = true;
      }
      REQUIRE(kt::frame_locals(l, m, m.frames().size() - 1).size() == l.locals.size());
      m.step_line();
    }
    REQUIRE(m.status() == kt::Status::found);
    // Every line that names a machine line is reached on the way to the first tour (Try_All's:
    // to the end of the tree).
    for (std::size_t i = 0; i < l.lines.size(); ++i) {
      INFO(l.lines[i].text);
      if (l.lines[i].point >= 0) CHECK(used[i]);
    }
  }
}

TEST_CASE("every listing stepped forward and back: the same board, stack, line and locals") {
  const kt::Problem p = kt::open_problem({5, 5}, {1, 1});
  for (const std::string_view name : kt::listing_names()) {
    const kt::Listing l = listing_for(name);
    INFO(name);
    kt::Timeline t(p, l.order ? *l.order : kt::kTextbookOrder, std::size_t{1} << 20, l.semantics);
    std::vector<Seen> forward{seen(l, t.machine())};
    for (int i = 0; i < 3000; ++i) {
      t.forward(kt::Granularity::line, 1, 10);
      forward.push_back(seen(l, t.machine()));
    }
    // Some orders find the tour within these lines: step back from where the run ended.
    const int last = static_cast<int>(t.furthest());
    for (int i = last; i > 0; i -= 7) {
      t.seek(static_cast<std::uint64_t>(i));
      require_same(seen(l, t.machine()), forward[static_cast<std::size_t>(i)]);
      t.back(kt::Granularity::line, 1);
      require_same(seen(l, t.machine()), forward[static_cast<std::size_t>(i - 1)]);
    }
    // Step over a call and step out of one, deep in the run: back at the caller's depth.
    t.seek(static_cast<std::uint64_t>(last) / 2);
    auto to_call = [&t] {
      while (t.machine().status() == kt::Status::running && !t.machine().at_call()) {
        t.forward(kt::Granularity::line, 1, 10);
      }
      REQUIRE(t.machine().at_call());
    };
    to_call();
    const std::size_t depth = t.machine().frames().size();
    const std::uint64_t before = t.machine().lines();
    REQUIRE(t.step_over(10'000'000));
    REQUIRE(t.machine().frames().size() == depth);
    REQUIRE(t.machine().lines() > before + 1);
    to_call();
    t.forward(kt::Granularity::line, 1, 10);  // into the call
    const std::size_t inner = t.machine().frames().size();
    REQUIRE(inner > 1);
    REQUIRE(t.step_out(10'000'000));
    REQUIRE(t.machine().frames().size() == inner - 1);
  }
}

TEST_CASE("the pseudocode on 5x5 from (1,1): as many calls as a plain recursive Move") {
  PlainMove plain(5);
  REQUIRE(plain.move(0, 0, 0));
  const kt::Listing l = listing_for("pseudocode");
  kt::TryMoveMachine m(kt::open_problem({5, 5}, {1, 1}), *l.order, l.semantics);
  m.run_until({kt::TryMoveMachine::Goal::Kind::end, 0}, ~std::uint64_t{0});
  REQUIRE(m.status() == kt::Status::found);
  REQUIRE(m.calls() == plain.calls);
  REQUIRE(m.calls() == 579981);
  // The path printed on the way out: the last square first, squares numbered from 1 here.
  REQUIRE(m.printed().size() == plain.printed.size());
  for (std::size_t i = 0; i < plain.printed.size(); ++i) {
    const kt::Square s = m.geometry().square(m.printed()[i]);
    REQUIRE(s.x - 1 == plain.printed[i].first);
    REQUIRE(s.y - 1 == plain.printed[i].second);
    REQUIRE(m.board()[m.printed()[i]] == 25 - static_cast<int>(i));
  }
}

TEST_CASE("the pseudocode's calls: rejected on entry, and OR stops calling after a success") {
  const kt::Listing l = listing_for("pseudocode");
  kt::TryMoveMachine m(kt::open_problem({5, 5}, {1, 1}), *l.order, l.semantics);
  REQUIRE(m.line() == kt::Line::off_board);
  REQUIRE(kt::format_locals(kt::frame_locals(l, m, 0)) == "x=0 y=0 m=0 result=?");
  REQUIRE(kt::format_call(l, m, 0) == "Move(0, 0, 0)");
  const kt::Line first[] = {kt::Line::off_board, kt::Line::visited, kt::Line::mark,
                            kt::Line::full,      kt::Line::result,  kt::Line::call};
  for (const kt::Line line : first) {
    REQUIRE(m.line() == line);
    m.step_line();
  }
  // Move(x+2, y+1, m+1): entered on (3,2) (the page's numbering), checked, then marked 2.
  REQUIRE(m.frames().size() == 2);
  REQUIRE(m.calls() == 2);
  REQUIRE(kt::format_locals(kt::frame_locals(l, m, 0)) == "x=0 y=0 m=0 result=false");
  REQUIRE(m.frames()[1].at == kt::Square{3, 2});
  // A call off the board returns false at once: back in the caller on the next call line.
  kt::TryMoveMachine off = m;
  while (off.frames().back().square >= 0 || off.frames().size() < 2) off.step_line();
  const std::size_t depth = off.frames().size();
  off.step_line();
  REQUIRE(off.frames().size() == depth - 1);
  REQUIRE(off.returned() == 0);
  REQUIRE(off.line() == kt::Line::call);
  // After the first tour every remaining call line is run without a call.
  m.run_until({kt::TryMoveMachine::Goal::Kind::end, 0}, ~std::uint64_t{0});
  REQUIRE(m.placed() - m.erased() == 25);
}

TEST_CASE("locals as each listing names them") {
  const kt::Problem p = kt::open_problem({5, 5}, {1, 1});
  const kt::Listing w = listing_for("wirth");
  kt::TryMoveMachine m(p, *w.order);
  m.step_line();  // k := k + 1; u, v
  REQUIRE(kt::format_locals(kt::frame_locals(w, m, 0)) == "i=2 x=1 y=1 k=1 u=3 v=2 q1=false");
  REQUIRE(kt::format_call(w, m, 0) == "try(2, 1, 1)");
  m.step_line();  // acceptable
  m.step_line();  // h[u, v] := i
  REQUIRE(m.line() == kt::Line::filled);
  // Wirth's q1 stays false until the call sets it (Sutcliffe's moveOK is already TRUE).
  REQUIRE(kt::format_locals(kt::frame_locals(w, m, 0)) == "i=2 x=1 y=1 k=1 u=3 v=2 q1=false");
  const kt::Listing s = listing_for("sutcliffe");
  REQUIRE(kt::format_locals(kt::frame_locals(s, m, 0)) ==
          "moveNumber=2 x=1 y=1 count=1 m=3 n=2 moveOK=true");
  const kt::Listing py = listing_for("python");
  REQUIRE(kt::format_locals(kt::frame_locals(py, m, 0)) == "move=2 x=0 y=0 k=0 u=2 v=1");
  REQUIRE(kt::format_call(py, m, 0) == "try_move(2, 0, 0)");
  REQUIRE(!kt::make_listing("basic", kt::kTextbookOrder));
}

TEST_CASE("a for loop from 0 has set k before the line after it: never k=? in a call") {
  const kt::Problem p = kt::open_problem({5, 5}, {1, 1});
  for (const char* name : {"python", "java", "c"}) {
    INFO(name);
    const kt::Listing l = listing_for(name);
    kt::TryMoveMachine m(p, kt::kTextbookOrder);
    // The first call's first line is the one after the for: k is the first candidate, 0.
    REQUIRE(kt::format_locals(kt::frame_locals(l, m, 0)).find(" k=0 ") != std::string::npos);
    for (int i = 0; i < 20'000 && m.step_line(); ++i) {
      for (std::size_t f = 0; f < m.frames().size(); ++f) {
        for (const kt::Local& v : kt::frame_locals(l, m, f)) {
          if (v.name == "k") REQUIRE(v.kind != kt::Local::Kind::unset);
        }
      }
    }
  }
}

TEST_CASE("breakpoints: a run forward stops before the line, whichever the granularity") {
  const kt::Listing l = listing_for("sutcliffe");
  kt::Timeline t(kt::open_problem({5, 5}, {1, 1}), *l.order);
  // Line 13 (0-based 12): IF NOT moveOK THEN board [m, n] := 0
  const int erase_line = 12;
  REQUIRE(l.lines[erase_line].point == static_cast<int>(kt::Line::erase));
  const std::vector<int> lines{erase_line};
  t.set_breakpoints(kt::breakpoint_mask(l, lines));
  REQUIRE(t.forward(kt::Granularity::tour, 1, 10'000'000));
  REQUIRE(t.stopped_at_break());
  REQUIRE(kt::current_line(l, t.machine()) == erase_line);
  const std::uint64_t first = t.machine().lines();
  // Again: it runs at least one line before stopping.
  REQUIRE(t.forward(kt::Granularity::tour, 1, 10'000'000));
  REQUIRE(t.stopped_at_break());
  REQUIRE(t.machine().lines() > first);
  REQUIRE(t.machine().line() == kt::Line::erase);
  // The pseudocode's call lines stop on their own candidate only.
  const kt::Listing p = listing_for("pseudocode");
  kt::Timeline u(kt::open_problem({5, 5}, {1, 1}), *p.order, std::size_t{1} << 20, p.semantics);
  int third_call = -1;
  for (int i = 0; i < static_cast<int>(p.lines.size()); ++i) {
    if (p.lines[i].candidate == 3) third_call = i;
  }
  REQUIRE(third_call > 0);
  const std::vector<int> calls{third_call};
  u.set_breakpoints(kt::breakpoint_mask(p, calls));
  REQUIRE(u.forward(kt::Granularity::tour, 1, 10'000'000));
  REQUIRE(u.stopped_at_break());
  REQUIRE(kt::current_line(p, u.machine()) == third_call);
  REQUIRE(u.machine().frames().back().count == 2);
}

TEST_CASE("narration: one plain sentence on the line that runs next") {
  const kt::Listing w = listing_for("wirth");
  kt::TryMoveMachine m(kt::open_problem({5, 5}, {1, 1}), *w.order);
  REQUIRE(kt::narrate(w, m) == "Try candidate 1 of 8 from (1,1).");
  m.step_line();
  REQUIRE(kt::narrate(w, m) == "Is (3,2) on the board and not yet visited?");
  m.step_line();
  REQUIRE(kt::narrate(w, m) == "(3,2) is free: write move 2 on it.");
  const kt::Listing p = listing_for("pseudocode");
  kt::TryMoveMachine q(kt::open_problem({5, 5}, {1, 1}), *p.order, p.semantics);
  REQUIRE(kt::narrate(p, q) == "Move(0,0) is called: is (0,0) off the board?");
  while (q.status() == kt::Status::running) {
    REQUIRE(!kt::narrate(p, q).empty());
    q.step_line();
  }
  REQUIRE(kt::narrate(p, q) == "The outermost call returned true: the tour is complete.");
}

namespace {

// The machine stepped from the start to `lines` lines, for comparison with a timeline's state.
kt::TryMoveMachine try_all_at(const kt::Problem& p, std::uint64_t lines) {
  kt::TryMoveMachine m(p, kt::kHandoutOrder, kt::Semantics::try_all);
  m.run_until({kt::TryMoveMachine::Goal::Kind::lines, lines}, lines);
  return m;
}

}  // namespace

TEST_CASE("listing handout-all: Try_All's first lines, locals and sentences") {
  const kt::Listing l = listing_for("handout-all");
  REQUIRE(l.semantics == kt::Semantics::try_all);
  REQUIRE(l.order == &kt::kHandoutOrder);
  kt::TryMoveMachine m(kt::open_problem({5, 5}, {1, 1}), *l.order, l.semantics);
  REQUIRE(kt::format_call(l, m, 0) == "Try_All(2, 1, 1)");
  REQUIRE(l.lines[static_cast<std::size_t>(kt::current_line(l, m))].text ==
          "    if k > board.size1*board.size2 then");
  REQUIRE(kt::format_locals(kt::frame_locals(l, m, 0)) == "k=2 x=1 y=1 d=0 new_x=? new_y=?");
  REQUIRE(kt::narrate(l, m) == "Is k = 2 past the board's 25 squares?");
  // from d := 1, until d > 8, then candidate 1 of the handout's order: (-1,2), off the board.
  const kt::Line first[] = {kt::Line::full,   kt::Line::first,      kt::Line::until,
                            kt::Line::select, kt::Line::acceptable, kt::Line::next,
                            kt::Line::until,  kt::Line::select};
  for (const kt::Line line : first) {
    REQUIRE(m.line() == line);
    m.step_line();
  }
  // d = 2: (0,3), off the board too; its new_x, new_y are set by the select line just run.
  REQUIRE(kt::format_locals(kt::frame_locals(l, m, 0)) == "k=2 x=1 y=1 d=2 new_x=0 new_y=3");
  m.run_until({kt::TryMoveMachine::Goal::Kind::moves, 1}, 100);
  REQUIRE(m.last_effect() == kt::Effect::placed);
  REQUIRE(m.line() == kt::Line::recurse);
  REQUIRE(kt::narrate(l, m) == "Call Try_All again from (2,3) to place move 3.");
  m.step_line();
  REQUIRE(kt::format_call(l, m, 1) == "Try_All(3, 2, 3)");
  REQUIRE(m.line() == kt::Line::full);
}

TEST_CASE("listing handout-all: on 5x5 from (1,1) the machine displays the 304 tours, then ends",
          "[heavy]") {
  const kt::Listing l = listing_for("handout-all");
  const kt::Problem p = kt::open_problem({5, 5}, {1, 1});
  const std::int32_t start = p.geometry.index({1, 1});
  kt::TryMoveMachine m(p, *l.order, l.semantics);
  // The tours the counting engine lists, as boards.
  std::set<std::vector<std::int32_t>> listed;
  kt::CountOptions options;
  options.on_tour = [&](std::span<const std::int32_t> path) {
    std::vector<std::int32_t> board(static_cast<std::size_t>(p.geometry.size()), 0);
    for (std::size_t i = 0; i < path.size(); ++i) board[path[i]] = static_cast<int>(i) + 1;
    listed.insert(std::move(board));
  };
  REQUIRE(kt::count_tours(p, options).count == 304);
  // The handout's Try, in the same order, walks the same tree to its first tour.
  kt::TryMoveMachine first(p, *l.order);
  first.run_until({kt::TryMoveMachine::Goal::Kind::end, 0}, ~std::uint64_t{0});
  REQUIRE(first.status() == kt::Status::found);
  std::set<std::vector<std::int32_t>> boards;
  while (m.step_line()) {
    if (m.last_effect() != kt::Effect::displayed) {
      REQUIRE(m.tours() == boards.size());
      continue;
    }
    INFO("tour " << m.tours());
    // "Display Board" in the call one past the last move, on a board the verifier accepts.
    REQUIRE(m.frames().back().move == 26);
    REQUIRE(m.line() == kt::Line::ret);
    REQUIRE(m.board()[start] == 1);
    REQUIRE(kt::verify_board(m.geometry(), m.board()).ok);
    REQUIRE(boards.insert(m.board()).second);  // each tour once
    REQUIRE(m.tours() == boards.size());
    if (m.tours() == 1) {
      REQUIRE(m.board() == first.board());
      REQUIRE(m.placed() == first.placed());
    }
    const std::string said = kt::narrate(l, m);
    REQUIRE(said.starts_with("Tour " + std::to_string(m.tours()) + " displayed"));
  }
  // knights count --size 5 --start 1,1: the 304 directed open tours from a corner.
  REQUIRE(boards.size() == 304);
  REQUIRE(boards == listed);
  REQUIRE(m.tours() == 304);
  REQUIRE(m.status() == kt::Status::found);
  REQUIRE(m.frames().empty());
  // Every move taken back: only the start is left.
  REQUIRE(m.placed() == m.erased());
  for (std::int32_t i = 0; i < p.geometry.size(); ++i) REQUIRE(m.board()[i] == (i == start));
  REQUIRE(kt::narrate(l, m) ==
          "The outermost call has returned: the tree is exhausted, 304 tours displayed.");
}

TEST_CASE("listing handout-all: as many tours displayed as the counting engine counts") {
  const kt::Listing l = listing_for("handout-all");
  for (const kt::Geometry g : {kt::Geometry{3, 4}, kt::Geometry{4, 3}, kt::Geometry{4, 4},
                               kt::Geometry{3, 7}, kt::Geometry{4, 5}}) {
    for (const kt::Square start : {kt::Square{1, 1}, kt::Square{2, 1}}) {
      const kt::Problem p = kt::open_problem(g, start);
      INFO(g.rows << "x" << g.cols << " from " << start.x << "," << start.y);
      kt::TryMoveMachine m(p, *l.order, l.semantics);
      REQUIRE(m.run_until({kt::TryMoveMachine::Goal::Kind::end, 0}, ~std::uint64_t{0}));
      REQUIRE(m.tours() == kt::count_tours(p).count);
      REQUIRE(m.status() == (m.tours() > 0 ? kt::Status::found : kt::Status::none));
    }
  }
}

TEST_CASE("listing handout-all: on 3x3 the machine ends with no tour displayed") {
  const kt::Listing l = listing_for("handout-all");
  kt::TryMoveMachine m(kt::open_problem({3, 3}, {1, 1}), *l.order, l.semantics);
  REQUIRE(m.run_until({kt::TryMoveMachine::Goal::Kind::end, 0}, 1'000'000));
  REQUIRE(m.status() == kt::Status::none);
  REQUIRE(m.tours() == 0);
  REQUIRE(m.frames().empty());
  REQUIRE(m.placed() > 0);
  REQUIRE(m.placed() == m.erased());
  REQUIRE(kt::narrate(l, m) ==
          "The outermost call has returned: the tree is exhausted, no tour displayed.");
}

TEST_CASE("listing handout-all: the timeline steps by tour, back from the end and forward again",
          "[heavy]") {
  const kt::Listing l = listing_for("handout-all");
  const kt::Problem p = kt::open_problem({5, 5}, {1, 1});
  // A small budget: checkpoints get thinned over the whole tree.
  kt::Timeline t(p, *l.order, std::size_t{1} << 20, l.semantics);
  std::vector<Seen> shown;
  std::vector<std::uint64_t> at;
  // Step by tour: each step stops right after "Display Board".
  while (t.forward(kt::Granularity::tour, 1, ~std::uint64_t{0})) {
    REQUIRE(t.machine().last_effect() == kt::Effect::displayed);
    REQUIRE(t.machine().tours() == shown.size() + 1);
    shown.push_back(seen(l, t.machine()));
    at.push_back(t.machine().lines());
  }
  REQUIRE(shown.size() == 304);
  REQUIRE(t.machine().status() == kt::Status::found);
  const std::uint64_t end = t.machine().lines();
  REQUIRE(end == t.furthest());
  const Seen last = seen(l, t.machine());
  // Back one tour from the end: right after the last one was displayed; then further back.
  t.back(kt::Granularity::tour);
  REQUIRE(t.machine().lines() == at[303]);
  require_same(seen(l, t.machine()), shown[303]);
  t.back(kt::Granularity::tour, 300);
  REQUIRE(t.machine().lines() == at[3]);
  require_same(seen(l, t.machine()), shown[3]);
  t.back(kt::Granularity::tour);
  REQUIRE(t.machine().tours() == 3);
  require_same(seen(l, t.machine()), shown[2]);
  // And forward again: the same tours at the same lines.
  for (std::size_t i = 3; i < 10; ++i) {
    REQUIRE(t.forward(kt::Granularity::tour, 1, ~std::uint64_t{0}));
    REQUIRE(t.machine().lines() == at[i]);
    require_same(seen(l, t.machine()), shown[i]);
  }
  t.back(kt::Granularity::tour, 1000);
  REQUIRE(t.machine().lines() == 0);
  // Back by lines, moves and dead ends from the end, each state the one a fresh run reaches.
  t.seek(end);
  require_same(seen(l, t.machine()), last);
  t.back(kt::Granularity::line);
  require_same(seen(l, t.machine()), seen(l, try_all_at(p, end - 1)));
  t.back(kt::Granularity::move, 5);
  const std::uint64_t moved = t.machine().lines();
  require_same(seen(l, t.machine()), seen(l, try_all_at(p, moved)));
  t.back(kt::Granularity::dead_end, 40);
  require_same(seen(l, t.machine()), seen(l, try_all_at(p, t.machine().lines())));
  REQUIRE(t.machine().last_effect() == kt::Effect::erased);
  // Forward again to the end: the same final state.
  REQUIRE(t.forward(kt::Granularity::line, end - t.machine().lines(), ~std::uint64_t{0}));
  REQUIRE(t.machine().lines() == end);
  require_same(seen(l, t.machine()), last);
  // The scrubber: any line, the state a fresh run reaches.
  for (const std::uint64_t line : {at[0] - 1, at[0], at[150] + 3, end / 2}) {
    t.seek(line);
    require_same(seen(l, t.machine()), seen(l, try_all_at(p, line)));
  }
}

TEST_CASE("listing handout-all: a breakpoint on \"Display Board\" stops before each tour") {
  const kt::Listing l = listing_for("handout-all");
  kt::Timeline t(kt::open_problem({5, 5}, {1, 1}), *l.order, std::size_t{1} << 20, l.semantics);
  int display = -1;
  for (int i = 0; i < static_cast<int>(l.lines.size()); ++i) {
    if (l.lines[i].point == static_cast<int>(kt::Line::display)) display = i;
  }
  REQUIRE(l.lines[static_cast<std::size_t>(display)].text == "      \"Display Board\"");
  const std::vector<int> lines{display};
  t.set_breakpoints(kt::breakpoint_mask(l, lines));
  for (std::uint64_t tour = 1; tour <= 3; ++tour) {
    REQUIRE(t.forward(kt::Granularity::tour, 1, 10'000'000));
    REQUIRE(t.stopped_at_break());
    REQUIRE(kt::current_line(l, t.machine()) == display);
    REQUIRE(t.machine().tours() == tour - 1);
    REQUIRE(kt::narrate(l, t.machine()) ==
            "The board is full: display tour " + std::to_string(tour) + ".");
    REQUIRE(t.forward(kt::Granularity::line, 1, 10));
    REQUIRE(t.machine().tours() == tour);
    REQUIRE(t.machine().last_effect() == kt::Effect::displayed);
  }
  // Step over the call that places the last move: it displays the tour and returns, and the
  // caller is at the erase line with the tour counted.
  t.set_breakpoints(0);
  while (t.machine().frames().back().move < 25 || !t.machine().at_call()) {
    t.forward(kt::Granularity::line, 1, 10);
  }
  const std::size_t depth = t.machine().frames().size();
  const std::uint64_t tours = t.machine().tours();
  REQUIRE(t.step_over(100));
  REQUIRE(t.machine().frames().size() == depth);
  REQUIRE(t.machine().line() == kt::Line::erase);
  REQUIRE(t.machine().tours() == tours + 1);
}
