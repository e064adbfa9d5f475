// Job lists (nqueens/jobs.hpp): deterministic and fingerprinted, disjoint prefixes, each job run
// once by run_jobs, a malformed job refused; the streamed shards job for job, the identity kept
// stable, the second method of the verify sample. The join's job lists:
// tests/kernels/join_test.cpp.
#include <gtest/gtest.h>

#include <cstdint>
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

// The streamed shards (ShardJobs) hold the jobs of the materialised list at the same indices,
// for every method, for depths from 2 to 8, small boards and shard counts beyond the list.
TEST(Jobs, ShardStreamsMatchTheListJobForJob) {
  struct Case {
    int n;
    nq::CountMethod method;
    int depth;
  };
  const Case cases[] = {{1, nq::CountMethod::backtrack, 0},  {3, nq::CountMethod::backtrack, 0},
                        {4, nq::CountMethod::backtrack, 0},  {5, nq::CountMethod::backtrack, 3},
                        {9, nq::CountMethod::backtrack, 2},  {11, nq::CountMethod::backtrack, 5},
                        {13, nq::CountMethod::backtrack, 8}, {12, nq::CountMethod::join, 0},
                        {13, nq::CountMethod::join, 0},      {1, nq::CountMethod::join, 0}};
  for (const Case& c : cases) {
    const nq::JobList list = nq::make_jobs(c.n, c.method, c.depth);
    const nq::JobListId id = nq::describe_jobs(c.n, c.method, c.depth);
    EXPECT_EQ(id, list.id()) << "N=" << c.n << " depth " << c.depth;
    EXPECT_EQ(id.jobs, list.jobs.size());
    for (int k : {1, 2, 7, 1000, 1000000}) {
      for (int i : {1, 2, k / 2 + 1, k}) {
        if (i < 1 || i > k) continue;
        const nq::Shard shard{i, k};
        nq::ShardJobs stream(c.n, c.method, c.depth, shard);
        std::uint64_t expected = static_cast<std::uint64_t>(i - 1), seen = 0;
        for (nq::ShardJob j; stream.next(j); expected += static_cast<std::uint64_t>(k), ++seen) {
          ASSERT_EQ(j.index, expected) << "N=" << c.n << " shard " << i << "/" << k;
          ASSERT_EQ(j.position, seen);
          ASSERT_EQ(j.job, list.jobs[j.index]) << "N=" << c.n << " job " << j.index;
        }
        EXPECT_EQ(seen, shard.size(list.jobs.size())) << "N=" << c.n << " shard " << i << "/" << k;
      }
    }
  }
}

TEST(Jobs, IdentityNamesNDepthAndMethod) {
  const nq::JobListId a = nq::describe_jobs(14, nq::CountMethod::backtrack, 4);
  EXPECT_NE(a.fingerprint, nq::describe_jobs(14, nq::CountMethod::backtrack, 5).fingerprint);
  EXPECT_NE(a.fingerprint, nq::describe_jobs(15, nq::CountMethod::backtrack, 4).fingerprint);
  EXPECT_NE(a.fingerprint, nq::describe_jobs(14, nq::CountMethod::join).fingerprint);
  // A list with two jobs swapped has another fingerprint, though it has the same jobs.
  for (std::size_t k : {std::size_t{10}, std::size_t{200}}) {
    nq::JobList changed = nq::make_jobs(14, 4);
    std::swap(changed.jobs[k], changed.jobs[k + 1]);
    EXPECT_NE(changed.fingerprint(), a.fingerprint) << k;
  }
  EXPECT_THROW(nq::describe_jobs(33, nq::CountMethod::backtrack), std::invalid_argument);
  EXPECT_THROW(nq::describe_jobs(25, nq::CountMethod::join), std::invalid_argument);
  EXPECT_THROW(nq::ShardJobs(12, nq::CountMethod::backtrack, 0, nq::Shard{3, 2}),
               std::invalid_argument);
}

TEST(Jobs, FindJobAndDescribeJob) {
  const nq::JobList list = nq::make_jobs(12, 4);
  for (std::size_t i : {std::size_t{0}, std::size_t{17}, list.jobs.size() - 1})
    EXPECT_EQ(nq::find_job(12, nq::CountMethod::backtrack, 4, i), list.jobs[i]);
  EXPECT_FALSE(nq::find_job(12, nq::CountMethod::backtrack, 4, list.jobs.size()));
  nq::Job j;
  j.branch = nq::Branch::corner;
  j.depth = 3;
  j.cols = {0, 4, 1};
  EXPECT_EQ(nq::describe_job(j), "corner branch, rows 1-3 at columns 1 5 2");
  nq::Job h;
  h.branch = nq::Branch::half_boards;
  h.top_columns = 0b1011;
  h.middle = 5;
  EXPECT_EQ(nq::describe_job(h), "top half on columns 1 2 4, middle row at column 6");
}

// The second method of the verify sample gives the same counts, job by job.
TEST(Jobs, RecountAgreesWithCount) {
  for (const nq::CountMethod m : {nq::CountMethod::backtrack, nq::CountMethod::join}) {
    for (int n : {2, 8, 12}) {
      const nq::JobList list = nq::make_jobs(n, m);
      for (const nq::Job& j : list.jobs)
        for (const nq::Recount by : {nq::Recount::tier, nq::Recount::reference})
          ASSERT_EQ(nq::recount_job(n, j, by), nq::count_job(n, j)) << nq::describe_job(j);
    }
  }
}

// Records and job logs name jobs by index: these lists must keep their jobs at these indices.
// A change here means job identity changed: bump the identity version (JobListId), so that
// older records and logs are refused instead of being resumed or compared with other jobs.
TEST(Jobs, IdentityIsStable) {
  struct Case {
    int n;
    nq::CountMethod method;
    int depth;
    std::uint64_t jobs, fingerprint;
    const char* job12345;
  };
  const Case cases[] = {{20, nq::CountMethod::backtrack, 5, 291704, 0x23f5c94acefb8065,
                         "corner branch, rows 1-5 at columns 1 9 18 10 3"},
                        {28, nq::CountMethod::backtrack, 6, 41236750, 0x7aa4d00d840d7ab3,
                         "corner branch, rows 1-6 at columns 1 3 6 21 9 25"},
                        {20, nq::CountMethod::join, 0, 92379, 0x62cffc1385688d26,
                         "top half on columns 3 4 5 7 8 11 13 14 15 17"}};
  for (const Case& c : cases) {
    const nq::JobListId id = nq::describe_jobs(c.n, c.method, c.depth);
    EXPECT_EQ(id.jobs, c.jobs) << "N=" << c.n;
    EXPECT_EQ(id.fingerprint, c.fingerprint) << "N=" << c.n;
    EXPECT_EQ(nq::describe_job(*nq::find_job(c.n, c.method, c.depth, 12345)), c.job12345);
  }
}
