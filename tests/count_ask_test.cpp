// Before a count the page says what it should take (the search's short trial, the one the
// CLI's refusal of a long count gives), and a count it says would take long waits for a yes:
// 8x8 open tours no longer start silently at 0%.
#include <catch2/catch.hpp>

#include <string>

#include "explorer_state.hpp"

using namespace kt;
using namespace kt::ui;

TEST_CASE("count: a long count asks first, with its forecast", "[explorer][count]") {
  ExplorerState s;
  RequestText t;
  t.rows = "8";
  t.cols = "8";
  t.start = "1,1";
  REQUIRE(configure(s, t).empty());
  set_count_kind(s, CountKind::all_open);
  CHECK(count(s).empty());
  CHECK(s.counting.state == CountState::asking);
  CHECK(!s.counting.counter);  // nothing started
  CHECK(s.counting.forecast_seconds > kAskCountSeconds);
  INFO(s.counting.forecast);
  CHECK(s.counting.forecast.rfind("Counting directed open tours", 0) == 0);
  CHECK(s.counting.forecast.find("should take about ") != std::string::npos);
  CHECK(s.counting.forecast.find(" years") != std::string::npos);
  SECTION("no: back to idle") {
    cancel_count(s);
    CHECK(s.counting.state == CountState::idle);
    CHECK(s.counting.forecast.empty());
  }
  SECTION("yes: it counts, the forecast still shown") {
    const std::string forecast = s.counting.forecast;
    CHECK(count(s, true).empty());
    CHECK(s.counting.state == CountState::running);
    CHECK(s.counting.forecast == forecast);
    stop_count(s);
  }
}

TEST_CASE("count: a quick count starts at once and says how long", "[explorer][count]") {
  ExplorerState s;  // 5x5 from (1,1): 304 tours, a moment
  CHECK(count(s).empty());
  CHECK(s.counting.state == CountState::running);
  CHECK(s.counting.forecast.find("should take about ") != std::string::npos);
  CHECK(s.counting.forecast_seconds < kAskCountSeconds);
}
