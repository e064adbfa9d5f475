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

}  // namespace

int run_generate(const GenerateArgs& a) {
  const Common& c = a.common;
  std::uint64_t seed = 0;
  if (a.seed_text.empty()) {
    seed = std::random_device{}();
  } else if (const auto v = tool_io::parse_unsigned(a.seed_text, ~std::uint64_t{0})) {
    seed = *v;
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
    o.seed = seed + static_cast<std::uint64_t>(i);
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
                 a.attempts, seed + static_cast<std::uint64_t>(i));
      status = 1;
      continue;
    }
    fmt::print("{}", out[static_cast<std::size_t>(i)]);
  }
  return status;
}

}  // namespace sudoku::cli
