// The exercises without a window (ui/play_mode.hpp, ui/predict_mode.hpp): playing a tour by
// hand (legal moves, refusals, the exact "no tour from here", the verifier, the hint, undo,
// watching from the played start) and predicting the recursion's next move (the answer, the
// reason, the score), through the same functions the board's clicks and the JS API call.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <string>

#include "embed_view.hpp"
#include "explorer_state.hpp"
#include "solve/solver.hpp"

using namespace kt;
using namespace kt::ui;

namespace {

RequestText problem(std::string size, std::string start, std::string method = "textbook") {
  RequestText t;
  t.size = std::move(size);
  t.start = std::move(start);
  t.method = std::move(method);
  return t;
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// Seed 000's printed 5x5 tour from (1,1), top row first.
constexpr std::array<std::array<int, 5>, 5> kTextbook5x5{{{25, 18, 3, 12, 23},
                                                          {8, 13, 24, 17, 4},
                                                          {19, 2, 7, 22, 11},
                                                          {14, 9, 20, 5, 16},
                                                          {1, 6, 15, 10, 21}}};

// The squares of that tour in move order.
std::vector<Square> textbook_tour() {
  std::vector<Square> path(25);
  for (int row = 0; row < 5; ++row) {
    for (int x = 1; x <= 5; ++x) path[kTextbook5x5[row][x - 1] - 1] = Square{x, 5 - row};
  }
  return path;
}

}  // namespace

TEST_CASE("play: legal moves, refused clicks, undo", "[play]") {
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "1,1")).empty());
  REQUIRE(set_mode(s, Mode::play).empty());
  REQUIRE(s.play.path.size() == 1);  // the knight stands on the start

  auto legal = play_legal(s);
  REQUIRE(legal.size() == 2);  // from a corner of 5x5: (2,3) and (3,2)
  CHECK(std::count(legal.begin(), legal.end(), Square{2, 3}) == 1);
  CHECK(std::count(legal.begin(), legal.end(), Square{3, 2}) == 1);

  // Through the one road for clicks.
  CHECK(click_square(s, Square{2, 2}) == Click::refused);
  CHECK(contains(s.play.message, "not a knight's jump from (1,1)"));
  CHECK(click_square(s, Square{1, 1}) == Click::refused);
  CHECK(contains(s.play.message, "visited at move 1"));
  CHECK(s.play.path.size() == 1);
  CHECK(click_square(s, Square{2, 3}) == Click::played);
  CHECK(s.play.path.size() == 2);
  CHECK(s.play.board[static_cast<std::size_t>(Geometry{5, 5}.index({2, 3}))] == 2);
  CHECK(s.play.finishable == Finishable::yes);  // the textbook's tour starts this way

  CHECK(play_undo(s));
  CHECK(s.play.path.size() == 1);
  CHECK(play_undo(s));  // the start too: any square may be picked now
  CHECK(s.play.path.empty());
  CHECK(play_legal(s).size() == 25);
  CHECK(click_square(s, Square{3, 3}) == Click::played);
  CHECK(s.play.path.front() == Geometry{5, 5}.index({3, 3}));
  CHECK(play_undo(s));
  CHECK_FALSE(play_undo(s));  // nothing left to undo
}

TEST_CASE("play: a finished tour is verified, then watched from its start", "[play]") {
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "1,1")).empty());
  REQUIRE(set_mode(s, Mode::play).empty());
  const auto tour = textbook_tour();
  for (std::size_t i = 1; i < tour.size(); ++i) {
    INFO("move " << i + 1);
    REQUIRE(click_square(s, tour[i]) == Click::played);
    REQUIRE_FALSE(play_dead(s.play));
  }
  REQUIRE(play_done(s.play));
  REQUIRE(s.play.verdict);
  CHECK(s.play.verdict->ok);
  const auto banner = mode_banner(s);
  REQUIRE(banner);
  CHECK(contains(banner->title, "verified"));
  CHECK(banner->tone == Tone::found);

  // Watch the search from this start: the draft takes the path's first square.
  REQUIRE(play_undo(s));
  while (s.play.path.size() > 1) REQUIRE(play_undo(s));
  REQUIRE(play_undo(s));
  REQUIRE(click_square(s, Square{3, 3}) == Click::played);
  REQUIRE(watch_from_play_start(s));
  CHECK(s.mode == Mode::watch);
  CHECK(s.draft.text.start == "3,3");
  REQUIRE(s.run.solver);
  CHECK(s.run.solver->problem().start == Square{3, 3});
}

