// The join counter (kernels/join/join.hpp and its jobs): every group against solutions
// enumerated one by one, the whole count against OEIS A000170/A002562, and the job list's
// identity.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <iterator>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "base/isa.hpp"
#include "kernels/join/join.hpp"
#include "kernels/join/join_tiers.hpp"
#include "nqueens/checkpoint.hpp"
#include "nqueens/count.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/jobs.hpp"
#include "nqueens/kernel_tier.hpp"
#include "nqueens/known_counts.hpp"
#include "nqueens/run.hpp"
#include "nqueens/solution.hpp"

namespace nq = nqueens;

namespace {

// (top columns, middle column) of a solution, as the join groups it.
std::pair<std::uint32_t, int> group_of(const nq::Solution& s) {
  const int n = static_cast<int>(s.size());
  std::uint32_t top = 0;
  for (int r = 0; r < n / 2; ++r) top |= std::uint32_t{1} << s[r];
  return {top, n % 2 == 1 ? s[n / 2] : -1};
}

// A solution's weight under JoinWeights::diagonal, straight from its definition: 0 with a
// top-half queen on the main diagonal or a bottom-half one on the anti-diagonal, else doubled
// for a bottom-half queen on the main diagonal and for a top-half one on the anti-diagonal.
std::uint64_t diagonal_weight(const nq::Solution& s) {
  const int n = static_cast<int>(s.size());
  std::uint64_t w = 1;
  for (int r = 0; r < n; ++r) {
    const bool top = r<n / 2, bottom = r>(n - 1) / 2;
    if (s[r] == r && top) return 0;
    if (s[r] == n - 1 - r && bottom) return 0;
    if ((s[r] == r && bottom) || (s[r] == n - 1 - r && top)) w *= 2;
  }
  return w;
}

constexpr nq::kernels::JoinWeights kBothWeights[] = {nq::kernels::JoinWeights::plain,
                                                     nq::kernels::JoinWeights::diagonal};

const char* name(nq::kernels::JoinWeights w) {
  return w == nq::kernels::JoinWeights::plain ? "plain" : "diagonal";
}

const char* name(nq::kernels::JoinHalves h) {
  return h == nq::kernels::JoinHalves::tabled ? "tabled" : "searched";
}

// Both ways of finding a group's halves where N has tables, else the search alone.
std::vector<nq::kernels::JoinHalves> halves_of(int n) {
  if (!nq::kernels::join_has_tables(n)) return {nq::kernels::JoinHalves::searched};
  return {nq::kernels::JoinHalves::searched, nq::kernels::JoinHalves::tabled};
}

}  // namespace

// Each group's count equals the (weighted) number of enumerated solutions in it, for every
// group of every N up to 12 (the groups of a job's orbit included, not only the job's own),
// with both weightings; the diagonal weights sum to Q(N) and give a group and its vertical
// flip the same count, which the engine's job list relies on.
TEST(JoinKernel, EveryGroupMatchesEnumeratedSolutions) {
  for (const auto weights : kBothWeights)
    for (int n = 1; n <= 12; ++n) {
      const bool diagonal = weights == nq::kernels::JoinWeights::diagonal;
      std::map<std::pair<std::uint32_t, int>, std::uint64_t> want;
      nq::for_each_solution(n, [&](const nq::Solution& s) {
        want[group_of(s)] += diagonal ? diagonal_weight(s) : 1;
        return true;
      });
      const std::uint32_t mask = (std::uint32_t{1} << n) - 1;
      std::uint64_t sum = 0;
      for (int middle = n % 2 ? 0 : -1; middle < (n % 2 ? n : 0); ++middle)
        for (std::uint32_t top = 0; top <= mask; ++top) {
          if (std::popcount(top) != n / 2 || (middle >= 0 && (top >> middle & 1u))) continue;
          const std::uint32_t flipped = mask & ~top & ~(middle >= 0 ? 1u << middle : 0u);
          const auto it = want.find({top, middle});
          for (const auto halves : halves_of(n)) {
            const std::uint64_t got =
                nq::kernels::count_join_group(n, top, middle, weights, halves);
            EXPECT_EQ(got, it == want.end() ? 0 : it->second)
                << name(weights) << " N=" << n << " top=" << top << " middle=" << middle << " "
                << name(halves);
            EXPECT_EQ(got, nq::kernels::count_join_group(n, flipped, middle, weights, halves))
                << name(weights) << " N=" << n << " top=" << top << " middle=" << middle << " "
                << name(halves);
            sum += got;
          }
        }
      // Each way's groups sum to Q(N).
      EXPECT_EQ(sum, nq::known::kTotal[n] * halves_of(n).size()) << name(weights) << " N=" << n;
    }
}

