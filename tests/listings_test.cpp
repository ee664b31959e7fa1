// The course listings (core/teaching/listing.hpp): every line the machine runs is a line of
// each listing, stepping back restores exactly what stepping forward showed, and the recursive
// pseudocode runs its own semantics (a call per candidate) against a plain implementation.
#include <catch2/catch.hpp>
#include <vector>

#include "search/search.hpp"
#include "teaching/listing.hpp"
#include "teaching/timeline.hpp"

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
  const kt::Problem p = kt::open_problem({5, 5}, {1, 1});
  for (const std::string_view name : kt::listing_names()) {
    const kt::Listing l = listing_for(name);
    INFO(name);
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
    // Every line that names a machine line is reached on the way to the first tour.
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
