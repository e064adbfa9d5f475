#include <gtest/gtest.h>

#include "data.hpp"
#include "sudoku/sudoku.hpp"

namespace sudoku {
namespace {

Grid parse(const char* text) {
  Grid g;
  EXPECT_FALSE(parse_puzzle(text, 3, g));
  return g;
}

TEST(Rate, LevelNames) {
  Level l;
  EXPECT_TRUE(parse_level("expert", l));
  EXPECT_EQ(l, Level::kExpert);
  EXPECT_TRUE(parse_level("1", l));
  EXPECT_EQ(l, Level::kEasy);
  EXPECT_FALSE(parse_level("impossible", l));
  EXPECT_EQ(level_name(Level::kExtreme), "extreme");
  EXPECT_EQ(technique_name(Technique::kPointing), "pointing");
}

TEST(Rate, SinglesOnlyPuzzleIsEasy) {
  // Solved by hidden singles alone (checked by hand against the technique counts).
  Rating r = rate(
      parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"));
  EXPECT_TRUE(r.solvable);
  EXPECT_TRUE(r.unique);
  EXPECT_LE(static_cast<int>(r.level), static_cast<int>(Level::kMedium));
  EXPECT_EQ(r.guesses(), 0);
  EXPECT_GE(r.score, 1.0);
  EXPECT_LE(r.score, 2.0);
}

TEST(Rate, MagictourPuzzlesAreHardest) {
  // Without fish or chains, about half of the first 50 need a guess (27 of 50 when this
  // was written); the rest need pairs or triples.
  auto puzzles = testing::load("puzzles3_magictour_top1465");
  ASSERT_GE(puzzles.size(), 50u);
  int extreme = 0;
  for (std::size_t i = 0; i < 50; ++i) {
    Rating r = rate(puzzles[i]);
    EXPECT_TRUE(r.unique);
    EXPECT_GE(static_cast<int>(r.level), static_cast<int>(Level::kExpert)) << i;
    EXPECT_GE(r.score, 3.0);
    if (r.level == Level::kExtreme) {
      ++extreme;
      EXPECT_GE(r.guesses(), 1);
      EXPECT_GE(r.score, 5.0);
    }
  }
  EXPECT_EQ(extreme, 27);
}

TEST(Rate, CuratedLevelsGrowWithTheirOwnRating) {
  // curated_5000 has 1000 puzzles per level (Beginner..Expert), in that order.
  auto puzzles = testing::load("curated_5000.csv");
  ASSERT_EQ(puzzles.size(), 5000u);
  double mean[5] = {};
  for (int band = 0; band < 5; ++band) {
    for (int i = 0; i < 100; ++i)
      mean[band] += rate(puzzles[static_cast<std::size_t>(band * 1000 + i)]).score;
    mean[band] /= 100;
  }
  EXPECT_LT(mean[0], mean[4]);
  EXPECT_LT(mean[1], mean[4]);
}

TEST(Rate, NoSolution) {
  Grid g(3);
  g[0] = g[1] = 1;
  Rating r = rate(g);
  EXPECT_FALSE(r.solvable);
}

TEST(Rate, UsesTechniquesItReports) {
  auto puzzles = testing::load("curated_5000.csv");
  int with_locked = 0, with_pairs = 0;
  for (std::size_t i = 0; i < puzzles.size(); i += 5) {
    Rating r = rate(puzzles[i]);
    ASSERT_TRUE(r.unique);
    int hardest = 0;
    for (int t = 0; t < kTechniqueCount; ++t)
      if (r.uses[static_cast<std::size_t>(t)]) hardest = t;
    EXPECT_EQ(r.level == Level::kHard, hardest == 3 || hardest == 4);
    with_locked += r.level == Level::kHard;
    with_pairs += r.level == Level::kExpert;
  }
  EXPECT_GT(with_locked, 0);
  EXPECT_GT(with_pairs, 0);
}

}  // namespace
}  // namespace sudoku
