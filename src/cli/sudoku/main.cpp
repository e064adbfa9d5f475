// The `sudoku` command: solve, count, generate, rate, explain, hint and bench Sudoku puzzles;
// one file per subcommand (cmd_*.cpp), shared options in cli_common.hpp.
// Conventions (docs/SUDOKU.md): data on stdout, errors on stderr; exit 0 ok, 1 a puzzle
// without solution (solve), 2 bad usage or bad input (after every good puzzle was handled).
#include <fmt/core.h>
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/tool_io.hpp"
#include "cli_common.hpp"
#include "sudoku/solve.hpp"

#ifndef SUDOKU_VERSION
#define SUDOKU_VERSION "0.0.0"
#endif

namespace {

// The second line of --version: which form of the 9x9 solver runs on this CPU.
std::string solver_tier_summary() {
  const std::vector<std::string_view> tiers = sudoku::available_solver_tiers();
  return fmt::format("9x9 solver on this CPU: {} (available: {}; SUDOKU_KERNEL=NAME forces one)",
                     tiers.front(), fmt::join(tiers, ", "));
}

}  // namespace

int main(int argc, char** argv) {
  using namespace sudoku::cli;
  CLI::App app{"sudoku: solve, count, generate, rate and benchmark Sudoku puzzles (4x4 to 25x25)"};
  app.set_version_flag("--version",
                       std::string("sudoku ") + SUDOKU_VERSION + "\n" + solver_tier_summary());
  app.require_subcommand(1);

  // Only the subcommand named on the command line is registered, with its options (all seven
  // took 0.18 ms of the 1.1 ms that a `sudoku count` process with nothing to read costs:
  // docs/SUDOKU.md, "One static binary").
  using Register = void (*)(CLI::App&, Command&);
  static constexpr std::pair<std::string_view, Register> kSubcommands[] = {
      {"solve", register_solve},     {"count", register_count}, {"rate", register_rate},
      {"explain", register_explain}, {"hint", register_hint},   {"generate", register_generate},
      {"bench", register_bench}};
  Command command;
  tool_io::register_named_subcommand(argc, argv, kSubcommands, app, command);

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return tool_io::finish_stdout("sudoku", app.exit(e));
  } catch (const CLI::ParseError& e) {
    // One line: the CLI11 message and where help is (no second "Run with --help" line).
    const std::string msg = e.what();
    fmt::print(stderr, "sudoku: {} (see sudoku --help)\n",
               tool_io::one_line(msg.empty() ? "bad usage" : msg));
    return 2;
  }
  // A bad SUDOKU_KERNEL is bad input, told before any work.
  try {
    (void)sudoku::solver_tier();
  } catch (const std::invalid_argument& e) {
    fmt::print(stderr, "sudoku: {}\n", e.what());
    return 2;
  }
  int code = 2;
  try {
    if (command) code = command();
  } catch (const tool_io::OutputError& e) {
    fmt::print(stderr, "sudoku: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    // An exception while stdout is failing (fmt::print throws on a failed write) is lost output.
    if (tool_io::stdout_failed()) return tool_io::finish_stdout("sudoku", 2);
    fmt::print(stderr, "sudoku: {}\n", tool_io::one_line(e.what()));
    return 1;
  }
  return tool_io::finish_stdout("sudoku", code);
}
