#include "board_options.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>

namespace kt::cli {

int bad_input(const std::string& why) {
  std::fprintf(stderr, "knights: %s\n", why.c_str());
  return kExitBadInput;
}

void add_board_options(CLI::App& cmd, RequestText& text, bool with_end) {
  // Strings, not numbers: CLI11 would take "0x10" as 16 and wrap large values; the core's
  // parser is strict and names the field.
  auto* size = cmd.add_option("--size", text.size, "Square board of N x N squares");
  auto* rows = cmd.add_option("--rows", text.rows, "Rows of a rectangular board");
  auto* cols = cmd.add_option("--cols", text.cols, "Columns of a rectangular board");
  size->excludes(rows)->excludes(cols);
  cmd.add_option("--start", text.start,
                 "Start square: x,y (1-based, x from the left, y from the bottom) or a1; "
                 "default 1,1 (closed tours: any)");
  if (with_end) cmd.add_option("--end", text.end, "Open tours: the square to end on");
  cmd.add_option("--blocked", text.blocked, "Squares to leave out: \"1,1;8,8\" or \"a1 h8\"");
  cmd.add_flag_function(
      "--closed", [&text](std::int64_t) { text.closed = "1"; },
      "Closed tour: the last square jumps back to the first");
}

}  // namespace kt::cli
