// Min-conflicts local search (Sosic & Gu): varied solutions for huge N (`nqueens find N
// --random`) and fast completions of big, lightly constrained boards.
//
//   nqueens::Solution t = nqueens::random_solution(1'000'000, 42);   // seeded, reproducible
#pragma once

#include <cstdint>
#include <optional>

#include "nqueens/complete.hpp"
#include "nqueens/solution.hpp"

namespace nqueens {

// A solution found by min-conflicts local search from a random start chosen by `seed`: the
// same seed gives the same solution on every platform (own RNG, no std distributions).
// Expected time linear in N (N = 10^6 in about a second). Throws like construct_solution.
Solution random_solution(int n, std::uint64_t seed);

// Min-conflicts local search over the open rows (fixed queens pinned, blocked squares cost
// like attacks): fast on big boards with few constraints, but it cannot prove that none
// exists; nullopt after max_steps. find_completion tries it first for N > 32. Expects a
// problem that passed check_problem.
std::optional<Solution> complete_by_local_search(const CompletionProblem& problem,
                                                 std::uint64_t seed, std::uint64_t max_steps);

}  // namespace nqueens