TEST_CASE("play: no tour can be finished from here, said by an exact search", "[play]") {
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "1,1")).empty());
  REQUIRE(set_mode(s, Mode::play).empty());
  // A path into the far corner and out again; whether the rest can be toured is compared with
  // the textbook's exhaustive search on the squares left.
  const std::vector<Square> moves = {{3, 2}, {5, 1}, {4, 3}, {2, 4}};
  for (const Square m : moves) REQUIRE(click_square(s, m) == Click::played);
  // The truth, from an independent exhaustive search on the rest of the board.
  Problem rest;
  rest.geometry = {5, 5};
  rest.blocked.assign(25, 0);
  for (std::size_t i = 0; i + 1 < s.play.path.size(); ++i) rest.blocked[s.play.path[i]] = 1;
  rest.start = Square{2, 4};
  Solver truth(rest, Method::textbook);
  while (truth.run(1'000'000) == Status::running) {
  }
  const Finishable expected = truth.status() == Status::found ? Finishable::yes : Finishable::no;
  CHECK(s.play.finishable == expected);
  CHECK(play_dead(s.play) == (expected == Finishable::no));
  if (expected == Finishable::no) {
    const auto banner = mode_banner(s);
    REQUIRE(banner);
    CHECK(banner->title == "No tour can be finished from here");
  }
}

TEST_CASE("play: the check proves a dead position and finds a live one", "[play]") {
  // 5x5 from (1,1), then straight into the opposite corner's trap: (3,2), (5,3)... checked by
  // check_finishable directly against a brute-force search of the textbook method.
  Problem p;
  p.geometry = {5, 5};
  p.start = Square{1, 1};
  const Geometry g = p.geometry;
  auto check = [&](std::vector<Square> squares) {
    std::vector<std::int32_t> path;
    for (const Square q : squares) path.push_back(g.index(q));
    Problem rest = p;
    rest.blocked.assign(25, 0);
    for (std::size_t i = 0; i + 1 < path.size(); ++i) rest.blocked[path[i]] = 1;
    rest.start = squares.back();
    Solver truth(rest, Method::textbook);
    while (truth.run(1'000'000) == Status::running) {
    }
    CHECK(check_finishable(p, path) ==
          (truth.status() == Status::found ? Finishable::yes : Finishable::no));
    return check_finishable(p, path);
  };
  CHECK(check({{1, 1}}) == Finishable::yes);
  CHECK(check({{1, 1}, {2, 3}, {3, 5}, {5, 4}}) != Finishable::unknown);
  // On 5x5 open tours start on the colour of the corners only: from (2,1) there is none.
  CHECK(check({{2, 1}}) == Finishable::no);
}

TEST_CASE("play: the hint is Warnsdorff's choice", "[play]") {
  ExplorerState s;
  REQUIRE(configure(s, problem("8", "1,1", "warnsdorff")).empty());
  REQUIRE(set_mode(s, Mode::play).empty());
  // From a1: b3 has 5 onward moves, c2 has 5 too: the first in Sutcliffe's order, (2,3).
  auto hint = play_hint(s);
  REQUIRE(hint);
  CHECK(*hint == Square{2, 3});
  REQUIRE(click_square(s, *hint) == Click::played);
  // From b3: no legal move has fewer onward moves than the hint.
  hint = play_hint(s);
  REQUIRE(hint);
  const Geometry g{8, 8};
  auto onward = [&](Square q) {
    int n = 0;
    for (const auto& [dx, dy] : std::array<std::pair<int, int>, 8>{
             {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}}) {
      const Square t{q.x + dx, q.y + dy};
      if (g.contains(t) && s.play.board[g.index(t)] == 0) ++n;
    }
    return n;
  };
  for (const Square q : play_legal(s)) CHECK(onward(*hint) <= onward(q));
}

TEST_CASE("play follows the problem; refused on huge boards", "[play]") {
  ExplorerState s;
  REQUIRE(configure(s, problem("6", "2,2")).empty());
  REQUIRE(set_mode(s, Mode::play).empty());
  CHECK(s.play.path.front() == Geometry{6, 6}.index({2, 2}));
  REQUIRE(configure(s, problem("7", "1,1")).empty());
  CHECK(play_legal(s).size() == 2);
  CHECK(s.play.path.size() == 1);
  CHECK(s.play.problem.geometry.rows == 7);
  REQUIRE(configure(s, problem("40", "1,1", "auto")).empty());
  s.mode = Mode::watch;
  CHECK(contains(set_mode(s, Mode::play), "30x30"));
  CHECK(s.mode == Mode::watch);
}

