// knights verify: is this board a knight's tour? Reads the text format (as `knights solve`
// prints it) or the JSON (`knights solve --format json`, or a bare array of rows), from a file
// or standard input. Exit status: 0 a tour, 1 not a tour (or the verdict could not be
// written), 2 unreadable input.
#include <CLI/CLI.hpp>

#include <sys/stat.h>  // fstat: refuse large files before reading them
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "board/piece.hpp"
#include "board/text_input.hpp"
#include "board_options.hpp"
#include "commands.hpp"
#include "formats/board_read.hpp"
#include "formats/json_line.hpp"
#include "verify/verify.hpp"

namespace kt::cli {

namespace {

struct VerifyOptions {
  std::string file = "-";
  bool closed = false;
  std::string format = "text";
  std::string leaper, wrap;  // as --leaper and --wrap of the other commands; empty: the defaults
};

// The file's name for a message: as given when it prints safely, else an escaped excerpt.
std::string display_name(const std::string& file) {
  if (file == "-") return "standard input";
  const std::string quoted = excerpt(file, 200);
  return quoted == "'" + file + "'" ? file : quoted;
}

// strerror's text in the style of the tool's messages ("is a directory").
std::string error_text(int error) {
  std::string text = std::strerror(error);
  if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z') text[0] = static_cast<char>(text[0] + 32);
  return text;
}

// Reads all of `file` ("-": standard input) into `text`. Refuses inputs above
// kMaxBoardInputBytes without reading them whole: regular files by their size, streams once
// they pass it. Empty, or "cannot read <name>: <why>".
std::string read_input(const std::string& file, std::string& text) {
  const std::string cannot = "cannot read " + display_name(file) + ": ";
  std::FILE* in = file == "-" ? stdin : std::fopen(file.c_str(), "rb");
  if (!in) return cannot + error_text(errno);
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> closer(
      in == stdin ? nullptr : in, [](std::FILE* f) { return std::fclose(f); });
  const std::string too_large =
      cannot + "larger than " + std::to_string(kMaxBoardInputBytes >> 20) + " MiB";
  struct stat st {};
  if (fstat(fileno(in), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    if (static_cast<std::uint64_t>(st.st_size) > kMaxBoardInputBytes) return too_large;
    text.reserve(static_cast<std::size_t>(st.st_size));
  }
  char chunk[1 << 16];
  for (;;) {
    const std::size_t got = std::fread(chunk, 1, sizeof chunk, in);
    if (got > kMaxBoardInputBytes - text.size()) return too_large;
    text.append(chunk, got);
    if (got < sizeof chunk) break;
  }
  // A failure after some bytes (an I/O error, or reading a directory) is not a short file.
  if (std::ferror(in)) return cannot + error_text(errno);
  return {};
}

int run_verify(const VerifyOptions& o) {
  Piece piece;
  std::string why;
  if (!o.leaper.empty()) {
    const auto leaper = parse_leaper(o.leaper, &why);
    if (!leaper) return bad_input("leaper: " + why);
    piece.leaper = *leaper;
  }
  if (!o.wrap.empty()) {
    const auto wrap = parse_wrap(o.wrap, &why);
    if (!wrap) return bad_input("wrap: " + why);
    piece.wrap = *wrap;
  }
  std::string text;
  if (auto why = read_input(o.file, text); !why.empty()) return bad_input(why);
  Geometry g;
  std::vector<std::int32_t> board;
  if (auto why = parse_board(text, g, board); !why.empty()) {
    return bad_input("cannot read the board: " + why);
  }
  text = std::string();  // the board holds what is needed: give its memory back to verify

  const Verdict v = verify_board(g, board, o.closed, piece);
  // "8x8 board", or for other pieces and boards "camel (1,3) tour of the 8x8 torus".
  const std::string size = std::to_string(g.rows) + "x" + std::to_string(g.cols);
  const std::string what = (piece.is_knight() ? "knight's" : describe_leaper(piece.leaper)) +
                           " tour of the " + size + " " +
                           (piece.wrap == Wrap::none ? "board" : to_string(piece.wrap));
  if (o.format == "json") {
    Json out;
    out["tour"] = v.ok;
    out["closed"] = v.ok && v.closed;
    out["rows"] = g.rows;
    out["cols"] = g.cols;
    if (!piece.is_knight()) out["leaper"] = format_leaper(piece.leaper);
    if (piece.wrap != Wrap::none) out["wrap"] = to_string(piece.wrap);
    out["reason"] = v.reason;
    // The verifier's reasons are ASCII; should one ever not be, print it rather than throw.
    const std::string line = json_line(out);
    std::printf("%s\n", line.c_str());
  } else if (v.ok) {
    std::printf("%s %s\n", v.closed ? "a closed" : "an open", what.c_str());
  } else {
    std::printf("not a %s: %s\n", what.c_str(), v.reason.c_str());
  }
  // A verdict nobody received (a full disk, a closed pipe) fails in main's output check.
  return v.ok ? kExitOk : kExitFailure;
}

}  // namespace

Runner add_verify_command(CLI::App& app) {
  auto o = std::make_shared<VerifyOptions>();
  CLI::App* cmd = app.add_subcommand(
      "verify", "Check a board (text as solve prints it, or JSON) for a knight's tour");
  cmd->add_option("file", o->file, "File to read; - or nothing: standard input")->type_name("FILE");
  cmd->add_flag("--closed", o->closed, "Require a closed tour");
  cmd->add_option("--leaper", o->leaper, "The piece's jump a,b or name (default 1,2, the knight)")
      ->type_name("A,B");
  cmd->add_option("--wrap", o->wrap, "Edges that join: none, cylinder or torus")->type_name("WRAP");
  cmd->add_option("--format", o->format, "text or json")
      ->type_name("FORMAT")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cmd->footer(
      "Exit status: 0 a tour, 1 not a tour (or the verdict could not be written), 2 unreadable "
      "input.");
  return [o] { return run_verify(*o); };
}

}  // namespace kt::cli
