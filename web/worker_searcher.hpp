// A long search of the Run in the counting worker (ui/search_elsewhere.hpp): the page's side.
// The worker's side is web/count_worker_search.cpp.
#pragma once

#include <memory>

#include "board/move_order.hpp"
#include "board/problem.hpp"
#include "search/search.hpp"
#include "search_elsewhere.hpp"

namespace kt::web {

// The search, gone on with in a worker from where `from` stands, where count_threads()
// (web/worker_counter.hpp) says the page counts in one; else null.
std::unique_ptr<ui::ElsewhereSearch> search_in_worker(const Problem& problem,
                                                      const MoveOrder& order, bool warnsdorff,
                                                      const Search& from, bool snapshots);

}  // namespace kt::web
