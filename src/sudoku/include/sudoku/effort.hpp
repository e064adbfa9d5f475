// Search effort: how much trial and error a puzzle takes, beside the human-style score.
//
// The Sudoku Explainer score (`rate`) is the hardest step a person needs; two puzzles with
// the same hardest step can differ a lot in how long they take. `search_effort` measures
// the other side: the guesses a search that deduces only singles makes before its first
// solution, averaged over 16 fixed relabelings of the puzzle (permutations of bands, stacks,
// rows, columns and digits, and a transposition; the same 16 every time, so the value is
// reproducible). `effort_rank` combines both into one number to sort puzzles by:
// score + 8 ln(1 + effort). docs/SUDOKU.md gives the measured rank correlations.
#pragma once

#include "sudoku/grid.hpp"

namespace sudoku {

// Mean guesses of the singles-only search (solve_general) over the 16 relabelings; 0 when
// the puzzle has no solution. 9x9 only (other sizes: the guesses on the puzzle as given).
double search_effort(const Grid& puzzle);

// The score to sort by: se_score + kEffortWeight * ln(1 + effort).
inline constexpr double kEffortWeight = 8.0;
double effort_rank(double se_score, double effort);

}  // namespace sudoku
