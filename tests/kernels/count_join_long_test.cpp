// The join counter at benchmark size (ctest --test-dir build/release -L long, not in the default
// run: 6 s on the two vCPUs of the Zen 3 VM in 2026-11, once about a minute): totals and
// classes for N = 16..18 against OEIS A000170/A002562.
#include <gtest/gtest.h>

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
