// Which exact counter counts a board, and one sliced counter over both: what the CLI's
// `knights count --counter auto|search|rows`, the JS API's Counter and the page's "Count tours"
// share, so that each picks the same way.
//
// The search (count.hpp) lists tours and stops at a limit, but takes at most 64 free squares and
// its time grows with the number of tours; counting by rows (frontier_count.hpp) takes any
// length, but its memory grows about forty times with each unit of width. `auto` takes the one
// that can count the board; when both can, the search's own short trial decides (the search
// when it says the count is quick).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "board/problem.hpp"
#include "board/status.hpp"
#include "counting/big_count.hpp"
#include "counting/estimate.hpp"
#include "counting/frontier_count.hpp"

namespace kt {

class TourCounter;

enum class CounterKind : std::uint8_t { automatic, search, rows };
const char* to_string(CounterKind k);  // "auto", "search", "rows"
std::optional<CounterKind> parse_counter_kind(std::string_view name);

// The search is kept when its trial says it finishes within this (on the threads given); past
// it, counting by rows is faster on the boards both take (measured: 6x6 open, search 2 s, by
// rows over a minute; 7x7 open, search hours).
inline constexpr double kSearchPreferredSeconds = 5;

struct CounterRequest {
  CounterKind counter = CounterKind::automatic;
  // Bytes counting by rows may take (0: no limit). Its forecast (estimate_frontier_bytes) is
  // checked against it first, unless check_forecast is off (the limit is still checked before
  // every allocation while counting).
  std::uint64_t memory_limit = 0;
  bool check_forecast = true;
  // Bytes free where counting by rows may put its states past memory_limit
  // (FrontierCounter::use_disk; 0: nowhere): a forecast past the limit that fits there is no
  // refusal (on_disk says so).
  std::uint64_t disk_room = 0;
  std::string forecast_hint;  // what the caller can do, appended to the forecast's refusal
  // The caller's peak for each byte of the forecast (fitted natively; a WebAssembly heap never
  // gives memory back, so the page's peak is higher).
  double forecast_factor = 1;
  bool only_search = false;  // listing, a limit on tours or on time: only the search does those
  bool use_symmetry = true;  // the search's (its trial runs the same way)
  int threads = 1;           // the search's trial time is divided by them
};

struct CounterChoice {
  bool by_rows = false;
  std::string error;                 // non-empty: refused (then by_rows means nothing)
  std::string search_refusal;        // why the search would not count the board ("" if it would)
  std::string rows_refusal;          // why counting by rows would not (its checks, or the forecast)
  bool over_memory = false;          // rows_refusal is the forecast past memory_limit
  bool on_disk = false;              // the forecast passes memory_limit: states on disk
  std::uint64_t forecast_bytes = 0;  // counting by rows' forecast (0 when it does not apply)
  std::optional<CountTimeEstimate> trial;  // the search's trial, when `auto` ran it
};

// Precondition: none (bad boards give error). May run the search's trial (at most about a
// second) when `auto` has both counters to choose from.
CounterChoice choose_counter(const Problem& problem, const CounterRequest& request);

// "about 45 TB" / "about 7 GB" / "about 12 MB": a forecast of memory, for messages.
std::string about_bytes(std::uint64_t bytes);

// Either counter, run in slices (the browser's shape), counting only (no listing):
//
//   ExactCounter counter(problem, choice.by_rows, memory_limit);
//   while (counter.run(1 << 16) == Status::running) show(counter.progress());
class ExactCounter {
 public:
  ExactCounter(const Problem& problem, bool by_rows, std::uint64_t memory_limit = 0);
  ~ExactCounter();
  ExactCounter(ExactCounter&&) noexcept;
  ExactCounter& operator=(ExactCounter&&) noexcept;

  // A step: a square entered or left by the search, a state expanded by rows (slower). Returns
  // running (call again) or none (finished: count() is exact unless error() says why not).
  Status run(std::uint64_t max_steps);
  Status status() const;
  BigCount count() const;   // tours so far; exact once finished without error
  double progress() const;  // estimated fraction done, 0..1
  bool by_rows() const { return rows_ != nullptr; }
  const char* name() const { return by_rows() ? "rows" : "search"; }
  std::uint64_t nodes() const;                            // the search's squares entered
  std::optional<FrontierProgress> rows_progress() const;  // counting by rows only
  const std::string& error() const;

 private:
  std::unique_ptr<TourCounter> search_;
  std::unique_ptr<FrontierCounter> rows_;
};

}  // namespace kt
