// `find`: the explicit construction and the local search give verified solutions.
#include <gtest/gtest.h>

#include <stdexcept>

#include "nqueens/construct.hpp"
#include "nqueens/local_search.hpp"
#include "nqueens/verify.hpp"

namespace nq = nqueens;

TEST(Find, ConstructionIsASolutionForEveryNFrom1To3000) {
  for (int n = 1; n <= 3000; ++n) {
    if (!nq::has_solution(n)) continue;
    const nq::Solution s = nq::construct_solution(n);
    ASSERT_EQ(s.size(), static_cast<std::size_t>(n));
    ASSERT_TRUE(nq::is_solution(s)) << "N=" << n;
  }
}

TEST(Find, ConstructionCoversEveryResidueAtLargeN) {
  for (int n = 1'000'000; n < 1'000'006; ++n)
    EXPECT_TRUE(nq::is_solution(nq::construct_solution(n)));
}

TEST(Find, NoSolutionForTwoAndThree) {
  EXPECT_FALSE(nq::has_solution(2));
  EXPECT_FALSE(nq::has_solution(3));
  EXPECT_THROW(nq::construct_solution(2), std::invalid_argument);
  EXPECT_THROW(nq::construct_solution(3), std::invalid_argument);
  EXPECT_THROW(nq::random_solution(3, 1), std::invalid_argument);
  EXPECT_THROW(nq::construct_solution(0), std::invalid_argument);
}

TEST(Find, LocalSearchIsASolutionForSmallAndMediumN) {
  for (int n = 4; n <= 300; ++n)
    for (std::uint64_t seed = 1; seed <= 3; ++seed)
      ASSERT_TRUE(nq::is_solution(nq::random_solution(n, seed))) << "N=" << n << " seed " << seed;
  EXPECT_TRUE(nq::is_solution(nq::random_solution(1, 7)));
  EXPECT_TRUE(nq::is_solution(nq::random_solution(100'000, 7)));
}

TEST(Find, LocalSearchIsReproducibleAndVaried) {
  EXPECT_EQ(nq::random_solution(1000, 42), nq::random_solution(1000, 42));
  EXPECT_NE(nq::random_solution(1000, 42), nq::random_solution(1000, 43));
}

TEST(Find, FastIsSolutionAgreesWithFullVerify) {
  // is_solution and verify() take a bitset fast path; compare them with the full report.
  const nq::Solution good = nq::construct_solution(50);
  nq::Solution bad = good;
  std::swap(bad[0], bad[1]);
  nq::Solution dup = good;
  dup[3] = dup[4];
  for (const nq::Solution& s : {good, bad, dup}) {
    const nq::VerifyResult r = nq::verify(nq::to_placement(s));
    EXPECT_EQ(r.valid, nq::is_solution(s));
    EXPECT_EQ(r.valid, r.attacking_pairs == 0);
  }
  EXPECT_FALSE(nq::is_solution({}));
  EXPECT_FALSE(nq::is_solution({0, 5}));
}
