#include "board_options.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>

namespace kt::cli {

int bad_input(const std::string& why) {
  std::fprintf(stderr, "knights: %s\n", why.c_str());
  return kExitBadInput;
}

std::string BoardOptions::make(Problem& out) const {
  if (!has_size && !(has_rows && has_cols)) {
    return "give the board as --size N or as --rows R --cols C";
  }
  ProblemInput in = input;
  if (!has_rows) in.rows = size;
  if (!has_cols) in.cols = size;
  return make_problem(in, out);
}

std::function<void()> add_board_options(CLI::App& cmd, BoardOptions& o, bool with_end) {
  auto* size = cmd.add_option("--size", o.size, "Square board of N x N squares");
  auto* rows = cmd.add_option("--rows", o.input.rows, "Rows of a rectangular board");
  auto* cols = cmd.add_option("--cols", o.input.cols, "Columns of a rectangular board");
  size->excludes(rows)->excludes(cols);
  cmd.add_option("--start", o.input.start,
                 "Start square: x,y (1-based, x from the left, y from the bottom) or a1; "
                 "default 1,1 (closed tours: any)");
  if (with_end) cmd.add_option("--end", o.input.end, "Open tours: the square to end on");
  cmd.add_option("--blocked", o.input.blocked, "Squares to leave out: \"1,1;8,8\" or \"a1 h8\"");
  cmd.add_flag("--closed", o.input.closed, "Closed tour: the last square jumps back to the first");
  return [&o, size, rows, cols] {
    o.has_size = size->count() > 0;
    o.has_rows = rows->count() > 0;
    o.has_cols = cols->count() > 0;
  };
}

}  // namespace kt::cli
