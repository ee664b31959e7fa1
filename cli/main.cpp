// knights: the command-line face of the solver library.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <utility>
#include <vector>

#include "commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Knight's Tour Explorer: find, check and count knight's tours.", "knights"};
  app.require_subcommand(1);
  std::vector<std::pair<CLI::App*, kt::cli::Runner>> commands;
  for (auto add : kt::cli::kCommands) {
    kt::cli::Runner run = add(app);
    const auto all = app.get_subcommands([](const CLI::App*) { return true; });
    commands.emplace_back(all.back(), std::move(run));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "knights: %s (see knights --help)\n", e.what());
    return kt::cli::kExitBadInput;
  }
  try {
    for (auto& [cmd, run] : commands) {
      if (cmd->parsed()) return run();
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "knights: %s\n", e.what());
    return kt::cli::kExitFailure;
  }
  return kt::cli::kExitFailure;
}
