// The plain bitboard backtracker every speed figure is compared against: one queen per row,
// column and diagonal masks, left-right mirror halving, one thread. Totals only (a plain
// backtracker gets unique counts only by canonicalising every leaf, which it does not try).
#pragma once

#include <cstdint>

namespace nqueens::bench {

inline std::uint64_t baseline_subtree(std::uint32_t mask, std::uint32_t left, std::uint32_t down,
                                      std::uint32_t right) {
  if (down == mask) return 1;
  std::uint64_t count = 0;
  for (std::uint32_t free = mask & ~(left | down | right); free != 0; free &= free - 1) {
    const std::uint32_t bit = free & (0u - free);
    count += baseline_subtree(mask, (left | bit) << 1, down | bit, (right | bit) >> 1);
  }
  return count;
}

// Total number of solutions: first-row queens in the left half count twice (their mirror
// images), the middle column of an odd board once.
inline std::uint64_t baseline_count(int n) {
  const std::uint32_t mask = n == 32 ? ~0u : (1u << n) - 1;
  std::uint64_t count = 0;
  for (int c = 0; c < n / 2; ++c) {
    const std::uint32_t bit = 1u << c;
    count += 2 * baseline_subtree(mask, bit << 1, bit, bit >> 1);
  }
  if (n % 2 == 1) {
    const std::uint32_t bit = 1u << (n / 2);
    count += baseline_subtree(mask, bit << 1, bit, bit >> 1);
  }
  return count;
}

}  // namespace nqueens::bench
