#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>
#include <string>
#include <vector>

#include "data.hpp"
#include "rank_correlation.hpp"
#include "sudoku/effort.hpp"
#include "sudoku/sudoku.hpp"

namespace sudoku {
namespace {

using testing::parse;

TEST(Rate, LevelNames) {
  Level l;
  EXPECT_TRUE(parse_level("expert", l));
  EXPECT_EQ(l, Level::expert);
  EXPECT_TRUE(parse_level("1", l));
  EXPECT_EQ(l, Level::easy);
  EXPECT_FALSE(parse_level("impossible", l));
  EXPECT_EQ(level_name(Level::extreme), "extreme");
  EXPECT_EQ(technique_name(Technique::pointing), "pointing");
}

TEST(Rate, SinglesOnlyPuzzleIsEasy) {
  // Solved by hidden singles alone (checked by hand against the technique counts).
  Rating r = rate(
      parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"));
  EXPECT_TRUE(r.solvable);
  EXPECT_TRUE(r.unique);
  EXPECT_LE(static_cast<int>(r.level), static_cast<int>(Level::medium));
  EXPECT_EQ(r.guesses(), 0);
  EXPECT_GE(r.score, 1.0);
  EXPECT_LE(r.score, 2.0);
}

TEST(Rate, MagictourPuzzlesAreHardest) {
  // None of the first 50 needs a guess; 25 need chains or forcing chains (extreme, 7.0 and
  // up) when this was written, the rest pairs, fish or wings.
  auto puzzles = testing::load("puzzles3_magictour_top1465");
  ASSERT_GE(puzzles.size(), 50u);
  int extreme = 0;
  for (std::size_t i = 0; i < 50; ++i) {
    Rating r = rate(puzzles[i]);
    EXPECT_TRUE(r.unique);
    EXPECT_GE(static_cast<int>(r.level), static_cast<int>(Level::hard)) << i;
    EXPECT_GE(r.score, 3.0);
    EXPECT_EQ(r.guesses(), 0) << i;
    if (r.level == Level::extreme) {
      ++extreme;
      EXPECT_GE(r.score, 7.0);
    }
  }
  EXPECT_EQ(extreme, 25);
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
  int with_locked = 0, with_chains = 0;
  for (std::size_t i = 0; i < puzzles.size(); i += 5) {
    Rating r = rate(puzzles[i]);
    ASSERT_TRUE(r.unique);
    EXPECT_GT(r.uses[static_cast<std::size_t>(r.hardest)], 0);
    EXPECT_EQ(r.level, level_for_score(r.score));
    with_locked += r.hardest == Technique::pointing || r.hardest == Technique::claiming;
    with_chains += r.hardest == Technique::aic || r.hardest == Technique::x_chain;
  }
  EXPECT_GT(with_locked, 0);
  EXPECT_GT(with_chains, 0);
}

using sudoku_test::spearman;

TEST(Rate, EffortRankFollowsTheCuratedDifficulty) {
  // The difficulty column (fourth) of curated_5000.csv tracks search effort: the score
  // alone (the hardest step) ranks it at about 0.73, the rank with the effort at 0.9+.
  auto puzzles = testing::load("curated_5000.csv");
  ASSERT_EQ(puzzles.size(), 5000u);
  std::ifstream in(testing::data_path("curated_5000.csv"));
  std::string line;
  std::getline(in, line);  // header
  std::vector<double> difficulty, score, rank;
  for (std::size_t i = 0; std::getline(in, line) && i < puzzles.size(); i += 1) {
    std::size_t comma = 0;
    for (int field = 0; field < 3; ++field) comma = line.find(',', comma) + 1;
    difficulty.push_back(std::stod(line.substr(comma)));
    const Rating r = rate(puzzles[i]);
    score.push_back(r.score);
    rank.push_back(effort_rank(r.score, search_effort(puzzles[i])));
  }
  ASSERT_EQ(difficulty.size(), 5000u);
  const double by_score = spearman(score, difficulty), by_rank = spearman(rank, difficulty);
  EXPECT_LT(by_score, 0.8);
  EXPECT_GE(by_rank, 0.9);
}

TEST(Rate, SearchEffort) {
  // Singles alone solve it: no guess in any relabeling.
  const Grid easy =
      parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  EXPECT_EQ(search_effort(easy), 0.0);
  EXPECT_EQ(effort_rank(1.5, 0.0), 1.5);
  EXPECT_DOUBLE_EQ(effort_rank(2.0, std::exp(1.0) - 1), 2.0 + kEffortWeight);
  // A hard puzzle takes guesses, the same number every time.
  auto hard = testing::load("puzzles3_magictour_top1465");
  ASSERT_FALSE(hard.empty());
  const double effort = search_effort(hard[0]);
  EXPECT_GT(effort, 1.0);
  EXPECT_EQ(search_effort(hard[0]), effort);
  // No solution: no effort.
  Grid none(3);
  none[0] = none[1] = 1;
  EXPECT_EQ(search_effort(none), 0.0);
}

TEST(Rate, LevelsFollowTheScore) {
  EXPECT_EQ(level_for_score(1.2), Level::easy);
  EXPECT_EQ(level_for_score(1.5), Level::easy);
  EXPECT_EQ(level_for_score(2.3), Level::medium);
  EXPECT_EQ(level_for_score(2.6), Level::hard);
  EXPECT_EQ(level_for_score(3.8), Level::hard);
  EXPECT_EQ(level_for_score(4.0), Level::expert);
  EXPECT_EQ(level_for_score(6.6), Level::expert);
  EXPECT_EQ(level_for_score(7.0), Level::extreme);
  EXPECT_EQ(level_for_score(10.0), Level::extreme);
}

}  // namespace
}  // namespace sudoku
