// The board options every subcommand shares: --size or --rows/--cols, --start, --end,
// --blocked, --closed, taken as the user typed them and checked by kt::parse_request.
#pragma once

#include <functional>
#include <string>

#include "board/request.hpp"
#include "commands.hpp"

namespace kt::cli {

// Registers the board options on `cmd`, writing into `text`.
void add_board_options(CLI::App& cmd, RequestText& text, bool with_end);

// Prints "knights: <why>" on stderr and returns kExitBadInput.
int bad_input(const std::string& why);

}  // namespace kt::cli
