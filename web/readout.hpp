// The one read-out of a search for JS: what a solver has found and how it got there. The
// scripting class (Module.Search) and the live explorer (Module.app()) both derive from it, so
// status(), board(), json() and the rest are written and bound once.
#pragma once

#include <emscripten/val.h>

#include <optional>
#include <string>

#include "rect.hpp"
#include "search_readout.hpp"
#include "solve/solver.hpp"

namespace kt::web {

class SearchReadout {
 public:
  virtual ~SearchReadout() = default;

  std::string status() const;  // "running" | "found" | "none"; "invalid" without a solver
  std::string method() const;  // the engine at work or that answered (Solver::answered_by)
  std::string reason() const;  // why the answer is what it is (without a solver: why not)
  int depth() const;
  double placed() const;
  double erased() const;
  double seconds() const;
  emscripten::val blocks() const;  // {done, total} of a construction, else null
  emscripten::val board() const;   // rows of move numbers, top row first
  emscripten::val path() const;    // [[x, y], ...] from the start
  std::string text() const;        // kt::board_text
  std::string json() const;        // kt::to_json(kt::make_report(s))
  std::string summary() const;     // kt::to_summary_json (no board or path)
  emscripten::val verify() const;  // {ok, closed, reason}
  // The search's frames from the start: [{move, x, y, candidate}, ...] (ui::read_stack).
  emscripten::val stack() const;
  std::string last_action() const;  // "placed" | "erased" | "none": the last step run

 protected:
  virtual const Solver* solver() const = 0;
  virtual Action action() const = 0;
  virtual std::string no_solver_reason() const = 0;
};

emscripten::val rect_or_null(const std::optional<ui::Rect>& r);  // {x, y, w, h} or null

}  // namespace kt::web
