// The explicit construction (nqueens/construct.hpp): a verified solution for every N that has
// one, none for 2 and 3.
#include <gtest/gtest.h>

#include <stdexcept>

#include "nqueens/construct.hpp"
#include "nqueens/local_search.hpp"
#include "nqueens/verify.hpp"

namespace nq = nqueens;

TEST(Construct, ConstructionIsASolutionForEveryNFrom1To3000) {
  for (int n = 1; n <= 3000; ++n) {
    if (!nq::has_solution(n)) continue;
    const nq::Solution s = nq::construct_solution(n);
    ASSERT_EQ(s.size(), static_cast<std::size_t>(n));
    ASSERT_TRUE(nq::is_solution(s)) << "N=" << n;
  }
}

TEST(Construct, ConstructionCoversEveryResidueAtLargeN) {
  for (int n = 1'000'000; n < 1'000'006; ++n)
    EXPECT_TRUE(nq::is_solution(nq::construct_solution(n)));
}

TEST(Construct, NoSolutionForTwoAndThree) {
  EXPECT_FALSE(nq::has_solution(2));
  EXPECT_FALSE(nq::has_solution(3));
  EXPECT_THROW(nq::construct_solution(2), std::invalid_argument);
  EXPECT_THROW(nq::construct_solution(3), std::invalid_argument);
  EXPECT_THROW(nq::random_solution(3, 1), std::invalid_argument);
  EXPECT_THROW(nq::construct_solution(0), std::invalid_argument);
}
