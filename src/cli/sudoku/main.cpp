// The `sudoku` command: solve, count, generate, rate, explain, hint and bench Sudoku puzzles.
// This file is its command line: every subcommand's options, declared with CLI11 here and
// nowhere else (commands.hpp says why); what each subcommand runs is in its own file
// (cmd_*.cpp).
// Conventions (docs/SUDOKU.md): data on stdout, errors on stderr; exit 0 ok, 1 a puzzle
// without solution (solve), 2 bad usage or bad input (after every good puzzle was handled).
#include <fmt/core.h>
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <functional>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "nqueens/parallel.hpp"  // kMaxThreads: the same cap as nqueens -j
#include "number_options.hpp"
#include "sudoku/solve.hpp"
#include "tool_io.hpp"

#ifndef SUDOKU_VERSION
#define SUDOKU_VERSION "0.0.0"
#endif

namespace {

// The available solver tiers' names, fastest first.
std::vector<std::string_view> solver_tier_names() {
  std::vector<std::string_view> names;
  for (const sudoku::SolverTier t : sudoku::available_solver_tiers())
    names.push_back(sudoku::solver_tier_name(t));
  return names;
}

// The second line of --version: which form of the 9x9 solver runs on this CPU.
std::string solver_tier_summary() {
  const std::vector<std::string_view> tiers = solver_tier_names();
  return fmt::format(
      "9x9 solver on this CPU: {} (available: {}; --kernel NAME or SUDOKU_KERNEL=NAME forces one)",
      tiers.front(), fmt::join(tiers, ", "));
}

using namespace sudoku::cli;

// The options every subcommand takes; `with_input` adds the FILE argument.
void add_common(CLI::App* app, Common& c, bool with_input) {
  tool_io::whole_number(app->add_option("--size", c.size, "board side: 4, 9, 16 or 25"), 4, 25)
      ->check(CLI::IsMember({4, 9, 16, 25}));
  app->add_option("--format", c.format, "output: line, grid or json (NDJSON)")
      ->check(CLI::IsMember({"line", "grid", "json"}));
  app->add_flag("--json", c.json, "same as --format json");
  // Checked while parsing: 100000 threads would fail half way with "Resource temporarily
  // unavailable" instead of a usage error.
  tool_io::whole_number(
      app->add_option("-j,--threads", c.threads, "worker threads (default: all cores)"), 0,
      nqueens::kMaxThreads);
  if (with_input) app->add_option("file", c.input, "puzzle file, '-' for stdin (default)");
}

// --kernel, for the subcommands whose work is the 9x9 solver: a bad name is bad usage.
void add_kernel(CLI::App* app, Common& c) {
  const std::vector<std::string_view> tiers = solver_tier_names();
  app->add_option("--kernel", c.kernel,
                  fmt::format("9x9 solver tier: auto (default; on this CPU: {}) or one of {} "
                              "(also env SUDOKU_KERNEL)",
                              tiers.front(), fmt::join(tiers, " ")))
      ->check([](const std::string& name) {
        try {
          (void)sudoku::parse_solver_tier(name);
          return std::string();
        } catch (const std::invalid_argument& e) {
          return std::string(e.what());
        }
      });
}

// Each subcommand adds itself to `app`; when it is the one given, its parse callback stores
// what to run in `command`, and main() runs it.
using Command = std::function<int()>;

// A subcommand whose only options are the common ones.
void add_plain(CLI::App& app, Command& command, const char* name, const char* help,
               int (*run)(const Common&)) {
  auto c = std::make_shared<Common>();
  auto* cmd = app.add_subcommand(name, help);
  add_common(cmd, *c, true);
  cmd->callback([c, run, &command] { command = [c, run] { return run(*c); }; });
}

void register_solve(CLI::App& app, Command& command) {
  auto c = std::make_shared<Common>();
  auto* cmd =
      app.add_subcommand("solve", "solve each puzzle; one solution per line, in input order");
  add_common(cmd, *c, true);
  add_kernel(cmd, *c);
  cmd->callback([c, &command] { command = [c] { return run_solve(*c); }; });
}

void register_count(CLI::App& app, Command& command) {
  auto a = std::make_shared<CountArgs>();
  auto* cmd =
      app.add_subcommand("count", "count solutions up to a limit: unique, multiple or none");
  add_common(cmd, a->common, true);
  add_kernel(cmd, a->common);
  tool_io::whole_number(
      cmd->add_option("--limit", a->limit, "stop counting at this many solutions (default 2)"), 1,
      ~std::uint64_t{0});
  cmd->callback([a, &command] { command = [a] { return run_count(*a); }; });
}

void register_rate(CLI::App& app, Command& command) {
  add_plain(app, command, "rate", "difficulty from the techniques a person needs", run_rate);
}

void register_explain(CLI::App& app, Command& command) {
  add_plain(app, command, "explain",
            "solve like a person: every step with its technique, then the rating (9x9)",
            run_explain);
}

void register_hint(CLI::App& app, Command& command) {
  add_plain(app, command, "hint", "the next step a person would take (9x9)", run_hint);
}

void register_generate(CLI::App& app, Command& command) {
  auto a = std::make_shared<GenerateArgs>();
  auto* cmd = app.add_subcommand("generate", "random puzzles with exactly one solution");
  add_common(cmd, a->common, false);
  tool_io::whole_number(
      cmd->add_option("-n,--count", a->count,
                      fmt::format("how many puzzles (default 1, at most {})", kMaxGenerateCount)),
      1, kMaxGenerateCount);
  cmd->add_option("--difficulty", a->difficulty, "any, easy, medium, hard, expert or extreme");
  cmd->add_option("--symmetry", a->symmetry, "clue symmetry: none, rot180, rot90 or mirror");
  tool_io::whole_number_text(cmd->add_option(
      "--seed", a->seed_text, "random seed; puzzle i uses seed+i (default: random)"));
  cmd->add_flag("--no-minimal", a->no_minimal, "stop removing clues early (puzzle not minimal)");
  tool_io::whole_number(cmd->add_option("--attempts", a->attempts,
                                        "puzzles tried per wanted difficulty (default 20000)"),
                        1, 1'000'000'000);
  cmd->callback([a, &command] { command = [a] { return run_generate(*a); }; });
}

void register_bench(CLI::App& app, Command& command) {
  auto a = std::make_shared<BenchArgs>();
  auto* cmd = app.add_subcommand("bench", "time solve + uniqueness check over a file, one thread");
  add_common(cmd, a->common, true);
  add_kernel(cmd, a->common);
  tool_io::whole_number(
      cmd->add_option("--repeat", a->repeat, "timed runs; the median is reported (default 5)"), 1,
      1000);
  tool_io::whole_number(
      cmd->add_option("--limit", a->limit,
                      "count solutions up to this (default 2; at least 2: bench tells unique from "
                      "multiple)"),
      2, ~std::uint64_t{0});
  cmd->add_flag("--reference", a->reference, "also time the general (reference) solver");
  cmd->callback([a, &command] { command = [a] { return run_bench(*a); }; });
}

}  // namespace

int main(int argc, char** argv) {
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
  // A bad SUDOKU_KERNEL is bad input, told before any work, unless --kernel names the run's
  // tier (the variable is only the default, as NQUEENS_KERNEL is for nqueens).
  const auto subcommands = app.get_subcommands();
  const CLI::Option* kernel =
      subcommands.empty() ? nullptr : subcommands.front()->get_option_no_throw("--kernel");
  if (kernel == nullptr || kernel->count() == 0) {
    try {
      (void)sudoku::default_solver_tier();
    } catch (const std::invalid_argument& e) {
      fmt::print(stderr, "sudoku: {}\n", e.what());
      return 2;
    }
  }
  int code = 2;
  try {
    if (command) code = command();
  } catch (const tool_io::OutputError& e) {
    fmt::print(stderr, "sudoku: {}\n", e.what());
    return 2;
  } catch (const tool_io::InputError& e) {
    std::fflush(stdout);
    fmt::print(stderr, "sudoku: {}\n", tool_io::one_line(e.what()));
    return tool_io::finish_stdout("sudoku", 2);
  } catch (const std::bad_alloc&) {
    std::fflush(stdout);
    fmt::print(stderr, "sudoku: {}\n", tool_io::kOutOfMemory);
    return tool_io::finish_stdout("sudoku", 2);
  } catch (const std::exception& e) {
    // An exception while stdout is failing (fmt::print throws on a failed write) is lost output.
    if (tool_io::stdout_failed()) return tool_io::finish_stdout("sudoku", 2);
    fmt::print(stderr, "sudoku: {}\n", tool_io::one_line(e.what()));
    return 1;
  }
  return tool_io::finish_stdout("sudoku", code);
}
