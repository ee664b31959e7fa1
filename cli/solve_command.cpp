// knights solve: one search, printed as seed 000's run log, as JSON, or as a one-line summary.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "board_options.hpp"
#include "commands.hpp"
#include "construction/construct.hpp"
#include "formats/report.hpp"
#include "search/solver.hpp"

namespace kt::cli {

namespace {

struct SolveOptions {
  RequestText board;
  std::string method = "auto";
  std::string format = "text";
  std::uint64_t max_steps = kMaxCount;  // no limit in practice (decades of search)
  NumberOptions numbers;
};

// What a stopped run did: the steps really spent (the counters, a hand-over's included, not
// the --max-steps asked for), or for a construction the blocks written.
std::string stopped_line(const Solver& solver) {
  const Counters c = solver.counters();
  const std::string steps = std::to_string(c.placed + c.erased);
  if (const Construction* k = solver.construction()) {
    return "construction stopped after " + std::to_string(k->blocks_done()) + " of " +
           std::to_string(k->blocks_total()) + " blocks" +
           (c.placed + c.erased > 0 ? " (and " + steps + " steps of search before it)" : "") +
           ", no path found yet";
  }
  return "search stopped after " + steps + " steps at depth " + std::to_string(solver.depth() + 1) +
         ", no path found yet";
}

int run_solve(SolveOptions& o) {
  if (auto why = o.numbers.parse(); !why.empty()) return bad_input(why);
  RequestText text = o.board;
  text.method = o.method;
  Request request;
  if (auto why = parse_request(text, request); !why.empty()) return bad_input(why);
  if (auto why = check_size(request.problem, request.method); !why.empty()) return bad_input(why);
  Solver solver(std::move(request.problem), request.method);
  solver.run(o.max_steps);
  Report report = make_report(solver, o.format != "summary");
  const bool stopped = solver.status() == Status::running;
  if (stopped) report.status = "stopped";

  const Geometry g = solver.problem().geometry;
  if (o.format == "json") {
    std::printf("%s\n", to_json(report).c_str());
  } else if (o.format == "summary") {
    std::printf("%s\n", to_summary_json(report).c_str());
  } else if (solver.status() == Status::found) {
    std::printf("%spath found!\n", board_text(g, solver.board()).c_str());
  } else if (stopped) {
    std::printf("%s%s\n", board_text(g, solver.board()).c_str(), stopped_line(solver).c_str());
  } else {
    std::printf("no path found\n");
  }
  const Counters c = solver.counters();
  std::fprintf(stderr, "%s: placed %llu, erased %llu, %.3f s%s%s\n", to_string(solver.method()),
               static_cast<unsigned long long>(c.placed), static_cast<unsigned long long>(c.erased),
               c.seconds, report.reason.empty() ? "" : "; ", report.reason.c_str());
  if (report.verified == false) {
    std::fprintf(stderr, "knights: internal error: the verifier rejects the tour: %s\n",
                 solver.verify().reason.c_str());
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace

Runner add_solve_command(CLI::App& app) {
  auto o = std::make_shared<SolveOptions>();
  CLI::App* cmd = app.add_subcommand("solve", "Find a knight's tour");
  add_board_options(*cmd, o->board, /*with_end=*/true);
  cmd->add_option("--method", o->method, method_names())->capture_default_str();
  cmd->add_option("--format", o->format, "text (as the textbook prints), json or summary")
      ->check(CLI::IsMember({"text", "json", "summary"}))
      ->capture_default_str();
  o->numbers.add(*cmd, "--max-steps", o->max_steps, 1, kMaxCount,
                 "Stop after this many steps (moves placed or taken back); default: no limit",
                 /*show_default=*/false);
  return [o] { return run_solve(*o); };
}

}  // namespace kt::cli
