// Difficulty from the techniques a person needs. The rater solves like a human: it applies
// the easiest technique that makes progress, and guesses (taking the true value of the cell
// with the fewest candidates) only when none does.
//
// Scale (the level is the hardest technique needed; docs/SUDOKU.md has the details):
//   1 easy     hidden singles only                         score 1.0-1.5
//   2 medium   naked singles                               score 2.0
//   3 hard     locked candidates (pointing, claiming)      score 2.6-2.8
//   4 expert   naked/hidden pairs and triples              score 3.0-4.0
//   5 extreme  trial and error (guessing)                  score 5.0 + 0.5 per extra guess, max 10
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "sudoku/grid.hpp"

namespace sudoku {

enum class Technique : int {
  kFullHouse = 0,  // last empty cell of a row, column or box
  kHiddenSingle,   // a digit has one place left in a row, column or box
  kNakedSingle,    // a cell has one candidate left
  kPointing,  // a digit's places in a box lie in one row/column: drop it from the rest of that line
  kClaiming,  // a digit's places in a line lie in one box: drop it from the rest of the box
  kNakedPair,
  kHiddenPair,
  kNakedTriple,
  kHiddenTriple,
  kGuess,
};
inline constexpr int kTechniqueCount = 10;
std::string_view technique_name(Technique t);

enum class Level : int { kEasy = 1, kMedium, kHard, kExpert, kExtreme };
std::string_view level_name(Level level);
// Parses "easy".."extreme" (or "1".."5"); false when unknown.
bool parse_level(std::string_view text, Level& level);

struct Rating {
  bool solvable = false;  // false when the puzzle has no solution (nothing else is filled)
  bool unique = false;    // exactly one solution
  Level level = Level::kEasy;
  double score = 0.0;
  std::array<int, kTechniqueCount> uses{};  // how many times each technique made progress
  int guesses() const { return uses[static_cast<int>(Technique::kGuess)]; }
};

Rating rate(const Grid& puzzle);

}  // namespace sudoku
