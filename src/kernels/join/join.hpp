// The half-board join counter (internal): counts solutions by pairing the top half of the
// board with the bottom half instead of searching every row. See join.cpp for the
// method and docs/ALGORITHMS.md for its node counts and growth per N.
//
//   count_join_group(16, C, -1, JoinWeights::plain)  solutions whose rows 0..7 use exactly
//                                                    the columns in C
//
// Summing count_join_group over every column set C of size floor(N/2) (and, for odd N,
// every middle-row column) gives Q(N), with either weighting below; the counts of solutions
// fixed by the turns (count_fixed_points.hpp) give the split into symmetry classes. The engine
// (src/engine/jobs.cpp) turns these into jobs.
#pragma once

#include <cstddef>
#include <cstdint>

#include "nqueens/kernel_tier.hpp"

namespace nqueens::kernels {

// The largest N the join kernel accepts: the two diagonal halves of a pattern are 32-bit.
inline constexpr int kMaxJoinN = 32;

// How a group counts its solutions.
//
// plain: each solution once. A group and its images under the vertical flip and the mirror
// count the same, so the engine counts one group of each such orbit (about a quarter).
//
// diagonal: a solution s counts w(s) = [no top-half queen on the main diagonal (r, r)] x
// [no bottom-half queen on the anti-diagonal (r, N-1-r)] x 2^[a bottom-half queen on the main
// diagonal] x 2^[a top-half queen on the anti-diagonal] ("top half": rows < N/2, "bottom
// half": rows past the middle one; the centre square of odd N is neither). The transpose
// fixes the main diagonal and swaps the anti-diagonal's top and bottom parts; the
// anti-transpose does the opposite; so the four images of s under {identity, transpose,
// anti-transpose, half turn} sum to 4 in weight, as they do in count, and sum(w) over all
// solutions is Q(N). Halves with a queen on the forbidden parts are never built (about half
// of them), and a group's weighted count equals its vertical flip's (w is flip-symmetric),
// though not its mirror's: the engine counts one group of each flip pair (about a half).
// Fewer halves per group make shorter bit sets, which pays once a group's sets outgrow the
// caches (from N = 20); below, the extra groups' search costs more than it saves.
enum class JoinWeights { plain, diagonal };

// The weighting the engine uses for N (diagonal from N = 20).
constexpr JoinWeights join_weights_for(int n) {
  return n >= 20 ? JoinWeights::diagonal : JoinWeights::plain;
}

// The largest N whose groups count from precomputed tables of partial halves (memory grows
// about 4x per N: 226 MiB at N = 22, 53 MiB at N = 21); the 32-bit diagonal words of a placement
// hold no more.
inline constexpr int kMaxTableJoinN = 22;

// Whether N has tables of partial halves (below N = 4 a half has fewer than two rows).
constexpr bool join_has_tables(int n) {
  return n >= 4 && n <= kMaxTableJoinN;
}

// How count_join_group finds a group's halves; which one a count uses is decided in one place,
// the engine's join_uses_tables (by N and the run's table memory).
enum class JoinHalves {
  tabled,    // paired from the tables of partial halves: N where join_has_tables only
  searched,  // searched row by row in each group: any N, the same counts, several times slower
};

// Solutions of the N x N board (1 <= N <= kMaxJoinN) whose top floor(N/2) rows hold queens
// in exactly the columns `top_columns` (bit c = column c) and, for odd N, whose middle row
// holds its queen in column `middle` (ignored, pass -1, for even N), each counted with its
// weight. Zero when the columns are not floor(N/2) of them or overlap `middle`. Throws
// std::invalid_argument when `halves` is tabled and N has no tables. The bit-set loops are
// those of kernel tier `tier` (join_tiers.hpp: AVX-512 in the avx512 tier where the CPU has
// VPOPCNTDQ, AVX2 from the avx2 tier up, else 64-bit words).
// Allocation-free after a thread's first call.
std::uint64_t count_join_group(int n, std::uint32_t top_columns, int middle, JoinWeights weights,
                               JoinHalves halves, KernelTier tier = default_kernel_tier());

// The bytes the tables of count_join_group take for N and these weights, at their peak while
// built (once per process, shared by every thread): 0 where N has none (!join_has_tables(n)).
// The first call for an N counts its placements (about 0.2 s at N = 22).
std::size_t join_table_bytes(int n, JoinWeights weights);

// Transposes a 64 x 64 bit matrix in place: afterwards bit j of a[x] is what bit x of a[j]
// was. The form of kernel tier `tier` (AVX2 from the avx2 tier up, else 64-bit words), as the
// join uses it to turn its bottom halves' patterns into bit sets.
void transpose_bit_matrix(std::uint64_t (&a)[64], KernelTier tier = default_kernel_tier());

}  // namespace nqueens::kernels
