// The explorer's state logic (ui/explorer_state.hpp) without a window: clicks in each mode,
// settings and their messages, run/pause/step/reset, what a click on a finished board does,
// the search's read-outs, and counting.
#include <catch2/catch.hpp>

#include <array>
#include <cstdlib>
#include <limits>
#include <set>
#include <string>

#include "board/square_list.hpp"
#include "counting/count.hpp"
#include "explorer_state.hpp"
#include "recursion_words.hpp"

using namespace kt;
using namespace kt::ui;

namespace {

// Sutcliffe's printed 5x5 tour from (1,1), top row first.
constexpr std::array<std::array<int, 5>, 5> kTextbook5x5{{{25, 18, 3, 12, 23},
                                                          {8, 13, 24, 17, 4},
                                                          {19, 2, 7, 22, 11},
                                                          {14, 9, 20, 5, 16},
                                                          {1, 6, 15, 10, 21}}};

bool starts_with(const std::string& text, std::string_view prefix) {
  return text.rfind(prefix, 0) == 0;
}

RequestText problem(std::string rows, std::string cols, std::string start = "",
                    std::string method = "auto") {
  RequestText t;
  t.rows = std::move(rows);
  t.cols = std::move(cols);
  t.start = std::move(start);
  t.method = std::move(method);
  return t;
}

// Ticks at full speed until the run ends, then once more (the tick that verifies).
void run_to_end(ExplorerState& s) {
  set_speed(s, kMaxRunSpeed, true);
  run(s);
  for (int i = 0; i < 100000 && s.run.state == RunState::running; ++i) tick(s, 0.016, 0.05);
  tick(s, 0.016);
}

void count_to_end(ExplorerState& s) {
  for (int i = 0; i < 1000000 && s.counting.state == CountState::running; ++i) {
    tick(s, 0.016, 0.05);
  }
}

std::uint64_t steps(const ExplorerState& s) {
  const Counters c = s.run.solver->counters();
  return c.placed + c.erased;
}

bool knight_jump(Square a, Square b) { return std::abs((a.x - b.x) * (a.y - b.y)) == 2; }

}  // namespace

TEST_CASE("explorer: the default is 5x5 from (1,1), auto, ready", "[explorer]") {
  const ExplorerState s;
  REQUIRE(s.error.empty());
  REQUIRE(s.run.solver);
  CHECK(s.run.state == RunState::idle);
  CHECK(s.run.solver->problem().geometry.rows == 5);
  CHECK(s.run.solver->requested() == Method::automatic);
  REQUIRE(s.board.geometry);
  CHECK(s.board.start == Square{1, 1});
  CHECK(board_editable(s));
}

TEST_CASE("explorer: clicks edit the draft by the click mode while idle", "[explorer]") {
  ExplorerState s;
  SECTION("start") {
    CHECK(click_square(s, {3, 3}) == Click::edited);
    CHECK(s.draft.text.start == "3,3");
    CHECK(s.run.solver->problem().start == Square{3, 3});
    CHECK(s.board.start == Square{3, 3});
    CHECK(s.run.state == RunState::idle);
  }
  SECTION("end: a second click takes it away") {
    REQUIRE(set_click_mode(s, ClickMode::end));
    CHECK(click_square(s, {5, 5}) == Click::edited);
    CHECK(s.draft.text.end == "5,5");
    CHECK(s.run.solver->problem().end == Square{5, 5});
    CHECK(click_square(s, {5, 5}) == Click::edited);
    CHECK(s.draft.text.end.empty());
    CHECK_FALSE(s.run.solver->problem().end);
  }
  SECTION("block: toggles") {
    REQUIRE(set_click_mode(s, ClickMode::block));
    CHECK(click_square(s, {2, 2}) == Click::edited);
    CHECK(s.draft.blocked == std::vector<Square>{{2, 2}});
    CHECK(s.run.solver->problem().is_blocked(s.board.geometry->index({2, 2})));
    CHECK(click_square(s, {2, 2}) == Click::edited);
    CHECK(s.draft.blocked.empty());
    CHECK(s.run.solver->problem().blocked.empty());
  }
  SECTION("closed tours have no end to click") {
    REQUIRE(set_click_mode(s, ClickMode::end));
    set_closed(s, true);
    CHECK(s.view.click_mode == ClickMode::start);
    CHECK_FALSE(set_click_mode(s, ClickMode::end));
    CHECK(s.counting.kind == CountKind::closed);
  }
  SECTION("off the board: ignored") {
    CHECK(click_square(s, {6, 1}) == Click::ignored);
    CHECK(click_square(s, {0, 0}) == Click::ignored);
    CHECK(s.draft.text.start == "1,1");
  }
}

TEST_CASE("explorer: the panel's piece and wrap set the draft as leaper= and wrap= do",
          "[explorer]") {
  ExplorerState s;
  // A name or a jump in either order is kept as links write it; the knight and no wrap as "".
  CHECK(set_field(s, Field::leaper, "camel").empty());
  CHECK(set_field(s, Field::wrap, "torus").empty());
  CHECK(s.draft.text.leaper == "1,3");
  CHECK(s.draft.text.wrap == "torus");
  CHECK(s.run.solver->problem().piece == Piece{{1, 3}, Wrap::torus});
  CHECK(set_field(s, Field::leaper, "3,2").empty());
  CHECK(s.draft.text.leaper == "2,3");
  CHECK(set_field(s, Field::leaper, "1,2").empty());
  CHECK(set_field(s, Field::wrap, "none").empty());
  CHECK(s.draft.text.leaper.empty());
  CHECK(s.draft.text.wrap.empty());
  CHECK(s.run.solver->problem().piece.is_plain_knight());
  // A wrong one is refused by its field's name and kept as typed, to be fixed.
  const std::string why = set_field(s, Field::leaper, "0,0");
  CHECK(starts_with(why, "leaper: "));
  CHECK(s.draft.text.leaper == "0,0");
  CHECK_FALSE(s.run.solver);
  CHECK(starts_with(set_field(s, Field::leaper, "1,2") + set_field(s, Field::wrap, "moebius"),
                    "wrap: "));
}

