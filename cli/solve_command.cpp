// knights solve: one search, printed as the textbook's run log, as JSON, or as a one-line summary.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "board_options.hpp"
#include "commands.hpp"
#include "construction/construct.hpp"
#include "formats/json_line.hpp"
#include "formats/svg.hpp"
#include "refusal_words.hpp"
#include "solve/report.hpp"
#include "solve/solver.hpp"

namespace kt::cli {

namespace {

struct SolveOptions {
  RequestText board;
  std::string method = "auto";
  std::string format = "text";
  std::uint64_t max_steps = kMaxCount;  // no limit in practice (decades of search)
  bool all = false;
  std::uint64_t limit = 0;       // --all: stop after this many tours (0: no limit)
  std::uint64_t time_limit = 0;  // seconds (0: no limit)
  NumberOptions numbers;
};

// Text and JSON go to stdout as they are made, a row at a time: a huge tour is never held as
// text (2840x2840: 178 MB of JSON).
void to_stdout(std::string_view piece) { std::fwrite(piece.data(), 1, piece.size(), stdout); }

// A tour as the chosen format prints it (text, json with its index under --all, or svg);
// nothing for summary.
void print_tour(const SolveOptions& o, const Solver& solver, const Report& report,
                std::uint64_t index) {
  const Geometry g = solver.problem().geometry;
  if (o.format == "json") {
    write_json(report, index > 0 ? Json{{"index", index}} : Json::object(), to_stdout);
    std::fputc('\n', stdout);
  } else if (o.format == "svg") {
    SvgOptions svg;
    svg.closed = solver.problem().closed && solver.status() == Status::found;
    svg.title = "Knight's tour, " + std::to_string(g.rows) + "x" + std::to_string(g.cols);
    svg.piece = solver.problem().piece;  // a wrapped board's seams drawn as the page draws them
    std::fputs(board_svg(g, solver.board(), svg).c_str(), stdout);
  } else if (o.format == "text") {
    write_board_text(g, solver.board(), to_stdout);
    std::fputs("path found!\n", stdout);
  }
}

// Steps between looks at the clock for a progress line (a few milliseconds of search).
constexpr std::uint64_t kProgressSlice = std::uint64_t{1} << 22;

// Runs the solver for at most max_steps steps (or until its time limit), printing a progress
// line on stderr about every second while it works, so a long search never waits silently.
void run_with_progress(Solver& solver, std::uint64_t max_steps) {
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  auto next_line = started + std::chrono::seconds(1);
  while (max_steps > 0) {
    const std::uint64_t slice = std::min(max_steps, kProgressSlice);
    solver.run(slice);
    max_steps -= slice;
    if (solver.status() != Status::running || solver.stopped_by_time() || !solver.can_continue())
      break;
    if (const auto now = Clock::now(); now >= next_line) {
      const Counters c = solver.counters();
      std::fprintf(stderr, "knights: %s working, %llu steps, depth %d, %.0f s\n",
                   solver.answered_by(), static_cast<unsigned long long>(c.placed + c.erased),
                   solver.depth() + 1, std::chrono::duration<double>(now - started).count());
      next_line = now + std::chrono::seconds(1);
    }
  }
}

// --all: every tour in the search's order, each verified, then how many on stderr.
int run_all(SolveOptions& o, Solver& solver) {
  std::uint64_t found = 0, steps_left = o.max_steps;
  while (true) {
    const Counters before = solver.counters();
    run_with_progress(solver, steps_left);
    const Counters after = solver.counters();
    steps_left -=
        std::min(steps_left, (after.placed + after.erased) - (before.placed + before.erased));
    if (solver.status() != Status::found || solver.stopped_by_time()) break;
    const Verdict v = solver.verify();
    if (!v.ok) {
      std::fprintf(stderr, "knights: internal error: the verifier rejects tour %llu: %s\n",
                   static_cast<unsigned long long>(found + 1), v.reason.c_str());
      return kExitFailure;
    }
    Report report = make_report(solver, o.format != "summary");
    print_tour(o, solver, report, ++found);
    if ((o.limit > 0 && found == o.limit) || !solver.next_tour()) break;
  }
  const bool complete = solver.status() == Status::none;
  std::fprintf(stderr, "%llu tours%s\n", static_cast<unsigned long long>(found),
               complete                          ? ", all there are from this start in this order"
               : o.limit > 0 && found == o.limit ? " (stopped at --limit)"
               : solver.stopped_by_time()        ? " (stopped at --time-limit)"
                                                 : " (stopped at --max-steps)");
  return kExitOk;
}

// What a stopped run did: the steps really spent (the counters, a hand-over's included, not
// the --max-steps asked for), or for a construction the blocks written.
std::string stopped_line(const Solver& solver) {
  const Counters c = solver.counters();
  const std::string steps = std::to_string(c.placed + c.erased);
  if (solver.stopped_by_time() || !solver.can_continue()) return solver.reason();
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
  if (o.limit > 0 && !o.all) return bad_input("--limit: counts the tours of --all; give --all too");
  RequestText text = o.board;
  text.method = o.method;
  if (o.all && (text.method == "auto" || text.method.empty())) text.method = "textbook";
  Request request;
  if (auto why = parse_solve_request(text, request); !why.empty()) return bad_input(words(why));
  if (o.all && request.method != Method::textbook && request.method != Method::wirth) {
    return bad_input(
        "method: --all lists tours in a plain backtracking search's order: give "
        "--method textbook (any --order) or wirth");
  }
  const Geometry board = request.problem.geometry;
  if (auto why =
          o.format == "svg" ? Refusal{check_svg_size(board)} : check_output_size(board, o.format);
      !why.empty()) {
    return bad_input(words(why));
  }
  Solver solver(std::move(request.problem), request.method, request.order);
  if (o.time_limit > 0) solver.set_time_limit(static_cast<double>(o.time_limit));
  if (o.all) return run_all(o, solver);
  run_with_progress(solver, o.max_steps);
  Report report = make_report(solver, o.format != "summary");
  const bool stopped = solver.status() == Status::running;
  if (stopped) report.status = "stopped";

  const Geometry g = solver.problem().geometry;
  if (o.format == "json" || (o.format == "svg" && solver.status() == Status::found)) {
    print_tour(o, solver, report, 0);
  } else if (o.format == "summary") {
    std::printf("%s\n", to_summary_json(report).c_str());
  } else if (o.format == "svg") {
    std::fprintf(stderr, "knights: %s; no SVG written\n",
                 stopped ? stopped_line(solver).c_str() : "no path found");
  } else if (solver.status() == Status::found) {
    print_tour(o, solver, report, 0);
  } else if (stopped) {
    write_board_text(g, solver.board(), to_stdout);
    std::printf("%s\n", stopped_line(solver).c_str());
  } else {
    std::printf("no path found\n");
  }
  const Counters c = solver.counters();
  std::fprintf(stderr, "%s: placed %llu, erased %llu, %.3f s%s%s\n", solver.answered_by(),
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
  cmd->add_option("--method", o->method, method_names())->type_name("NAME")->capture_default_str();
  add_order_option(*cmd, o->board);
  cmd->add_option("--format", o->format,
                  "text (as the textbook prints), json, summary or svg (a picture of the tour)")
      ->type_name("FORMAT")
      ->check(CLI::IsMember({"text", "json", "summary", "svg"}))
      ->capture_default_str();
  cmd->add_flag("--all", o->all,
                "Every tour from the start, in the search's order (the handout's Try_All); "
                "the number found on stderr");
  o->numbers.add(*cmd, "--limit", o->limit, 0, kMaxCount, "--all: stop after this many tours",
                 /*show_default=*/false);
  o->numbers.add(*cmd, "--max-steps", o->max_steps, 1, kMaxCount,
                 "Stop after this many steps (moves placed or taken back); default: no limit",
                 /*show_default=*/false);
  o->numbers.add(*cmd, "--time-limit", o->time_limit, 1, kMaxTimeLimit,
                 "Stop after this many seconds with status stopped; default: no limit",
                 /*show_default=*/false);
  cmd->get_option("--time-limit")->type_name("SECONDS");
  return [o] { return run_solve(*o); };
}

}  // namespace kt::cli
