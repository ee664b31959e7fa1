#include "board_options.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <limits>

#include "board/text_input.hpp"

namespace kt::cli {

void add_board_options(CLI::App& cmd, RequestText& text, bool with_end) {
  // Strings, not numbers: CLI11 would take "0x10" as 16 and wrap large values; the core's
  // parser is strict and names the field. The type names say what --help should show (CLI11
  // calls every string TEXT).
  auto* size = cmd.add_option("--size", text.size, "Square board of N x N squares")->type_name("N");
  auto* rows = cmd.add_option("--rows", text.rows, "Rows of a rectangular board")->type_name("N");
  auto* cols =
      cmd.add_option("--cols", text.cols, "Columns of a rectangular board")->type_name("N");
  size->excludes(rows)->excludes(cols);
  cmd.add_option("--start", text.start,
                 "Start square: x,y (1-based, x from the left, y from the bottom) or a1; "
                 "default 1,1 (closed tours: any)")
      ->type_name("X,Y");
  if (with_end) {
    cmd.add_option("--end", text.end, "Open tours: the square to end on")->type_name("X,Y");
  }
  cmd.add_option("--blocked", text.blocked, "Squares to leave out: \"1,1;8,8\" or \"a1 h8\"")
      ->type_name("SQUARES");
  cmd.add_option("--leaper", text.leaper,
                 "The piece: an (a,b)-leaper given as its jump a,b (1,3 the camel, 2,3 the "
                 "zebra, 1,4 the giraffe) or its name; default 1,2, the knight")
      ->type_name("A,B");
  cmd.add_option("--wrap", text.wrap,
                 "Edges that join: none, cylinder (left and right) or torus (and top and bottom)")
      ->type_name("WRAP");
  // The value goes to the core's reader as typed: --closed, --closed=false, --closed=junk
  // (refused).
  cmd.add_flag("--closed", text.closed,
               "Closed tour: the last square jumps back to the first (--closed=false: open)");
}

void NumberOptions::add(CLI::App& cmd, const std::string& name, std::uint64_t& target,
                        std::uint64_t min, std::uint64_t max, const std::string& help,
                        bool show_default) {
  add_entry(
      cmd, name, [&target](std::uint64_t v) { target = v; }, min, max, help,
      show_default ? std::to_string(target) : "");
}

void NumberOptions::add(CLI::App& cmd, const std::string& name, int& target, int min, int max,
                        const std::string& help, bool show_default) {
  // Values are checked against [min, max] before they are stored: the cast cannot wrap.
  add_entry(
      cmd, name, [&target](std::uint64_t v) { target = static_cast<int>(v); },
      static_cast<std::uint64_t>(std::max(min, 0)), static_cast<std::uint64_t>(max), help,
      show_default ? std::to_string(target) : "");
}

void NumberOptions::add_entry(CLI::App& cmd, const std::string& name,
                              std::function<void(std::uint64_t)> store, std::uint64_t min,
                              std::uint64_t max, const std::string& help,
                              std::string default_text) {
  Entry& e = entries_.emplace_back();
  e.name = name;
  e.store = std::move(store);
  e.min = min;
  e.max = max;
  e.option =
      cmd.add_option(name, e.text, help)->type_name("N")->default_str(std::move(default_text));
}

std::string NumberOptions::parse() {
  for (const Entry& e : entries_) {
    if (e.option->count() == 0) continue;
    std::string why;
    const auto v = parse_unsigned(e.text, e.name, e.min, e.max, &why);
    if (!v) return why;
    e.store(*v);
  }
  return {};
}

void add_order_option(CLI::App& cmd, RequestText& text) {
  std::string names;
  for (const MoveOrder& order : kMoveOrders) names += std::string(order.name) + ", ";
  cmd.add_option("--order", text.order,
                 "Move order: " + names +
                     "or eight dx,dy pairs separated by ';' (default: "
                     "sutcliffe, the Modula-2 program's)")
      ->type_name("ORDER");
}

int bad_input(const std::string& why) {
  std::fprintf(stderr, "knights: %s\n", one_line(why, 1000).c_str());
  return kExitBadInput;
}

}  // namespace kt::cli
