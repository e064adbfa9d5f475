// Rank 0's batch bookkeeping without MPI (src/mpi/dispatcher.hpp): every job handed out once,
// batch sizes, duplicates dropped, overdue batches handed to another rank.
#include "dispatcher.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <set>
#include <stdexcept>
#include <vector>

namespace {

using nqueens::mpi::Dispatcher;
using nqueens::mpi::JobResult;

std::vector<std::size_t> iota(std::size_t n) {
  std::vector<std::size_t> v(n);
  std::iota(v.begin(), v.end(), 0);
  return v;
}

std::vector<JobResult> results_of(const std::vector<std::size_t>& batch) {
  std::vector<JobResult> r;
  for (std::size_t i : batch) r.push_back({i, {1, 0, 0}});
  return r;
}

TEST(Dispatcher, HandsOutEveryJobOnceInListOrder) {
  Dispatcher d(iota(1000), {0, 4, 2});
  std::vector<std::size_t> seen;
  double now = 0;
  for (bool more = true; more;) {
    more = false;
    for (int rank : {1, 2}) {
      const auto batch = d.take(rank, now);
      if (batch.empty()) continue;
      more = true;
      EXPECT_GE(batch.size(), 2u) << "never fewer jobs than the rank has threads";
      seen.insert(seen.end(), batch.begin(), batch.end());
      EXPECT_EQ(d.finish(rank, results_of(batch), 0.01).size(), batch.size());
      now += 0.01;
    }
  }
  EXPECT_EQ(seen, iota(1000));
  EXPECT_TRUE(d.all_done());
  EXPECT_EQ(d.in_flight(), 0u);
}

TEST(Dispatcher, CoordinatorWithoutThreadsGetsNothing) {
  Dispatcher d(iota(10), {0, 1});
  EXPECT_TRUE(d.take(0, 0).empty());
  EXPECT_FALSE(d.take(1, 0).empty());
}

TEST(Dispatcher, RefusesResultsOfJobsNotInTheBatch) {
  Dispatcher d(iota(100), {0, 1, 1});
  const auto batch = d.take(1, 0);
  EXPECT_THROW(d.finish(1, std::vector<JobResult>{{99, {}}}, 0.1), std::logic_error);
  EXPECT_THROW(d.take(1, 0), std::logic_error) << "asks again before returning its batch";
  (void)batch;
}

TEST(Dispatcher, OverdueBatchGoesToAnotherRankAndDuplicatesAreDropped) {
  Dispatcher d(iota(8), {0, 1, 1});
  const auto hung = d.take(1, 0);  // rank 1 takes the first batch and freezes
  ASSERT_FALSE(hung.empty());
  std::vector<std::size_t> rest;
  for (auto b = d.take(2, 0); !b.empty(); b = d.take(2, 0)) {
    d.finish(2, results_of(b), 0.01);
    rest.insert(rest.end(), b.begin(), b.end());
  }
  EXPECT_FALSE(d.all_done());
  EXPECT_TRUE(d.take(2, 1.0).empty()) << "not overdue yet";
  const auto again = d.take(2, Dispatcher::kOverdueSeconds + 1);
  EXPECT_EQ(again, hung) << "the frozen rank's batch, counted again";
  EXPECT_EQ(d.finish(2, results_of(again), 0.01).size(), hung.size());
  EXPECT_TRUE(d.all_done());
  EXPECT_TRUE(d.holds_only_finished_work(1));
  // The frozen rank wakes up: its results are duplicates now, and dropped.
  EXPECT_TRUE(d.finish(1, results_of(hung), 100).empty());
  EXPECT_FALSE(d.holds_only_finished_work(1));
}

TEST(Dispatcher, TheLeastOverdueTimeIsTheOnesGiven) {
  Dispatcher d(iota(8), {0, 1, 1}, 2.0);  // nqueens-mpi count --overdue-after 2
  const auto hung = d.take(1, 0);  // a first batch: no rate known, so only the least time counts
  ASSERT_FALSE(hung.empty());
  for (auto b = d.take(2, 0); !b.empty(); b = d.take(2, 0)) d.finish(2, results_of(b), 0.01);
  EXPECT_TRUE(d.take(2, 1.9).empty()) << "out for 1.9 s, under the 2 s given";
  EXPECT_EQ(d.take(2, 2.1), hung) << "out for 2.1 s: counted again, long before the default 30 s";
}

TEST(Dispatcher, PartialResultsLeaveTheRestUndone) {
  Dispatcher d(iota(40), {1, 1});
  const auto batch = d.take(0, 0);
  ASSERT_GE(batch.size(), 2u);
  d.finish(0, results_of({batch[0]}), 0.01);
  EXPECT_EQ(d.done(), 1u);
  EXPECT_FALSE(d.all_done());
}

}  // namespace
