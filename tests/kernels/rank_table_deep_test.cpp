// Random access by the deep prefix tables (src/kernels/include/nqueens/rank.hpp): three queens for
// both lists of N = 16..18, four queens for all solutions of N = 19 and 20, checked against the
// plain enumeration, the mirror symmetry and the published counts, and the table builder at
// depths 3 and 4.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "nqueens/enumerate.hpp"
#include "nqueens/kernel_tier.hpp"
#include "nqueens/known_counts.hpp"
#include "nqueens/rank_tables.hpp"
#include "nqueens/verify.hpp"

namespace {

using nqueens::known::kTotal;
using nqueens::known::kUnique;

constexpr int kFirstDeepN = 16;  // the first N with deep tables (rank_table_deep.inc)

TEST(DeepRank, TableSizesArePublishedCounts) {
  for (int n = kFirstDeepN; n <= nqueens::kMaxRankAllN; ++n) {
    EXPECT_EQ(nqueens::SolutionIndex::get(n, false).size(), kTotal[n]) << n;
    if (n <= nqueens::kMaxRankN) {
      EXPECT_EQ(nqueens::SolutionIndex::get(n, true).size(), kUnique[n]);
    }
  }
}

TEST(DeepRank, FirstSolutionsAreTheListsFirst) {
  for (int n = kFirstDeepN; n <= nqueens::kMaxRankAllN; ++n) {
    for (const bool unique : {false, true}) {
      if (unique && n > nqueens::kMaxRankN) continue;
      const auto& idx = nqueens::SolutionIndex::get(n, unique);
      std::uint64_t k = 0;
      for (const nqueens::Solution& s : nqueens::solutions(n, {.unique = unique})) {
        ++k;
        ASSERT_EQ(idx.unrank(k), s) << "n " << n << " k " << k << " unique " << unique;
        if (k == 20) break;
      }
      EXPECT_EQ(idx.rank(idx.unrank(20)), 20u);
      // The last of the list is the last the enumerator would give: past it there is none.
      EXPECT_THROW(idx.unrank(idx.size() + 1), std::out_of_range);
    }
  }
}

TEST(DeepRank, MirrorIndicesAreMirrorBoards) {
  // Solution #k and #(size + 1 - k) are column mirrors of each other (lexicographic order
  // reverses under c -> N-1-c), at every depth of the table, so they check its unfolding.
  for (int n = kFirstDeepN; n <= nqueens::kMaxRankAllN; ++n) {
    const auto& idx = nqueens::SolutionIndex::get(n, false);
    for (std::uint64_t k : {std::uint64_t{1}, idx.size() / 3, idx.size() / 2, idx.size() - 7}) {
      const nqueens::Solution a = idx.unrank(k);
      const nqueens::Solution b = idx.unrank(idx.size() + 1 - k);
      ASSERT_TRUE(nqueens::is_solution(a));
      for (int r = 0; r < n; ++r) EXPECT_EQ(b[r], n - 1 - a[r]) << "n " << n << " k " << k;
      EXPECT_EQ(idx.rank(a), k);
      EXPECT_EQ(idx.rank(b), idx.size() + 1 - k);
    }
    EXPECT_THROW(idx.unrank(idx.size() + 1), std::out_of_range);
  }
}

TEST(DeepRank, ListsStopWhereTheTablesStop) {
  EXPECT_THROW(nqueens::SolutionIndex::get(nqueens::kMaxRankN + 1, true), std::invalid_argument);
  EXPECT_THROW(nqueens::SolutionIndex::get(nqueens::kMaxRankAllN + 1, false),
               std::invalid_argument);
}

TEST(DeepRank, FourQueenCountsAddUpAndMatchOnePrefixCounts) {
  for (int n = 6; n <= 10; ++n) {
    const auto counts = nqueens::count_prefix_subtrees(n, 4, false, 2);
    EXPECT_EQ(std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}), kTotal[n]);
    const auto unique = nqueens::count_prefix_subtrees(n, 4, true, 2);
    EXPECT_EQ(std::accumulate(unique.begin(), unique.end(), std::uint64_t{0}), kUnique[n]);
    for (int i = 0; i < n * n * n * n; i += 5) {
      const int cols[4] = {i / (n * n * n), i / (n * n) % n, i / n % n, i % n};
      EXPECT_EQ(counts[i], nqueens::count_prefix_subtree(n, cols, 4, false)) << n << " " << i;
    }
  }
  EXPECT_THROW(nqueens::count_prefix_subtrees(10, nqueens::kMaxPrefixDepth + 1, false),
               std::invalid_argument);
}

