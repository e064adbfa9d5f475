// The join's vocabulary (internal to src/kernels/join): a half as the diagonal pattern it
// occupies where it meets the cut row, and what names a group. join.cpp describes the method.
#pragma once

#include <bit>
#include <cstdint>

#include "join.hpp"
#include "kernels/bits.hpp"

namespace nqueens::kernels::join {

// A complete half as the diagonals it occupies where they meet row H: bits 0-31 the "\"
// diagonals, bits 32-63 the "/" ones, bit c for column c.
using Pattern = std::uint64_t;

constexpr int kMaxHalf = kMaxJoinN / 2;

// Whether (top_columns, middle) names a group of the N x N board: floor(N/2) columns on the
// board and, for odd N, a middle column on the board and not among them. For even N, middle
// becomes -1 (it is ignored there).
inline bool names_a_group(int n, Row top_columns, int& middle) {
  if (n < 1 || n > kMaxJoinN) return false;
  if (n % 2 == 0) middle = -1;
  if (n % 2 == 1 && (middle < 0 || middle >= n)) return false;
  const Row middle_bit = middle >= 0 ? Row{1} << middle : 0;
  return (top_columns & ~column_mask(n)) == 0 && (top_columns & middle_bit) == 0 &&
         std::popcount(top_columns) == n / 2;
}

}  // namespace nqueens::kernels::join
