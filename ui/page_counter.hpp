// The page's exact count, wherever it runs: on the page's own thread in slices between frames
// (LocalCounter, over kt::ExactCounter), or elsewhere (the browser's counting worker, on
// threads: web/worker_counter.cpp), which the page only asks for its news. Both give the same
// read-outs, so the panel and the JS API show a count the same way wherever it runs.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "board/problem.hpp"
#include "board/status.hpp"
#include "counting/big_count.hpp"
#include "counting/choose_counter.hpp"
#include "counting/frontier_count.hpp"

namespace kt::ui {

class PageCounter {
 public:
  virtual ~PageCounter() = default;
  // Here: advances by at most max_steps steps. Elsewhere: takes the latest news (max_steps is
  // not used, and the call returns at once). Returns running, or none once finished.
  virtual Status run(std::uint64_t max_steps) = 0;
  virtual Status status() const = 0;
  virtual BigCount count() const = 0;   // tours so far; exact once finished without error
  virtual double progress() const = 0;  // estimated fraction done, 0..1
  // "search" | "rows" ("auto" while a count elsewhere is still choosing: its trial runs there)
  virtual const char* name() const = 0;
  bool by_rows() const { return std::string_view(name()) == "rows"; }
  virtual std::uint64_t nodes() const = 0;
  virtual std::optional<FrontierProgress> rows_progress() const = 0;  // counting by rows only
  virtual const std::string& error() const = 0;
  // Threads counting (1: the page's own thread).
  virtual int threads() const { return 1; }
  // Counting elsewhere: the seconds it has counted (its own clock); here, none (the page times
  // its slices).
  virtual std::optional<double> seconds_elsewhere() const { return std::nullopt; }
  // Stop: here nothing to do (the page stops calling run); elsewhere the work is ended.
  virtual void stop() {}
  // A count by rows that saves as it goes (elsewhere: the browser's counting worker), whether
  // and how far it is saved, in a sentence; "" where it does not save.
  virtual std::string saving() const { return {}; }
};

// The count on the page's own thread.
class LocalCounter final : public PageCounter {
 public:
  LocalCounter(const Problem& problem, bool by_rows, std::uint64_t memory_limit)
      : counter_(problem, by_rows, memory_limit) {}
  Status run(std::uint64_t max_steps) override { return counter_.run(max_steps); }
  Status status() const override { return counter_.status(); }
  BigCount count() const override { return counter_.count(); }
  double progress() const override { return counter_.progress(); }
  const char* name() const override { return counter_.name(); }
  std::uint64_t nodes() const override { return counter_.nodes(); }
  std::optional<FrontierProgress> rows_progress() const override {
    return counter_.rows_progress();
  }
  const std::string& error() const override { return counter_.error(); }

 private:
  ExactCounter counter_;
};

// Where a host can count elsewhere (the browser, cross-origin isolated: a worker on threads):
// the counter for the problem, as ExactCounter's arguments; null to count on the page's thread.
// by_rows none: `auto` where both counters can count, decided elsewhere by the search's trial
// as kt::choose_counter decides it on one thread (the trial takes up to about a second).
using CountElsewhere = std::function<std::unique_ptr<PageCounter>(
    const Problem& problem, std::optional<bool> by_rows, std::uint64_t memory_limit)>;

}  // namespace kt::ui
