// A long backtracking search off the page's thread: a Run at the fastest pace that has searched
// on the page's thread for a second goes on where a host can (the browser, cross-origin
// isolated: its counting worker, web/worker_searcher.cpp) from where it stood
// (kt::Search::state), at full speed, while the page's frames stay free. Its state comes back
// every half second on boards small enough to redraw so (the page puts its own search there:
// kt::Solver::resume_search), and when it ends or Pause, Step or a pace stops it: the run is one
// machine wherever it runs, and Step goes on from where the worker stopped.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "board/move_order.hpp"
#include "board/problem.hpp"
#include "search/search.hpp"

namespace kt::ui {

class ElsewhereSearch {
 public:
  virtual ~ElsewhereSearch() = default;
  // Reads the latest news and returns at once: true until the search there has ended or
  // stopped and its last state has come.
  virtual bool running() = 0;
  // Asks it to stop (once; asked again, nothing more): its last state follows within a
  // fiftieth of a second or so.
  virtual void stop() = 0;
  // The newest state come since the last call, once (none: none new).
  virtual std::optional<SearchState> take_state() = 0;
  // The latest news: the search's counters and depth there.
  virtual Counters counters() const = 0;
  virtual int depth() const = 0;
  // Why it failed there (the page then searches on itself), or "".
  virtual const std::string& error() const = 0;
};

// Where a host can search elsewhere: the search of `problem` in `order` (Warnsdorff's rule or
// the order's tree), gone on with from where `from` stands (its state(), taken only then: a
// host that cannot is asked every frame); snapshots: its state every half second too. Null to
// search on the page's thread.
using SearchElsewhere = std::unique_ptr<ElsewhereSearch> (*)(const Problem& problem,
                                                             const MoveOrder& order,
                                                             bool warnsdorff, const Search& from,
                                                             bool snapshots);

}  // namespace kt::ui
