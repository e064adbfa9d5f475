// The searched join (internal to src/kernels/join): a group's count with each half searched row
// by row, for any N (count_join_group with JoinHalves::searched).
#pragma once

#include <cstdint>

#include "common.hpp"

namespace nqueens::kernels::join {

// count_join_group (join.hpp) by searching each half, with kernel tier `tier`'s loops: zero for
// what names_a_group rejects.
std::uint64_t count_join_group_searched(int n, std::uint32_t top_columns, int middle,
                                        JoinWeights weights, KernelTier tier);

}  // namespace nqueens::kernels::join
