#include <gtest/gtest.h>

#include "data.hpp"
#include "sudoku/sudoku.hpp"

namespace sudoku {
namespace {

TEST(Generate, UniqueAndMinimal9x9) {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    GenerateOptions o;
    o.seed = seed;
    auto p = generate(o);
    ASSERT_TRUE(p);
    EXPECT_EQ(count_solutions(*p, 2), 1u) << to_line(*p);
    EXPECT_TRUE(is_minimal(*p)) << to_line(*p);
    EXPECT_GE(p->clue_count(), 17);
    EXPECT_LE(p->clue_count(), 40);
  }
}

TEST(Generate, SameSeedSamePuzzle) {
  GenerateOptions o;
  o.seed = 77;
  EXPECT_EQ(generate(o), generate(o));
  GenerateOptions other = o;
  other.seed = 78;
  EXPECT_NE(generate(o), generate(other));
}

TEST(Generate, SymmetricPatterns) {
  for (Symmetry s : {Symmetry::rot180, Symmetry::rot90, Symmetry::mirror}) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      GenerateOptions o;
      o.seed = seed;
      o.symmetry = s;
      auto p = generate(o);
      ASSERT_TRUE(p);
      EXPECT_EQ(count_solutions(*p, 2), 1u);
      for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c) {
          bool here = p->at(r, c) != 0;
          switch (s) {
            case Symmetry::rot180:
              EXPECT_EQ(here, p->at(8 - r, 8 - c) != 0);
              break;
            case Symmetry::rot90:
              EXPECT_EQ(here, p->at(c, 8 - r) != 0);
              break;
            case Symmetry::mirror:
              EXPECT_EQ(here, p->at(r, 8 - c) != 0);
              break;
            default:
              break;
          }
        }
    }
  }
}

TEST(Generate, NotMinimalKeepsMoreClues) {
  GenerateOptions o;
  o.seed = 5;
  o.minimal = false;
  auto loose = generate(o);
  o.minimal = true;
  auto tight = generate(o);
  ASSERT_TRUE(loose && tight);
  EXPECT_EQ(count_solutions(*loose, 2), 1u);
  EXPECT_GT(loose->clue_count(), tight->clue_count());
}

TEST(Generate, OtherSizes) {
  for (int box : {2, 4}) {
    GenerateOptions o;
    o.box = box;
    o.seed = 11;
    auto p = generate(o);
    ASSERT_TRUE(p);
    EXPECT_EQ(count_solutions(*p, 2), 1u);
    if (box == 2) {
      EXPECT_TRUE(is_minimal(*p));
    }
  }
}

TEST(Generate, WantedDifficulty) {
  for (Level level : {Level::easy, Level::medium, Level::hard}) {
    GenerateOptions o;
    o.seed = 3;
    o.level = level;
    auto p = generate(o);
    ASSERT_TRUE(p) << level_name(level);
    EXPECT_EQ(rate(*p).level, level);
    EXPECT_EQ(count_solutions(*p, 2), 1u);
  }
}

TEST(Generate, ParseNames) {
  Symmetry s;
  EXPECT_TRUE(parse_symmetry("rot90", s));
  EXPECT_EQ(s, Symmetry::rot90);
  EXPECT_FALSE(parse_symmetry("diagonal", s));
  EXPECT_EQ(symmetry_name(Symmetry::mirror), "mirror");
}

}  // namespace
}  // namespace sudoku
