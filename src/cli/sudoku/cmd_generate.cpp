// sudoku generate: random puzzles with exactly one solution, of a wanted difficulty and
// clue symmetry.
#include <fmt/core.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>
#include <vector>

#include "cli/tool_io.hpp"
#include "cli_common.hpp"
#include "nqueens/parallel.hpp"
#include "sudoku/generate.hpp"
#include "sudoku/rate.hpp"

namespace sudoku::cli {

namespace {

using json = nlohmann::json;

struct GenerateArgs {
  Common common;
  int count = 1;
  int attempts = 20000;
  std::string difficulty = "any";
  std::string symmetry = "none";
  std::string seed_text;  // --seed, 0..2^64-1 (default: random)
  bool no_minimal = false;
  std::uint64_t seed = 0;
};

// Puzzles one `generate` prints: all are held until printed in order (a 25x25 line is 625
// bytes), and 2e9 of them would end in std::bad_alloc.
constexpr int kMaxGenerateCount = 1'000'000;

std::string format_puzzle(const Common& c, const Grid& g, std::uint64_t seed) {
  switch (c.fmt()) {
    case Format::json: {
      sudoku::Rating r = sudoku::rate(g);
      return json{{"puzzle", sudoku::to_line(g)},
                  {"clues", g.clue_count()},
                  {"seed", seed},
                  {"level", sudoku::level_name(r.level)},
                  {"score", r.score}}
                 .dump() +
             "\n";
    }
    case Format::grid:
      return sudoku::to_text(g) + "\n";
    default:
      return sudoku::to_line(g) + "\n";
  }
}

int run_generate(GenerateArgs a) {
  const Common& c = a.common;
  if (a.seed_text.empty()) {
    a.seed = std::random_device{}();
  } else if (const auto v = tool_io::parse_unsigned(a.seed_text, ~std::uint64_t{0})) {
    a.seed = *v;
  } else {
    fmt::print(stderr, "sudoku: --seed must be a whole number from 0 to {}, got {}\n",
               ~std::uint64_t{0}, tool_io::quote(a.seed_text));
    return 2;
  }
  const int count = a.count;
  sudoku::GenerateOptions base;
  base.box = c.box();
  base.minimal = !a.no_minimal;
  base.max_attempts = a.attempts;
  if (a.difficulty != "any") {
    sudoku::Level level;
    if (!sudoku::parse_level(a.difficulty, level)) {
      fmt::print(stderr,
                 "sudoku: unknown difficulty '{}' (any, easy, medium, hard, expert, extreme)\n",
                 a.difficulty);
      return 2;
    }
    base.level = level;
  }
  if (!sudoku::parse_symmetry(a.symmetry, base.symmetry)) {
    fmt::print(stderr, "sudoku: unknown symmetry '{}' (none, rot180, rot90, mirror)\n", a.symmetry);
    return 2;
  }
  std::vector<std::string> out(static_cast<std::size_t>(count));
  std::vector<char> failed(static_cast<std::size_t>(count), 0);
  nqueens::parallel_for(static_cast<std::size_t>(count), c.thread_count(), [&](std::size_t i) {
    sudoku::GenerateOptions o = base;
    o.seed = a.seed + static_cast<std::uint64_t>(i);
    if (auto g = sudoku::generate(o))
      out[i] = format_puzzle(c, *g, o.seed);
    else
      failed[i] = 1;
  });
  int status = 0;
  for (int i = 0; i < count; ++i) {
    if (failed[static_cast<std::size_t>(i)]) {
      std::fflush(stdout);
      fmt::print(stderr, "sudoku: no {} puzzle found in {} attempts (seed {})\n", a.difficulty,
                 a.attempts, a.seed + static_cast<std::uint64_t>(i));
      status = 1;
      continue;
    }
    fmt::print("{}", out[static_cast<std::size_t>(i)]);
  }
  return status;
}

}  // namespace

void register_generate(CLI::App& app, Command& command) {
  auto a = std::make_shared<GenerateArgs>();
  auto* cmd = app.add_subcommand("generate", "random puzzles with exactly one solution");
  add_common(cmd, a->common, false);
  cmd->add_option("-n,--count", a->count,
                  fmt::format("how many puzzles (default 1, at most {})", kMaxGenerateCount))
      ->check(CLI::Range(1, kMaxGenerateCount));
  cmd->add_option("--difficulty", a->difficulty, "any, easy, medium, hard, expert or extreme");
  cmd->add_option("--symmetry", a->symmetry, "clue symmetry: none, rot180, rot90 or mirror");
  cmd->add_option("--seed", a->seed_text, "random seed; puzzle i uses seed+i (default: random)");
  cmd->add_flag("--no-minimal", a->no_minimal, "stop removing clues early (puzzle not minimal)");
  cmd->add_option("--attempts", a->attempts, "puzzles tried per wanted difficulty (default 20000)")
      ->check(CLI::Range(1, 1'000'000'000));
  cmd->callback([a, &command] { command = [a] { return run_generate(*a); }; });
}

}  // namespace sudoku::cli
