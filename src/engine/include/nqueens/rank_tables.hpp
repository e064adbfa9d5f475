// The prefix tables behind SolutionIndex (nqueens/rank.hpp), counted on every core: what
// src/kernels/rank_table.inc and rank_table_deep.inc hold, recomputed by the engine
// (src/engine/rank_tables.cpp) from the single-threaded count_prefix_subtree of the kernels.
#pragma once

#include <cstdint>
#include <vector>

#include "nqueens/rank.hpp"

namespace nqueens {

// Solutions (all, or canonical only) below every prefix of `depth` queens (2 to
// kMaxPrefixDepth): result[(c0 * n + c1) * n + c2] at depth 3, zero where queens attack. Counts the
// whole tree on `threads` threads (0: every core) through the engine's parallel_for. What
// rank_table.inc and rank_table_deep.inc hold, recomputed (the tests compare them for small N).
// Requires 2 <= N <= 32. Counts with the kernel tier `tier` (count_prefix_subtree).
std::vector<std::uint64_t> count_prefix_subtrees(int n, int depth, bool unique, int threads = 0,
                                                 KernelTier tier = default_kernel_tier());
// The two-queen table: count_prefix_subtrees(n, 2, unique).
std::vector<std::uint64_t> count_prefix_subtrees(int n, bool unique);

}  // namespace nqueens
