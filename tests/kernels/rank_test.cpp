// Random access by subtree counts (src/kernels/include/nqueens/rank.hpp), checked against the plain
// enumeration and the published counts.
#include <gtest/gtest.h>

#include <numeric>
#include <string>

#include "nqueens/enumerate.hpp"
#include "nqueens/known_counts.hpp"
#include "nqueens/rank_tables.hpp"
#include "nqueens/verify.hpp"

namespace {

using nqueens::known::kTotal;
using nqueens::known::kUnique;

TEST(Rank, TableSizesArePublishedCounts) {
  for (int n = 1; n <= nqueens::kMaxRankN; ++n) {
    EXPECT_EQ(nqueens::SolutionIndex::get(n, false).size(), kTotal[n]) << n;
    EXPECT_EQ(nqueens::SolutionIndex::get(n, true).size(), kUnique[n]) << n;
  }
}

TEST(Rank, CompiledTableMatchesARecount) {
  // The committed rank_table.inc against count_prefix_subtrees, prefix by prefix.
  for (int n = 4; n <= 11; ++n) {
    for (const bool unique : {false, true}) {
      const auto counts = nqueens::count_prefix_subtrees(n, unique);
      const auto& idx = nqueens::SolutionIndex::get(n, unique);
      EXPECT_EQ(std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}), idx.size());
      // Each prefix's first solution is found where the recount says it is.
      std::uint64_t before = 0;
      for (int i = 0; i < n * n; ++i) {
        if (counts[i] == 0) continue;
        const nqueens::Solution s = idx.unrank(before + 1);
        EXPECT_EQ(s[0] * n + s[1], i) << "n " << n << " unique " << unique;
        before += counts[i];
      }
    }
  }
}

TEST(Rank, UnrankFollowsListOrderEverywhere) {
  for (int n = 1; n <= 10; ++n) {
    for (const bool unique : {false, true}) {
      const auto& idx = nqueens::SolutionIndex::get(n, unique);
      std::uint64_t k = 0;
      for (const nqueens::Solution& s : nqueens::solutions(n, {.unique = unique})) {
        ++k;
        ASSERT_EQ(idx.unrank(k), s) << "n " << n << " k " << k;
        ASSERT_EQ(idx.rank(s), k);
      }
      EXPECT_EQ(k, idx.size());
      EXPECT_THROW(idx.unrank(k + 1), std::out_of_range);
      EXPECT_THROW(idx.unrank(0), std::out_of_range);
    }
  }
}

TEST(Rank, LargeBoardsRoundTrip) {
  for (const int n : {15, 16}) {  // (N = 17 costs seconds per index on a busy 2-core box)
    for (const bool unique : {false, true}) {
      const auto& idx = nqueens::SolutionIndex::get(n, unique);
      for (std::uint64_t k : {std::uint64_t{1}, idx.size() / 7, idx.size()}) {
        const nqueens::Solution s = idx.unrank(k);
        ASSERT_TRUE(nqueens::is_solution(s));
        if (unique) {
          ASSERT_TRUE(nqueens::is_canonical(s));
        }
        EXPECT_EQ(idx.rank(s), k) << n;
      }
    }
  }
  // The last solution of N = 16 is the column mirror of the first.
  const auto& all = nqueens::SolutionIndex::get(16, false);
  nqueens::Solution mirrored = all.unrank(1);
  for (int& c : mirrored) c = 15 - c;
  EXPECT_EQ(all.unrank(all.size()), mirrored);
}

TEST(Rank, CanonicalTestAgreesWithTheLibrary) {
  for (int n = 4; n <= 9; ++n)
    for (const nqueens::Solution& s : nqueens::solutions(n))
      ASSERT_EQ(nqueens::is_canonical_fast(s.data(), n), nqueens::is_canonical(s));
}

}  // namespace
