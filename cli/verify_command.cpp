// knights verify: is this board a knight's tour? Reads the text format (as `knights solve`
// prints it) or the JSON (`knights solve --format json`, or a bare array of rows), from a file
// or standard input.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "board_options.hpp"
#include "commands.hpp"
#include "formats/report.hpp"
#include "verify/verify.hpp"

namespace kt::cli {

namespace {

struct VerifyOptions {
  std::string file = "-";
  bool closed = false;
  std::string format = "text";
};

// A JSON board: an object with "board" (rows of numbers, top row first) or the rows alone.
std::string parse_board_json(const std::string& text, Geometry& g,
                             std::vector<std::int32_t>& board) {
  const auto json = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return "not valid JSON";
  const nlohmann::json& rows = json.is_object() && json.contains("board") ? json["board"] : json;
  if (!rows.is_array() || rows.empty() || !rows[0].is_array()) {
    return "expected \"board\": rows of move numbers";
  }
  const std::size_t cols = rows[0].size();
  if (auto why =
          check_geometry(static_cast<std::int64_t>(rows.size()), static_cast<std::int64_t>(cols));
      !why.empty()) {
    return why;
  }
  g = {static_cast<int>(rows.size()), static_cast<int>(cols)};
  board.assign(g.size(), 0);
  for (int r = 0; r < g.rows; ++r) {
    if (!rows[r].is_array() || rows[r].size() != cols) {
      return "row " + std::to_string(r + 1) + " does not have " + std::to_string(cols) + " numbers";
    }
    for (int x = 1; x <= g.cols; ++x) {
      const auto& v = rows[r][x - 1];
      if (!v.is_number_integer()) return "row " + std::to_string(r + 1) + " holds a non-integer";
      const auto m = v.get<std::int64_t>();
      board[g.index({x, g.rows - r})] =
          m < 0 ? kBlocked : static_cast<std::int32_t>(std::min<std::int64_t>(m, INT32_MAX));
    }
  }
  return {};
}

int run_verify(const VerifyOptions& o) {
  std::string text;
  if (o.file == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    std::ifstream in(o.file, std::ios::binary);
    if (!in) return bad_input("cannot read " + o.file);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const bool json = text.find_first_not_of(" \t\r\n") != std::string::npos &&
                    (text[text.find_first_not_of(" \t\r\n")] == '{' ||
                     text[text.find_first_not_of(" \t\r\n")] == '[');
  Geometry g;
  std::vector<std::int32_t> board;
  const std::string why =
      json ? parse_board_json(text, g, board) : parse_board_text(text, g, board);
  if (!why.empty()) return bad_input("cannot read the board: " + why);

  const Verdict v = verify_board(g, board, o.closed);
  const std::string size = std::to_string(g.rows) + "x" + std::to_string(g.cols);
  if (o.format == "json") {
    std::printf("{\"tour\": %s, \"closed\": %s, \"rows\": %d, \"cols\": %d, \"reason\": %s}\n",
                v.ok ? "true" : "false", v.ok && v.closed ? "true" : "false", g.rows, g.cols,
                json_quote(v.reason).c_str());
  } else if (v.ok) {
    std::printf("%s knight's tour of the %s board\n", v.closed ? "a closed" : "an open",
                size.c_str());
  } else {
    std::printf("not a knight's tour of the %s board: %s\n", size.c_str(), v.reason.c_str());
  }
  return v.ok ? kExitOk : kExitFailure;
}

}  // namespace

Runner add_verify_command(CLI::App& app) {
  auto o = std::make_shared<VerifyOptions>();
  CLI::App* cmd = app.add_subcommand(
      "verify", "Check a board (text as solve prints it, or JSON) for a knight's tour");
  cmd->add_option("file", o->file, "File to read; - or nothing: standard input");
  cmd->add_flag("--closed", o->closed, "Require a closed tour");
  cmd->add_option("--format", o->format, "text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cmd->footer("Exit status: 0 a tour, 1 not a tour, 2 unreadable input.");
  return [o] { return run_verify(*o); };
}

}  // namespace kt::cli
