// Random puzzles with exactly one solution.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "sudoku/grid.hpp"
#include "sudoku/rate.hpp"

namespace sudoku {

enum class Symmetry { none, rot180, rot90, mirror };
bool parse_symmetry(std::string_view text, Symmetry& symmetry);  // none|rot180|rot90|mirror
std::string_view symmetry_name(Symmetry symmetry);

struct GenerateOptions {
  int box = 3;                         // 2, 3, 4 or 5
  Symmetry symmetry = Symmetry::none;  // clue pattern symmetry
  bool minimal = true;                 // no clue (no symmetric clue group) can be removed
  std::optional<Level> level;          // wanted difficulty; any when empty
  std::uint64_t seed = 1;              // same seed, same puzzle
  int max_attempts = 20000;            // puzzles tried before giving up on `level`
};

// A random complete grid (a solution) from `seed`.
Grid random_solution(int box, std::uint64_t seed);

// Returns a puzzle with exactly one solution, or nothing when no puzzle of the wanted level
// turned up within max_attempts.
std::optional<Grid> generate(const GenerateOptions& options);

// True when removing any single clue leaves more than one solution.
bool is_minimal(const Grid& puzzle);

}  // namespace sudoku
