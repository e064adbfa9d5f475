// A mutation fuzz loop over the reader and both solvers: random edits of real puzzles (and of
// whole multi-line texts) must never crash or hang, every entry must either carry an error or
// parse to a grid without conflicts, and the fast and general solvers must agree.
#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <sstream>

#include "data.hpp"
#include "sudoku/sudoku.hpp"

namespace sudoku {
namespace {

std::string mutate(std::string s, std::mt19937_64& rng) {
  static const char kChars[] = "0123456789.#,|-+ \n\r\tABGaz\x01\xff";
  int edits = 1 + static_cast<int>(rng() % 6);
  for (int k = 0; k < edits; ++k) {
    std::size_t pos = s.empty() ? 0 : rng() % s.size();
    switch (rng() % 5) {
      case 0:
        if (!s.empty()) s[pos] = kChars[rng() % (sizeof(kChars) - 1)];
        break;
      case 1:
        s.insert(pos, 1, kChars[rng() % (sizeof(kChars) - 1)]);
        break;
      case 2:
        if (!s.empty()) s.erase(pos, 1);
        break;
      case 3:
        if (!s.empty()) s[pos] = '.';
        break;  // remove a clue
      case 4:
        if (!s.empty()) s[pos] = static_cast<char>('1' + rng() % 9);
        break;  // add one
    }
  }
  return s;
}

TEST(Fuzz, ReaderAndSolversNeverDisagreeOrCrash) {
  auto seeds = testing::load("puzzles3_magictour_top1465");
  ASSERT_FALSE(seeds.empty());
  std::mt19937_64 rng(2024);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  std::uint64_t entries = 0, solved = 0, errors = 0;
  for (int iter = 0; iter < 200000 && std::chrono::steady_clock::now() < deadline; ++iter) {
    std::string text;
    int lines = 1 + static_cast<int>(rng() % 3);
    for (int l = 0; l < lines; ++l) {
      std::string line = to_line(seeds[rng() % seeds.size()]);
      if (rng() % 4 == 0) line = to_text(seeds[rng() % seeds.size()]);
      text += mutate(line, rng) + "\n";
    }
    std::istringstream in(text);
    PuzzleReader reader(in, 3);
    PuzzleEntry e;
    int guard = 0;
    while (reader.next(e)) {
      ASSERT_LT(++guard, 1000) << "reader does not advance";
      ++entries;
      if (!e.ok()) {
        ++errors;
        EXPECT_GT(e.line, 0u);
        continue;
      }
      ASSERT_FALSE(find_conflict(e.grid));
      SolveResult fast = solve(e.grid, 2);
      SolveResult general = solve_general(e.grid, 2);
      ASSERT_EQ(fast.solutions, general.solutions) << to_line(e.grid);
      if (fast.solutions) {
        ASSERT_TRUE(is_solution_of(fast.solution, e.grid));
        ++solved;
      }
    }
  }
  EXPECT_GT(entries, 1000u);
  EXPECT_GT(solved, 100u);
  EXPECT_GT(errors, 100u);
}

TEST(Fuzz, RandomGridsOnEverySize) {
  std::mt19937_64 rng(7);
  for (int box = 2; box <= 4; ++box) {
    for (int iter = 0; iter < 300; ++iter) {
      Grid g(box);
      int n = g.size();
      // A few random digits: often inconsistent, sometimes with many solutions.
      // 16x16 keeps few clues: a consistent but unsolvable 16x16 can take long to refute.
      int most = box == 4 ? 8 : g.cell_count() / 4;
      int clues = static_cast<int>(rng() % static_cast<unsigned>(most + 1));
      for (int k = 0; k < clues; ++k)
        g[static_cast<int>(rng() % static_cast<unsigned>(g.cell_count()))] =
            static_cast<std::uint8_t>(1 + rng() % static_cast<unsigned>(n));
      SolveResult r = solve(g, 2);
      if (find_conflict(g)) {
        EXPECT_EQ(r.solutions, 0u);
        continue;
      }
      if (box == 3) {
        EXPECT_EQ(r.solutions, solve_general(g, 2).solutions) << to_line(g);
      }
      if (r.solutions) {
        EXPECT_TRUE(is_solution_of(r.solution, g));
      }
    }
  }
}

}  // namespace
}  // namespace sudoku
