#include "counting/choose_counter.hpp"

#include <algorithm>
#include <cstdio>

#include "counting/count.hpp"

namespace kt {

const char* to_string(CounterKind k) {
  switch (k) {
    case CounterKind::automatic:
      return "auto";
    case CounterKind::search:
      return "search";
    case CounterKind::rows:
      return "rows";
  }
  return "?";
}

std::optional<CounterKind> parse_counter_kind(std::string_view name) {
  for (const CounterKind k : {CounterKind::automatic, CounterKind::search, CounterKind::rows}) {
    if (name == to_string(k)) return k;
  }
  return std::nullopt;
}

std::string about_bytes(std::uint64_t bytes) {
  char text[48];
  if (bytes >= 1'000'000'000'000) {
    std::snprintf(text, sizeof text, "about %.0f TB", static_cast<double>(bytes) / 1e12);
  } else if (bytes >= 1'000'000'000) {
    std::snprintf(text, sizeof text, "about %.0f GB", static_cast<double>(bytes) / 1e9);
  } else {
    std::snprintf(text, sizeof text, "about %.0f MB", static_cast<double>(bytes) / 1e6);
  }
  return text;
}

CounterChoice choose_counter(const Problem& problem, const CounterRequest& request) {
  CounterChoice c;
  if (auto why = check_count_board(problem); !why.empty()) {
    c.error = why;
    return c;
  }
  c.search_refusal = check_count_problem(problem);
  c.rows_refusal = check_frontier_problem(problem);
  if (c.rows_refusal.empty()) {
    // A board counting by rows would refuse after hours is refused now.
    c.forecast_bytes = static_cast<std::uint64_t>(
        static_cast<double>(estimate_frontier_bytes(problem, request.memory_limit)) *
        request.forecast_factor);
    // Its states may go to disk, not its plan (43 bytes a square, held from the start).
    const std::uint64_t plan_bytes =
        request.memory_limit > 0 ? forecast_frontier(problem, request.memory_limit).plan_bytes : 0;
    c.on_disk = request.memory_limit > 0 && c.forecast_bytes > request.memory_limit &&
                c.forecast_bytes <= request.disk_room && plan_bytes <= request.memory_limit;
    if (request.check_forecast && request.memory_limit > 0 && !c.on_disk &&
        c.forecast_bytes > request.memory_limit) {
      c.over_memory = true;
      c.rows_refusal = "counting by rows would need " + about_bytes(c.forecast_bytes) +
                       ", past the memory limit of " +
                       std::to_string(request.memory_limit / 1'000'000) + " MB" +
                       request.forecast_hint;
    }
  }
  switch (request.counter) {
    case CounterKind::rows:
      if (request.only_search) {
        c.error = "counting by rows only counts: it does not list tours or stop at a limit";
      } else {
        c.error = c.rows_refusal;
        c.by_rows = true;
      }
      return c;
    case CounterKind::search:
      c.error = c.search_refusal;
      return c;
    case CounterKind::automatic:
      break;
  }
  if (request.only_search || !c.search_refusal.empty()) {
    c.by_rows = !request.only_search && c.rows_refusal.empty();
    if (!c.by_rows) {
      c.error = c.search_refusal;
      if (!c.error.empty() && !request.only_search) c.error += "; " + c.rows_refusal;
    }
    return c;
  }
  if (c.rows_refusal.empty()) {
    c.trial = estimate_count_seconds(problem, request.use_symmetry, false);
    c.by_rows = c.trial->seconds / std::max(1, request.threads) > kSearchPreferredSeconds;
  }
  return c;
}

ExactCounter::ExactCounter(const Problem& problem, bool by_rows, std::uint64_t memory_limit) {
  if (by_rows) {
    rows_ = std::make_unique<FrontierCounter>(problem, FrontierDesc{.memory_limit = memory_limit});
  } else {
    search_ = std::make_unique<TourCounter>(problem);
  }
}

ExactCounter::~ExactCounter() = default;
ExactCounter::ExactCounter(ExactCounter&&) noexcept = default;
ExactCounter& ExactCounter::operator=(ExactCounter&&) noexcept = default;

Status ExactCounter::run(std::uint64_t max_steps) {
  return rows_ ? rows_->run(max_steps) : search_->run(max_steps);
}

Status ExactCounter::status() const { return rows_ ? rows_->status() : search_->status(); }

BigCount ExactCounter::count() const { return rows_ ? rows_->count() : BigCount(search_->count()); }

double ExactCounter::progress() const {
  if (status() != Status::running) return 1.0;
  return rows_ ? rows_->progress().fraction : search_->progress();
}

std::uint64_t ExactCounter::nodes() const { return search_ ? search_->nodes() : 0; }

std::optional<FrontierProgress> ExactCounter::rows_progress() const {
  if (!rows_) return std::nullopt;
  return rows_->progress();
}

const std::string& ExactCounter::error() const { return rows_ ? rows_->error() : search_->error(); }

}  // namespace kt
