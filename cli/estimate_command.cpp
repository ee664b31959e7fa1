// knights estimate: how big is the textbook search's tree, and how long would it take?
#include <CLI/CLI.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>

#include "board/text_input.hpp"
#include "board_options.hpp"
#include "commands.hpp"
#include "counting/estimate.hpp"
#include "formats/json_line.hpp"
#include "refusal_words.hpp"
#include "search/search.hpp"
#include "solve/report.hpp"
#include "solve/solver.hpp"

namespace kt::cli {

namespace {

// Probes cost a walk down the tree each (up to a few microseconds on 8x8, a millisecond on
// 100x100): ten million is already minutes, and the error shrinks only as 1/sqrt(probes).
constexpr std::uint64_t kMaxProbes = 10'000'000;

struct EstimateOptions {
  RequestText board;
  std::string method = "textbook";
  std::string format = "text";
  std::uint64_t probes = 20000;
  std::uint64_t seed = 1;
  double measure_seconds = 0.3;
  NumberOptions numbers;
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

// A number for the JSON output: six significant digits (an estimate has no more), as a JSON
// number while it fits in a double, else as a string in scientific notation ("1.2e+812").
Json json_number(LogValue v) {
  if (v.to_double()) return std::stod(v.text(6));
  return v.text(6);
}

Json json_number(std::optional<LogValue> v) { return v ? json_number(*v) : Json(nullptr); }

// seconds = moves / (moves per second); nothing when the speed is unknown.
std::optional<LogValue> time_for(LogValue moves, double rate) {
  if (!(rate > 0)) return std::nullopt;
  return moves / LogValue::of(rate);
}

int run_estimate(EstimateOptions& o) {
  if (auto why = o.numbers.parse(); !why.empty()) return bad_input(why);
  Request request;
  if (auto why = parse_request(o.board, request); !why.empty()) return bad_input(why);
  Problem& problem = request.problem;
  const auto order = parse_move_order(o.method == "textbook" ? "sutcliffe" : o.method);
  if (!order) return bad_input("--method: " + excerpt(o.method) + " is not textbook or wirth");
  if (auto why = check_size(problem, Method::textbook); !why.empty()) return bad_input(words(why));

  const TreeEstimate e = estimate_tree(problem, o.probes, o.seed);
  const Speed speed = measure(problem, *order, o.measure_seconds);
  const bool finished = speed.status != Status::running;
  const double rate = speed.placed_per_second;
  const auto to_end = time_for(e.nodes, rate);
  const auto to_first = e.first_tour ? time_for(*e.first_tour, rate) : std::nullopt;
  const Geometry g = problem.geometry;

  if (o.format == "json") {
    Json j;
    j["rows"] = g.rows;
    j["cols"] = g.cols;
    j["start"] = {problem.start->x, problem.start->y};
    j["closed"] = problem.closed;
    if (!problem.piece.is_knight()) j["leaper"] = format_leaper(problem.piece.leaper);
    if (problem.piece.wrap != Wrap::none) j["wrap"] = to_string(problem.piece.wrap);
    j["method"] = order->name;
    j["probes"] = e.probes;
    j["nodes"] = json_number(e.nodes);
    j["relative_error"] = std::stod(LogValue::of(e.relative_error).text(4));
    // No probe reached a tour: the estimator's 0 says nothing about how many there are, so no
    // figure (null), as for first_tour.
    j["tours"] = e.tours.is_zero() ? Json(nullptr) : json_number(e.tours);
    j["first_tour"] = json_number(e.first_tour);
    j["placed_per_second"] = json_number(LogValue::of(rate));
    j["seconds_to_exhaust"] = json_number(to_end);
    j["seconds_to_first_tour"] = json_number(to_first);
    j["measured"] = {{"status", finished ? to_string(speed.status) : "stopped"},
                     {"placed", speed.placed}};
    std::printf("%s\n", json_line(j).c_str());
    return kExitOk;
  }
  // "the zebra (2,3) on the torus, ": the piece and the board, when not the knight's plain one.
  std::string piece;
  if (!problem.piece.is_knight()) piece += "the " + describe_leaper(problem.piece.leaper);
  if (problem.piece.wrap != Wrap::none) {
    piece += (piece.empty() ? "the " : " on the ") + std::string(to_string(problem.piece.wrap));
  }
  if (!piece.empty()) piece += ", ";
  std::printf("%dx%d from (%d,%d), %s%s tour, %s order; %llu random probes (Knuth 1975):\n", g.rows,
              g.cols, problem.start->x, problem.start->y, piece.c_str(),
              problem.closed ? "closed" : "open", std::string(order->name).c_str(),
              static_cast<unsigned long long>(e.probes));
  std::printf("  moves placed to exhaust the tree   about %s (standard error %.1f%%)\n",
              e.nodes.text(3).c_str(), 100 * e.relative_error);
  // TreeEstimate measures the error of the moves only. A tour is a leaf a probe reaches by
  // chance: when none did, the estimator's 0 has no error bar and would read as "no tours"
  // where there may be billions (8x8), so no figure is printed.
  if (e.tours.is_zero()) {
    std::printf(
        "  tours in the tree                  no estimate: none of the %llu probes reached "
        "a tour (too rare for them to find, or none)\n",
        static_cast<unsigned long long>(e.probes));
  } else {
    std::printf(
        "  tours in the tree                  about %s (from the probes that reached one; "
        "its error is not measured)\n",
        e.tours.text(3).c_str());
  }
  if (e.first_tour) {
    std::printf("  moves placed to the first tour     about %s (if tours lie evenly)\n",
                e.first_tour->text(3).c_str());
  } else {
    std::printf("  moves placed to the first tour     unknown (no probe reached a tour)\n");
  }
  std::printf("  speed of this search here          %.3g placed/s\n", rate);
  std::printf("  time to exhaust the tree           %s\n",
              to_end ? ("about " + human_time(*to_end)).c_str() : "unknown (no speed measured)");
  if (to_first) {
    std::printf("  time to the first tour             about %s\n", human_time(*to_first).c_str());
  }
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
      ->type_name("NAME")
      ->capture_default_str();
  o->numbers.add(*cmd, "--probes", o->probes, 1, kMaxProbes,
                 "Random probes, at most " + std::to_string(kMaxProbes) + " (more: smaller error)");
  o->numbers.add(*cmd, "--seed", o->seed, 0, std::numeric_limits<std::uint64_t>::max(),
                 "Random seed");
  cmd->add_option("--format", o->format, "text or json")
      ->type_name("FORMAT")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  return [o] { return run_estimate(*o); };
}

}  // namespace kt::cli
