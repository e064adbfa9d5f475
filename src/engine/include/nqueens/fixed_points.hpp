// The solutions of the N x N board that a turn maps onto themselves, counted by searches of
// their own, and the check of a whole count's split into symmetry classes against them.
//
//   nqueens::FixedPoints f = nqueens::fixed_points(16);   // half_turn 3000, quarter_turn 64
//   std::string why = nqueens::check_class_split(16, sum);  // "" when the split agrees
//
// A count finds the classes of size 2 and 4 at the leaves where the board ties with one of its
// turns (the backtracker) or takes them from these counts (the join), so a whole count of N
// has: fixed by the half turn = 2 * classes of 2 + 4 * classes of 4, fixed by the quarter turn
// = 2 * classes of 2, and total - fixed180 a multiple of 8. A kernel error on the rare tie
// path shows here first; `nqueens count` and `nqueens merge` refuse a split that disagrees.
#pragma once

#include <string>

#include "nqueens/count_types.hpp"

namespace nqueens {

struct FixedPoints {
  Count half_turn = 0;     // OEIS A032522
  Count quarter_turn = 0;  // OEIS A033148
  friend bool operator==(const FixedPoints&, const FixedPoints&) = default;
};

// Counted by the fixed-point searches (src/kernels/count_fixed_points.hpp), never taken from
// a table; the half turn's parts run on `threads` threads (0: all cores). N = 28 takes about
// 5e10 search steps. Throws std::invalid_argument unless 1 <= N <= kMaxCountN.
FixedPoints count_fixed_points(int n, int threads = 0);

// The published values (nqueens/known_counts.hpp) up to N = 28, else count_fixed_points.
FixedPoints fixed_points(int n, int threads = 0);

// "" when `counts`, a whole count of N, splits into classes exactly and its solutions fixed
// by the turns equal fixed_points(n, threads); else one sentence saying what differs.
std::string check_class_split(int n, const SolutionCounts& counts, int threads = 0);

}  // namespace nqueens