TEST_CASE("predict: the answer, the reason and the score follow the machine", "[predict]") {
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "1,1")).empty());
  REQUIRE(set_mode(s, Mode::predict).empty());
  // Sutcliffe's order from (1,1): (2,3) is candidate 1, free: move 2 goes there.
  auto p = predict(s, Square{3, 2});
  REQUIRE(p);
  CHECK_FALSE(p->right);
  CHECK(p->answer == Square{2, 3});
  CHECK(p->move == 2);
  CHECK(contains(p->why, "From (1,1): 1 to (2,3) is free, so move 2 goes there."));
  CHECK(s.teach.timeline->machine().placed() == 1);
  CHECK(s.predict.asked == 1);
  CHECK(s.predict.right == 0);

  // Each answer is where the machine records next, and the run stands right after it.
  for (int i = 0; i < 40; ++i) {
    const TryMoveMachine before = s.teach.timeline->machine();
    TryMoveMachine probe = before;
    do {
      probe.step_line();
    } while (probe.status() == Status::running && probe.last_effect() != Effect::placed);
    REQUIRE(probe.status() == Status::running);
    const Square truth = probe.geometry().square(probe.effect_square());
    const auto q = predict(s, truth);
    REQUIRE(q);
    CHECK(q->right);
    CHECK(q->answer == truth);
    CHECK(s.teach.timeline->machine().lines() == probe.lines());
    CHECK(s.teach.timeline->machine().board() == probe.board());
  }
  CHECK(s.predict.asked == 41);
  CHECK(s.predict.right == 40);
  // A dead end met on the way is in the reason, with the candidates that were off the board
  // or visited.
  ExplorerState t;
  REQUIRE(configure(t, problem("5", "1,1")).empty());
  REQUIRE(set_mode(t, Mode::predict).empty());
  bool saw_dead_end = false, saw_off = false, saw_visited = false;
  for (int i = 0; i < 400 && !(saw_dead_end && saw_off && saw_visited); ++i) {
    const auto q = predict(t, Square{1, 1});
    REQUIRE(q);
    saw_dead_end |= contains(q->why, "is taken back");
    saw_off |= contains(q->why, "is off the board");
    saw_visited |= contains(q->why, "was visited at move");
  }
  CHECK(saw_dead_end);
  CHECK(saw_off);
  CHECK(saw_visited);

  // Clicks on the board predict too.
  CHECK(click_square(t, Square{5, 5}) == Click::predicted);
  const auto banner = mode_banner(t);
  REQUIRE(banner);
  CHECK(contains(banner->detail, "Score"));
}

TEST_CASE("predict needs the recursion", "[predict]") {
  ExplorerState s;
  REQUIRE(configure(s, problem("8", "1,1", "warnsdorff")).empty());
  CHECK_FALSE(set_mode(s, Mode::predict).empty());
  CHECK(s.mode == Mode::watch);
  CHECK_FALSE(predict(s, Square{2, 3}));
}

TEST_CASE("embedded views: the board and the panels share the frame", "[embed]") {
  // A 640x480 iframe less the page's control bar, and 800x600: the views in a column.
  for (const auto& [w, h] : {std::pair{640.0f, 436.0f}, std::pair{800.0f, 556.0f}}) {
    const EmbedLayout l = embed_layout(w, h, 2);
    CHECK(l.board.x == 0);
    CHECK(l.views.x == l.board.w);
    CHECK(l.board.w + l.views.w == w);
    CHECK(l.views.w >= 220);
    CHECK(l.board.w >= 260);
    CHECK(l.views.h == h);
  }
  // Portrait frames: the views in a band below the board.
  const EmbedLayout tall = embed_layout(360, 600, 1);
  CHECK(tall.views.y == tall.board.h);
  CHECK(tall.board.h + tall.views.h == 600);
  // A 1024x768 projector less its bar, code and stack: the stack under the square board, the
  // column the code's alone; an 800x600 frame has no room under its board and keeps it beside.
  const EmbedLayout room = embed_layout(1024, 730, 2, true);
  CHECK(room.below.y == room.board.h);
  CHECK(room.below.w == room.board.w);
  CHECK(room.board.h >= room.board.w);
  CHECK(room.board.h + room.below.h == 730);
  CHECK(room.views.h == 730);
  CHECK(embed_layout(800, 556, 2, true).below.w == 0);
  CHECK(embed_layout(1024, 730, 2, false).below.w == 0);
  // No panels: the board has the frame.
  const EmbedLayout alone = embed_layout(640, 436, 0);
  CHECK(alone.views.w == 0);
  CHECK(alone.board.w == 640);

  // Panels are shown only when asked for and when the recursion can be shown.
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "1,1")).empty());
  CHECK(embed_panes(s) == 0);
  s.view.embed_views = true;
  s.view.panels[static_cast<int>(Panel::stack)] = true;
  CHECK(embed_panes(s) == 2);  // code (open at first) and stack
  REQUIRE(configure(s, problem("5", "1,1", "warnsdorff")).empty());
  CHECK(embed_panes(s) == 0);
}