TEST_CASE("explorer: a refused setting gives the field's message, the explorer stays usable",
          "[explorer]") {
  ExplorerState s;
  SECTION("a bad start keeps the board, and a click fixes it") {
    const std::string why = set_field(s, Field::start, "zz9");
    CHECK(starts_with(why, "start: "));
    CHECK(why.find("zz9") != std::string::npos);
    CHECK(s.error == why);
    CHECK_FALSE(s.run.solver);
    CHECK(s.draft.text.start == "zz9");  // kept as typed, to be fixed
    REQUIRE(s.board.geometry);
    run(s);
    step(s);
    CHECK(s.run.state == RunState::idle);
    CHECK(click_square(s, {2, 3}) == Click::edited);
    CHECK(s.error.empty());
    CHECK(s.run.solver->problem().start == Square{2, 3});
  }
  SECTION("a bad size: no board until it is fixed") {
    CHECK(starts_with(set_field(s, Field::rows, "abc"), "rows: "));
    CHECK_FALSE(s.board.geometry);
    CHECK(click_square(s, {1, 1}) == Click::ignored);
    CHECK(starts_with(set_field(s, Field::cols, "0"), "rows: "));  // rows still first at fault
    CHECK(starts_with(set_field(s, Field::rows, "6"), "cols: "));
    CHECK(set_field(s, Field::cols, "7").empty());
    CHECK(s.run.solver->problem().geometry.cols == 7);
  }
  SECTION("the page's limits, with the core's messages") {
    const std::string big = set_field(s, Field::rows, "300000");
    CHECK(starts_with(big, "rows: "));
    CHECK(big.find("(the knights CLI takes larger ones)") != std::string::npos);
    // Over 10^6 squares only the construction: a search is refused, auto constructs.
    set_method(s, Method::warnsdorff);
    set_field(s, Field::rows, "1001");
    const std::string many = set_field(s, Field::cols, "1000");
    CHECK(starts_with(many, "board: "));
    CHECK(many.find("which takes at most 1000000 squares") != std::string::npos);
    CHECK(set_method(s, Method::automatic).empty());
    CHECK(set_field(s, Field::cols, "3000").empty());  // 3,003,000 squares: the construction
    CHECK(s.run.solver->method() == Method::construct);
    // Over 10^8 squares: refused by the page's limit.
    const std::string huge = set_field(s, Field::rows, "40000");
    CHECK(starts_with(huge, "board: "));
    CHECK(huge.find("100000000") != std::string::npos);
    CHECK(set_field(s, Field::rows, "1000").empty());
  }
  SECTION("a bad method, then a good one") {
    CHECK(starts_with(set_field(s, Field::method, "fast"), "method: "));
    CHECK(set_method(s, Method::wirth).empty());
    CHECK(s.run.solver->requested() == Method::wirth);
  }
  SECTION("blocking the start, then clicking a new start") {
    set_click_mode(s, ClickMode::block);
    click_square(s, {1, 1});
    CHECK(starts_with(s.error, "start: "));
    CHECK(s.board.blocked.at(0) == 1);  // still drawn
    set_click_mode(s, ClickMode::start);
    CHECK(click_square(s, {2, 1}) == Click::edited);
    CHECK(s.error.empty());
  }
  SECTION("a whole problem refused changes nothing") {
    step(s);
    const Solver* before = s.run.solver.get();
    const auto draft = s.draft.text.start + "|" + s.draft.text.rows + "|" + s.draft.text.method;
    RequestText bad = problem("8", "8", "9,1");
    const std::string why = configure(s, bad);
    CHECK(starts_with(why, "start: "));
    bad = problem("8", "8", "1,1", "fast");
    CHECK(starts_with(configure(s, bad), "method: "));
    bad = problem("8", "8");
    bad.closed = "1";
    bad.end = "2,3";
    CHECK(starts_with(configure(s, bad), "end: "));
    CHECK(s.run.solver.get() == before);
    CHECK(s.run.state == RunState::paused);
    CHECK(s.draft.text.start + "|" + s.draft.text.rows + "|" + s.draft.text.method == draft);
    CHECK(s.error.empty());
  }
}

TEST_CASE("explorer: configure takes a whole problem", "[explorer]") {
  ExplorerState s;
  RequestText t = problem("", "", "c3", "warnsdorff");
  t.size = "6";
  t.blocked = "a1 f6";
  REQUIRE(configure(s, t).empty());
  CHECK(s.draft.text.rows == "6");
  CHECK(s.draft.text.cols == "6");
  CHECK(s.draft.text.size.empty());
  CHECK(s.draft.text.start == "c3");
  CHECK(s.draft.blocked == std::vector<Square>{{1, 1}, {6, 6}});
  CHECK(s.run.solver->requested() == Method::warnsdorff);
  CHECK(s.counting.kind == CountKind::from_start);
  // The draft reads back as the same problem (Reset parses it again).
  const Problem configured = s.run.solver->problem();
  reset(s);
  const Problem& again = s.run.solver->problem();
  CHECK(again.start == configured.start);
  CHECK(again.blocked == configured.blocked);
  CHECK(again.geometry.rows == 6);
  CHECK(again.geometry.cols == 6);
  CHECK(s.run.solver->requested() == Method::warnsdorff);

  set_click_mode(s, ClickMode::end);
  RequestText closed = problem("6", "6");
  closed.closed = "true";
  REQUIRE(configure(s, closed).empty());
  CHECK(draft_closed(s.draft));
  CHECK(s.counting.kind == CountKind::closed);
  CHECK(s.view.click_mode == ClickMode::start);
  CHECK(s.run.solver->problem().closed);
}

TEST_CASE("explorer: board buttons keep the squares that fit", "[explorer]") {
  ExplorerState s;
  set_field(s, Field::start, "5,5");
  set_field(s, Field::end, "1,2");
  REQUIRE(set_board(s, 8, 8).empty());
  CHECK(s.draft.text.start == "5,5");
  CHECK(s.draft.text.end == "1,2");
  set_field(s, Field::start, "8,8");
  set_field(s, Field::end, "7,7");
  REQUIRE(set_board(s, 5, 5).empty());
  CHECK(s.draft.text.start == "1,1");
  CHECK(s.draft.text.end.empty());
  // Blocked squares off a smaller board are kept and left out.
  set_board(s, 8, 8);
  set_click_mode(s, ClickMode::block);
  click_square(s, {8, 8});
  set_board(s, 6, 6);
  CHECK(s.board.blocked_off_board == 1);
  CHECK(s.run.solver->problem().blocked.empty());
  set_board(s, 8, 8);
  CHECK(s.run.solver->problem().is_blocked(63));
}

TEST_CASE("explorer: run, pause, step and reset", "[explorer]") {
  ExplorerState s;
  set_method(s, Method::textbook);  // the run is TryMove's: Step goes by the granularity
  set_granularity(s, Granularity::move);
  step(s);
  CHECK(s.run.state == RunState::paused);
  CHECK(steps(s) == 1);
  CHECK(s.run.last_action == Action::placed);
  const auto lines = [&] { return s.teach.timeline->machine().lines(); };
  const std::uint64_t after_step = lines();

  set_speed(s, 1250, false);  // 20 lines in 0.016 s
  run(s);
  CHECK(s.run.state == RunState::running);
  tick(s, 0.016);
  CHECK(lines() == after_step + 20);
  pause(s);
  CHECK(s.run.state == RunState::paused);
  tick(s, 0.016);
  CHECK(lines() == after_step + 20);
  const std::uint64_t moves = steps(s);
  step(s);
  CHECK(steps(s) == moves + 1);
  pause(s);  // not running: nothing
  CHECK(s.run.state == RunState::paused);

  const Solver* before = s.run.solver.get();
  reset(s);
  CHECK(s.run.state == RunState::idle);
  CHECK(s.run.solver.get() != nullptr);
  CHECK(steps(s) == 0);
  CHECK(s.run.generation > 0);
  (void)before;

  run_to_end(s);
  CHECK(s.run.state == RunState::finished);
  REQUIRE(s.run.solver->status() == Status::found);
  REQUIRE(s.run.verdict);
  CHECK(s.run.verdict->ok);
  for (int y = 1; y <= 5; ++y) {
    for (int x = 1; x <= 5; ++x) {
      CHECK(move_at(s, {x, y}) == kTextbook5x5[5 - y][x - 1]);
    }
  }
  const std::uint64_t done = steps(s);
  CHECK(done == 148660);  // the textbook's own count for 5x5 from (1,1)
  run(s);
  step(s);
  CHECK(s.run.state == RunState::finished);
  CHECK(steps(s) == done);
}

