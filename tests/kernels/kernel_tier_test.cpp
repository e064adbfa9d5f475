// Cross-checks every counting kernel tier (kernels/count_frontier*.cpp: avx512, avx2, neon,
// scalar) against the scalar reference search (kernels/count_kernel.hpp) job by job, on
// every tier this build and CPU can execute (the others are skipped, not passed), and the
// totals against OEIS; plus the tier selection API (nqueens/kernel_tier.hpp).
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>

#include "kernels/count_frontier.hpp"
#include "nqueens/count.hpp"
#include "nqueens/jobs.hpp"
#include "nqueens/kernel_tier.hpp"
#include "nqueens/known_counts.hpp"

namespace {

using nqueens::Branch;
using nqueens::JobList;
using nqueens::KernelTier;
using nqueens::make_jobs;
using nqueens::kernels::count_scalar;
using nqueens::kernels::count_with_tier;
using nqueens::kernels::job_start;
using nqueens::kernels::Tally;

void expect_same_per_job(KernelTier tier, int n, int depth) {
  const JobList list = make_jobs(n, depth);
  for (std::size_t i = 0; i < list.jobs.size(); ++i) {
    if (list.jobs[i].branch == Branch::whole) continue;
    const auto s = job_start(n, list.jobs[i]);
    const Tally want = count_scalar(s);
    const Tally got = count_with_tier(tier, s);
    EXPECT_EQ(got.size2, want.size2) << "N=" << n << " depth=" << depth << " job " << i;
    EXPECT_EQ(got.size4, want.size4) << "N=" << n << " depth=" << depth << " job " << i;
    EXPECT_EQ(got.size8, want.size8) << "N=" << n << " depth=" << depth << " job " << i;
  }
}

class KernelTierTest : public ::testing::TestWithParam<KernelTier> {
 protected:
  void SetUp() override {
    if (!nqueens::kernel_tier_available(GetParam()))
      GTEST_SKIP() << nqueens::kernel_tier_name(GetParam())
                   << " is not available on this CPU or in this build";
  }
};

TEST_P(KernelTierTest, MatchesScalarPerJob) {
  for (int n = 4; n <= 14; ++n) expect_same_per_job(GetParam(), n, 0);
}

// Shallow jobs have big subtrees (rows overflow a frontier buffer and are split into
// chunks); the deepest jobs start the vector kernel right at the row before the last.
TEST_P(KernelTierTest, MatchesScalarAtEveryDepth) {
  for (int n = 4; n <= 12; ++n)
    for (int depth = 1; depth <= n - 2 && depth <= nqueens::kMaxJobDepth; ++depth)
      expect_same_per_job(GetParam(), n, depth);
  expect_same_per_job(GetParam(), 14, 2);
}

// Whole counts with the tier as the count's option, against OEIS A000170 / A002562, by both
// methods (the join's bit-set loops follow the tier too).
TEST_P(KernelTierTest, TotalsMatchOeis) {
  for (int n = 1; n <= 15; ++n) {
    const auto r = nqueens::count_solutions({n, 0, nqueens::CountMethod::backtrack, GetParam()});
    EXPECT_EQ(static_cast<std::uint64_t>(r.total()), nqueens::known::kTotal[n]) << "N=" << n;
    EXPECT_EQ(static_cast<std::uint64_t>(r.unique()), nqueens::known::kUnique[n]) << "N=" << n;
    const auto j = nqueens::count_solutions({n, 0, nqueens::CountMethod::join, GetParam()});
    EXPECT_EQ(j.classes, r.classes) << "N=" << n;
  }
}

INSTANTIATE_TEST_SUITE_P(, KernelTierTest, ::testing::ValuesIn(nqueens::all_kernel_tiers()),
                         [](const ::testing::TestParamInfo<KernelTier>& param) {
                           return std::string(nqueens::kernel_tier_name(param.param));
                         });

TEST(Kernel, TotalsMatchOeisAt16) {
  const auto r = nqueens::count_solutions({16, 0});
  EXPECT_EQ(static_cast<std::uint64_t>(r.total()), nqueens::known::kTotal[16]);
  EXPECT_EQ(static_cast<std::uint64_t>(r.unique()), nqueens::known::kUnique[16]);
}

// One size beyond (about 1 s of CPU with the fastest tier): totals and unique counts through
// count_job, checked against OEIS A000170 / A002562.
TEST(Kernel, CountMatchesOeisAt17) {
  const auto r = nqueens::count_solutions({17, 0});
  EXPECT_EQ(static_cast<std::uint64_t>(r.total()), 95815104u);
  EXPECT_EQ(static_cast<std::uint64_t>(r.unique()), 11977939u);
}

TEST(KernelTier, ListsNamesAndAvailability) {
  const auto all = nqueens::all_kernel_tiers();
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(nqueens::kernel_tier_name(all[0]), "avx512");
  EXPECT_EQ(nqueens::kernel_tier_name(all[1]), "avx2");
  EXPECT_EQ(nqueens::kernel_tier_name(all[2]), "neon");
  EXPECT_EQ(nqueens::kernel_tier_name(all[3]), "scalar");
  EXPECT_TRUE(nqueens::kernel_tier_available(KernelTier::scalar));
  const auto available = nqueens::available_kernel_tiers();
  ASSERT_FALSE(available.empty());
  EXPECT_EQ(available.front(), nqueens::best_kernel_tier());
  EXPECT_EQ(available.back(), KernelTier::scalar);
#if defined(__x86_64__)
  EXPECT_FALSE(nqueens::kernel_tier_available(KernelTier::neon));
#elif defined(__aarch64__)
  EXPECT_TRUE(nqueens::kernel_tier_available(KernelTier::neon));
  EXPECT_FALSE(nqueens::kernel_tier_available(KernelTier::avx2));
  EXPECT_FALSE(nqueens::kernel_tier_available(KernelTier::avx512));
#endif
}

TEST(KernelTier, ParsesNames) {
  EXPECT_EQ(nqueens::parse_kernel_tier("scalar"), KernelTier::scalar);
  EXPECT_EQ(nqueens::parse_kernel_tier("auto"), nqueens::best_kernel_tier());
  for (const KernelTier t : nqueens::available_kernel_tiers())
    EXPECT_EQ(nqueens::parse_kernel_tier(nqueens::kernel_tier_name(t)), t);
}

TEST(KernelTier, RefusesUnknownAndUnavailableTiers) {
  EXPECT_THROW(nqueens::parse_kernel_tier("sse9"), std::invalid_argument);
  EXPECT_THROW(nqueens::parse_kernel_tier(""), std::invalid_argument);
  EXPECT_THROW(nqueens::parse_kernel_tier("Scalar"), std::invalid_argument);
  for (const KernelTier t : nqueens::all_kernel_tiers()) {
    if (nqueens::kernel_tier_available(t)) continue;
    EXPECT_THROW(nqueens::parse_kernel_tier(nqueens::kernel_tier_name(t)), std::invalid_argument);
    EXPECT_THROW(nqueens::require_kernel_tier(t), std::invalid_argument);
    EXPECT_THROW(nqueens::count_solutions({8, 1, nqueens::CountMethod::automatic, t}),
                 std::invalid_argument);
  }
}

}  // namespace
