// Solving and counting: one entry point for every board size. 9x9 boards go to a bitboard
// solver built for throughput (see docs/SUDOKU.md); other sizes to a general one.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "sudoku/grid.hpp"

namespace sudoku {

struct SolveResult {
  std::uint64_t solutions = 0;  // found, at most the limit
  std::uint64_t guesses = 0;    // branches the search tried beyond pure deduction
  Grid solution;                // the first solution found; all zero when there is none
  bool unique() const { return solutions == 1; }
};

// Solver tiers: the 9x9 solver is compiled once per instruction set, and each solve runs the
// tier its caller names or, by default, the fastest this CPU executes, so a portable build runs
// vector code where the CPU has it. Fastest first: avx512 (x86-64 with AVX-512 F, BW, VL and
// VPOPCNTDQ), avx2 (x86-64 with AVX2, BMI1, BMI2 and POPCNT), sse4 (x86-64 with SSE4.2 and
// POPCNT), scalar (any CPU). Every tier finds the same solutions with the same guesses; only the
// speed differs. A tier is an argument of each solve (`sudoku solve --kernel NAME`), whose
// default is default_solver_tier().
//
//   sudoku::solve(puzzle, 2, sudoku::parse_solver_tier("avx2"));
//   sudoku::solver_tier_name(sudoku::default_solver_tier());   // "avx512" on such a CPU
enum class SolverTier { avx512, avx2, sse4, scalar };

// "avx512", "avx2", "sse4", "scalar".
std::string_view solver_tier_name(SolverTier tier);

// The tiers this build has and this CPU executes, fastest first (scalar always).
std::vector<SolverTier> available_solver_tiers();

// The tier `name` stands for: a tier name, or "auto" for the fastest available. Throws
// std::invalid_argument with a one-line message for an unknown name or an unavailable tier.
SolverTier parse_solver_tier(std::string_view name);

// The tier of a solve that names none: the environment variable SUDOKU_KERNEL (a tier name or
// "auto"), else the fastest available. Throws std::invalid_argument with a one-line message
// when SUDOKU_KERNEL names an unknown tier or one that is not available here.
SolverTier default_solver_tier();

// Searches for up to `limit` solutions (limit 2 = solve and check uniqueness).
// Givens that break a rule give zero solutions. 9x9 puzzles run the 9x9 solver's tier `tier`;
// a tier this CPU lacks throws std::invalid_argument, as parse_solver_tier does.
SolveResult solve(const Grid& puzzle, std::uint64_t limit = 2,
                  SolverTier tier = default_solver_tier());

// Number of solutions, stopping at `limit`.
std::uint64_t count_solutions(const Grid& puzzle, std::uint64_t limit = 2,
                              SolverTier tier = default_solver_tier());

// Calls `on_solution` for each solution until it returns false or there are no more.
// Returns how many were reported.
std::uint64_t enumerate_solutions(const Grid& puzzle,
                                  const std::function<bool(const Grid&)>& on_solution);

// The 9x9 fast path without any allocation, for batch work and benchmarks.
// `cells`: 81 values 0..9 row-major (0 empty). Writes the first solution (values 1..9) to
// `solution` when it is not null. Adds the number of guesses to `*guesses` when not null.
// Returns the number of solutions found, at most `limit`.
std::uint64_t solve9(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                     std::uint64_t* guesses, SolverTier tier = default_solver_tier());

// True when a 9x9 grid (`cells`: 81 values 0..9, row-major) has a digit twice in a row,
// column or box: what the readers check of every puzzle line, from the solver's own digit
// words (one byte compare per digit and 32 cells with AVX2). Values over 9 give false.
bool givens_repeat9(const std::uint8_t* cells, SolverTier tier = default_solver_tier());

// The general solver (any size, also 9x9): bitmask candidates, naked and hidden singles,
// fewest-candidates branching. Exposed so tools can compare against it.
SolveResult solve_general(const Grid& puzzle, std::uint64_t limit = 2);

}  // namespace sudoku
