// knights solve: one search, printed as seed 000's run log or as JSON.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>

#include "backtrack.hpp"
#include "commands.hpp"
#include "report.hpp"
#include "request.hpp"

namespace kt::cli {

namespace {

struct SolveOptions {
  std::int64_t size = 0, rows = 0, cols = 0;
  bool has_size = false, has_rows = false, has_cols = false;
  std::string start = "1,1";
  std::string method = "textbook";
  std::string format = "text";
  std::uint64_t max_steps = std::numeric_limits<std::uint64_t>::max();
};

int bad_input(const std::string& why) {
  std::fprintf(stderr, "knights: %s\n", why.c_str());
  return kExitBadInput;
}

int run_solve(const SolveOptions& o) {
  if (!o.has_size && !(o.has_rows && o.has_cols)) {
    return bad_input("give the board as --size N or as --rows R --cols C");
  }
  const std::int64_t rows = o.has_rows ? o.rows : o.size;
  const std::int64_t cols = o.has_cols ? o.cols : o.size;
  SolveRequest request;
  if (auto why = make_request(rows, cols, o.start, o.method, request); !why.empty()) {
    return bad_input(why);
  }
  const Geometry g = request.geometry;
  Backtracker search(g, request.start, request.order);
  search.run(o.max_steps);
  Report report = make_report(search);
  const bool stopped = search.status() == Status::running;
  if (stopped) report.status = "stopped";

  if (o.format == "json") {
    std::printf("%s\n", to_json(report).c_str());
  } else if (search.status() == Status::found) {
    std::printf("%spath found!\n", board_text(g, search.board()).c_str());
  } else if (stopped) {
    std::printf("%ssearch stopped after %llu steps at depth %d, no path found yet\n",
                board_text(g, search.board()).c_str(),
                static_cast<unsigned long long>(o.max_steps), search.depth() + 1);
  } else {
    std::printf("no path found\n");
  }
  const Counters& c = search.counters();
  std::fprintf(stderr, "placed %llu, erased %llu, %.3f s\n",
               static_cast<unsigned long long>(c.placed),
               static_cast<unsigned long long>(c.erased), c.seconds);
  return kExitOk;
}

}  // namespace

Runner add_solve_command(CLI::App& app) {
  auto o = std::make_shared<SolveOptions>();
  CLI::App* cmd = app.add_subcommand("solve", "Find a knight's tour by backtracking");
  auto* size = cmd->add_option("--size", o->size, "Square board of N x N squares");
  auto* rows = cmd->add_option("--rows", o->rows, "Rows of a rectangular board");
  auto* cols = cmd->add_option("--cols", o->cols, "Columns of a rectangular board");
  size->excludes(rows)->excludes(cols);
  cmd->add_option("--start", o->start, "Start square: x,y (1-based, y from the bottom) or a1")
      ->capture_default_str();
  cmd->add_option("--method", o->method, "Move order: textbook (seed 000) or wirth (seed 002)")
      ->capture_default_str();
  cmd->add_option("--format", o->format, "Output: text (as the textbook prints) or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cmd->add_option("--max-steps", o->max_steps,
                  "Stop after this many steps (moves placed or taken back)");
  return [o, size, rows, cols] {
    o->has_size = size->count() > 0;
    o->has_rows = rows->count() > 0;
    o->has_cols = cols->count() > 0;
    return run_solve(*o);
  };
}

}  // namespace kt::cli
