// knights count: exact counting (and listing) of knight's tours.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "board/geometry.hpp"
#include "board/square_list.hpp"
#include "board_options.hpp"
#include "commands.hpp"
#include "counting/count.hpp"

namespace kt::cli {

namespace {

struct CountCliOptions {
  std::int64_t size = 0, rows = 0, cols = 0;
  bool has_size = false, has_rows = false, has_cols = false;
  std::string start;
  std::string blocked;
  bool closed = false;
  int threads = 0;
  std::uint64_t limit = 0;
  bool list = false;
  bool no_symmetry = false;
  std::string format = "text";
};

// Builds the problem from the options; empty string, or a one-line reason.
std::string make_count_problem(const CountCliOptions& o, Problem& p) {
  if (!o.has_size && !(o.has_rows && o.has_cols)) {
    return "give the board as --size N or as --rows R --cols C";
  }
  const std::int64_t rows = o.has_rows ? o.rows : o.size;
  const std::int64_t cols = o.has_cols ? o.cols : o.size;
  if (auto why = check_geometry(rows, cols); !why.empty()) return why;
  p.geometry = {static_cast<int>(rows), static_cast<int>(cols)};
  const Geometry g = p.geometry;
  p.closed = o.closed;
  std::string why;
  if (!o.blocked.empty()) {
    const auto squares = parse_square_list(o.blocked, &why);
    if (!squares) return "blocked squares: " + why;
    for (const Square s : *squares) {
      if (why = check_on_board(g, s); !why.empty()) return "blocked " + why;
    }
    // Refuse before allocating a flag per square of a board too large to count anyway.
    const std::int64_t free_at_least = std::int64_t{g.size()} - std::int64_t(squares->size());
    if (free_at_least > kMaxCountSquares) {
      return "exact counting supports at most " + std::to_string(kMaxCountSquares) +
             " free squares; the " + std::to_string(rows) + "x" + std::to_string(cols) +
             " board has " + std::to_string(free_at_least) + " or more";
    }
    p.blocked.assign(static_cast<std::size_t>(g.size()), 0);
    for (const Square s : *squares) p.blocked[g.index(s)] = 1;
  }
  if (!o.start.empty()) {
    const auto start = parse_square(o.start, &why);
    if (!start) return "start: " + why;
    if (why = check_on_board(g, *start); !why.empty()) return "start " + why;
    p.start = start;
  }
  return check_count_problem(p);
}

std::string squares_json(Geometry g, std::span<const std::int32_t> indices) {
  std::string out = "[";
  for (std::size_t i = 0; i < indices.size(); ++i) {
    const Square s = g.square(indices[i]);
    if (i) out += ", ";
    out += "[" + std::to_string(s.x) + ", " + std::to_string(s.y) + "]";
  }
  return out + "]";
}

// What the number counts, in words.
std::string meaning(const Problem& p) {
  if (p.closed) return "closed tours (each cycle once)";
  if (p.start) return "directed open tours from " + format_square(*p.start);
  return "directed open tours (every start, each direction)";
}

int run_count(const CountCliOptions& o) {
  Problem problem;
  if (auto why = make_count_problem(o, problem); !why.empty()) return bad_input(why);
  const Geometry g = problem.geometry;

  CountOptions options;
  options.threads = o.threads;
  options.limit = o.limit;
  options.use_symmetry = !o.no_symmetry;
  if (o.list) {
    options.on_tour = [g](std::span<const std::int32_t> path) {
      std::printf("{\"path\": %s}\n", squares_json(g, path).c_str());
    };
  }
  options.on_progress = [](double fraction, std::uint64_t tours) {
    std::fprintf(stderr, "knights: counting, about %.1f%% done, %llu tours so far\n",
                 100 * fraction, static_cast<unsigned long long>(tours));
  };
  const CountResult r = count_tours(problem, options);
  if (!r.error.empty()) return bad_input(r.error);

  std::vector<std::int32_t> blocked;
  for (int i = 0; i < static_cast<int>(problem.blocked.size()); ++i) {
    if (problem.blocked[i]) blocked.push_back(i);
  }
  if (o.format == "json") {
    std::string start = "null";
    if (problem.start) {
      start =
          "[" + std::to_string(problem.start->x) + ", " + std::to_string(problem.start->y) + "]";
    }
    std::printf(
        "{\"count\": %llu, \"complete\": %s, \"seconds\": %.3f, \"nodes\": %llu, \"rows\": %d, "
        "\"cols\": %d, \"closed\": %s, \"start\": %s, \"blocked\": %s, \"counts\": \"%s\"}\n",
        static_cast<unsigned long long>(r.count), r.complete ? "true" : "false", r.seconds,
        static_cast<unsigned long long>(r.nodes), g.rows, g.cols, problem.closed ? "true" : "false",
        start.c_str(), squares_json(g, blocked).c_str(), meaning(problem).c_str());
  } else {
    std::printf(
        "%s%llu %s on the %dx%d board%s%s\n", r.complete ? "" : "at least ",
        static_cast<unsigned long long>(r.count), meaning(problem).c_str(), g.rows, g.cols,
        blocked.empty() ? "" : (" with " + std::to_string(blocked.size()) + " blocked").c_str(),
        r.complete ? "" : " (stopped at the limit)");
    std::fprintf(stderr, "%.3f s, %llu nodes\n", r.seconds,
                 static_cast<unsigned long long>(r.nodes));
  }
  return kExitOk;
}

}  // namespace

Runner add_count_command(CLI::App& app) {
  auto o = std::make_shared<CountCliOptions>();
  CLI::App* cmd = app.add_subcommand(
      "count",
      "Count (or list) knight's tours exactly: directed open tours, or closed tours once per "
      "cycle; boards of at most " +
          std::to_string(kMaxCountSquares) + " free squares");
  auto* size = cmd->add_option("--size", o->size, "Square board of N x N squares");
  auto* rows = cmd->add_option("--rows", o->rows, "Rows of a rectangular board");
  auto* cols = cmd->add_option("--cols", o->cols, "Columns of a rectangular board");
  size->excludes(rows)->excludes(cols);
  cmd->add_option("--start", o->start,
                  "Open tours: count those from this square (x,y or a1; default: every start). "
                  "Closed tours: listed cycles begin here");
  cmd->add_flag("--closed", o->closed, "Count closed tours, each cycle once");
  cmd->add_option("--blocked", o->blocked, "Squares to leave out: \"1,1;8,8\" or \"a1 h8\"");
  cmd->add_option("--threads", o->threads, "Worker threads (0: every hardware thread)")
      ->check(CLI::Range(0, 1024))
      ->capture_default_str();
  cmd->add_option("--limit", o->limit, "Stop after this many tours (0: no limit)");
  cmd->add_flag("--list", o->list, "Print each tour as a JSON line {\"path\": [[x,y],...]}");
  cmd->add_flag("--no-symmetry", o->no_symmetry, "Search every start (slower; for checking)");
  cmd->add_option("--format", o->format, "Summary: text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  return [o, size, rows, cols] {
    o->has_size = size->count() > 0;
    o->has_rows = rows->count() > 0;
    o->has_cols = cols->count() > 0;
    return run_count(*o);
  };
}

}  // namespace kt::cli
