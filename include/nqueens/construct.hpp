// One solution for huge N: an explicit construction in O(N), and varied solutions from a
// min-conflicts local search (Sosic & Gu style, linear expected time).
//
//   nqueens::Solution s = nqueens::construct_solution(10'000'000);   // ~0.05 s, 40 MB
//   nqueens::Solution t = nqueens::random_solution(1'000'000, 42);   // seeded, reproducible
//
// Both return the 0-based column of each row's queen (a permutation).
#pragma once

#include <cstdint>

#include "nqueens/solution.hpp"

namespace nqueens {

// A solution exists exactly for N = 1 and N >= 4.
constexpr bool has_solution(long long n) {
  return n == 1 || n >= 4;
}

// The largest N `construct_solution` / `random_solution` accept (a column must fit an int and
// the board's diagonals an index).
inline constexpr int kMaxConstructN = 1'000'000'000;

// The classic explicit solution (the case split by N mod 6 of Hoffman, Loessi and Moore 1969,
// as popularised by Bernhardsson 1991): even columns then odd columns, with a fix-up of the
// first few when N mod 6 is 2 or 3. Deterministic, O(N) time and memory.
// Throws std::invalid_argument when no solution exists (N = 2, 3, or N < 1).
Solution construct_solution(int n);

// A solution found by min-conflicts local search from a random start chosen by `seed`: the
// same seed gives the same solution on every platform (own RNG, no std distributions).
// Expected time linear in N (N = 10^6 in about a second). Throws like construct_solution.
Solution random_solution(int n, std::uint64_t seed);

}  // namespace nqueens
