// The min-conflicts local search (nqueens/local_search.hpp): verified solutions, the same one
// for the same seed.
#include <gtest/gtest.h>

#include "nqueens/local_search.hpp"
#include "nqueens/verify.hpp"

namespace nq = nqueens;

TEST(LocalSearch, LocalSearchIsASolutionForSmallAndMediumN) {
  for (int n = 4; n <= 300; ++n)
    for (std::uint64_t seed = 1; seed <= 3; ++seed)
      ASSERT_TRUE(nq::is_solution(nq::random_solution(n, seed))) << "N=" << n << " seed " << seed;
  EXPECT_TRUE(nq::is_solution(nq::random_solution(1, 7)));
  EXPECT_TRUE(nq::is_solution(nq::random_solution(100'000, 7)));
}

TEST(LocalSearch, LocalSearchIsReproducibleAndVaried) {
  EXPECT_EQ(nq::random_solution(1000, 42), nq::random_solution(1000, 42));
  EXPECT_NE(nq::random_solution(1000, 42), nq::random_solution(1000, 43));
}