// The plain bitboard DFS: the reference the subtree counter (the counting kernel's fastest
// tier, run without symmetry rules) is checked against.
std::uint64_t plain_count(int n, std::vector<int>& cols) {
  const int row = static_cast<int>(cols.size());
  if (row == n) return 1;
  std::uint64_t total = 0;
  for (int c = 0; c < n; ++c) {
    bool free = true;
    for (int r = 0; r < row && free; ++r)
      free = cols[r] != c && cols[r] - c != row - r && c - cols[r] != row - r;
    if (!free) continue;
    cols.push_back(c);
    total += plain_count(n, cols);
    cols.pop_back();
  }
  return total;
}

TEST(DeepRank, SubtreeCountsMatchThePlainSearchAtEveryDepth) {
  // Every prefix of 0..3 rows of N = 4..11 (the vector tiers' frontier from row N-3 up, the
  // scalar search below it), including attacking prefixes (zero).
  for (int n = 4; n <= 11; ++n)
    for (int depth = 0; depth <= std::min(n, 3); ++depth) {
      int size = 1;
      for (int r = 0; r < depth; ++r) size *= n;
      for (int i = 0; i < size; ++i) {
        std::vector<int> cols(static_cast<std::size_t>(depth));
        for (int r = depth - 1, rest = i; r >= 0; --r, rest /= n) cols[r] = rest % n;
        bool legal = true;
        for (int r = 0; r < depth; ++r)
          for (int q = 0; q < r; ++q)
            legal = legal && cols[q] != cols[r] && cols[q] - cols[r] != r - q &&
                    cols[r] - cols[q] != r - q;
        const std::uint64_t want = legal ? plain_count(n, cols) : 0;
        EXPECT_EQ(nqueens::count_prefix_subtree(n, cols.data(), depth, false), want)
            << "n " << n << " depth " << depth << " prefix " << i;
      }
    }
  // Deep prefixes: the last rows of a solution of N = 12 and 14.
  for (const int n : {12, 14}) {
    const nqueens::Solution s = nqueens::SolutionIndex::get(n, false).unrank(7);
    for (int depth = n - 4; depth <= n; ++depth)
      EXPECT_EQ(nqueens::count_prefix_subtree(n, s.data(), depth, false),
                [&] {
                  std::vector<int> cols(s.begin(), s.begin() + depth);
                  return plain_count(n, cols);
                }())
          << "n " << n << " depth " << depth;
  }
}

TEST(DeepRank, ThreeQueenCountsAddUpAndMatchOnePrefixCounts) {
  for (int n = 6; n <= 10; ++n) {
    const auto counts = nqueens::count_prefix_subtrees(n, 3, false, 2);
    EXPECT_EQ(std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}), kTotal[n]);
    for (int i = 0; i < n * n * n; i += 7) {
      const int cols[3] = {i / (n * n), i / n % n, i % n};
      EXPECT_EQ(counts[i], nqueens::count_prefix_subtree(n, cols, 3, false)) << n << " " << i;
    }
  }
}

// The subtree counts with every kernel tier this CPU has: the same tables as the default tier's.
TEST(DeepRank, EveryKernelTierCountsTheSameTables) {
  for (const int n : {9, 13}) {
    const auto want = nqueens::count_prefix_subtrees(n, 3, false, 2);
    EXPECT_EQ(std::accumulate(want.begin(), want.end(), std::uint64_t{0}), kTotal[n]);
    for (const nqueens::KernelTier tier : nqueens::available_kernel_tiers())
      EXPECT_EQ(nqueens::count_prefix_subtrees(n, 3, false, 2, tier), want)
          << "N = " << n << ", " << nqueens::kernel_tier_name(tier);
  }
}

}  // namespace