// Diagonal weights skip about half of the halves: many groups' weighted counts differ from
// their plain ones, so the test above checks the weighting and not a copy of the plain count.
TEST(JoinKernel, DiagonalWeightsChangeGroupCounts) {
  int differ = 0;
  for (std::uint32_t top = 0; top < (1u << 10); ++top)
    if (std::popcount(top) == 5)
      differ += nq::kernels::count_join_group(10, top, -1, nq::kernels::JoinWeights::plain,
                                              nq::kernels::JoinHalves::tabled) !=
                nq::kernels::count_join_group(10, top, -1, nq::kernels::JoinWeights::diagonal,
                                              nq::kernels::JoinHalves::tabled);
  EXPECT_GT(differ, 50);
}

// Halves paired from the precomputed tables and halves searched row by row give the same
// count for every group of N = 13 and 14 (beyond the enumeration test's reach) and of one
// middle column of N = 15.
TEST(JoinKernel, TabledAndSearchedHalvesAgreeOnEveryGroup) {
  static_assert(nq::kernels::kMaxTableJoinN >= 15);
  for (const auto weights : kBothWeights)
    for (const auto& [n, middle] : {std::pair{13, -2}, std::pair{14, -1}, std::pair{15, 4}}) {
      const std::uint32_t mask = (std::uint32_t{1} << n) - 1;
      const int first = middle == -2 ? 0 : middle, last = middle == -2 ? n - 1 : middle;
      std::uint64_t sum = 0;
      for (int m = first; m <= last; ++m)
        for (std::uint32_t top = 0; top <= mask; ++top) {
          if (std::popcount(top) != n / 2 || (m >= 0 && (top >> m & 1u))) continue;
          const std::uint64_t got =
              nq::kernels::count_join_group(n, top, m, weights, nq::kernels::JoinHalves::tabled);
          ASSERT_EQ(got, nq::kernels::count_join_group(n, top, m, weights,
                                                       nq::kernels::JoinHalves::searched))
              << name(weights) << " N=" << n << " top=" << top << " middle=" << m;
          sum += got;
        }
      if (middle == -2 || middle == -1) {
        EXPECT_EQ(sum, nq::known::kTotal[n]) << name(weights) << " N=" << n;
      }
      EXPECT_GT(sum, 0u) << name(weights) << " N=" << n;
    }
}

