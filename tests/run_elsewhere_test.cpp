// The Run's long parts handed to a host that runs them elsewhere (ui/search_elsewhere.hpp,
// ui/build_elsewhere.hpp), with a host that runs them in this process, a slice at each news:
// the page's side of the browser's counting worker, without a browser. The run stays one machine:
// the tour and the steps are the page's own, Pause and Step bring the search back, and Step goes
// on from where it stopped.
#include <catch2/catch.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "construction/construct.hpp"
#include "explorer_state.hpp"
#include "solve/solver.hpp"
#include "verify/verify.hpp"

using namespace kt;
using namespace kt::ui;

namespace {

// A search "elsewhere": its own Search, gone on with from the page's state, 200,000 steps at
// each news; its state told at each news where asked, and when it ends or stops.
class HereSearch final : public ElsewhereSearch {
 public:
  HereSearch(const Problem& p, const MoveOrder& order, bool warnsdorff, const SearchState& from,
             bool snapshots)
      : search_(make_search(p, order, warnsdorff ? Heuristic::warnsdorff : Heuristic::none)),
        snapshots_(snapshots) {
    resumed_ = search_->resume(from);
  }
  bool running() override {
    if (done_) return false;
    if (!resumed_) {
      error_ = "not resumed";
      done_ = true;
      return false;
    }
    if (!stop_) search_->run(200000);
    ++news_;
    done_ = stop_ || search_->status() != Status::running;
    if (done_ || snapshots_) state_ = search_->state();
    return !done_;
  }
  void stop() override { stop_ = true; }
  std::optional<SearchState> take_state() override {
    std::optional<SearchState> s;
    s.swap(state_);
    return s;
  }
  Counters counters() const override { return search_->counters(); }
  int depth() const override { return search_->depth(); }
  const std::string& error() const override { return error_; }

  static inline int made = 0;

 private:
  std::unique_ptr<Search> search_;
  bool snapshots_, resumed_ = false, stop_ = false, done_ = false;
  int news_ = 0;
  std::optional<SearchState> state_;
  std::string error_;
};

std::unique_ptr<ElsewhereSearch> search_here(const Problem& p, const MoveOrder& order,
                                             bool warnsdorff, const Search& from, bool snapshots) {
  ++HereSearch::made;
  return std::make_unique<HereSearch>(p, order, warnsdorff, from.state(), snapshots);
}

// A build "elsewhere": construct_tour and the verifier at the first news.
class HereBuild final : public ElsewhereBuild {
 public:
  explicit HereBuild(const Problem& p) : problem_(p) {}
  bool running() override {
    if (!built_) {
      built_ = true;
      if (std::string why = construct_tour(problem_, tour_); !why.empty()) error_ = why;
      verdict_ = verify_compact(problem_, tour_);
      return true;  // told at the next news
    }
    return false;
  }
  std::optional<CompactTour> take_tour() override { return std::move(tour_); }
  const Verdict& verdict() const override { return verdict_; }
  double seconds() const override { return 0.5; }
  const std::string& error() const override { return error_; }

 private:
  Problem problem_;
  CompactTour tour_;
  Verdict verdict_;
  bool built_ = false;
  std::string error_;
};

std::unique_ptr<ElsewhereBuild> build_here(const Problem& p) {
  return std::make_unique<HereBuild>(p);
}

RequestText problem(const char* rows, const char* cols, const char* start, const char* end,
                    const char* method, bool closed = false) {
  RequestText t;
  t.rows = rows;
  t.cols = cols;
  t.start = start;
  t.end = end;
  t.method = method;
  t.closed = closed ? "1" : "";
  return t;
}

// Ticks of a quarter second (the pace's clock) until `done`, at most `most` of them.
template <class Done>
void tick_until(ExplorerState& s, Done done, int most = 100000) {
  for (int i = 0; i < most && !done(); ++i) tick(s, 0.25, 0.002);
}

}  // namespace

TEST_CASE(
    "a long search at the fastest pace goes elsewhere after a second, and comes back with "
    "the page's own tour",
    "[explorer]") {
  ExplorerState s;
  s.run.search_elsewhere = search_here;
  REQUIRE(configure(s, problem("5", "6", "1,1", "", "textbook", true)).empty());
  Solver alone(s.run.solver->problem(), Method::textbook);  // the same run on one Solver
  alone.run(UINT64_MAX);
  REQUIRE(alone.status() == Status::found);

  set_speed(s, 1, true);
  HereSearch::made = 0;
  run(s);
  tick(s, 0.25, 0.002);
  CHECK(s.run.search_there == nullptr);  // a quarter second: still here
  tick_until(
      s, [&] { return s.run.search_there != nullptr; }, 8);
  REQUIRE(s.run.search_there != nullptr);
  CHECK(HereSearch::made == 1);
  tick_until(s, [&] { return s.run.state == RunState::finished && s.run.verdict; });
  CHECK(s.run.searched_elsewhere);
  CHECK(s.run.search_there == nullptr);
  CHECK(s.run.elsewhere_error.empty());
  REQUIRE(s.run.verdict);
  CHECK(s.run.verdict->ok);
  CHECK(s.run.solver->counters().placed == alone.counters().placed);
  CHECK(s.run.solver->counters().erased == alone.counters().erased);
  CHECK(std::vector<int>(s.run.solver->board().begin(), s.run.solver->board().end()) ==
        std::vector<int>(alone.board().begin(), alone.board().end()));
}

