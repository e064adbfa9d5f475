// The searches behind k queens (internal; the public entry is count_k_queens in
// src/engine/include/nqueens/kqueens.hpp, which src/engine/kqueens.cpp runs on threads).
#pragma once

#include <cstdint>
#include <vector>

#include "nqueens/solution.hpp"

namespace nqueens::kernels {

// A prefix of the row-by-row search: rows above `row` are decided, with `k` queens placed.
struct KQueensPrefix {
  int row;  // next row to decide
  int k;    // queens already placed
  std::uint32_t down, left, right;
  std::uint64_t mult;  // 2 when the mirror image is counted by this prefix too
};

// Every prefix down to two rows below the first queen, the first queen in the left half
// (mirror reduction), biggest subtrees first. target: the k asked for, or -1 for every k.
std::vector<KQueensPrefix> kqueens_prefixes(int n, int target);

// Placements below one prefix, by number of queens (n + 1 entries, mirror images included).
std::vector<std::uint64_t> kqueens_count_prefix(int n, int target, const KQueensPrefix& prefix);

// Placements the rotation g maps onto themselves, by number of queens (n + 1 entries).
std::vector<std::uint64_t> kqueens_fixed_by(int n, Transform g, int target);

}  // namespace nqueens::kernels