TEST_CASE("explorer: the tick after a tour is found verifies it", "[explorer]") {
  ExplorerState s;
  set_method(s, Method::warnsdorff);
  set_speed(s, kMaxRunSpeed, true);
  run(s);
  // A tick runs for a share of the frame's time: a loaded machine may need a few.
  TickReport report = tick(s, 0.016);
  for (int ticks = 1; ticks < 10000 && s.run.state != RunState::finished; ++ticks) {
    report = tick(s, 0.016);
  }
  CHECK_FALSE(report.verified);  // the tick that found the tour leaves its check to the next
  REQUIRE(s.run.state == RunState::finished);
  CHECK(s.run.verify_pending);
  report = tick(s, 0.016);
  CHECK(report.verified);
  CHECK(s.run.verdict->ok);
}

TEST_CASE("explorer: a click on a finished board selects a square and keeps the tour",
          "[explorer]") {
  ExplorerState s;
  set_method(s, Method::textbook);
  run_to_end(s);
  REQUIRE(s.run.solver->status() == Status::found);
  const Solver* tour = s.run.solver.get();
  CHECK_FALSE(board_editable(s));

  CHECK(click_square(s, {3, 3}) == Click::selected);
  CHECK(s.view.selected == Square{3, 3});
  CHECK(move_at(s, {3, 3}) == 7);
  CHECK(s.run.solver.get() == tour);
  CHECK(s.run.state == RunState::finished);
  CHECK(s.draft.text.start == "1,1");

  CHECK(click_square(s, {3, 3}) == Click::selected);  // a second click unselects
  CHECK_FALSE(s.view.selected);

  set_click_mode(s, ClickMode::block);  // no mode edits a board that holds a run
  CHECK(click_square(s, {2, 2}) == Click::selected);
  CHECK(s.draft.blocked.empty());
  CHECK(s.run.solver.get() == tour);

  reset(s);  // Reset makes it editable again
  CHECK_FALSE(s.view.selected);
  CHECK(board_editable(s));
  CHECK(click_square(s, {2, 2}) == Click::edited);
  CHECK(s.draft.blocked == std::vector<Square>{{2, 2}});
}

TEST_CASE("explorer: a paused or running board selects too; theory's answer does not",
          "[explorer]") {
  ExplorerState s;
  set_method(s, Method::textbook);
  step(s);
  CHECK(click_square(s, {4, 4}) == Click::selected);
  CHECK(s.draft.text.start == "1,1");
  run(s);
  CHECK(click_square(s, {2, 2}) == Click::selected);

  // 4x4 has no open tour: auto answers at once, nothing would be lost by an edit.
  REQUIRE(configure(s, problem("4", "4", "1,1")).empty());
  CHECK(s.run.state == RunState::finished);
  CHECK(s.run.solver->status() == Status::none);
  CHECK(board_editable(s));
  CHECK(click_square(s, {2, 1}) == Click::edited);
  CHECK(s.draft.text.start == "2,1");

  // The textbook searches anyway: after its search the result is kept.
  set_method(s, Method::textbook);
  CHECK(s.run.state == RunState::idle);
  run_to_end(s);
  CHECK(s.run.solver->status() == Status::none);
  CHECK(click_square(s, {1, 1}) == Click::selected);
}

TEST_CASE("explorer: a panel edit on a finished board starts over", "[explorer]") {
  ExplorerState s;
  run_to_end(s);
  REQUIRE(s.run.state == RunState::finished);
  set_method(s, Method::wirth);
  CHECK(s.run.state == RunState::idle);
  CHECK_FALSE(s.run.verdict);
}

TEST_CASE("explorer: the stack and the last action read the search", "[explorer]") {
  ExplorerState s;
  set_method(s, Method::textbook);
  set_granularity(s, Granularity::move);
  for (int i = 0; i < 3; ++i) step(s);
  std::vector<StackFrame> frames = read_stack(*s.run.solver);
  REQUIRE(frames.size() == 4);
  CHECK(frames[0].square == Square{1, 1});
  for (std::size_t i = 0; i < frames.size(); ++i) {
    CHECK(frames[i].move == static_cast<int>(i) + 1);
    if (i > 0) CHECK(knight_jump(frames[i - 1].square, frames[i].square));
    if (i + 1 < frames.size()) CHECK(frames[i].candidate >= 1);  // it tried the move below
  }
  // Step until a move is taken back: the stack shrinks by one.
  int depth = s.run.solver->depth();
  bool erased = false;
  for (int i = 0; i < 100000 && !erased; ++i) {
    depth = s.run.solver->depth();
    step(s);
    erased = s.run.last_action == Action::erased;
  }
  REQUIRE(erased);
  CHECK(s.run.solver->depth() == depth - 1);
  CHECK(read_stack(*s.run.solver).size() == static_cast<std::size_t>(depth));

  // The tick's slices keep the last action too.
  set_speed(s, 7 * 60, false);
  run(s);
  tick(s, 0.016);
  CHECK(s.run.last_action != Action::none);

  // No search at work: no stack.
  REQUIRE(configure(s, problem("10", "10", "1,1", "construct")).empty());
  CHECK(engine(*s.run.solver) == Engine::construction);
  CHECK(read_stack(*s.run.solver).empty());
  step(s);
  CHECK(s.run.last_action == Action::none);
  REQUIRE(configure(s, problem("4", "4", "1,1")).empty());
  CHECK(engine(*s.run.solver) == Engine::none);
}

TEST_CASE("explorer: advance says what the last step of a slice did", "[explorer]") {
  Problem p;
  ProblemInput in;
  in.start = "1,1";
  in.rows = in.cols = 5;
  REQUIRE(make_problem(in, p).empty());
  Solver a(p, Method::textbook), b(p, Method::textbook);
  for (int n : {1, 2, 5, 50, 1000}) {
    const Action action = advance(a, n);
    // The same steps one at a time: the last one did what advance said.
    Action last = Action::none;
    for (int i = 0; i < n; ++i) last = advance(b, 1);
    CHECK(action == last);
    CHECK(a.counters().placed == b.counters().placed);
    CHECK(a.depth() == b.depth());
  }
}

// A count elsewhere (the browser's counting worker) as the page sees it: news that it gives
// when asked, without the page's thread doing the work.
class NewsCounter final : public PageCounter {
 public:
  explicit NewsCounter(bool* stopped) : stopped_(stopped) {}
  Status run(std::uint64_t) override {
    if (++asked_ == 3) status_ = Status::none;  // the third news: done
    return status_;
  }
  Status status() const override { return status_; }
  BigCount count() const override { return BigCount(status_ == Status::none ? 304 : 7); }
  double progress() const override { return status_ == Status::none ? 1.0 : 0.5; }
  const char* name() const override { return "search"; }
  std::uint64_t nodes() const override { return 0; }
  std::optional<FrontierProgress> rows_progress() const override { return std::nullopt; }
  const std::string& error() const override { return error_; }
  int threads() const override { return 4; }
  std::optional<double> seconds_elsewhere() const override { return 0.25 * asked_; }
  void stop() override { *stopped_ = true; }

