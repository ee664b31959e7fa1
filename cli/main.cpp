// knights: the command-line face of the solver library.
#include <CLI/CLI.hpp>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "board/text_input.hpp"
#include "board_options.hpp"
#include "commands.hpp"

namespace {

using Commands = std::vector<std::pair<CLI::App*, kt::cli::Runner>>;

bool same_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

// CLI11 answers an unknown first word with "A subcommand is required", which hides the word
// that was not recognised: say which, and what the commands are.
int unknown_command(std::string_view word, const Commands& commands) {
  std::string names, guess;
  for (const auto& [cmd, run] : commands) {
    names += (names.empty() ? "" : ", ") + cmd->get_name();
    if (same_ignoring_case(word, cmd->get_name()))
      guess = "; did you mean " + cmd->get_name() + "?";
  }
  std::fprintf(stderr, "knights: %s is not a command (the commands are %s%s)\n",
               kt::excerpt(word).c_str(), names.c_str(), guess.c_str());
  return kt::cli::kExitBadInput;
}

// The first option given an empty value ("--method ''"), or "": an empty value never means the
// default silently.
std::string empty_value(const CLI::App& cmd) {
  for (const CLI::Option* option : cmd.get_options()) {
    if (option->count() == 0 || option->get_expected_max() == 0) continue;
    for (const std::string& value : option->results()) {
      if (value.empty())
        return option->get_name().empty() ? option->get_name(true) : option->get_name();
    }
  }
  return {};
}

int run(CLI::App& app, const Commands& commands, int argc, char** argv) {
  if (argc > 1 && argv[1][0] != '-') {
    bool known = false;
    for (const auto& [cmd, run] : commands) known = known || cmd->check_name(argv[1]);
    if (!known) return unknown_command(argv[1], commands);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // CLI11's messages quote what was typed, whole: a 100 KB argument, or one holding escape
    // sequences, would reach the terminal as it is.
    std::fprintf(stderr, "knights: %s (see knights --help)\n", kt::one_line(e.what()).c_str());
    return kt::cli::kExitBadInput;
  }
  try {
    for (const auto& [cmd, run] : commands) {
      if (!cmd->parsed()) continue;
      if (const auto empty = empty_value(*cmd); !empty.empty()) {
        std::fprintf(stderr, "knights: %s: give a value (it is empty)\n", empty.c_str());
        return kt::cli::kExitBadInput;
      }
      return run();
    }
  } catch (const std::bad_alloc&) {
    // The system gave less memory than the work needed (ulimit -v, a container, a small
    // machine): said in words, not as std::bad_alloc.
    std::fprintf(stderr, "knights: out of memory: the system refused more than it gave\n");
    return kt::cli::kExitFailure;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "knights: %s\n", kt::one_line(e.what()).c_str());
    return kt::cli::kExitFailure;
  }
  return kt::cli::kExitFailure;
}

// Output that did not reach its file (a full disk, a closed pipe) is not a success: the tour or
// the count the caller reads is cut short or missing.
int check_output(int code) {
  errno = 0;
  if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return code;
  const int err = errno;
  std::fprintf(stderr, "knights: cannot write the output: %s\n",
               err != 0 ? std::strerror(err) : "write error");
  return code == kt::cli::kExitOk ? kt::cli::kExitFailure : code;
}

}  // namespace

int main(int argc, char** argv) {
#ifdef SIGPIPE
  // A reader that closes the pipe early (head) makes writes fail with EPIPE instead of killing
  // the process without a word: check_output then says so and exits 1.
  std::signal(SIGPIPE, SIG_IGN);
#endif
  CLI::App app{"Knight's Tour Explorer: find, check and count knight's tours.", "knights"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "knights " KT_VERSION, "Print the version and exit");
  Commands commands;
  for (auto add : kt::cli::kCommands) {
    kt::cli::Runner run = add(app);
    const auto all = app.get_subcommands([](const CLI::App*) { return true; });
    commands.emplace_back(all.back(), std::move(run));
  }
  return check_output(run(app, commands, argc, argv));
}
