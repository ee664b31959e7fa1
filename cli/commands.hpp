// Subcommands of the `knights` tool. Each registers its options on the CLI11 app and returns
// the function that runs it once parsing succeeded.
#pragma once

#include <functional>

namespace CLI {
class App;
}

namespace kt::cli {

// Exit codes: 0 the command did its work (a tour found, proved impossible, or a search
// stopped at its step limit); 1 a failure (for verify: not a tour); 2 bad input.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitInterrupted = 130;  // Ctrl-C, as shells report it

using Runner = std::function<int()>;

Runner add_solve_command(CLI::App& app);
Runner add_count_command(CLI::App& app);
Runner add_estimate_command(CLI::App& app);
Runner add_verify_command(CLI::App& app);
Runner add_trace_command(CLI::App& app);

// Every subcommand, in the order --help lists them.
inline constexpr Runner (*kCommands[])(CLI::App&) = {add_solve_command, add_count_command,
                                                     add_estimate_command, add_verify_command,
                                                     add_trace_command};

}  // namespace kt::cli