// The join's loops follow the kernel tier passed (AVX-512 for avx512, AVX2 for avx2, 64-bit
// code for scalar): every tier this machine runs gives every group the scalar count, tabled and
// searched.
// At N = 16 (every 23rd group) a group averages about 1,200 bottom halves, so most groups' bit
// sets span several of the top side's blocks (1,024 bottoms each), and with diagonal weights
// the weight-2 list starts a block of its own. At N = 18 (every 4001st group) the inner
// placements have five rows: a square set between the two shared two-row sets.
TEST(JoinKernel, EveryKernelTierGivesEveryGroupTheScalarCount) {
  struct Case {
    int n, middle;
    std::uint32_t stride;  // every stride-th group of N/2 columns (middle not among them)
  };
  for (const auto weights : kBothWeights)
    for (const Case c : {Case{14, -1, 1}, Case{15, 6, 1}, Case{16, -1, 23}, Case{18, -1, 4001}}) {
      const std::uint32_t mask = (std::uint32_t{1} << c.n) - 1;
      std::map<std::uint32_t, std::uint64_t> scalar;
      for (std::uint32_t top = 0, seen = 0; top <= mask; ++top)
        if (std::popcount(top) == c.n / 2 && !(c.middle >= 0 && (top >> c.middle & 1u)) &&
            seen++ % c.stride == 0)
          scalar[top] = nq::kernels::count_join_group(
              c.n, top, c.middle, weights, nq::kernels::JoinHalves::tabled, nq::KernelTier::scalar);
      for (const nq::KernelTier tier : nq::available_kernel_tiers()) {
        std::uint64_t sum = 0;
        for (const auto& [top, want] : scalar) {
          const std::uint64_t got = nq::kernels::count_join_group(
              c.n, top, c.middle, weights, nq::kernels::JoinHalves::tabled, tier);
          ASSERT_EQ(got, want) << nq::kernel_tier_name(tier) << " " << name(weights) << " N=" << c.n
                               << " top=" << top;
          ASSERT_EQ(nq::kernels::count_join_group(c.n, top, c.middle, weights,
                                                  nq::kernels::JoinHalves::searched, tier),
                    want)
              << nq::kernel_tier_name(tier) << " " << name(weights) << " N=" << c.n
              << " top=" << top;
          sum += got;
        }
        if (c.stride == 1 && c.middle < 0) {
          EXPECT_EQ(sum, nq::known::kTotal[c.n]) << nq::kernel_tier_name(tier);
        }
        if (c.stride > 1) {
          EXPECT_GT(sum, 100000u) << nq::kernel_tier_name(tier) << " " << name(weights);
        }
      }
    }
}

// The bit sets come from 64 x 64 transposes: every tier's form against the definition, on
// matrices whose bits are all in play (the patterns of N <= 16 reach neither bits 16-31 nor
// 48-63 of a word, so the group counts above would not see a slip there).
TEST(JoinKernel, EveryTierTransposesBitMatrices) {
  std::mt19937_64 random(2026);  // the standard fixes its sequence: the same words everywhere
  for (const nq::KernelTier tier : nq::available_kernel_tiers()) {
    for (int round = 0; round < 64; ++round) {
      std::uint64_t a[64], t[64];
      for (int i = 0; i < 64; ++i) {
        // Round r: random words, but word r holds the one bit 7r mod 64.
        a[i] = i == round ? std::uint64_t{1} << (round * 7 % 64) : random();
        t[i] = a[i];
      }
      nq::kernels::transpose_bit_matrix(t, tier);
      for (int x = 0; x < 64; ++x)
        for (int j = 0; j < 64; ++j)
          ASSERT_EQ(t[x] >> j & 1, a[j] >> x & 1)
              << nq::kernel_tier_name(tier) << " round " << round << " bit " << j << " of " << x;
    }
  }
}

