// The board options every subcommand shares: --size or --rows/--cols, --start, --end,
// --blocked, --closed.
#pragma once

#include <functional>
#include <string>

#include "commands.hpp"
#include "board/problem.hpp"
#include "board/request.hpp"

namespace kt::cli {

struct BoardOptions {
  ProblemInput input;
  std::int64_t size = 0;
  bool has_size = false, has_rows = false, has_cols = false;

  // Checks the options and builds the problem; empty string, or a one-line reason.
  std::string make(Problem& out) const;
};

// Registers the options on `cmd`; call the returned function after parsing.
std::function<void()> add_board_options(CLI::App& cmd, BoardOptions& o, bool with_end);

// Prints "knights: <why>" on stderr and returns kExitBadInput.
int bad_input(const std::string& why);

}  // namespace kt::cli
