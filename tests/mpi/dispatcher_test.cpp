// Rank 0's bookkeeping without MPI (src/mpi/dispatcher.hpp): every job handed out once, batch
// sizes, duplicates dropped, overdue batches handed to another rank; the end of a run waits for
// every rank that answers and for none that is hung, wherever it froze.
#include "dispatcher.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <set>
#include <stdexcept>
#include <vector>

namespace {

using nqueens::mpi::Dispatcher;
using nqueens::mpi::JobResult;
using nqueens::mpi::Roster;
using State = Roster::State;

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

// Counts every job on the ranks given, each asking once it has returned its batch; returns
// the time at which the last job came in.
double count_all(Dispatcher& d, Roster& roster, const std::vector<int>& ranks, double now) {
  for (bool more = true; more;) {
    more = false;
    for (int rank : ranks) {
      roster.asked(rank);
      const auto batch = d.take(rank, now);
      if (batch.empty()) continue;
      roster.given_batch(rank, now);
      more = true;
      now += 0.01;
      d.finish(rank, results_of(batch), 0.01);
    }
  }
  return now;
}

TEST(Roster, EveryRankThatAnswersIsWaitedForUntilReady) {
  Dispatcher d(iota(100), {0, 1, 1});
  Roster roster(3, 0);
  EXPECT_FALSE(roster.all_ready());
  const double end = count_all(d, roster, {1, 2}, 0);
  ASSERT_TRUE(d.all_done());
  EXPECT_EQ(roster.state(1), State::waiting);
  EXPECT_TRUE(roster.hung(d, end + 1000, 1).empty()) << "a waiting rank is told to stop, not hung";
  EXPECT_FALSE(roster.settled({}));
  roster.told_to_stop(1, end);
  roster.told_to_stop(2, end);
  EXPECT_TRUE(roster.hung(d, end + 0.5, 1).empty()) << "within the patience given";
  roster.acknowledged(1);
  EXPECT_FALSE(roster.all_ready());
  roster.acknowledged(2);
  EXPECT_TRUE(roster.all_ready());
  EXPECT_TRUE(roster.settled({}));
}

TEST(Roster, ARankFrozenBeforeItsFirstRequestIsHungOnceThePatienceIsOver) {
  Dispatcher d(iota(100), {0, 1, 1});
  Roster roster(3, 0);
  const double end = count_all(d, roster, {1}, 0);  // rank 2 never asks
  ASSERT_TRUE(d.all_done());
  EXPECT_EQ(roster.state(2), State::starting);
  roster.told_to_stop(1, end);
  roster.acknowledged(1);
  EXPECT_TRUE(roster.hung(d, 1.5, 2).empty()) << "may still be starting";
  EXPECT_FALSE(roster.settled({}));
  const auto hung = roster.hung(d, 2.5, 2);
  EXPECT_EQ(hung, std::vector<int>{2});
  EXPECT_TRUE(roster.settled(hung));
  EXPECT_FALSE(roster.all_ready()) << "so nobody is sent go: the job ends with MPI_Abort";
}

TEST(Roster, ARankFrozenWithABatchIsHungOnceOthersFinishedIt) {
  Dispatcher d(iota(8), {0, 1, 1}, 1.0);
  Roster roster(3, 0);
  roster.asked(1);
  const auto frozen = d.take(1, 0);
  roster.given_batch(1, 0);
  count_all(d, roster, {2}, 0);
  EXPECT_FALSE(d.all_done());
  EXPECT_TRUE(roster.hung(d, 0.5, 1).empty()) << "its jobs are not in: it is waited for";
  roster.asked(2);
  const auto again = d.take(2, 1.5);
  ASSERT_EQ(again, frozen);
  roster.given_batch(2, 1.5);
  d.finish(2, results_of(again), 0.01);
  roster.asked(2);
  ASSERT_TRUE(d.all_done());
  roster.told_to_stop(2, 1.6);
  roster.acknowledged(2);
  const auto hung = roster.hung(d, 1.6, 1);
  EXPECT_EQ(hung, std::vector<int>{1}) << "at once: its batch was already overdue";
  EXPECT_TRUE(roster.settled(hung));
}

TEST(Roster, ARankFrozenWhileToldToStopIsHungOnceThePatienceIsOver) {
  Dispatcher d(iota(10), {0, 1, 1});
  Roster roster(3, 0);
  const double end = count_all(d, roster, {1, 2}, 0);
  roster.told_to_stop(1, end);
  roster.told_to_stop(2, end);
  roster.acknowledged(1);  // rank 2 froze while waiting for the answer: it never acknowledges
  EXPECT_TRUE(roster.hung(d, end + 0.9, 1).empty());
  const auto hung = roster.hung(d, end + 1.1, 1);
  EXPECT_EQ(hung, std::vector<int>{2});
  EXPECT_TRUE(roster.settled(hung));
}

TEST(Roster, RefusesAnAcknowledgementOfNoStopAndUnknownRanks) {
  Roster roster(3, 0);
  EXPECT_THROW(roster.acknowledged(1), std::logic_error);
  EXPECT_THROW(roster.asked(0), std::logic_error) << "rank 0 coordinates";
  EXPECT_THROW(roster.asked(3), std::logic_error);
  EXPECT_TRUE(Roster(1, 0).all_ready()) << "alone, nobody is waited for";
}

}  // namespace
