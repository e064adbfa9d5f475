// The join's tiers (internal to src/kernels/join): its group counts compiled once per
// instruction set, one tier file each (base/isa.hpp), and the one a count's kernel tier runs.
//
//   join_scalar.cpp  WordLoops, the build's baseline        scalar (and neon) tier
//   join_popcnt.cpp  WordLoops with POPCNT (x86-64-v2)      scalar tier where the CPU has it
//   join_avx2.cpp    Avx2Loops                              avx2 tier
//   join_avx512.cpp  Avx512Loops (AVX-512 with VPOPCNTDQ)   avx512 tier where the CPU has it,
//                                                           else the avx2 file's
//
// A tier file includes this header first (every standard header the join's own headers use,
// so that none is compiled for its region), then in its region bit_sets.hpp, its loops
// policy, tabled_group.hpp and searched_group.hpp, and defines its JoinTier.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

#include "common.hpp"
#include "nqueens/kernel_tier.hpp"
#include "tables.hpp"

namespace nqueens::kernels::join {

// One tier's entry points.
struct JoinTier {
  // count_join_group (join.hpp) of a group that names_a_group accepts, from the tables.
  std::uint64_t (*tabled)(int n, Row top_columns, int middle, JoinWeights weights);
  // count_join_group by searching each half: zero for what names_a_group rejects.
  std::uint64_t (*searched)(int n, Row top_columns, int middle, JoinWeights weights);
  // transpose_bit_matrix (join.hpp).
  void (*transpose)(std::uint64_t (&a)[64]);
};

extern const JoinTier kJoinScalar;
#if defined(__x86_64__)
extern const JoinTier kJoinPopcnt, kJoinAvx2, kJoinAvx512;
#endif

// The form of the join that kernel tier `tier` runs on this CPU (join.cpp).
const JoinTier& join_tier(KernelTier tier);

}  // namespace nqueens::kernels::join
