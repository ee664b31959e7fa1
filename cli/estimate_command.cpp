// knights estimate: how big is the textbook search's tree, and how long would it take?
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "board_options.hpp"
#include "commands.hpp"
#include "counting/estimate.hpp"
#include "formats/json_line.hpp"
#include "formats/report.hpp"
#include "search/search.hpp"
#include "search/solver.hpp"

namespace kt::cli {

namespace {

struct EstimateOptions {
  RequestText board;
  std::string method = "textbook";
  std::string format = "text";
  std::uint64_t probes = 20000;
  std::uint64_t seed = 1;
  double measure_seconds = 0.3;
};

// Runs the real search for a moment to learn its speed on this machine.
struct Speed {
  double placed_per_second = 0;
  Status status = Status::running;
  std::uint64_t placed = 0;
};

Speed measure(const Problem& p, const MoveOrder& order, double budget) {
  auto search = kt::make_search(p, order);
  const auto t0 = std::chrono::steady_clock::now();
  while (search->run(1 << 20) == Status::running &&
         std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < budget) {
  }
  const Counters& c = search->counters();
  return {c.seconds > 0 ? c.placed / c.seconds : 0, search->status(), c.placed};
}

std::string human_time(double seconds) {
  char text[64];
  const double year = 365.25 * 24 * 3600;
  if (seconds < 120) {
    std::snprintf(text, sizeof text, "%.3g s", seconds);
  } else if (seconds < 2 * 24 * 3600) {
    std::snprintf(text, sizeof text, "%.3g hours", seconds / 3600);
  } else if (seconds < year) {
    std::snprintf(text, sizeof text, "%.3g days", seconds / 86400);
  } else {
    std::snprintf(text, sizeof text, "%.3g years", seconds / year);
  }
  return text;
}

int run_estimate(const EstimateOptions& o) {
  Request request;
  if (auto why = parse_request(o.board, request); !why.empty()) return bad_input(why);
  Problem& problem = request.problem;
  const auto order = parse_move_order(o.method == "textbook" ? "sutcliffe" : o.method);
  if (!order) return bad_input("unknown method '" + o.method + "' (textbook or wirth)");
  if (o.probes == 0) return bad_input("--probes must be at least 1");
  if (auto why = check_size(problem, Method::textbook); !why.empty()) return bad_input(why);

  const TreeEstimate e = estimate_tree(problem, o.probes, o.seed);
  const Speed speed = measure(problem, *order, o.measure_seconds);
  const bool finished = speed.status != Status::running;
  const double rate = speed.placed_per_second;
  const double to_end = rate > 0 ? e.nodes / rate : 0;
  const double to_first = rate > 0 ? e.first_tour / rate : 0;
  const Geometry g = problem.geometry;

  if (o.format == "json") {
    std::printf(
        "{\"rows\": %d, \"cols\": %d, \"start\": [%d, %d], \"closed\": %s, \"method\": %s, "
        "\"probes\": %llu, \"nodes\": %.6g, \"relative_error\": %.4f, \"tours\": %.6g, "
        "\"first_tour\": %.6g, \"placed_per_second\": %.6g, \"seconds_to_exhaust\": %.6g, "
        "\"seconds_to_first_tour\": %.6g, \"measured\": {\"status\": \"%s\", \"placed\": %llu}}\n",
        g.rows, g.cols, problem.start->x, problem.start->y, problem.closed ? "true" : "false",
        Json(order->name).dump().c_str(), static_cast<unsigned long long>(e.probes), e.nodes,
        e.relative_error, e.tours, e.first_tour, rate, to_end, to_first,
        finished ? to_string(speed.status) : "stopped",
        static_cast<unsigned long long>(speed.placed));
    return kExitOk;
  }
  std::printf("%dx%d from (%d,%d), %s tour, %s order; %llu random probes (Knuth 1975):\n", g.rows,
              g.cols, problem.start->x, problem.start->y, problem.closed ? "closed" : "open",
              std::string(order->name).c_str(), static_cast<unsigned long long>(e.probes));
  std::printf("  moves placed to exhaust the tree   about %.3g (standard error %.1f%%)\n", e.nodes,
              100 * e.relative_error);
  std::printf("  tours in the tree                  about %.3g\n", e.tours);
  std::printf("  moves placed to the first tour     about %.3g (if tours lie evenly)\n",
              e.first_tour);
  std::printf("  speed of this search here          %.3g placed/s\n", rate);
  std::printf("  time to exhaust the tree           about %s\n", human_time(to_end).c_str());
  std::printf("  time to the first tour             about %s\n", human_time(to_first).c_str());
  if (finished) {
    std::printf("  (the real search finished while measuring: %s after %llu placed)\n",
                to_string(speed.status), static_cast<unsigned long long>(speed.placed));
  }
  return kExitOk;
}

}  // namespace

Runner add_estimate_command(CLI::App& app) {
  auto o = std::make_shared<EstimateOptions>();
  CLI::App* cmd = app.add_subcommand(
      "estimate", "Estimate the size of the textbook search's tree and its running time");
  add_board_options(*cmd, o->board, /*with_end=*/true);
  cmd->add_option("--method", o->method, "Move order whose speed is measured: textbook or wirth")
      ->capture_default_str();
  cmd->add_option("--probes", o->probes, "Random probes (more: smaller error)")
      ->capture_default_str();
  cmd->add_option("--seed", o->seed, "Random seed")->capture_default_str();
  cmd->add_option("--format", o->format, "text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  return [o] { return run_estimate(*o); };
}

}  // namespace kt::cli
