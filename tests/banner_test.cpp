// The banner above the board (ui/banner.hpp) without a window: its words for each state of the
// explorer, driven through the same functions as the page: ready, the problem refused, theory's
// no, searching, paused, constructing, a tour being verified and verified, no tour, every tour
// one by one, a square picked, the recursion watched, counting, and the exercises.
#include <catch2/catch.hpp>

#include <string>

#include "banner.hpp"
#include "explorer_state.hpp"

using namespace kt;
using namespace kt::ui;

namespace {

const std::string kSep = "  \xC2\xB7  ";   // the read-outs' dot
const std::string kTick = "\xE2\x9C\x93";  // the check mark

RequestText banner_problem(std::string rows, std::string cols, std::string start,
                           std::string method) {
  RequestText t;
  t.rows = std::move(rows);
  t.cols = std::move(cols);
  t.start = std::move(start);
  t.method = std::move(method);
  return t;
}

// The banner as the view asks for it, the picked square's move read from the state.
BannerText words(const ExplorerState& s) {
  BoardFacts facts;
  if (s.view.selected) facts.selected_move = move_at(s, *s.view.selected);
  return banner_text(s, facts);
}

bool begins(const std::string& text, const std::string& prefix) {
  return text.rfind(prefix, 0) == 0;
}
bool ends(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Ticks at full speed until the run ends: the tick that verifies a found tour is left out.
void run_until_finished(ExplorerState& s) {
  set_speed(s, kMaxRunSpeed, true);
  run(s);
  for (int i = 0; i < 100000 && s.run.state == RunState::running; ++i) tick(s, 0.016, 0.05);
}

void run_and_verify(ExplorerState& s) {
  run_until_finished(s);
  tick(s, 0.016);
}

std::string steps_done(const ExplorerState& s) {
  const Counters c = s.run.solver->counters();
  return with_commas(c.placed + c.erased);
}

// "move 7 of 25": where the search stands.
std::string move_of(const ExplorerState& s, int squares) {
  return "move " + std::to_string(s.run.solver->depth() + 1) + " of " + std::to_string(squares);
}

}  // namespace

TEST_CASE("banner: ready before a run, then the problem refused", "[explorer][banner]") {
  ExplorerState s;
  BannerText b = words(s);
  CHECK(b.title == "Ready");
  CHECK(b.detail == "Press Run, or click a square to set the start");
  CHECK(b.tone == Tone::neutral);
  set_click_mode(s, ClickMode::block);
  CHECK(words(s).detail == "Press Run, or click a square to set the block");

  REQUIRE_FALSE(set_field(s, Field::rows, "x").empty());
  b = words(s);
  CHECK(b.title == "Check the input");
  CHECK(b.detail == s.error);
  CHECK_FALSE(b.detail.empty());
  CHECK(b.tone == Tone::warning);
}

TEST_CASE("banner: theory's no before the textbook's search", "[explorer][banner]") {
  ExplorerState s;
  REQUIRE(configure(s, banner_problem("4", "4", "1,1", "textbook")).empty());
  const BannerText b = words(s);
  CHECK(b.title == "Ready");
  CHECK(begins(b.detail, "Theory says no tour (" + s.run.solver->theory().reason + ")"));
  CHECK(ends(b.detail, "; the textbook search will try every possibility anyway"));
}

TEST_CASE("banner: searching, paused, one step", "[explorer][banner]") {
  ExplorerState s;
  set_method(s, Method::warnsdorff);  // the engine's own run: Step places or takes back a move
  step(s);
  BannerText b = words(s);
  CHECK(b.title == "Paused");
  CHECK(b.detail ==
        move_of(s, 25) + kSep + "1 step" + kSep + "Step: one move placed or taken back");
  CHECK(b.tone == Tone::neutral);

  set_speed(s, 1250, false);  // 10 steps in 0.008 s
  run(s);
  tick(s, 0.008);
  REQUIRE(steps_done(s) == "11");
  b = words(s);
  CHECK(b.title == "Searching... (warnsdorff)");
  CHECK(b.detail == move_of(s, 25) + kSep + "11 steps");
  CHECK(b.tone == Tone::running);

  pause(s);
  b = words(s);
  CHECK(b.title == "Paused");
  CHECK(b.detail ==
        move_of(s, 25) + kSep + "11 steps" + kSep + "Step: one move placed or taken back");
  CHECK(b.tone == Tone::neutral);
}

TEST_CASE("banner: a tour found on 5x5 from (1,1), verified: 25 squares", "[explorer][banner]") {
  ExplorerState s;  // 5x5 from (1,1), auto
  run_until_finished(s);
  REQUIRE(s.run.state == RunState::finished);
  REQUIRE(s.run.solver->status() == Status::found);
  const std::string method = method_name(*s.run.solver);
  CHECK(begins(method, "auto: "));
  BannerText b = words(s);
  CHECK(b.title == "Tour found: verifying...");
  CHECK(b.detail == method);
  CHECK(b.tone == Tone::found);

  tick(s, 0.016);  // verifies
  REQUIRE(s.run.verdict);
  REQUIRE(s.run.verdict->ok);
  b = words(s);
  CHECK(b.title == "Tour found: 25 squares, verified " + kTick);
  CHECK(begins(b.detail, "open tour" + kSep + method + kSep + steps_done(s) + " steps" + kSep));
  // The search's own time, and the time on screen when the run was watched for a while.
  CHECK((ends(b.detail, " s") || ends(b.detail, " s on screen")));
  CHECK(b.tone == Tone::found);
}

TEST_CASE("banner: the textbook's 5x5 tour: its steps with commas", "[explorer][banner]") {
  ExplorerState s;
  REQUIRE(configure(s, banner_problem("5", "5", "1,1", "textbook")).empty());
  run_and_verify(s);
  const BannerText b = words(s);
  CHECK(b.title == "Tour found: 25 squares, verified " + kTick);
  CHECK(begins(b.detail, "open tour" + kSep + "textbook" + kSep + "148,660 steps" + kSep));
}

TEST_CASE("banner: a construction's blocks, then its tour", "[explorer][banner]") {
  ExplorerState s;
  REQUIRE(configure(s, banner_problem("100", "100", "1,1", "auto")).empty());
  REQUIRE(s.run.solver->construction());
  const std::string method = method_name(*s.run.solver);
  set_speed(s, 60, false);  // one block a frame
  run(s);
  tick(s, 1.0 / 60);
  REQUIRE(s.run.state == RunState::running);
  const Construction& c = *s.run.solver->construction();
  BannerText b = words(s);
  CHECK(b.title == "Constructing... (" + method + ")");
  CHECK(begins(b.detail, "block " + with_commas(c.blocks_done()) + " of " +
                             with_commas(c.blocks_total()) + kSep));
  CHECK(ends(b.detail, "%"));
  CHECK(b.tone == Tone::running);
  pause(s);
  CHECK(ends(words(s).detail, kSep + "Step: one block written"));

  run_and_verify(s);
  REQUIRE(s.run.verdict);
  b = words(s);
  CHECK(b.title == "Tour found: 10,000 squares, verified " + kTick);
  CHECK(begins(b.detail, "open tour" + kSep + method + kSep + with_commas(c.blocks_total()) +
                             " blocks" + kSep));
  // The picture of a huge tour says how far its colouring has got.
  BoardFacts facts;
  facts.colouring = 0.42;
  CHECK(ends(banner_text(s, facts).detail, kSep + "colouring the order 42%"));
}

TEST_CASE("banner: no tour on 4x4, none on 3x3 after every move sequence, no closed 5x5",
          "[explorer][banner]") {
  ExplorerState s;
  REQUIRE(configure(s, banner_problem("4", "4", "1,1", "auto")).empty());
  REQUIRE(s.run.state == RunState::finished);  // theory answers at once
  BannerText b = words(s);
  CHECK(b.title == "No tour from (1,1)");
  CHECK(b.detail == s.run.solver->reason());
  CHECK_FALSE(b.detail.empty());
  CHECK(b.tone == Tone::failed);

  REQUIRE(configure(s, banner_problem("3", "3", "1,1", "textbook")).empty());
  run_and_verify(s);
  REQUIRE(s.run.solver->status() == Status::none);
  b = words(s);
  CHECK(b.title == "No tour from (1,1)");
  CHECK(b.detail == s.run.solver->reason() + kSep +
                        "the textbook search tried every move sequence: " + steps_done(s) +
                        " steps");
  CHECK(b.tone == Tone::failed);

  RequestText closed = banner_problem("5", "5", "", "auto");
  closed.closed = "true";
  REQUIRE(configure(s, closed).empty());
  run_and_verify(s);
  b = words(s);
  CHECK(b.title == "No closed tour");
  CHECK(b.tone == Tone::failed);
}

TEST_CASE("banner: every tour one by one", "[explorer][banner]") {
  ExplorerState s;
  REQUIRE(configure(s, banner_problem("5", "5", "1,1", "textbook")).empty());
  run_and_verify(s);
  REQUIRE(s.tours.found == 1);
  CHECK(words(s).title == "Tour found: 25 squares, verified " + kTick);  // the first: as ever

  REQUIRE(next_tour(s));
  run_and_verify(s);
  REQUIRE(s.tours.found == 2);
  CHECK(words(s).title == "Tour 2 found, verified " + kTick);
  REQUIRE(previous_tour(s));
  BannerText b = words(s);
  CHECK(b.title == "Tour 1, verified " + kTick);
  CHECK(b.detail == "in the search's order" + kSep + "textbook");
  CHECK(b.tone == Tone::found);

  // Count tours gives the total.
  REQUIRE(count(s).empty());
  for (int i = 0; i < 1000000 && s.counting.state == CountState::running; ++i) {
    tick(s, 0.016, 0.05);
  }
  CHECK(words(s).title == "Tour 1 of 304, verified " + kTick);
  REQUIRE(next_tour(s));
  CHECK(words(s).title == "Tour 2 of 304 found, verified " + kTick);

  // On to the end: the search goes past the last one.
  while (next_tour(s)) {
    run_and_verify(s);
    if (s.run.solver->status() != Status::found) break;
  }
  REQUIRE(s.tours.exhausted);
  b = words(s);
  CHECK(b.title == "All 304 tours found");
  CHECK(b.detail == "the search tried every possibility after the last one" + kSep +
                        "showing tour 304" + kSep + "textbook");
  CHECK(b.tone == Tone::found);
}

TEST_CASE("banner: a square picked on a finished board", "[explorer][banner]") {
  ExplorerState s;
  REQUIRE(configure(s, banner_problem("5", "5", "1,1", "textbook")).empty());
  run_and_verify(s);
  const std::string detail = words(s).detail;
  REQUIRE(click_square(s, {3, 3}) == Click::selected);
  BannerText b = words(s);
  CHECK(b.title == "Tour found: 25 squares, verified " + kTick);
  CHECK(b.detail == detail + "\nc3 (3,3): move 7" + kSep + "Reset to edit the board");
  // Without the view's move number: the square alone.
  CHECK(ends(banner_text(s).detail, "\nc3 (3,3)" + kSep + "Reset to edit the board"));
  BoardFacts facts;
  facts.selected_move = 0;
  CHECK(
      ends(banner_text(s, facts).detail, "(3,3): not visited" + kSep + "Reset to edit the board"));
  facts.selected_move = kBlocked;
  CHECK(ends(banner_text(s, facts).detail, "(3,3): blocked" + kSep + "Reset to edit the board"));
}

TEST_CASE("banner: the run is the recursion: its line in the listing's words",
          "[explorer][banner]") {
  ExplorerState s;
  REQUIRE(configure(s, banner_problem("5", "5", "1,1", "textbook")).empty());
  REQUIRE(teaching_available(s));
  BannerText b = words(s);
  CHECK(b.title == "Ready");
  CHECK(begins(b.detail, "Press Run to watch Sutcliffe"));
  for (int n = 0; n < 4; ++n) step(s);  // by line: select, acceptable, record, filled
  const TryMoveMachine& m = s.teach.timeline->machine();
  REQUIRE(m.line() == Line::recurse);
  b = words(s);
  CHECK(b.title == "Paused");
  // Sutcliffe's line 12 is the recursive call, as the listing prints it.
  CHECK(b.detail == move_of(s, 25) + kSep + "1 step" + kSep + "line 4" + kSep +
                        "next: 12 TryMove (moveNumber + 1, m, n, moveOK);\nStep: one line");
  CHECK(b.tone == Tone::neutral);
  // Python says its own lines: no `until`, which Python has not.
  REQUIRE(set_listing(s, "python").empty());
  CHECK(words(s).detail.find("next: ") != std::string::npos);
  for (int n = 0; n < 40; ++n) {
    step(s);
    CHECK(words(s).detail.find("until") == std::string::npos);
  }

  set_granularity(s, Granularity::tour);
  step(s);
  for (int frame = 0; frame < 1000 && s.teach.forward_goal; ++frame) tick(s, 1.0 / 60);
  REQUIRE(m.status() == Status::found);
  tick(s, 1.0 / 60);  // the verifier's frame
  CHECK(begins(words(s).title, "Tour found: 25 squares, verified"));

  REQUIRE(configure(s, banner_problem("3", "3", "1,1", "textbook")).empty());
  REQUIRE(teaching_available(s));
  set_granularity(s, Granularity::tour);
  step(s);
  for (int frame = 0; frame < 1000 && s.teach.forward_goal; ++frame) tick(s, 1.0 / 60);
  CHECK(words(s).title == "No tour from (1,1)");

  // The handout's Try_All goes on after each tour: the banner counts the tours displayed.
  REQUIRE(configure(s, banner_problem("5", "5", "1,1", "textbook")).empty());
  REQUIRE(set_listing(s, "handout-all").empty());
  set_granularity(s, Granularity::tour);
  for (int n = 0; n < 2; ++n) {
    step(s);
    for (int frame = 0; frame < 1000 && s.teach.forward_goal; ++frame) tick(s, 1.0 / 60);
  }
  CHECK(words(s).title == "Paused");
  CHECK(ends(words(s).detail.substr(0, words(s).detail.find('\n')), "2 tours displayed"));
  set_speed(s, 0, true);
  run(s);
  for (int frame = 0; frame < 10'000 && s.run.state == RunState::running; ++frame) {
    tick(s, 1.0 / 60);
  }
  CHECK(words(s).title == "Try_All has tried everything: 304 tours displayed");
}

// The count has its own read-out in the panel: the banner keeps the run's words, and says that a
// count runs (else "Ready" reads as the page idle), until it is done.
TEST_CASE("banner: a count running is said beside the run's words; done, they stand alone",
          "[explorer][banner]") {
  ExplorerState s;
  REQUIRE(count(s).empty());
  REQUIRE(s.counting.state == CountState::running);
  BannerText b = words(s);
  CHECK(b.title == "Ready");
  CHECK(b.detail ==
        "Press Run, or click a square to set the start\n"
        "A count is running: Count tours shows how far it has come");
  for (int i = 0; i < 1000000 && s.counting.state == CountState::running; ++i) {
    tick(s, 0.016, 0.05);
  }
  REQUIRE(s.counting.state == CountState::done);
  b = words(s);
  CHECK(b.title == "Ready");
  CHECK(b.detail == "Press Run, or click a square to set the start");
}

TEST_CASE("banner: playing and predicting, the exercise speaks", "[explorer][banner]") {
  ExplorerState s;
  REQUIRE(configure(s, banner_problem("5", "5", "1,1", "textbook")).empty());
  REQUIRE(set_mode(s, Mode::play).empty());
  BannerText b = words(s);
  CHECK(b.title == "Play by hand: 1 of 25 squares");
  CHECK(ends(b.detail, "Hint shows Warnsdorff's choice"));
  CHECK(b.tone == Tone::neutral);
  REQUIRE(set_mode(s, Mode::predict).empty());
  b = words(s);
  CHECK(b.title == "Predict: where does the search go next?");
  CHECK(b.detail == "Score 0 of 0" + kSep + "the knight is on (1,1): click where move 2 goes");
  // An answer: one sentence in the title, the reason's last clause below (not a paragraph).
  REQUIRE(predict(s, Square{2, 3}));
  b = words(s);
  CHECK(b.title == "Right: move 2 went to (2,3)");
  CHECK(begins(b.detail,
               "Score 1 of 1" + kSep + "the knight is on (2,3): click where move 3 goes\n"));
  CHECK(std::count(b.detail.begin(), b.detail.end(), '\n') == 1);
  CHECK(b.detail.size() < 200);
}
