// Exact counts: OEIS A000170 / A002562 for N = 1..15, every job list and thread count agree.
#include <gtest/gtest.h>

#include "nqueens/count.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/jobs.hpp"
#include "nqueens/known_counts.hpp"
#include "nqueens/run.hpp"
#include "nqueens/solution.hpp"
#include "reference_solver.hpp"

namespace nq = nqueens;

TEST(Count, MatchesOeisTotalAndUniqueUpTo15) {
  for (int n = 1; n <= 15; ++n) {
    const nq::CountResult r = nq::count_solutions({n, 2});
    EXPECT_EQ(r.total(), nq::known::kTotal[n]) << "N=" << n;
    EXPECT_EQ(r.unique(), nq::known::kUnique[n]) << "N=" << n;
  }
}

TEST(Count, ClassSplitMatchesCanonicalisingEveryReferenceSolution) {
  // The class split found by the frame of the search equals the one found by brute force:
  // canonicalise every solution of the reference solver and measure its class.
  for (int n = 1; n <= 10; ++n) {
    nq::ClassCounts expected;
    for (const auto& s : nq::reference::all_solutions(n)) {
      if (!nq::is_canonical(s)) continue;
      switch (nq::symmetry_class_size(s)) {
        case 1:
          ++expected.size1;
          break;
        case 2:
          ++expected.size2;
          break;
        case 4:
          ++expected.size4;
          break;
        case 8:
          ++expected.size8;
          break;
        default:
          FAIL() << "impossible class size";
      }
    }
    EXPECT_EQ(nq::count_solutions({n, 1}).classes, expected) << "N=" << n;
  }
}

TEST(Count, KnownClassSplits) {
  // N=8: 11 classes of 8 and 1 of 4 (12 fundamental, 92 in all).
  const auto c8 = nq::count_solutions({8, 1}).classes;
  EXPECT_EQ(c8.size8, 11u);
  EXPECT_EQ(c8.size4, 1u);
  EXPECT_EQ(c8.size2, 0u);
  // N=4: the only class is 2 4 1 3 and its mirror, fixed by a quarter turn.
  const auto c4 = nq::count_solutions({4, 1}).classes;
  EXPECT_EQ(c4.size2, 1u);
  EXPECT_EQ(c4.unique(), 1u);
  // N=1: one class of one.
  EXPECT_EQ(nq::count_solutions({1, 1}).classes.size1, 1u);
}

TEST(Count, SameResultForEveryThreadCountAndJobDepth) {
  for (int n : {9, 12, 13}) {
    const auto expected = nq::count_solutions({n, 1}).classes;
    for (int threads : {1, 2, 3, 8})
      EXPECT_EQ(nq::count_solutions({n, threads}).classes, expected) << n << " " << threads;
    for (int depth = 1; depth <= nq::kMaxJobDepth; ++depth) {
      const nq::JobList list = nq::make_jobs(n, depth);
      EXPECT_EQ(nq::run_jobs(list, list.all_indices(), 2).classes(n), expected)
          << n << " depth " << depth;
    }
  }
}

TEST(Count, RejectsOutOfRangeN) {
  EXPECT_THROW(nq::count_solutions({0, 1}), std::invalid_argument);
  EXPECT_THROW(nq::count_solutions({-4, 1}), std::invalid_argument);
  EXPECT_THROW(nq::count_solutions({nq::kMaxCountN + 1, 1}), std::invalid_argument);
}

TEST(Count, CountToStringIsExactBeyond64Bits) {
  nq::Count big = nq::Count{1} << 100;
  EXPECT_EQ(nq::to_string(big), "1267650600228229401496703205376");
  EXPECT_EQ(nq::to_string(0), "0");
}

TEST(Count, MethodNamesParseBackToTheirMethods) {
  for (const nq::CountMethod m :
       {nq::CountMethod::automatic, nq::CountMethod::backtrack, nq::CountMethod::join})
    EXPECT_EQ(nq::parse_method(nq::method_name(m)), m);
  for (const char* other : {"", "Join", "joins", "back", "auto ", "reference"})
    EXPECT_EQ(nq::parse_method(other), std::nullopt) << other;
}

TEST(Count, CountSolutionsIsTheLongRunPipelineWithoutARecord) {
  // The same numbers, job count and method as run_count with the same choices.
  for (const nq::CountMethod m : {nq::CountMethod::backtrack, nq::CountMethod::join}) {
    const nq::CountResult c = nq::count_solutions({12, 2, m});
    nq::RunOptions o;
    o.n = 12;
    o.threads = 2;
    o.method = m;
    const nq::RunResult r = nq::run_count(o);
    EXPECT_TRUE(r.finished);
    EXPECT_EQ(c.classes, r.record.sum.classes(12));
    EXPECT_EQ(c.jobs, r.record.shard_jobs());
    EXPECT_EQ(c.method, r.record.list.method);
    EXPECT_EQ(c.threads, 2);
  }
}
