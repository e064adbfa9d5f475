// Job lists (nqueens/jobs.hpp): deterministic and fingerprinted, disjoint prefixes, each job run
// once by run_jobs, a malformed job refused. The join's job lists:
// tests/kernels/count_join_test.cpp.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <vector>

#include "nqueens/count_types.hpp"
#include "nqueens/jobs.hpp"

namespace nq = nqueens;

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
