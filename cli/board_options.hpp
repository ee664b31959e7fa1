// What the subcommands share: the board options (--size or --rows/--cols, --start, --end,
// --blocked, --closed, checked by kt::parse_request), the numeric options (--max-steps,
// --probes, ...), and how messages are printed.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>

#include "board/request.hpp"
#include "commands.hpp"
#include "counting/estimate.hpp"

namespace CLI {
class Option;
}

namespace kt::cli {

// Registers --order (a move order's name or eight dx,dy pairs) on `cmd`, writing into `text`.
void add_order_option(CLI::App& cmd, RequestText& text);

// Registers the board options on `cmd`, writing into `text`.
void add_board_options(CLI::App& cmd, RequestText& text, bool with_end);

// Counts of steps or tours: 10^18 steps take decades at any speed this program reaches, so a
// larger value is a typing slip, not a wish.
inline constexpr std::uint64_t kMaxCount = 1'000'000'000'000'000'000;

// --time-limit: at most a year of seconds (a larger value is a slip, not a wish).
inline constexpr std::uint64_t kMaxTimeLimit = 365ull * 24 * 3600;

// The numeric options of a subcommand. CLI11 reads numbers loosely (it takes "0x10" as 16 and
// turns "-1" into 2^64 - 1 for an unsigned target), so they are registered as strings, as
// typed, and parse() reads them with kt::parse_unsigned: decimal digits only, in range, the
// option named in the message ("--max-steps: '-1' is negative: ...").
class NumberOptions {
 public:
  // Adds `name` ("--max-steps") to `cmd`. parse() stores its value, in [min, max], in `target`,
  // which keeps its default when the option is not given (--help shows that default unless
  // show_default is false).
  void add(CLI::App& cmd, const std::string& name, std::uint64_t& target, std::uint64_t min,
           std::uint64_t max, const std::string& help, bool show_default = true);
  // The same for an int option; min and max are not negative.
  void add(CLI::App& cmd, const std::string& name, int& target, int min, int max,
           const std::string& help, bool show_default = true);
  // Empty when every number given is acceptable, else the reason for the first that is not.
  std::string parse();

 private:
  void add_entry(CLI::App& cmd, const std::string& name, std::function<void(std::uint64_t)> store,
                 std::uint64_t min, std::uint64_t max, const std::string& help,
                 std::string default_text);
  struct Entry {
    std::string name;
    std::function<void(std::uint64_t)> store;
    std::uint64_t min, max;
    std::string text;
    const CLI::Option* option = nullptr;
  };
  std::deque<Entry> entries_;  // a deque: CLI11 keeps a pointer to each entry's `text`
};

// human_time (a duration for people) is the core's: counting/estimate.hpp, shared with the page.

// Prints "knights: <why>" (through one_line) on stderr and returns kExitBadInput.
int bad_input(const std::string& why);

}  // namespace kt::cli