 private:
  bool* stopped_;
  int asked_ = 0;
  Status status_ = Status::running;
  std::string error_;
};

TEST_CASE("explorer: a count elsewhere takes its news, and Stop ends it", "[explorer][count]") {
  ExplorerState s;
  bool stopped = false;
  kt::Problem asked;
  std::optional<bool> asked_rows = true;
  s.counting.elsewhere = [&](const kt::Problem& p, std::optional<bool> by_rows, std::uint64_t) {
    asked = p;
    asked_rows = by_rows;
    return std::make_unique<NewsCounter>(&stopped);
  };
  SECTION("its news until done, its clock as the count's time") {
    REQUIRE(count(s).empty());
    CHECK(asked.geometry.rows == 5);  // the page's problem and choice, as for a local count
    CHECK(asked.start == std::optional<Square>(Square{1, 1}));
    CHECK_FALSE(asked_rows.has_value());  // auto, both counters can: the trial runs elsewhere
    CHECK(s.counting.counter->threads() == 4);
    tick(s, 0.016, 0.05);
    CHECK(s.counting.state == CountState::running);
    CHECK(s.counting.seconds == 0.25);
    count_to_end(s);
    CHECK(s.counting.state == CountState::done);
    CHECK(s.counting.seconds == 0.75);
    CHECK(s.counting.counter->count().to_string() == "304");
    CHECK_FALSE(stopped);
  }
  SECTION("a counter chosen by the page, and auto where only one can count") {
    set_counter_kind(s, CounterKind::rows);
    REQUIRE(count(s).empty());
    CHECK(asked_rows == std::optional<bool>(true));
    set_counter_kind(s, CounterKind::automatic);
    REQUIRE(configure(s, problem("3", "40")).empty());  // past the search's 64 squares
    set_count_kind(s, CountKind::closed);
    REQUIRE(count(s).empty());
    CHECK(asked_rows == std::optional<bool>(true));
  }
  SECTION("Stop ends the work elsewhere") {
    REQUIRE(count(s).empty());
    stop_count(s);
    CHECK(s.counting.state == CountState::stopped);
    CHECK(stopped);
  }
  SECTION("no counter elsewhere: the page's own thread") {
    s.counting.elsewhere = [](const kt::Problem&, std::optional<bool>, std::uint64_t) {
      return nullptr;
    };
    REQUIRE(count(s).empty());
    CHECK(s.counting.counter->threads() == 1);
    count_to_end(s);
    CHECK(s.counting.counter->count().to_string() == "304");
  }
}

// A count by rows elsewhere that says how far it is saved (as the browser's counting worker).
class SavingCounter final : public PageCounter {
 public:
  explicit SavingCounter(std::string saving) : saving_(std::move(saving)) {}
  Status run(std::uint64_t) override { return Status::running; }
  Status status() const override { return Status::running; }
  BigCount count() const override { return BigCount(0); }
  double progress() const override { return 0.5; }
  const char* name() const override { return "rows"; }
  std::uint64_t nodes() const override { return 0; }
  std::optional<FrontierProgress> rows_progress() const override { return FrontierProgress{}; }
  const std::string& error() const override { return error_; }
  std::string saving() const override { return saving_; }

 private:
  std::string saving_, error_;
};

TEST_CASE("explorer: a count by rows says whether it is saved, or why not", "[explorer][count]") {
  ExplorerState s;
  s.counting.not_saved_here = "not saved here";  // as a host that saves only elsewhere
  CHECK(count_saving(s.counting).empty());       // no count
  SECTION("elsewhere: its own word") {
    s.counting.elsewhere = [](const kt::Problem&, std::optional<bool>, std::uint64_t) {
      return std::make_unique<SavingCounter>("Saved at square 9 of 25");
    };
    set_counter_kind(s, CounterKind::rows);
    REQUIRE(count(s).empty());
    CHECK(count_saving(s.counting) == "Saved at square 9 of 25");
  }
  SECTION("on the page's thread: the host's reason, by rows only") {
    set_counter_kind(s, CounterKind::rows);
    REQUIRE(count(s).empty());
    CHECK(count_saving(s.counting) == "not saved here");
    set_counter_kind(s, CounterKind::search);
    REQUIRE(count(s).empty());
    CHECK(count_saving(s.counting).empty());  // the search is not saved anywhere: nothing said
  }
  SECTION("a host that says nothing (the native explorer): nothing") {
    s.counting.not_saved_here.clear();
    set_counter_kind(s, CounterKind::rows);
    REQUIRE(count(s).empty());
    CHECK(count_saving(s.counting).empty());
  }
}

TEST_CASE("explorer: counting each kind", "[explorer][count]") {
  ExplorerState s;
  SECTION("open tours from the start") {
    CHECK(count(s).empty());
    count_to_end(s);
    CHECK(s.counting.state == CountState::done);
    CHECK(s.counting.counter->count().to_string() == "304");
    CHECK(s.counting.what == "directed open tours from (1,1)");
  }
  SECTION("with an end square") {
    set_click_mode(s, ClickMode::end);
    click_square(s, {5, 5});
    count(s);
    count_to_end(s);
    CHECK(s.counting.counter->count().to_string() == "56");
  }
  SECTION("every start, even when the start is blocked") {
    set_click_mode(s, ClickMode::block);
    click_square(s, {1, 1});
    REQUIRE_FALSE(s.error.empty());  // no search from a blocked start...
    set_count_kind(s, CountKind::all_open);
    CHECK(count(s).empty());  // ...but every start can be counted
    count_to_end(s);
    Problem p;
    ProblemInput in;
    in.rows = in.cols = 5;
    in.blocked = "1,1";
    in.start_optional = true;
    REQUIRE(make_problem(in, p).empty());
    CHECK(s.counting.counter->count() == kt::BigCount(count_tours(p).count));
    CHECK(s.counting.what == "directed open tours (every start, each direction)");
  }
  SECTION("every start on the full board") {
    set_count_kind(s, CountKind::all_open);
    count(s);
    count_to_end(s);
    CHECK(s.counting.counter->count().to_string() == "1728");
  }
  SECTION("closed tours") {
    set_board(s, 6, 6);
    set_closed(s, true);
    CHECK(s.counting.kind == CountKind::closed);
    count(s);
    count_to_end(s);
    CHECK(s.counting.counter->count().to_string() == "9862");
  }
  SECTION("a count ignores a refused method") {
    set_field(s, Field::method, "fast");
    CHECK(count(s).empty());
  }
  SECTION("too large: the counter's own message, then a count that fits") {
    set_board(s, 9, 9);
    const std::string why = count(s);
    CHECK(why.find("64 free squares") != std::string::npos);
    CHECK(s.counting.error == why);
    CHECK(s.counting.state == CountState::idle);
    CHECK_FALSE(s.counting.counter);
    set_board(s, 5, 5);
    CHECK(count(s).empty());
  }
  SECTION("by rows, as the CLI's --counter: long strips exactly, 7x7 within the page's memory") {
    set_board(s, 3, 50);
    set_closed(s, true);
    set_counter_kind(s, CounterKind::rows);
    REQUIRE(count(s).empty());
    CHECK(s.counting.counter->by_rows());
    count_to_end(s);
    CHECK(s.counting.state == CountState::done);
    Problem strip;
    strip.geometry = {3, 50};
    strip.closed = true;
    CHECK(s.counting.counter->count() == kt::count_frontier(strip).count);
    CHECK(s.counting.counter->count().to_string().size() == 21);  // past 2^64
    // auto takes the rows too: the search takes at most 64 squares.
    set_counter_kind(s, CounterKind::automatic);
    REQUIRE(count(s).empty());
    CHECK(s.counting.counter->by_rows());
    // 7x7 open tours by rows: about 1.3 GB forecast for the page, within its 1500 MB; it
    // starts. Under a limit of 1000 MB, refused before anything is allocated.
    set_board(s, 7, 7);
    set_count_kind(s, CountKind::all_open);
    set_counter_kind(s, CounterKind::rows);
    REQUIRE(count(s).empty());
    CHECK(s.counting.counter->by_rows());
    tick(s, 0.016, 0.01);
    CHECK(s.counting.state == CountState::running);
    stop_count(s);
    s.counting.memory_limit_mb = 1000;
    const std::string why = count(s);
    CHECK(why.rfind("counting by rows would need about ", 0) == 0);
    CHECK(why.find("past the memory limit of 1000 MB") != std::string::npos);
    CHECK_FALSE(s.counting.counter);
  }
  SECTION("stop, change of kind, and edits clear or stop it") {
    set_board(s, 7, 7);
    REQUIRE(count(s).empty());
    tick(s, 0.016, 0.01);
    stop_count(s);
    CHECK(s.counting.state == CountState::stopped);
    const std::uint64_t nodes = s.counting.counter->nodes();
    tick(s, 0.016, 0.01);
    CHECK(s.counting.counter->nodes() == nodes);
    set_count_kind(s, CountKind::closed);
    CHECK(s.counting.state == CountState::idle);
    CHECK_FALSE(s.counting.counter);
    count(s);
    set_field(s, Field::start, "2,2");
    CHECK_FALSE(s.counting.counter);
  }
}

