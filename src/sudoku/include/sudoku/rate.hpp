// Difficulty from the techniques a person needs. 9x9 puzzles are rated by the explainer
// (explain.hpp): the score is the hardest step of its path on the Sudoku Explainer scale,
// and the level is derived from the score. Other sizes use a smaller human-style solver
// (singles, locked candidates, pairs and triples, then guesses) on the same scale.
//
// Levels (docs/SUDOKU.md has the weight of every technique):
//   1 easy     score 1.0-1.5   full house, hidden singles
//   2 medium   score 1.6-2.5   naked singles
//   3 hard     score 2.6-3.9   locked candidates, pairs, X-wing, naked triple, swordfish
//   4 expert   score 4.0-6.9   hidden triple, wings, unique rectangles, quads, jellyfish,
//                              skyscraper, 2-string kite, simple colouring, short X-chains
//   5 extreme  score 7.0 and up: XY-chains, alternating inference chains, forcing chains,
//                              guesses (10.0)
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "sudoku/explain.hpp"
#include "sudoku/grid.hpp"

namespace sudoku {

enum class Level : int { easy = 1, medium, hard, expert, extreme };
std::string_view level_name(Level level);
// Parses "easy".."extreme" (or "1".."5"); false when unknown.
bool parse_level(std::string_view text, Level& level);
// The level of a score on the Sudoku Explainer scale (the table above).
Level level_for_score(double score);

struct Rating {
  bool solvable = false;  // false when the puzzle has no solution (nothing else is filled)
  bool unique = false;    // exactly one solution
  Level level = Level::easy;
  double score = 0.0;                         // the hardest step, Sudoku Explainer scale
  Technique hardest = Technique::full_house;  // the technique of that step
  std::array<int, kTechniqueCount> uses{};    // how many times each technique made progress
  int guesses() const { return uses[static_cast<int>(Technique::guess)]; }
};

Rating rate(const Grid& puzzle);

}  // namespace sudoku
