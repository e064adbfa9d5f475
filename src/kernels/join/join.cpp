// The half-board join: count solutions by meeting in the middle of the board.
//
// A row-by-row backtracker pays at least one step for every solution it counts, and many
// more for the dead ends below row N/2. The join splits the board between row H-1 and row H
// (H = floor(N/2); for odd N the middle row H holds one queen of its own) and asks, for one
// set C of columns at a time, how many top halves using exactly the columns C fit how many
// bottom halves using the other columns. Two halves fit when no diagonal carries a queen
// from each, and every diagonal that crosses the cut can be named by the column where it
// meets row H. So each half reduces to a 64-bit pattern:
//
//   bit:      63 ......... 32 | 31 ......... 0
//   meaning:  "/" diagonals    | "\" diagonals      bit c: the diagonal meets row H at column c
//
// and a top half t fits a bottom half b exactly when pattern(t) & pattern(b) == 0 (columns
// fit by construction, rows are one queen each). Diagonals that leave the board before
// row H cannot meet the other half and are dropped.
//
// Bottom halves are top halves turned upside down: the bottom half with columns D is a top
// half with columns D flipped vertically, whose "\" and "/" projections swap places (and
// shift by one column when N is even, because its cut row is then one row further away).
// So one search generates both sides.
//
// Per group (C, middle): collect the bottom patterns into a list, then search the top half
// row by row from the cut upwards (row H-1 first, whose queens' diagonals meet row H closest
// to their own column and so rule out the most bottom halves), keeping the set of bottom
// halves that still fit: a placed queen keeps only those that miss both its diagonals, and a
// top half that reaches row 0 adds the size of its set. The work per group is the two
// searches plus about (complete top halves) x (list length / 64) words; docs/ALGORITHMS.md
// has the counts and the growth per N.
//
// Generating the halves of each group by a row search costs more than the join itself: a
// partial half of k rows is searched again in every group whose columns contain its own
// (C(N-k, H-k) of them), mostly to die where the group's columns run out. Up to
// kMaxTableJoinN the halves are instead paired from two precomputed tables, built once per N
// and shared by all threads: the placements of the outer rows 0..A-1 and of the inner rows
// A..H-1 (A = floor(H/2)), each sorted by the set of columns it uses. A half with columns C
// is an outer placement on some A-subset S of C and an inner one on C \ S that share no
// diagonal. Bottoms are listed that way. The top side goes one split (T inner columns,
// S = C \ T outer ones) at a time, since only placements of the same split pair up: each
// outer placement of S that fits some inner one gets a set of the bottoms it fits, each inner
// placement of T is counted against the sets of those it fits, and a top half then costs
// one AND and popcount over the bottom list. A placement's set is the AND of three: its first
// two rows' set and its last two rows' set (each shared by all the group's splits) and the
// square set of the row between them (five rows; fewer rows leave out the square set, then the
// last two rows' set). The
// top side is written as a program over these sets and run block by block of the bit sets
// (run_program), so that what it reads stays in the first-level cache.
//
// The engine visits one column set per symmetry orbit: turning the board upside down maps
// the top columns C to the bottom's, and mirroring it maps C to its reverse, so the groups C,
// complement(C), reverse(C), reverse(complement(C)) count the same solutions (for odd N the
// mirror also moves the middle queen to column N-1-middle). With diagonal weights
// (join.hpp) every half skips the main-diagonal squares (r, r) of its own rows, both
// sides in the tables' top-half coordinates (a bottom half's anti-diagonal becomes the main
// diagonal when it is turned upside down), and one with a queen on the anti-diagonal
// (r, N-1-r) weighs 2: bottoms are kept in two lists, weight 1 then weight 2, each from a word
// of its own in the bit sets, and a top half's count doubles with its own such queen. Only
// the flip pairs C, complement(C) then count the same.
#include "join.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>

#include "base/isa.hpp"
#include "common.hpp"
#include "join_tiers.hpp"

namespace nqueens::kernels {

namespace join {

// The count's kernel tier decides as for the backtracker; each vector form only where this CPU
// executes it.
const JoinTier& join_tier([[maybe_unused]] KernelTier tier) {
#if defined(__x86_64__)
  if (tier == KernelTier::avx512 && base::isa::avx512_popcnt()) return kJoinAvx512;
  if ((tier == KernelTier::avx512 || tier == KernelTier::avx2) && base::isa::avx2())
    return kJoinAvx2;
  if (base::isa::sse4()) return kJoinPopcnt;
#endif
  return kJoinScalar;
}

}  // namespace join

void transpose_bit_matrix(std::uint64_t (&a)[64], KernelTier tier) {
  join::join_tier(tier).transpose(a);
}

std::uint64_t count_join_group(int n, std::uint32_t top_columns, int middle, JoinWeights weights,
                               JoinHalves halves, KernelTier tier) {
  if (halves == JoinHalves::searched)
    return join::join_tier(tier).searched(n, top_columns, middle, weights);
  if (!join_has_tables(n))
    throw std::invalid_argument("the join has no tables for N = " + std::to_string(n));
  if (!join::names_a_group(n, top_columns, middle)) return 0;
  return join::join_tier(tier).tabled(n, top_columns, middle, weights);
}

}  // namespace nqueens::kernels