TEST_CASE("explorer: speed is clamped", "[explorer]") {
  ExplorerState s;
  set_speed(s, 0, false);
  CHECK(s.speed.steps_per_second == kMinRunSpeed);
  set_speed(s, 1e300, true);
  CHECK(s.speed.steps_per_second == kMaxRunSpeed);
  CHECK(s.speed.fastest);
  set_speed(s, std::numeric_limits<double>::quiet_NaN(), false);
  CHECK(s.speed.steps_per_second == kMinRunSpeed);
}

TEST_CASE("explorer: a count alone takes four fifths of each frame, at most a quarter second",
          "[explorer][count]") {
  constexpr double budget = Pacer::kFrameBudgetSeconds;
  // A GPU draws in a millisecond: four budgets (the page draws about 20 frames a second).
  CHECK(count_alone_slice(0.050, 0.040, budget) == Approx(4 * budget));
  // Software GL takes 45 ms a frame to draw: four times that.
  CHECK(count_alone_slice(0.085, 0.040, budget) == Approx(0.180));
  // A frame of half a second besides the count: a quarter second, so that Stop still answers.
  CHECK(count_alone_slice(0.700, 0.200, budget) == Approx(0.25));
  // The first frame of a count (no last slice): four times the whole frame. A clock gone
  // backwards: four budgets.
  CHECK(count_alone_slice(0.016, 0.0, budget) == Approx(0.064));
  CHECK(count_alone_slice(-1.0, 0.0, budget) == Approx(4 * budget));
}

TEST_CASE("explorer: the run's pace is steps per second, fractions carried, at 60 and 120 Hz",
          "[explorer]") {
  // Ten seconds of frames at a pace: exactly pace x 10 steps whatever the frame rate (the
  // clock is the test's: every frame's dt is given).
  auto steps_after = [](double per_second, int hz) {
    ExplorerState s;
    set_method(s, Method::textbook);  // the run is TryMove's: its steps are lines
    set_speed(s, per_second, false);
    run(s);
    for (int f = 0; f < hz * 10; ++f) tick(s, 1.0 / hz);
    return s.teach.timeline->machine().lines();
  };
  CHECK(steps_after(0.5, 60) == 5);
  CHECK(steps_after(0.5, 120) == 5);
  CHECK(steps_after(2, 60) == 20);
  CHECK(steps_after(2, 120) == 20);
  CHECK(steps_after(30, 60) == 300);
  CHECK(steps_after(30, 120) == 300);
  CHECK(steps_after(90, 60) == 900);
  CHECK(steps_after(90, 120) == 900);
}

TEST_CASE("page requests: the page's limits and counts through the one road", "[explorer]") {
  Request r;
  CHECK(parse_page_request(problem("1000", "1000", "1,1"), r).empty());
  const std::string why = parse_page_request(problem("100001", "2", "1,1"), r);
  CHECK(starts_with(why, "rows: "));
  // Up to 10^8 squares for the construction (its memory is asked for first), 10^6 for a search.
  RequestText huge = problem("10000", "10000", "1,1");
  CHECK(parse_page_request(huge, r).empty());
  CHECK(r.problem.geometry.size() == 100'000'000);
  const std::int64_t bytes = page_memory_bytes(r.problem, r.method);
  CHECK((bytes > 500'000'000 && bytes < 700'000'000));
  huge.method = "warnsdorff";
  CHECK(parse_page_request(huge, r).find("which takes at most 1000000 squares") !=
        std::string::npos);
  huge.method = "construct";
  huge.blocked = "5,5";                                          // blocked squares are a search's
  CHECK(starts_with(parse_page_request(huge, r), "blocked: "));  // the core's limit
  Problem p;
  RequestText closed_with_end = problem("6", "6", "1,1");
  closed_with_end.end = "2,3";
  CHECK(parse_count_request(closed_with_end, CountKind::closed, p).empty());  // the end is dropped
  CHECK(p.closed);
  CHECK_FALSE(p.end);
  CHECK(parse_count_request(problem("5", "5", "3,3"), CountKind::all_open, p).empty());
  CHECK_FALSE(p.start);
  CHECK(parse_count_kind("all-open") == CountKind::all_open);
  CHECK_FALSE(parse_count_kind("every"));
}

// --- the teaching run (teaching_run.hpp) ---------------------------------------------------

namespace {

// What a view shows of a teaching run, to compare two moments.
struct TeachSnapshot {
  std::uint64_t lines, placed, erased;
  Line line;
  std::vector<std::int32_t> board;
  std::vector<TryMoveMachine::Frame> frames;
  bool operator==(const TeachSnapshot& o) const {
    if (frames.size() != o.frames.size()) return false;
    for (std::size_t i = 0; i < frames.size(); ++i) {
      if (frames[i].move != o.frames[i].move || frames[i].square != o.frames[i].square ||
          frames[i].count != o.frames[i].count) {
        return false;
      }
    }
    return lines == o.lines && placed == o.placed && erased == o.erased && line == o.line &&
           board == o.board;
  }
};

TeachSnapshot snapshot(const ExplorerState& s) {
  const TryMoveMachine& m = s.teach.timeline->machine();
  return {m.lines(), m.placed(), m.erased(), m.line(), m.board(), m.frames()};
}

}  // namespace

