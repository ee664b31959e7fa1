// A huge board's tour built off the page's thread: the linear-time construction of a board of
// at least kt::kBulkSquares, which on the page's thread takes frames of half a second (the
// board's allocation, then the verifier over every square). A host that can (the browser,
// cross-origin isolated: its counting worker, web/worker_builder.cpp) builds the whole tour at
// once and checks it with the independent verifier there; the page takes it whole
// (kt::Solver::adopt_construction), and draws and reads it as its own.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "board/problem.hpp"
#include "verify/verify.hpp"

namespace kt::ui {

class ElsewhereBuild {
 public:
  virtual ~ElsewhereBuild() = default;
  // Reads the latest news and returns at once: true while the tour is being built.
  virtual bool running() = 0;
  // Once built: the tour (once; the bytes move out), the verifier's verdict on it there, and
  // the seconds the construction took. error() non-empty: it failed, the page builds it.
  virtual std::optional<CompactTour> take_tour() = 0;
  virtual const Verdict& verdict() const = 0;
  virtual double seconds() const = 0;
  virtual const std::string& error() const = 0;
};

// Where a host can build elsewhere: the build of `problem`'s tour, started; null to build on
// the page's thread.
using BuildElsewhere = std::unique_ptr<ElsewhereBuild> (*)(const Problem& problem);

}  // namespace kt::ui
