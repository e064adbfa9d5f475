// The join counter at benchmark size (ctest --test-dir build/release -L long, not in the default
// run: about 25 s on the two vCPUs of the Zen 3 VM, 6 s of it N = 16..18): totals and classes
// for N = 16..18 against OEIS A000170/A002562, and the tables' largest N against the row
// search.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include "kernels/join/join.hpp"
#include "nqueens/count.hpp"
#include "nqueens/known_counts.hpp"

namespace nq = nqueens;

TEST(JoinCountLong, TotalsAndClassesMatchOeisUpTo18) {
  for (int n = 16; n <= 18; ++n) {
    const nq::CountResult join = nq::count_solutions({n, 0, nq::CountMethod::join});
    EXPECT_EQ(join.total(), nq::known::kTotal[n]) << "N=" << n;
    EXPECT_EQ(join.unique(), nq::known::kUnique[n]) << "N=" << n;
  }
}

// At N = kMaxTableJoinN = 22 the inner placements have six rows (three shared two-row sets a
// placement) and bit 32 of the tables' back-diagonal words is left out: groups spread over the
// column sets, both weights, tabled against searched row by row (about 0.7 s a searched group,
// 2 s to build the tables).
TEST(JoinCountLong, TabledAndSearchedAgreeAtTheLargestTabledN) {
  constexpr int n = nq::kernels::kMaxTableJoinN;
  static_assert(n == 22);
  const std::uint32_t mask = (std::uint32_t{1} << n) - 1;
  for (const auto weights : {nq::kernels::JoinWeights::plain, nq::kernels::JoinWeights::diagonal}) {
    int groups = 0;
    std::uint64_t sum = 0;
    // Every 150,001st set of 11 columns: five groups, the first of them the lowest columns.
    for (std::uint32_t top = 0, seen = 0; top <= mask; ++top) {
      if (std::popcount(top) != n / 2 || seen++ % 150001 != 0) continue;
      const std::uint64_t tabled =
          nq::kernels::count_join_group(n, top, -1, weights, nq::kernels::JoinHalves::tabled);
      ASSERT_EQ(tabled, nq::kernels::count_join_group(n, top, -1, weights,
                                                      nq::kernels::JoinHalves::searched))
          << "top=" << top << " weights=" << static_cast<int>(weights);
      sum += tabled;
      ++groups;
    }
    EXPECT_EQ(groups, 5);
    EXPECT_GT(sum, 0u);
  }
}