TEST_CASE("explorer: teaching run: only for the textbook's case") {
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "5", "1,1", "textbook")).empty());
  CHECK(teaching_available(s));
  REQUIRE(configure(s, problem("5", "5", "1,1", "warnsdorff")).empty());
  CHECK_FALSE(teaching_available(s));
  // The code pane says what runs instead, and what to choose to see code.
  CHECK(s.teach.why_not.starts_with("Warnsdorff's rule goes first to the square"));
  CHECK(s.teach.why_not.ends_with(
      "choose the textbook or wirth method to see the code, line by line"));
  REQUIRE(configure(s, problem("5", "5", "1,1", "construct")).empty());
  CHECK_FALSE(teaching_available(s));
  CHECK(s.teach.why_not.starts_with("The construction"));
  RequestText closed = problem("6", "6", "", "textbook");
  closed.closed = "true";
  if (configure(s, closed).empty()) CHECK_FALSE(teaching_available(s));
}

TEST_CASE("explorer: a held teaching run is drawn only once some call has made it") {
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "5", "1,1", "textbook")).empty());
  s.teach.held = true;  // the browser, until the page's second part is in
  CHECK_FALSE(teaching_shown(s));
  CHECK_FALSE(s.teach.timeline);   // drawing made nothing
  REQUIRE(teaching_available(s));  // a call that asks for it makes it
  CHECK(teaching_shown(s));
  REQUIRE(configure(s, problem("6", "6", "1,1", "textbook")).empty());
  CHECK_FALSE(teaching_shown(s));  // the run is the old problem's: not shown, not remade
  s.teach.held = false;
  CHECK(teaching_shown(s));
}

TEST_CASE("explorer: teaching run: forward(n) and back(n) of any size hold no frame") {
  ExplorerState s;
  REQUIRE(configure(s, problem("8", "8", "1,1", "textbook")).empty());
  REQUIRE(teaching_available(s));
  // forward(2^31 lines): one frame's lines in the call, the same again in each later frame.
  teach_forward(s, std::uint64_t{1} << 31);
  const TryMoveMachine& m = s.teach.timeline->machine();
  CHECK(m.lines() == kFrameLines);
  REQUIRE(s.teach.forward_goal);
  teach_tick(s, 1.0 / 60);
  CHECK(m.lines() == 2 * kFrameLines);
  // Any other step ends it.
  teach_back(s, std::uint64_t{1} << 31);
  CHECK_FALSE(s.teach.forward_goal);
  CHECK(m.lines() == 0);
  teach_tick(s, 1.0 / 60);
  CHECK(m.lines() == 0);
  // back(n) by moves is one replay whatever n: n and n + 1 from the end of a long walk agree
  // with walking back one move at a time.
  set_granularity(s, Granularity::move);
  teach_forward(s, 20000);
  for (int frame = 0; frame < 1000 && s.teach.forward_goal; ++frame) teach_tick(s, 1.0 / 60);
  REQUIRE(m.moves() == 20000);
  teach_back(s, 12345);
  const std::uint64_t by_one_call = m.lines();
  CHECK(m.moves() == 20000 - 12345);
  teach_seek(s, 0);
  teach_forward(s, 20000);
  for (int frame = 0; frame < 1000 && s.teach.forward_goal; ++frame) teach_tick(s, 1.0 / 60);
  for (int i = 0; i < 12345; ++i) teach_back(s, 1);
  CHECK(m.lines() == by_one_call);
  teach_back(s, ~std::uint64_t{0});
  CHECK(m.lines() == 0);
}

TEST_CASE(
    "explorer: teaching run: the first lines of 5x5 from (1,1), and back by each granularity") {
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "5", "1,1", "textbook")).empty());
  REQUIRE(teaching_available(s));
  const Line expected[] = {Line::select, Line::acceptable, Line::record,
                           Line::filled, Line::recurse,    Line::select};
  for (Line l : expected) {
    CHECK(s.teach.timeline->machine().line() == l);
    teach_forward(s);
  }
  for (Granularity g : {Granularity::line, Granularity::move, Granularity::dead_end}) {
    set_granularity(s, g);
    for (int n = 0; n < 5; ++n) teach_forward(s);
    const TeachSnapshot before = snapshot(s);
    teach_forward(s);
    CHECK_FALSE(snapshot(s) == before);
    teach_back(s);
    CHECK(snapshot(s) == before);
  }
  set_granularity(s, Granularity::tour);
  teach_forward(s);  // a frame's lines now, the rest over the next frames
  for (int frame = 0; frame < 1000 && s.teach.forward_goal; ++frame) teach_tick(s, 1.0 / 60);
  CHECK_FALSE(s.teach.forward_goal);
  const TryMoveMachine& m = s.teach.timeline->machine();
  CHECK(m.status() == Status::found);
  for (int y = 1; y <= 5; ++y) {
    for (int x = 1; x <= 5; ++x) {
      CHECK(m.board()[m.geometry().index({x, y})] == kTextbook5x5[5 - y][x - 1]);
    }
  }
  teach_seek(s, 10);
  CHECK(s.teach.timeline->machine().lines() == 10);
}

TEST_CASE("explorer: teaching run: listing handout-all steps from one displayed tour to the next") {
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "5", "1,1", "textbook")).empty());
  REQUIRE(set_listing(s, "handout-all").empty());
  CHECK(listing_name(s) == "handout-all");
  REQUIRE(teaching_available(s));
  const TryMoveMachine& m = s.teach.timeline->machine();
  REQUIRE(m.semantics() == Semantics::try_all);
  CHECK(m.order().name == "handout");  // the listing's own order
  // By tour: each step stops right after "Display Board"; a frame's lines at a time.
  set_granularity(s, Granularity::tour);
  teach_forward(s, 3);
  for (int frame = 0; frame < 1000 && s.teach.forward_goal; ++frame) teach_tick(s, 1.0 / 60);
  CHECK(m.tours() == 3);
  CHECK(m.last_effect() == Effect::displayed);
  const std::string said = recursion_words(m, *s.teach.listing);
  CHECK(said.starts_with("Try_All(26, "));
  CHECK(said.ends_with(": the board is full, tour 3 displayed"));
  const TeachSnapshot third = snapshot(s);
  teach_back(s);
  CHECK(m.tours() == 2);
  CHECK(m.last_effect() == Effect::displayed);
  teach_forward(s);
  for (int frame = 0; frame < 1000 && s.teach.forward_goal; ++frame) teach_tick(s, 1.0 / 60);
  CHECK(snapshot(s) == third);
  // Run plays it on from tour to tour until paused (Try_All has no end at a tour).
  set_speed(s, 100'000, false);
  run(s);
  for (int frame = 0; frame < 120; ++frame) tick(s, 1.0 / 60);
  CHECK(m.tours() >= 5);
  CHECK(m.status() == Status::running);
  CHECK(s.run.state == RunState::running);
  pause(s);
  CHECK(s.run.state == RunState::paused);
  // Another listing of another procedure makes a new run; an unknown name names them all.
  REQUIRE(set_listing(s, "handout").empty());
  CHECK(s.teach.timeline->machine().semantics() == Semantics::try_move);
  CHECK(set_listing(s, "basic").find("handout, handout-all, python") != std::string::npos);
}

