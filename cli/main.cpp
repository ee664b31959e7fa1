// knights: the command-line face of the solver library.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>

#include "commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Knight's Tour Explorer: find, check and count knight's tours.", "knights"};
  app.require_subcommand(1);
  const kt::cli::Runner solve = kt::cli::add_solve_command(app);
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
    if (app.got_subcommand("solve")) return solve();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "knights: %s\n", e.what());
    return kt::cli::kExitFailure;
  }
  return kt::cli::kExitFailure;
}
