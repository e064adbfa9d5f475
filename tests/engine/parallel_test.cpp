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
  std::atomic<int> ran{0};
  EXPECT_THROW(nqueens::parallel_for(100000, 4,
                                     [&](std::size_t i) {
                                       ++ran;
                                       if (i == 10) throw std::runtime_error("job 10 failed");
                                     }),
               std::runtime_error);
  EXPECT_LT(ran.load(), 100000) << "indices after the failure are not handed out";
}

TEST(ParallelFor, WorkReturningFalseStopsEarly) {
  std::atomic<int> ran{0};
  const bool all = nqueens::parallel_for(100000, 2, [&](std::size_t i) {
    ++ran;
    return i < 5;
  });
  EXPECT_FALSE(all);
  EXPECT_LT(ran.load(), 100000);
}

TEST(ParallelFor, HardwareThreadsIsPositive) {
  EXPECT_GE(nqueens::hardware_threads(), 1);
}

}  // namespace
