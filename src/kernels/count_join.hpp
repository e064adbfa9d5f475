// The half-board join counter (internal): counts solutions by pairing the top half of the
// board with the bottom half instead of searching every row. See count_join.cpp for the
// method and docs/ALGORITHMS.md for its node counts and growth per N.
//
//   count_join_group(16, C, -1)   solutions whose rows 0..7 use exactly the columns in C
//   count_fixed_half_turn(16)     solutions a 180-degree turn maps onto themselves
//   count_fixed_quarter_turn(16)  solutions a 90-degree turn maps onto themselves
//
// Summing count_join_group over every column set C of size floor(N/2) (and, for odd N,
// every middle-row column) gives Q(N); the two fixed-point counts give the split into
// symmetry classes (Burnside: classes of 2 = F90/2, of 4 = (F180-F90)/4, of 8 =
// (Q-F180)/8). The engine (src/engine/jobs.cpp) turns these into jobs.
#pragma once

#include <cstdint>

namespace nqueens::kernels {

// The largest N the join kernel accepts: the two diagonal halves of a pattern are 32-bit.
inline constexpr int kMaxJoinN = 32;

// Solutions of the N x N board (1 <= N <= kMaxJoinN) whose top floor(N/2) rows hold queens
// in exactly the columns `top_columns` (bit c = column c) and, for odd N, whose middle row
// holds its queen in column `middle` (ignored, pass -1, for even N). Zero when the columns
// are not floor(N/2) of them or overlap `middle`. Allocation-free after a thread's first call.
std::uint64_t count_join_group(int n, std::uint32_t top_columns, int middle);

// The largest N whose groups count from precomputed tables of partial halves (memory grows
// about 5x per N); above it, and for N < 4, count_join_group searches each half instead.
inline constexpr int kMaxTableJoinN = 21;

// The same count by searching each half row by row (no tables): the method above
// kMaxTableJoinN, kept callable so that tests can compare the two.
std::uint64_t count_join_group_searched(int n, std::uint32_t top_columns, int middle);

// Solutions fixed by the half turn (F180, OEIS A032522) and the quarter turn (F90, A033148),
// by searches that place 2 or 4 queens per step; both are a tiny part of a count's time.
std::uint64_t count_fixed_half_turn(int n);
std::uint64_t count_fixed_quarter_turn(int n);

}  // namespace nqueens::kernels
