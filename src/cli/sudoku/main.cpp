// The `sudoku` command: solve, count, generate, rate, explain, hint and bench Sudoku puzzles;
// one file per subcommand (cmd_*.cpp), shared options in cli_common.hpp.
// Conventions (docs/SUDOKU.md): data on stdout, errors on stderr; exit 0 ok, 1 a puzzle
// without solution (solve), 2 bad usage or bad input (after every good puzzle was handled).
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <string>

#include "cli_common.hpp"

#ifndef SUDOKU_VERSION
#define SUDOKU_VERSION "0.0.0"
#endif

int main(int argc, char** argv) {
  using namespace sudoku::cli;
  CLI::App app{"sudoku: solve, count, generate, rate and benchmark Sudoku puzzles (4x4 to 25x25)"};
  app.set_version_flag("--version", std::string("sudoku ") + SUDOKU_VERSION);
  app.require_subcommand(1);

  Command command;
  register_solve(app, command);
  register_count(app, command);
  register_rate(app, command);
  register_explain(app, command);
  register_hint(app, command);
  register_generate(app, command);
  register_bench(app, command);

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string msg = e.what();
    fmt::print(stderr, "sudoku: {}\n", msg.empty() ? "bad usage" : msg);
    fmt::print(stderr, "Run with --help for more information.\n");
    return 2;
  }
  try {
    if (command) return command();
  } catch (const std::exception& e) {
    fmt::print(stderr, "sudoku: {}\n", e.what());
    return 1;
  }
  return 2;
}
