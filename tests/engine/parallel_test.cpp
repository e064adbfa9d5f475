// The engine's parallel_for: every index exactly once, exceptions and early stops propagate.
#include "nqueens/parallel.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

namespace {

TEST(ParallelFor, RunsEveryIndexOnce) {
  for (int threads : {1, 2, 4, 0}) {
    std::vector<std::atomic<int>> hits(1000);
    EXPECT_TRUE(nqueens::parallel_for(hits.size(), threads, [&](std::size_t i) { ++hits[i]; }));
    for (std::size_t i = 0; i < hits.size(); ++i) ASSERT_EQ(hits[i].load(), 1) << i;
  }
  EXPECT_TRUE(nqueens::parallel_for(0, 4, [](std::size_t) { FAIL() << "no index"; }));
}

TEST(ParallelFor, FirstExceptionStopsAndIsRethrown) {
  for (int threads : {1, 4}) {
    std::atomic<int> ran{0};
    auto work = [&](std::size_t i) {
      ++ran;
      if (i == 10) throw std::runtime_error("job 10 failed");
    };
    EXPECT_THROW(nqueens::parallel_for(100000, threads, work), std::runtime_error);
    // On one thread nothing after the failure runs; on more, only what was already taken.
    if (threads == 1) {
      EXPECT_EQ(ran.load(), 11);
    }
  }
}

TEST(ParallelFor, WorkReturningFalseStopsEarly) {
  std::atomic<int> ran{0};
  const bool all = nqueens::parallel_for(100000, 1, [&](std::size_t i) {
    ++ran;
    return i < 5;
  });
  EXPECT_FALSE(all);
  EXPECT_EQ(ran.load(), 6);
}

TEST(ParallelFor, HardwareThreadsIsPositive) {
  EXPECT_GE(nqueens::hardware_threads(), 1);
}

}  // namespace
