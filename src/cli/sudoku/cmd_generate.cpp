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

#include "cli_common.hpp"
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
  std::uint64_t seed = std::random_device{}();
  bool no_minimal = false;
};

std::string format_puzzle(const Common& c, const Grid& g, std::uint64_t seed) {
  switch (c.fmt()) {
    case Format::kJson: {
      sudoku::Rating r = sudoku::rate(g);
      return json{{"puzzle", sudoku::to_line(g)},
                  {"clues", g.clue_count()},
                  {"seed", seed},
                  {"level", sudoku::level_name(r.level)},
                  {"score", r.score}}
                 .dump() +
             "\n";
    }
    case Format::kGrid:
      return sudoku::to_text(g) + "\n";
    default:
      return sudoku::to_line(g) + "\n";
  }
}

int run_generate(const GenerateArgs& a) {
  const Common& c = a.common;
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
  std::atomic<int> next{0};
  auto worker = [&] {
    for (int i; (i = next.fetch_add(1)) < count;) {
      sudoku::GenerateOptions o = base;
      o.seed = a.seed + static_cast<std::uint64_t>(i);
      if (auto g = sudoku::generate(o))
        out[static_cast<std::size_t>(i)] = format_puzzle(c, *g, o.seed);
      else
        failed[static_cast<std::size_t>(i)] = 1;
    }
  };
  {
    std::vector<std::jthread> pool;
    for (int t = 0; t < std::min(count, c.thread_count()); ++t) pool.emplace_back(worker);
  }
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
  cmd->add_option("-n,--count", a->count, "how many puzzles (default 1)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--difficulty", a->difficulty, "any, easy, medium, hard, expert or extreme");
  cmd->add_option("--symmetry", a->symmetry, "clue symmetry: none, rot180, rot90 or mirror");
  cmd->add_option("--seed", a->seed, "random seed; puzzle i uses seed+i (default: random)");
  cmd->add_flag("--no-minimal", a->no_minimal, "stop removing clues early (puzzle not minimal)");
  cmd->add_option("--attempts", a->attempts, "puzzles tried per wanted difficulty (default 20000)")
      ->check(CLI::PositiveNumber);
  cmd->callback([a, &command] { command = [a] { return run_generate(*a); }; });
}

}  // namespace sudoku::cli
