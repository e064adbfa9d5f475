// One solution for huge N: an explicit construction in O(N) (varied solutions by local search
// are in local_search.hpp).
//
//   nqueens::Solution s = nqueens::construct_solution(10'000'000);   // ~0.05 s, 40 MB
//
// It returns the 0-based column of each row's queen (a permutation).
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

}  // namespace nqueens