// Every form of the join this CPU executes (join_tiers.hpp), also those no kernel tier runs
// here (the plain 64-bit one on a CPU with POPCNT), gives every group of N = 13 and 14 the
// plain form's count, tabled and searched, and transposes as the plain form does.
TEST(JoinKernel, EveryFormThisCpuRunsAgreesWithThePlainOne) {
  namespace join = nq::kernels::join;
  std::vector<std::pair<const char*, const join::JoinTier*>> forms;
#if defined(__x86_64__)
  if (nq::base::isa::sse4()) forms.emplace_back("popcnt", &join::kJoinPopcnt);
  if (nq::base::isa::avx2()) forms.emplace_back("avx2", &join::kJoinAvx2);
  if (nq::base::isa::avx512_popcnt()) forms.emplace_back("avx512", &join::kJoinAvx512);
#endif
  const join::JoinTier& plain = join::kJoinScalar;
  for (const auto weights : kBothWeights)
    for (const auto& [n, middle] : {std::pair{14, -1}, std::pair{13, 6}}) {
      const std::uint32_t mask = (std::uint32_t{1} << n) - 1;
      std::uint64_t sum = 0;
      for (std::uint32_t top = 0; top <= mask; ++top) {
        if (std::popcount(top) != n / 2 || (middle >= 0 && (top >> middle & 1u))) continue;
        const std::uint64_t want = plain.tabled(n, top, middle, weights);
        ASSERT_EQ(plain.searched(n, top, middle, weights), want) << n << " " << top;
        sum += want;
        for (const auto& [form, tier] : forms) {
          ASSERT_EQ(tier->tabled(n, top, middle, weights), want)
              << form << " N=" << n << " " << top;
          ASSERT_EQ(tier->searched(n, top, middle, weights), want)
              << form << " N=" << n << " " << top;
        }
      }
      EXPECT_GT(sum, 0u) << name(weights) << " N=" << n;
    }
  std::mt19937_64 random(7);
  for (int round = 0; round < 16; ++round) {
    std::uint64_t a[64];
    for (auto& w : a) w = random();
    std::uint64_t want[64];
    std::copy(std::begin(a), std::end(a), std::begin(want));
    plain.transpose(want);
    for (const auto& [form, tier] : forms) {
      std::uint64_t t[64];
      std::copy(std::begin(a), std::end(a), std::begin(t));
      tier->transpose(t);
      for (int x = 0; x < 64; ++x) ASSERT_EQ(t[x], want[x]) << form << " word " << x;
    }
  }
}

TEST(JoinKernel, GroupsThatCannotHoldASolutionCountZero) {
  for (const auto w : kBothWeights) {
    for (const auto h : halves_of(9)) {
      EXPECT_EQ(nq::kernels::count_join_group(8, 0x0f0, -1, w, h), 0u);  // 4 columns, one off
      EXPECT_EQ(nq::kernels::count_join_group(8, 0x07, -1, w, h), 0u);   // 3 columns for 4 rows
      EXPECT_EQ(nq::kernels::count_join_group(9, 0x0f, 2, w, h), 0u);    // middle column on top
      EXPECT_EQ(nq::kernels::count_join_group(9, 0x0f, -1, w, h), 0u);   // odd N needs a middle
    }
    EXPECT_EQ(nq::kernels::count_join_group(33, 1, -1, w, nq::kernels::JoinHalves::searched), 0u);
  }
}

// Tables are asked for only where N has them: elsewhere the call throws instead of reading
// tables that do not exist.
TEST(JoinKernel, TablesWhereNHasNoneAreRefused) {
  for (const int n : {1, 3, nq::kernels::kMaxTableJoinN + 1, 33}) {
    EXPECT_FALSE(nq::kernels::join_has_tables(n)) << n;
    EXPECT_THROW(nq::kernels::count_join_group(n, 1, -1, nq::kernels::JoinWeights::plain,
                                               nq::kernels::JoinHalves::tabled),
                 std::invalid_argument)
        << n;
  }
  EXPECT_TRUE(nq::kernels::join_has_tables(4));
  EXPECT_TRUE(nq::kernels::join_has_tables(nq::kernels::kMaxTableJoinN));
}

TEST(JoinCount, TotalsAndClassesMatchOeisAndTheBacktracker) {
  for (int n = 1; n <= 15; ++n) {
    const nq::CountResult join = nq::count_solutions({n, 2, nq::CountMethod::join});
    EXPECT_EQ(join.method, nq::CountMethod::join);
    EXPECT_EQ(join.total(), nq::known::kTotal[n]) << "N=" << n;
    EXPECT_EQ(join.unique(), nq::known::kUnique[n]) << "N=" << n;
    if (n <= 13) {
      EXPECT_EQ(join.classes, nq::count_solutions({n, 2, nq::CountMethod::backtrack}).classes)
          << "N=" << n;
    }
  }
}

