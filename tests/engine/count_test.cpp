// Exact counts: OEIS A000170 / A002562 for N = 1..15, every job list and thread count agree.
#include <gtest/gtest.h>

#include <set>

#include "nqueens/count.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/jobs.hpp"
#include "nqueens/known_counts.hpp"
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

TEST(Jobs, ListIsDeterministicAndFingerprinted) {
  const nq::JobList a = nq::make_jobs(14), b = nq::make_jobs(14);
  EXPECT_EQ(a.jobs, b.jobs);
  EXPECT_EQ(a.fingerprint(), b.fingerprint());
  EXPECT_NE(a.fingerprint(), nq::make_jobs(15).fingerprint());
  EXPECT_NE(a.fingerprint(), nq::make_jobs(14, a.depth + 1).fingerprint());
  EXPECT_GT(a.jobs.size(), 100u);  // enough to balance threads
}

TEST(Jobs, JobsAreDisjointPrefixes) {
  const nq::JobList list = nq::make_jobs(12, 3);
  std::set<std::vector<int>> seen;
  for (const nq::Job& j : list.jobs) {
    std::vector<int> key{static_cast<int>(j.branch), j.depth};
    for (int r = 0; r < j.depth; ++r) key.push_back(j.cols[r]);
    EXPECT_TRUE(seen.insert(key).second);
  }
}

TEST(Jobs, RunJobsReportsEachJobOnceAndCanStop) {
  const nq::JobList list = nq::make_jobs(11);
  std::vector<int> hits(list.jobs.size(), 0);
  nq::SolutionCounts sum;
  const nq::SolutionCounts total =
      nq::run_jobs(list, list.all_indices(), 2, [&](std::size_t i, const nq::SolutionCounts& c) {
        ++hits[i];
        sum += c;
        return true;
      });
  EXPECT_EQ(total, sum);
  EXPECT_EQ(total.total, 2680u);
  for (int h : hits) EXPECT_EQ(h, 1);

  int calls = 0;
  nq::run_jobs(list, list.all_indices(), 1,
               [&](std::size_t, const nq::SolutionCounts&) { return ++calls < 5; });
  EXPECT_EQ(calls, 5);
}

TEST(Jobs, MalformedJobIsRejectedNotMiscounted) {
  nq::Job bad = nq::make_jobs(10).jobs.front();
  bad.depth = 40;
  EXPECT_THROW(nq::count_job(10, bad), std::invalid_argument);
  nq::Job attacking = nq::make_jobs(10, 3).jobs.front();
  attacking.cols[2] = attacking.cols[1];  // same column as the row above
  EXPECT_THROW(nq::count_job(10, attacking), std::invalid_argument);
}
