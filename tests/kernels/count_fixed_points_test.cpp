// The solutions fixed by the turns (kernels/count_fixed_points.hpp, nqueens/fixed_points.hpp):
// against brute force, against OEIS A032522 and A033148, part by part, and the class-split
// check of a whole count.
#include <gtest/gtest.h>

#include <cstdint>

#include "kernels/count_fixed_points.hpp"
#include "nqueens/count.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/fixed_points.hpp"
#include "nqueens/known_counts.hpp"
#include "nqueens/solution.hpp"

namespace nq = nqueens;

TEST(FixedPoints, MatchBruteForce) {
  for (int n = 1; n <= 11; ++n) {
    std::uint64_t f180 = 0, f90 = 0;
    nq::for_each_solution(n, [&](const nq::Solution& s) {
      f180 += nq::apply(nq::Transform::rotate180, s) == s;
      f90 += nq::apply(nq::Transform::rotate90, s) == s;
      return true;
    });
    EXPECT_EQ(nq::kernels::count_fixed_half_turn(n), f180) << "N=" << n;
    EXPECT_EQ(nq::kernels::count_fixed_quarter_turn(n), f90) << "N=" << n;
  }
}

// The published table up to N = 21 (about 0.1 s at 21; N = 22-28 take 1 s to minutes: bench/
// and docs/RECORD.md have those), counted on two threads, and the single-threaded sum.
TEST(FixedPoints, MatchOeis) {
  for (int n = 1; n <= 21; ++n) {
    const nq::FixedPoints f = nq::count_fixed_points(n, 2);
    EXPECT_EQ(f.half_turn, nq::known::kFixedHalfTurn[n]) << "N=" << n;
    EXPECT_EQ(f.quarter_turn, nq::known::kFixedQuarterTurn[n]) << "N=" << n;
    EXPECT_EQ(nq::fixed_points(n), f) << "N=" << n;
    if (n <= 18) EXPECT_EQ(nq::kernels::count_fixed_half_turn(n), f.half_turn) << "N=" << n;
  }
}

// Burnside ties the table to the published totals and uniques: 8 U = Q + F180 + 2 F90.
TEST(FixedPoints, TableAgreesWithA000170AndA002562) {
  for (int n = 2; n <= nq::known::kMaxKnownN; ++n) {
    const unsigned __int128 lhs = static_cast<unsigned __int128>(nq::known::kUnique[n]) * 8;
    const unsigned __int128 rhs =
        static_cast<unsigned __int128>(nq::known::kTotal[n]) + nq::known::kFixedHalfTurn[n] +
        2 * static_cast<unsigned __int128>(nq::known::kFixedQuarterTurn[n]);
    EXPECT_TRUE(lhs == rhs) << "N=" << n;
  }
}

TEST(FixedPoints, PartsSumToTheWhole) {
  for (int n : {6, 7, 12, 13}) {
    std::uint64_t sum = 0;
    for (int part = 0; part < nq::kernels::fixed_half_turn_parts(n); ++part)
      sum += nq::kernels::count_fixed_half_turn_part(n, part);
    EXPECT_EQ(sum, nq::known::kFixedHalfTurn[n]) << "N=" << n;
  }
  EXPECT_EQ(nq::kernels::count_fixed_half_turn_part(12, -1), 0u);
  EXPECT_EQ(nq::kernels::count_fixed_half_turn_part(12, 144), 0u);
  EXPECT_EQ(nq::kernels::count_fixed_half_turn(33), 0u);
  EXPECT_THROW(nq::count_fixed_points(0), std::invalid_argument);
  EXPECT_THROW(nq::count_fixed_points(33), std::invalid_argument);
}

TEST(ClassSplitCheck, AcceptsRealCountsAndNamesWhatDiffers) {
  for (int n = 1; n <= 12; ++n) {
    for (const nq::CountMethod m : {nq::CountMethod::backtrack, nq::CountMethod::join}) {
      const nq::ClassCounts c = nq::count_solutions({n, 1, m}).classes;
      EXPECT_EQ(nq::check_class_split(n, nq::SolutionCounts::of(c)), "") << "N=" << n;
    }
  }
  const nq::SolutionCounts good = nq::SolutionCounts::of(nq::count_solutions({12, 1}).classes);
  nq::SolutionCounts bad = good;
  bad.fixed180 -= 4;  // a class of 4 counted as a class of 8 would also change the total
  EXPECT_EQ(nq::check_class_split(12, bad),
            "the class split does not check: solutions fixed by the half turn 76, expected 80 "
            "(OEIS A032522)");
  bad = good;
  bad.fixed90 += 2;
  EXPECT_NE(nq::check_class_split(12, bad).find("quarter turn 10, expected 8"), std::string::npos);
  bad = good;
  bad.total += 4;
  EXPECT_NE(nq::check_class_split(12, bad).find("not a multiple of 8"), std::string::npos);
}