// The join's jobs against the backtracker's on the same N: the jobs differ, the sums agree in
// every component, and every job's count is the sum of its orbit's groups.
TEST(JoinCount, JobSumsAgreeWithTheBacktrackerComponentByComponent) {
  for (int n = 4; n <= 14; ++n) {
    const nq::JobList join = nq::make_join_jobs(n), back = nq::make_jobs(n);
    EXPECT_EQ(nq::run_jobs(join, join.all_indices(), 2), nq::run_jobs(back, back.all_indices(), 2))
        << "N=" << n;
  }
}

TEST(JoinJobs, ListIsOneJobPerOrbitAndHasItsOwnIdentity) {
  const nq::JobList a = nq::make_join_jobs(16), b = nq::make_join_jobs(16);
  EXPECT_EQ(a.jobs, b.jobs);
  EXPECT_EQ(a.method, nq::CountMethod::join);
  EXPECT_EQ(a.fingerprint(), b.fingerprint());
  EXPECT_NE(a.fingerprint(), nq::make_jobs(16).fingerprint());
  EXPECT_NE(a.fingerprint(), nq::make_join_jobs(17).fingerprint());
  EXPECT_EQ(a.jobs.front().branch, nq::Branch::fixed_points);
  // C(16, 8) = 12870 column sets; orbits of 4 but for the sets equal to an image.
  EXPECT_GT(a.jobs.size(), 12870u / 4);
  EXPECT_LT(a.jobs.size(), 12870u / 4 + 200);
  EXPECT_THROW(nq::make_join_jobs(25), std::invalid_argument);
  EXPECT_EQ(nq::make_jobs(16, nq::CountMethod::join).fingerprint(), a.fingerprint());
  // From N = 20 the kernel's weights are diagonal: one job per flip pair, C(20, 10)/2.
  static_assert(nq::kernels::join_weights_for(20) == nq::kernels::JoinWeights::diagonal);
  static_assert(nq::kernels::join_weights_for(19) == nq::kernels::JoinWeights::plain);
  EXPECT_EQ(nq::make_join_jobs(20).jobs.size(), 184756u / 2 + 1);
}

TEST(JoinJobs, ForgedJobsAreRefused) {
  nq::Job job;
  job.branch = nq::Branch::half_boards;
  job.top_columns = 0xff;  // 8 columns for N = 12's 6 top rows
  EXPECT_THROW(nq::count_job(12, job), std::invalid_argument);
  job.top_columns = 0x3f;
  job.middle = 3;  // even N has no middle row
  EXPECT_THROW(nq::count_job(12, job), std::invalid_argument);
  job.middle = 2;  // the middle queen's column is one of the top's
  EXPECT_THROW(nq::count_job(13, job), std::invalid_argument);
}

// A checkpoint of one method is refused by a run of the other, with a sentence naming both.
TEST(JoinRecord, RecordsOfTheOtherMethodAreRefusedClearly) {
  const std::string path = testing::TempDir() + "join_method.record";
  std::filesystem::remove(path);
  nq::RunOptions o;
  o.n = 12;
  o.threads = 2;
  o.method = nq::CountMethod::backtrack;
  o.checkpoint = path;
  ASSERT_TRUE(nq::run_count(o).finished);
  o.method = nq::CountMethod::join;
  try {
    nq::run_count(o);
    ADD_FAILURE() << "a backtrack record was resumed by the join method";
  } catch (const nq::RecordError& e) {
    EXPECT_NE(std::string(e.what()).find("backtrack method"), std::string::npos) << e.what();
  }
  std::filesystem::remove(path);
}

