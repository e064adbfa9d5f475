// The tabled join (internal to src/kernels/join): a group's count from the tables of partial
// halves (tables.hpp), for 4 <= N <= kMaxTableJoinN.
#pragma once

#include <cstdint>

#include "common.hpp"

namespace nqueens::kernels::join {

// count_join_group (join.hpp) for a group that names_a_group accepts, with kernel tier `tier`'s
// loops.
std::uint64_t count_join_group_tabled(int n, Row top_columns, int middle, JoinWeights weights,
                                      KernelTier tier);

}  // namespace nqueens::kernels::join
