// The placements of k non-attacking queens on an N x N board, visited one by one (a
// single-threaded search; counting them on threads is count_k_queens, nqueens/kqueens.hpp).
//
//   nqueens::for_each_k_placement(8, 3, [](const nqueens::Placement& p) { ...; return true; });
//
// A placement lists its queens in row-major order (row, then column), at most one per row.
#pragma once

#include <cstdint>
#include <functional>

#include "nqueens/solution.hpp"

namespace nqueens {

// Calls visit(placement) for each placement of k non-attacking queens, in lexicographic
// order of the row-major square lists, until it returns false; returns how many it visited.
// With `unique`, only the canonical member of each symmetry class (the smallest image).
// Throws std::invalid_argument unless 1 <= n <= 64 and 0 <= k <= n.
std::uint64_t for_each_k_placement(int n, int k, const std::function<bool(const Placement&)>& visit,
                                   bool unique = false);

// True if no image of the placement under the 8 symmetries sorts before it (queens compared
// as row-major square lists).
bool is_canonical_placement(const Placement& placement);

}  // namespace nqueens