// The table memory can decide `automatic` (the AVX2 tier takes the join at N = 18 only with its
// tables), so a record started under one resumes only under a table memory that chooses the same
// method: another is refused, naming the method the record was made with.
TEST(JoinRecord, ResumesOnlyWithATableMemoryThatChoosesItsMethod) {
  if (!nq::kernel_tier_available(nq::KernelTier::avx2)) GTEST_SKIP() << "no AVX2 tier here";
  const std::string path = testing::TempDir() + "join_table_memory.record";
  std::filesystem::remove(path);
  const std::atomic<bool> stopped{true};  // the record is written, no job is counted
  nq::RunOptions o;
  o.n = 18;
  o.threads = 1;
  o.kernel = nq::KernelTier::avx2;
  o.checkpoint = path;
  o.stop = &stopped;
  EXPECT_FALSE(nq::run_count(o).finished);
  EXPECT_EQ(nq::read_record(path).list.method, nq::CountMethod::join);
  o.table_memory = nq::join_table_bytes(18) - 1;  // the backtracker's list now
  try {
    nq::run_count(o);
    ADD_FAILURE() << "a join record was resumed with a table memory that takes the backtracker";
  } catch (const nq::RecordError& e) {
    EXPECT_NE(std::string(e.what()).find("join method"), std::string::npos) << e.what();
  }
  o.table_memory = nq::join_table_bytes(18);  // the join again: the record resumes
  EXPECT_EQ(nq::run_count(o).record.list.method, nq::CountMethod::join);
  std::filesystem::remove(path);
}

// Stopped part way, checkpointed, resumed: the exact totals, as for the backtracker.
TEST(JoinRecord, StopSaveResumeGivesTheExactCount) {
  const std::string path = testing::TempDir() + "join_resume.record";
  std::filesystem::remove(path);
  {  // ten jobs counted and saved, then the run dies
    nq::SessionOptions so;
    so.checkpoint = path;
    so.checkpoint_seconds = 0;
    nq::RunSession session(nq::describe_jobs(14, nq::CountMethod::join), {}, so);
    nq::ShardJob j;
    for (int k = 0; k < 10 && session.next_job(j); ++k) session.record(j, nq::count_job(14, j.job));
  }
  const nq::RunRecord saved = nq::read_record(path);
  EXPECT_EQ(saved.list.method, nq::CountMethod::join);
  EXPECT_EQ(saved.done_count(), 10u);
  EXPECT_LT(saved.done_count(), saved.shard_jobs());

  nq::RunOptions o;
  o.n = 14;
  o.threads = 2;
  o.method = nq::CountMethod::join;
  o.checkpoint = path;
  const nq::RunResult second = nq::run_count(o);
  EXPECT_TRUE(second.finished);
  EXPECT_EQ(second.resumed, saved.done_count());
  EXPECT_EQ(second.record.sum.total, nq::known::kTotal[14]);
  EXPECT_EQ(second.record.sum.classes(14).unique(), nq::known::kUnique[14]);
  std::filesystem::remove(path);
}

// The join's tables are sized before they are built: both tables' placements (16 bytes each)
// and offsets, and the offsets the one built last holds while it is made. The placement
// counts come from a separate count of the partial halves: plain weights at N = 16, 19,688
// outer and 19,688 inner; diagonal weights at N = 20, 490,464 and 496,489.
TEST(JoinJobs, TableBytesAreKnownBeforeTheTablesAreBuilt) {
  const auto bytes = [](std::size_t placements, int n) {
    const std::size_t sets = std::size_t{1} << n;
    return placements * 16 + 2 * (sets + 1) * 4 + 2 * sets * 4;
  };
  EXPECT_EQ(nq::join_table_bytes(16), bytes(19688 + 19688, 16));
  EXPECT_EQ(nq::join_table_bytes(20), bytes(490464 + 496489, 20));
  EXPECT_EQ(nq::join_table_bytes(3), 0u);
  EXPECT_EQ(nq::join_table_bytes(nq::kernels::kMaxTableJoinN + 1), 0u);
}

