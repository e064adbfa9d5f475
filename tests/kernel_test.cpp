// Cross-checks the vectorised counting kernel (kernels/count_frontier.cpp) against the scalar
// one (kernels/count_kernel.hpp) job by job, and the totals against OEIS.
#include <gtest/gtest.h>

#include <cstdint>

#include "kernels/count_frontier.hpp"
#include "nqueens/count.hpp"
#include "nqueens/jobs.hpp"

namespace {

using nqueens::Branch;
using nqueens::JobList;
using nqueens::make_jobs;
using nqueens::kernels::count_fastest;
using nqueens::kernels::count_frontier;
using nqueens::kernels::count_scalar;
using nqueens::kernels::frontier_available;
using nqueens::kernels::job_start;
using nqueens::kernels::Tally;

// OEIS A000170 (all solutions) and A002562 (one per symmetry class), N = 0..16.
constexpr std::uint64_t kTotal[] = {1,     1,      0,       0,       2,        10,
                                    4,     40,     92,      352,     724,      2680,
                                    14200, 73712,  365596,  2279184, 14772512};
constexpr std::uint64_t kUnique[] = {1,    1,     0,     0,     1,      2,     1,
                                     6,    12,    46,    92,    341,    1787,  9233,
                                     45752, 285053, 1846955};

void expect_same_per_job(int n, int depth) {
  const JobList list = make_jobs(n, depth);
  for (std::size_t i = 0; i < list.jobs.size(); ++i) {
    if (list.jobs[i].branch == Branch::whole) continue;
    const auto s = job_start(n, list.jobs[i]);
    const Tally want = count_scalar(s);
    const Tally got = frontier_available(n) ? count_frontier(s) : count_fastest(s);
    EXPECT_EQ(got.size2, want.size2) << "N=" << n << " depth=" << depth << " job " << i;
    EXPECT_EQ(got.size4, want.size4) << "N=" << n << " depth=" << depth << " job " << i;
    EXPECT_EQ(got.size8, want.size8) << "N=" << n << " depth=" << depth << " job " << i;
    nqueens::ClassCounts classes;
    classes.size2 = want.size2;
    classes.size4 = want.size4;
    classes.size8 = want.size8;
    EXPECT_EQ(nqueens::count_job(n, list.jobs[i]), nqueens::SolutionCounts::of(classes));
  }
}

TEST(Kernel, FrontierMatchesScalarPerJob) {
  for (int n = 4; n <= 14; ++n) expect_same_per_job(n, 0);
}

// Shallow jobs have big subtrees (rows overflow a frontier buffer and are split into
// chunks); the deepest jobs start the vector kernel right at the row before the last.
TEST(Kernel, FrontierMatchesScalarAtEveryDepth) {
  for (int n = 4; n <= 12; ++n)
    for (int depth = 1; depth <= n - 2 && depth <= nqueens::kMaxJobDepth; ++depth)
      expect_same_per_job(n, depth);
  expect_same_per_job(14, 2);
}

TEST(Kernel, TotalsMatchOeis) {
  for (int n = 1; n <= 16; ++n) {
    const auto r = nqueens::count_solutions({n, 0});
    EXPECT_EQ(static_cast<std::uint64_t>(r.total()), kTotal[n]) << "N=" << n;
    EXPECT_EQ(static_cast<std::uint64_t>(r.unique()), kUnique[n]) << "N=" << n;
  }
}

// One size beyond the table above (about 1 s of CPU): totals and unique counts through
// count_job's vector kernel, checked against OEIS A000170 / A002562.
TEST(Kernel, CountMatchesOeisAt17) {
  const auto r = nqueens::count_solutions({17, 0});
  EXPECT_EQ(static_cast<std::uint64_t>(r.total()), 95815104u);
  EXPECT_EQ(static_cast<std::uint64_t>(r.unique()), 11977939u);
}

}  // namespace
