// Which counter counts a board (choose_counter, shared by the CLI, the JS API and the page), and
// the sliced ExactCounter over both.
#include <catch2/catch.hpp>

#include <string>

#include "counting/choose_counter.hpp"

using kt::CounterKind;
using kt::CounterRequest;
using kt::Problem;
using kt::Status;

namespace {

Problem board(int rows, int cols, bool closed = false) {
  Problem p;
  p.geometry = {rows, cols};
  p.closed = closed;
  return p;
}

CounterRequest asking(CounterKind k, std::uint64_t memory_limit = 8'000'000'000) {
  CounterRequest r;
  r.counter = k;
  r.memory_limit = memory_limit;
  return r;
}

std::string count_all(const Problem& p, bool by_rows) {
  kt::ExactCounter c(p, by_rows);
  while (c.run(5000) == Status::running) {
    REQUIRE(c.progress() >= 0);
    REQUIRE(c.progress() <= 1);
  }
  REQUIRE(c.error().empty());
  REQUIRE(c.progress() == 1);
  return c.count().to_string();
}

}  // namespace

TEST_CASE("counter names read back", "[choose_counter]") {
  for (const CounterKind k : {CounterKind::automatic, CounterKind::search, CounterKind::rows}) {
    REQUIRE(kt::parse_counter_kind(kt::to_string(k)) == k);
  }
  REQUIRE_FALSE(kt::parse_counter_kind("frontier"));
}

TEST_CASE("auto takes the counter that can count the board", "[choose_counter]") {
  // Past 64 squares only counting by rows; a short side past 12 only the search (when small).
  auto strip = kt::choose_counter(board(3, 50, true), asking(CounterKind::automatic));
  REQUIRE(strip.error.empty());
  REQUIRE(strip.by_rows);
  REQUIRE_FALSE(strip.search_refusal.empty());
  REQUIRE_FALSE(strip.trial);
  // Both can: the search's trial decides, and a 5x5 corner count is quick.
  Problem corner = board(5, 5);
  corner.start = kt::Square{1, 1};
  auto small = kt::choose_counter(corner, asking(CounterKind::automatic));
  REQUIRE(small.error.empty());
  REQUIRE_FALSE(small.by_rows);
  REQUIRE(small.trial);
  // Listing is the search's only.
  CounterRequest listing = asking(CounterKind::automatic);
  listing.only_search = true;
  REQUIRE(kt::choose_counter(board(3, 50, true), listing).error.find("64 free squares") !=
          std::string::npos);
  listing.counter = CounterKind::rows;
  REQUIRE_FALSE(kt::choose_counter(corner, listing).error.empty());
  // Neither: both reasons.
  auto neither = kt::choose_counter(board(13, 13), asking(CounterKind::automatic));
  REQUIRE(neither.error.find("64 free squares") != std::string::npos);
  REQUIRE(neither.error.find("short side is at most 12") != std::string::npos);
}

TEST_CASE("counting by rows is refused at once past its memory forecast", "[choose_counter]") {
  // 7x7 open tours: about 1.1 GB forecast (1.14 GB measured), past 1 GB but within 2 GB and
  // 8 GB (the CLI's default), where auto takes the rows (the search would take hours); 8x8
  // closed tours: about 8.7 GB (what the join needs), past all three.
  for (const std::uint64_t limit : {1'000'000'000ull, 2'000'000'000ull, 8'000'000'000ull}) {
    for (const Problem& p : {board(7, 7), board(8, 8, true)}) {
      INFO(p.geometry.rows << "x" << p.geometry.cols << " in " << limit << " bytes");
      CounterRequest r = asking(CounterKind::rows, limit);
      r.forecast_hint = " (hint)";
      const auto c = kt::choose_counter(p, r);
      const auto a = kt::choose_counter(p, asking(CounterKind::automatic, limit));
      REQUIRE(a.error.empty());
      if (!p.closed && limit >= 2'000'000'000ull) {
        REQUIRE(c.error.empty());
        REQUIRE(c.forecast_bytes > 1'000'000'000ull);
        REQUIRE(c.forecast_bytes < limit);
        REQUIRE(a.by_rows);
        continue;
      }
      REQUIRE(c.over_memory);
      REQUIRE(c.forecast_bytes > limit);
      REQUIRE(c.error.rfind("counting by rows would need about ", 0) == 0);
      REQUIRE(c.error.find("past the memory limit of " + std::to_string(limit / 1'000'000) +
                           " MB (hint)") != std::string::npos);
      // auto falls back on the search, which takes up to 64 squares.
      REQUIRE_FALSE(a.by_rows);
    }
  }
  // Past a terabyte the forecast reads in terabytes (9x9 open: tens of them).
  CounterRequest wide = asking(CounterKind::rows, 8'000'000'000ull);
  const auto nine = kt::choose_counter(board(9, 9), wide);
  REQUIRE(nine.forecast_bytes > 1'000'000'000'000ull);
  REQUIRE(nine.error.rfind("counting by rows would need about ", 0) == 0);
  REQUIRE(nine.error.find(" TB, past the memory limit of 8000 MB") != std::string::npos);
  // Without the forecast check (the CLI's --force) the board is taken.
  CounterRequest forced = asking(CounterKind::rows, 1'000'000);
  forced.check_forecast = false;
  REQUIRE(kt::choose_counter(board(7, 7), forced).error.empty());
  // The search refuses its own: more than 64 squares.
  REQUIRE_FALSE(kt::choose_counter(board(3, 30), asking(CounterKind::search)).error.empty());
  // Bad boards are refused whatever the counter.
  Problem bad = board(5, 5, true);
  bad.end = kt::Square{1, 1};
  REQUIRE_FALSE(kt::choose_counter(bad, asking(CounterKind::automatic)).error.empty());
}

TEST_CASE("the sliced ExactCounter gives the same counts by either counter", "[choose_counter]") {
  Problem corner = board(5, 5);
  corner.start = kt::Square{1, 1};
  REQUIRE(count_all(corner, false) == "304");
  REQUIRE(count_all(corner, true) == "304");
  REQUIRE(count_all(board(3, 4), false) == "16");
  REQUIRE(count_all(board(3, 4), true) == "16");
  REQUIRE(count_all(board(5, 6, true), false) == count_all(board(5, 6, true), true));
  // Past 2^64, by rows, in small slices: 3x50 closed tours, as counted in one go.
  kt::ExactCounter strip(board(3, 50, true), true);
  while (strip.run(1000) == Status::running) REQUIRE(strip.rows_progress());
  REQUIRE(strip.error().empty());
  REQUIRE_FALSE(strip.count().fits_u64());
  REQUIRE(strip.count() == kt::count_frontier(board(3, 50, true)).count);
  REQUIRE(std::string(strip.name()) == "rows");
  // A memory limit too small stops counting by rows with a message, never a crash.
  kt::ExactCounter tight(board(6, 12), true, 1'000'000);
  while (tight.run(100000) == Status::running) {
  }
  REQUIRE(tight.error().find("memory limit") != std::string::npos);
}