TEST_CASE("explorer: a step is said in the listing's own terms") {
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "5", "1,1", "textbook")).empty());
  set_granularity(s, Granularity::move);
  step(s);  // the first move: from the corner to (2,3), Sutcliffe's first jump
  const TryMoveMachine& m = s.teach.timeline->machine();
  CHECK(recursion_words(m, *s.teach.listing) ==
        "TryMove(2, 1, 1): candidate 1 of 8, (2,3) free; move 2 placed");
  // Python counts from 0: its call and its squares say so, as its locals do.
  REQUIRE(set_listing(s, "python").empty());
  CHECK(recursion_words(m, *s.teach.listing) ==
        "try_move(2, 0, 0): candidate 1 of 8, (1,2) free; move 2 placed");
}

TEST_CASE("explorer: teaching run: the pace is lines per second whatever the frame rate") {
  auto lines_after = [](double hz) {
    ExplorerState s;
    REQUIRE(configure(s, problem("5", "5", "1,1", "textbook")).empty());
    set_speed(s, 4, false);
    run(s);
    for (int f = 0; f < static_cast<int>(hz * 2); ++f) tick(s, 1.0 / hz);
    return s.teach.timeline->machine().lines();
  };
  const auto at60 = lines_after(60), at120 = lines_after(120);
  {  // The measured speed (Knuth's estimate's) is the pace, frames without a line included.
    ExplorerState s;
    REQUIRE(configure(s, problem("5", "5", "1,1", "textbook")).empty());
    set_speed(s, 4, false);
    run(s);
    for (int f = 0; f < 120; ++f) tick(s, 1.0 / 60);
    CHECK(teaching_lines_per_second(s.teach) == Approx(4).epsilon(0.15));
  }
  CHECK(at60 >= 7);
  CHECK(at60 <= 8);
  CHECK(at120 >= 7);
  CHECK(at120 <= 8);
}

// The run's read-outs agree with the recursion: the engine stands where the machine stands.
void check_one_run(const ExplorerState& s) {
  const TryMoveMachine& m = s.teach.timeline->machine();
  const Counters k = s.run.solver->counters();
  CHECK(k.placed == m.placed());
  CHECK(k.erased == m.erased());
  const auto b = s.run.solver->board();
  CHECK(std::equal(b.begin(), b.end(), m.board().begin(), m.board().end()));
}

TEST_CASE("explorer: one run: Run to the tour, then Step and Back go on from where it stands") {
  ExplorerState s;  // the page's first visit: 5x5 from (1,1), auto (its textbook search)
  REQUIRE(s.run.solver);
  set_speed(s, 0, true);
  run(s);
  REQUIRE(recursion_is_run(s));
  CHECK(s.run.state == RunState::running);
  for (int frame = 0; frame < 10'000 && s.run.state == RunState::running; ++frame) {
    tick(s, 1.0 / 60);
  }
  REQUIRE(s.run.state == RunState::finished);
  tick(s, 1.0 / 60);  // the verifier's frame
  REQUIRE(s.run.verdict);
  CHECK(s.run.verdict->ok);
  const TryMoveMachine& m = s.teach.timeline->machine();
  CHECK(m.status() == Status::found);
  CHECK(m.placed() == 74'342);  // Sutcliffe's 5x5 from a corner, as `knights solve` prints it
  check_one_run(s);
  CHECK(s.tours.found == 1);
  // Back by a move: to right after the tour's last record, the calls not yet returned; by
  // another, the board loses a square. The engine follows, the run is paused.
  set_granularity(s, Granularity::move);
  teach_back(s);
  CHECK(s.run.state == RunState::paused);
  CHECK(m.status() == Status::running);
  check_one_run(s);
  teach_back(s);
  CHECK(m.placed() + m.erased() == 148'660 - 1);
  CHECK(s.run.solver->status() == Status::running);
  check_one_run(s);
  // Step (the run's, at the granularity) goes forward from there: the same tour again.
  step(s);
  step(s);
  for (int frame = 0; frame < 100 && s.teach.forward_goal; ++frame) tick(s, 1.0 / 60);
  CHECK(s.run.state == RunState::finished);
  check_one_run(s);
  tick(s, 1.0 / 60);
  CHECK(s.run.verdict.value_or(Verdict{}).ok);
  CHECK(s.tours.found == 1);  // the same tour, not a second one
  // Back to the start: idle, and the board can be edited again.
  teach_seek(s, 0);
  CHECK(s.run.state == RunState::idle);
  CHECK(board_editable(s));
  check_one_run(s);
}

TEST_CASE("explorer: one run: a step after a paused Run is the next line of the same run") {
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "5", "1,1", "textbook")).empty());
  set_speed(s, 600, false);
  run(s);
  for (int frame = 0; frame < 30; ++frame) tick(s, 1.0 / 60);  // half a second: 300 lines
  pause(s);
  CHECK(s.run.state == RunState::paused);
  const TryMoveMachine& m = s.teach.timeline->machine();
  const std::uint64_t at = m.lines();
  CHECK(at == 300);
  step(s);
  CHECK(m.lines() == at + 1);
  check_one_run(s);
  CHECK(teaching_lines_per_second(s.teach) > 0);  // the estimate's speed is the run's
  // A link's steps= (moves) run the same machine.
  const std::uint64_t moves = m.moves();
  step_moves(s, 10);
  for (int frame = 0; frame < 100 && s.teach.forward_goal; ++frame) tick(s, 1.0 / 60);
  CHECK(m.moves() == moves + 10);
  check_one_run(s);
}

TEST_CASE("explorer: one run: methods without a listing run the engine alone") {
  ExplorerState s;
  REQUIRE(configure(s, problem("8", "8", "1,1", "warnsdorff")).empty());
  set_speed(s, 0, true);
  run(s);
  CHECK_FALSE(recursion_is_run(s));
  for (int frame = 0; frame < 100 && s.run.state == RunState::running; ++frame) tick(s, 1.0 / 60);
  CHECK(s.run.state == RunState::finished);
  CHECK(s.run.solver->status() == Status::found);
}

TEST_CASE("explorer: teaching run: a move order changes the run; a bad one is refused") {
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "5", "1,1", "textbook")).empty());
  CHECK(set_teaching_order(s, "wirth").empty());
  REQUIRE(teaching_available(s));
  CHECK(s.teach.timeline->machine().order().name == "wirth");
  CHECK_FALSE(set_teaching_order(s, "1,2;1,2").empty());  // refused: the order stays
  REQUIRE(teaching_available(s));
  CHECK(s.teach.timeline->machine().order().name == "wirth");
  // The problem's order: the engine run walks it too, and the draft keeps it.
  CHECK(s.draft.text.order == "wirth");
  CHECK(s.run.solver->order().name == "wirth");
  CHECK(set_teaching_order(s, "").empty());
  REQUIRE(teaching_available(s));
  CHECK(s.teach.timeline->machine().order().name == "sutcliffe");
  REQUIRE(s.teach.estimate);
  CHECK(s.teach.estimate->nodes.to_double().value_or(0) > 1000);
  CHECK(teaching_explored(s.teach).value_or(-1) == 0);
}

