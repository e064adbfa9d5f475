// The solutions a turn of the board maps onto themselves (internal), counted by searches of
// their own, independent of the counting kernels:
//
//   count_fixed_half_turn(16)     3000, OEIS A032522: solutions the 180-degree turn fixes
//   count_fixed_quarter_turn(16)  64, OEIS A033148: solutions the 90-degree turn fixes
//
// They give a count's split into symmetry classes (Burnside: classes of 2 = F90/2, of 4 =
// (F180-F90)/4, of 8 = (Q-F180)/8), which the join takes from them and the backtracker finds
// at its leaves; so they also check a backtracker's split (nqueens/fixed_points.hpp).
#pragma once

#include <cstdint>

namespace nqueens::kernels {

// The largest N the searches take (diagonals are 64-bit sets).
inline constexpr int kMaxFixedPointN = 32;

// Solutions fixed by the half turn: queens placed in pairs (r, c) and (N-1-r, N-1-c), row r
// from the top down to the middle. 0 outside 1..kMaxFixedPointN. Single-threaded: about
// 5e9 search steps at N = 26 and 10x that per two N (nqueens::count_fixed_points runs the
// parts below on threads).
std::uint64_t count_fixed_half_turn(int n);
// The same count in parts, by the columns of rows 0 and 1 (part = c0 * N + c1; a board with
// fewer than three pair rows, N < 6, has the single part 0): the parts sum to
// count_fixed_half_turn(n). 0 for a part outside 0..fixed_half_turn_parts(n)-1.
int fixed_half_turn_parts(int n);
std::uint64_t count_fixed_half_turn_part(int n, int part);

// Solutions fixed by the quarter turn: queens placed in orbits of four. Nonzero only for
// N = 4k or 4k+1; milliseconds up to N = 32.
std::uint64_t count_fixed_quarter_turn(int n);

}  // namespace nqueens::kernels