// Under a limit below its tables a join count searches each half instead, with the same
// counts, and `automatic` leaves the AVX2 tier's N = 18 to the backtracker.
TEST(JoinJobs, TablesOverTheLimitAreNotBuiltAndCountsStayExact) {
  const std::size_t small = nq::join_table_bytes(14) - 1;
  EXPECT_FALSE(nq::join_uses_tables(14, small));
  EXPECT_TRUE(nq::join_uses_tables(13, small));
  EXPECT_TRUE(nq::join_uses_tables(14, nq::kDefaultTableMemory));
  nq::CountOptions options{14, 2, nq::CountMethod::join};
  options.table_memory = small;
  const nq::CountResult r = nq::count_solutions(options);
  EXPECT_EQ(r.total(), nq::known::kTotal[14]);
  EXPECT_EQ(r.unique(), nq::known::kUnique[14]);
  // Job by job too: every group searched under the small limit counts as from the tables.
  const nq::JobList list = nq::make_join_jobs(14);
  for (std::size_t i = 0; i < list.jobs.size(); i += 7)
    ASSERT_EQ(nq::count_job(14, list.jobs[i], nq::default_kernel_tier(), small),
              nq::count_job(14, list.jobs[i]))
        << nq::describe_job(list.jobs[i]);
  EXPECT_EQ(nq::recount_method(14, nq::CountMethod::join, nq::Recount::tier,
                               nq::default_kernel_tier(), small),
            "the same join search again");
  if (nq::kernel_tier_available(nq::KernelTier::avx2)) {
    const std::size_t fits = nq::join_table_bytes(18);
    EXPECT_EQ(nq::choose_method(18, nq::KernelTier::avx2, fits - 1), nq::CountMethod::backtrack);
    EXPECT_EQ(nq::choose_method(18, nq::KernelTier::avx2, fits), nq::CountMethod::join);
    EXPECT_EQ(
        nq::describe_jobs(18, nq::CountMethod::automatic, 0, nq::KernelTier::avx2, fits - 1).method,
        nq::CountMethod::backtrack);
    EXPECT_EQ(nq::make_jobs(18, nq::CountMethod::automatic, 0, nq::KernelTier::avx2, fits).method,
              nq::CountMethod::join);
  }
}

// `auto` follows the kernel tier the backtracker would use (measured crossovers,
// src/base/tunables.hpp): the AVX-512 backtracker hands over to the join at N = 18 and 20, the
// AVX2 one from N = 18 to the last N with tables (22), the scalar one from N = 16, NEON from 20.
TEST(JoinJobs, AutomaticMethodFollowsTheKernelTier) {
  constexpr nq::KernelTier scalar = nq::KernelTier::scalar;
  EXPECT_EQ(nq::choose_method(15, scalar), nq::CountMethod::backtrack);
  EXPECT_EQ(nq::choose_method(16, scalar), nq::CountMethod::join);
  EXPECT_EQ(nq::choose_method(24, scalar), nq::CountMethod::join);
  EXPECT_EQ(nq::choose_method(25, scalar), nq::CountMethod::backtrack);  // beyond the join's range
  EXPECT_EQ(nq::make_jobs(16, nq::CountMethod::automatic, 0, scalar).method, nq::CountMethod::join);
  EXPECT_EQ(nq::describe_jobs(16, nq::CountMethod::automatic, 0, scalar).method,
            nq::CountMethod::join);
  for (const nq::KernelTier tier : nq::available_kernel_tiers()) {
    if (tier == nq::KernelTier::avx512 || tier == nq::KernelTier::avx2) {
      for (int n = 4; n <= 27; ++n) {
        const bool join =
            n == 18 || n == 20 ||
            (n >= 18 && n <= nq::kernels::kMaxTableJoinN && tier == nq::KernelTier::avx2);
        EXPECT_EQ(nq::choose_method(n, tier),
                  join ? nq::CountMethod::join : nq::CountMethod::backtrack)
            << nq::kernel_tier_name(tier) << " N = " << n;
      }
      continue;
    }
    const int from = tier == nq::KernelTier::scalar ? 16 : 20;
    EXPECT_EQ(nq::choose_method(from - 1, tier), nq::CountMethod::backtrack)
        << nq::kernel_tier_name(tier);
    EXPECT_EQ(nq::choose_method(from, tier), nq::CountMethod::join) << nq::kernel_tier_name(tier);
  }
}