TEST_CASE("a search elsewhere: Pause and Step bring it back, a pace keeps it here, Reset ends it",
          "[explorer]") {
  ExplorerState s;
  s.run.search_elsewhere = search_here;
  REQUIRE(configure(s, problem("6", "6", "1,1", "1,2", "textbook")).empty());
  set_speed(s, 1, true);
  run(s);
  tick_until(
      s, [&] { return s.run.search_there != nullptr; }, 8);
  REQUIRE(s.run.search_there != nullptr);
  tick(s, 0.25, 0.002);
  tick(s, 0.25, 0.002);

  pause(s);
  CHECK(s.run.state == RunState::paused);
  tick_until(
      s, [&] { return s.run.search_there == nullptr; }, 4);
  REQUIRE(s.run.search_there == nullptr);
  const Counters back = s.run.solver->counters();
  CHECK(back.placed + back.erased > 400000);  // the steps taken elsewhere came back
  const int depth = s.run.solver->depth();

  step(s);
  const Counters one = s.run.solver->counters();
  CHECK(one.placed + one.erased == back.placed + back.erased + 1);
  CHECK(std::abs(s.run.solver->depth() - depth) == 1);

  // Step while elsewhere: paused at once, the step taken once its state is back.
  run(s);
  tick_until(
      s, [&] { return s.run.search_there != nullptr; }, 2);
  REQUIRE(s.run.search_there != nullptr);
  tick(s, 0.25, 0.002);
  step(s);
  CHECK(s.run.state == RunState::paused);
  const Counters there = s.run.search_there->counters();
  tick_until(
      s, [&] { return s.run.search_there == nullptr; }, 4);
  REQUIRE(s.run.search_there == nullptr);
  const Counters stepped = s.run.solver->counters();
  CHECK(stepped.placed + stepped.erased == there.placed + there.erased + 1);

  // At a pace, the search stays here to be watched.
  set_speed(s, 60, false);
  run(s);
  tick_until(
      s, [&] { return s.run.search_there != nullptr; }, 8);
  CHECK(s.run.search_there == nullptr);
  set_speed(s, 1, true);
  tick_until(
      s, [&] { return s.run.search_there != nullptr; }, 2);
  REQUIRE(s.run.search_there != nullptr);
  set_speed(s, 60, false);  // and back, at a pace again
  tick_until(
      s, [&] { return s.run.search_there == nullptr; }, 4);
  CHECK(s.run.search_there == nullptr);
  CHECK(s.run.state == RunState::running);

  set_speed(s, 1, true);
  tick_until(
      s, [&] { return s.run.search_there != nullptr; }, 2);
  REQUIRE(s.run.search_there != nullptr);
  reset(s);
  CHECK(s.run.search_there == nullptr);
  CHECK_FALSE(s.run.searched_elsewhere);
}

TEST_CASE("the recursion's listing stays on the page", "[explorer]") {
  ExplorerState s;
  s.run.search_elsewhere = search_here;
  // The textbook's open tour: the listing is the run (Sutcliffe's TryMove, line by line).
  REQUIRE(configure(s, problem("7", "7", "1,1", "", "textbook")).empty());
  set_speed(s, 1, true);
  run(s);
  for (int i = 0; i < 12; ++i) tick(s, 0.25, 0.002);
  CHECK(s.run.search_there == nullptr);
  CHECK_FALSE(s.run.searched_elsewhere);
}

TEST_CASE("a huge construction's Run is built elsewhere and taken whole", "[explorer]") {
  ExplorerState s;
  s.run.build_elsewhere = build_here;
  REQUIRE(configure(s, problem("1024", "1024", "1,1", "", "construct")).empty());
  run(s);
  tick(s, 0.25, 0.002);
  CHECK(s.run.build_there != nullptr);
  CHECK(s.run.solver->construction()->blocks_done() == 0);
  tick_until(
      s, [&] { return s.run.state == RunState::finished; }, 4);
  REQUIRE(s.run.state == RunState::finished);
  CHECK(s.run.built_elsewhere);
  REQUIRE(s.run.verdict);
  CHECK(s.run.verdict->ok);
  CHECK(s.run.solver->verify().ok);  // the page's own verifier agrees
  CHECK(s.run.solver->construction()->blocks_done() ==
        s.run.solver->construction()->blocks_total());

  // A first step here: the rest is the page's to write.
  REQUIRE(configure(s, problem("1024", "1024", "1,1", "", "construct")).empty());
  step(s);
  run(s);
  tick(s, 0.25, 0.002);
  CHECK(s.run.build_there == nullptr);
  CHECK_FALSE(s.run.built_elsewhere);
}