TEST_CASE("explorer: teaching run: step over runs a whole call, step out returns from one") {
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "5", "1,1", "textbook")).empty());
  REQUIRE(teaching_available(s));
  auto& m = s.teach.timeline->machine();
  for (int n = 0; n < 4; ++n) teach_forward(s);
  REQUIRE(m.line() == Line::recurse);
  teach_step_over(s);  // the first call of move 3 runs to its end: here it finds the tour
  CHECK(m.frames().size() == 1);
  CHECK(m.line() == Line::erase);
  teach_seek(s, 4);  // the scrubber: at the call again
  CHECK(m.line() == Line::recurse);
  CHECK(m.frames().size() == 1);
  set_granularity(s, Granularity::move);
  teach_forward(s, 6);
  const std::size_t depth = m.frames().size();
  REQUIRE(depth > 2);
  teach_step_out(s);
  CHECK(m.frames().size() < depth);
}

TEST_CASE("explorer: every tour from (1,1) on 5x5 one by one: 304, each verified, Previous too",
          "[explorer]") {
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "5", "1,1", "textbook")).empty());
  REQUIRE(lists_tours(s));
  run_to_end(s);
  REQUIRE(s.tours.found == 1);
  CHECK(s.tours.shown == 1);
  CHECK_FALSE(shown_tour(s));  // the last one found is the solver's own board
  std::set<std::vector<std::int32_t>> distinct;
  distinct.insert(s.tours.boards.back());
  while (next_tour(s)) {
    for (int i = 0; i < 100000 && s.run.state == RunState::running; ++i) tick(s, 0.016, 0.05);
    tick(s, 0.016);  // verifies
    if (s.run.solver->status() != Status::found) break;
    REQUIRE(s.run.verdict);
    CHECK(s.run.verdict->ok);
    distinct.insert(s.tours.boards.back());
  }
  CHECK(s.tours.exhausted);
  CHECK(s.tours.found == 304);
  CHECK(distinct.size() == 304);
  REQUIRE(tour_total(s));
  CHECK(*tour_total(s) == 304);
  // Back through the kept tours; the first is the textbook's.
  while (previous_tour(s)) {
  }
  CHECK(s.tours.shown == 1);
  REQUIRE(shown_tour(s));
  const auto& first = *shown_tour(s);
  const Geometry g{5, 5};
  for (int y = 1; y <= 5; ++y) {
    for (int x = 1; x <= 5; ++x) CHECK(first[g.index({x, y})] == kTextbook5x5[5 - y][x - 1]);
  }
  CHECK(next_tour(s));
  CHECK(s.tours.shown == 2);
  // A new problem clears the list.
  set_field(s, Field::start, "3,3");
  CHECK(s.tours.found == 0);
}

TEST_CASE("explorer: the total comes from Count tours when it counted this start", "[explorer]") {
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "5", "1,1", "textbook")).empty());
  CHECK_FALSE(tour_total(s));
  REQUIRE(count(s).empty());
  count_to_end(s);
  REQUIRE(tour_total(s));
  CHECK(*tour_total(s) == 304);
  // Not for methods that do not list tours, nor large boards.
  REQUIRE(configure(s, problem("9", "9", "1,1", "textbook")).empty());
  CHECK_FALSE(lists_tours(s));
  REQUIRE(configure(s, problem("5", "5", "1,1", "warnsdorff")).empty());
  CHECK_FALSE(lists_tours(s));
}

TEST_CASE("explorer: the move order is part of the problem", "[explorer]") {
  ExplorerState s;
  RequestText t = problem("5", "5", "1,1", "textbook");
  t.order = "handout";
  REQUIRE(configure(s, t).empty());
  CHECK(s.run.solver->order().name == "handout");
  CHECK(request_text(s.draft).order == "handout");
  // wirth walks Wirth's order only: another order makes it the textbook method.
  REQUIRE(configure(s, problem("5", "5", "1,1", "wirth")).empty());
  CHECK(set_order(s, "pseudocode").empty());
  CHECK(s.draft.text.method == "textbook");
  CHECK(s.run.solver->order().name == "pseudocode");
  CHECK(starts_with(set_order(s, "sideways"), "order: "));
  CHECK(s.run.solver->order().name == "pseudocode");
}

TEST_CASE("explorer: teaching panels by name", "[explorer]") {
  for (const Panel p : {Panel::stack, Panel::code, Panel::tree, Panel::estimate}) {
    CHECK(parse_panel(to_string(p)) == p);
  }
  CHECK_FALSE(parse_panel("order"));
  ExplorerState s;
  CHECK(s.view.panels[static_cast<int>(Panel::code)]);
  CHECK_FALSE(s.view.panels[static_cast<int>(Panel::stack)]);
}

TEST_CASE("explorer: the count section's classes and end map, cleared by another board",
          "[explorer][study]") {
  ExplorerState s;
  REQUIRE(configure(s, problem("5", "5", "1,1", "textbook")).empty());
  set_count_kind(s, CountKind::from_start);
  REQUIRE(study(s).empty());
  for (int i = 0; i < 100000 && s.study.state == TourStudy::State::running; ++i) {
    tick(s, 0.016, 0.05);
  }
  REQUIRE(s.study.state == TourStudy::State::done);
  // As the CLI's count --classes and --ends from a1: the diagonal mirror pairs the 304 tours;
  // the far corner ends 56 of them.
  const TourClasses c = s.study.classifier->result();
  CHECK(c.tours == 304);
  CHECK(c.classes == 152);
  const Geometry g = s.study.problem.geometry;
  CHECK(s.study.ends[g.index({5, 5})] == 56);
  std::uint64_t sum = 0;
  for (const std::uint64_t n : s.study.ends) sum += n;
  CHECK(sum == 304);
  // Closed tours: the classes, no map.
  set_count_kind(s, CountKind::closed);
  REQUIRE(configure(s, problem("6", "6", "1,1", "textbook")).empty());
  CHECK(s.study.state == TourStudy::State::done);  // until the next tick sees the new board
  tick(s, 0.016, 0.05);
  CHECK(s.study.state == TourStudy::State::idle);
  set_count_kind(s, CountKind::closed);
  REQUIRE(study(s).empty());
  for (int i = 0; i < 100000 && s.study.state == TourStudy::State::running; ++i) {
    tick(s, 0.016, 0.05);
  }
  CHECK(s.study.classifier->result().classes == 1245);  // Jelliss
  CHECK(s.study.ends.empty());
  // What would take long is refused before it starts, pointing to the CLI.
  REQUIRE(configure(s, problem("7", "7", "1,1", "textbook")).empty());
  set_count_kind(s, CountKind::from_start);
  const std::string why = study(s);
  CHECK(starts_with(why, "board: listing every tour would take about"));
  CHECK(s.study.state == TourStudy::State::idle);
}
