// The GPU kernel's device functions (src/cuda/gpu_search.hpp), compiled for the host and run
// on the CPU: every job of N = 4..14 and a sample of N = 15 and 16 against count_job() (the
// CPU kernel) per job, and the sums against OEIS A000170 / A002562; then whole runs through
// run_count()'s batch hook, checkpoint and resume included, exactly as `count --gpu` drives
// the device. This is the proof of the kernel logic on machines without a GPU.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "cuda/gpu_batch.hpp"
#include "nqueens/jobs.hpp"
#include "nqueens/known_counts.hpp"
#include "nqueens/rank.hpp"
#include "nqueens/run.hpp"

namespace {

using nqueens::Branch;
using nqueens::JobList;
using nqueens::make_jobs;
using nqueens::SolutionCounts;
namespace gpu = nqueens::gpu;

// Runs the device function on one job with a stack spaced like a block's shared memory
// (stride 32: thread 5 of a 32-thread block), to catch slot/stride mix-ups that stride 1
// would hide.
SolutionCounts count_like_device(const JobList& list, const nqueens::Job& job) {
  constexpr int kStride = 32, kThread = 5;
  std::vector<gpu::Word> shared(
      static_cast<std::size_t>(std::max(gpu::stack_words(list.n, list.depth), 1)) * kStride,
      0xdeadbeefu);
  const gpu::PackedJob p = gpu::pack(list.n, job);
  return gpu::to_counts(gpu::count_packed_job(list.n, p, shared.data() + kThread, kStride));
}

void check_list(const JobList& list, std::size_t step, SolutionCounts* sum) {
  for (std::size_t i = 0; i < list.jobs.size(); i += step) {
    const SolutionCounts got = count_like_device(list, list.jobs[i]);
    const SolutionCounts want = nqueens::count_job(list.n, list.jobs[i]);
    ASSERT_EQ(got, want) << "N=" << list.n << " depth=" << list.depth << " job " << i;
    if (sum) *sum += got;
  }
}

TEST(GpuSearchOnHost, EveryJobMatchesCountJobAndOeis) {
  for (int n = 4; n <= 14; ++n) {
    const JobList list = make_jobs(n, gpu::job_depth(n));
    SolutionCounts sum;
    check_list(list, 1, &sum);
    EXPECT_EQ(static_cast<std::uint64_t>(sum.classes(n).total()), nqueens::known::kTotal[n])
        << "N=" << n;
    EXPECT_EQ(static_cast<std::uint64_t>(sum.classes(n).unique()), nqueens::known::kUnique[n])
        << "N=" << n;
  }
}

// Every depth the list allows, so the stack holds 0 .. N-4 slots.
TEST(GpuSearchOnHost, EveryDepthMatchesCountJob) {
  for (int n = 4; n <= 12; ++n)
    for (int depth = 1; depth <= std::min(n - 2, nqueens::kMaxJobDepth); ++depth) {
      const JobList list = make_jobs(n, depth);
      SolutionCounts sum;
      check_list(list, 1, &sum);
      EXPECT_EQ(static_cast<std::uint64_t>(sum.classes(n).total()), nqueens::known::kTotal[n]);
      EXPECT_EQ(static_cast<std::uint64_t>(sum.classes(n).unique()), nqueens::known::kUnique[n]);
    }
}

// A sample of the GPU job lists at N = 15 and 16 (every 97th / 1009th job: a few thousand).
TEST(GpuSearchOnHost, SampleOfLargerBoards) {
  check_list(make_jobs(15, gpu::job_depth(15)), 97, nullptr);
  check_list(make_jobs(16, gpu::job_depth(16)), 1009, nullptr);
}

// N = 15 in full through the batch path (packing, device logic, unpacking).
TEST(GpuSearchOnHost, WholeCountThroughBatches) {
  for (int n : {1, 2, 3, 8, 15}) {
    const JobList list = make_jobs(n, gpu::job_depth(n));
    std::vector<std::size_t> all(list.jobs.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    std::vector<SolutionCounts> out(all.size());
    gpu::count_batch_with(list, all, out, gpu::launch_on_host);
    SolutionCounts sum;
    for (const auto& c : out) sum += c;
    EXPECT_EQ(static_cast<std::uint64_t>(sum.classes(n).total()), nqueens::known::kTotal[n])
        << "N=" << n;
    EXPECT_EQ(static_cast<std::uint64_t>(sum.classes(n).unique()), nqueens::known::kUnique[n])
        << "N=" << n;
  }
}

// `count --gpu`'s options with the device logic run on the host; `batches` counts the calls.
nqueens::RunOptions host_gpu_options(int n, const std::string& checkpoint, int* batches) {
  nqueens::RunOptions o;
  o.n = n;
  o.depth = gpu::job_depth(n);
  o.checkpoint = checkpoint;
  o.count_batch = [batches](const JobList& list, std::span<const std::size_t> indices,
                            std::span<SolutionCounts> counts) {
    gpu::count_batch_with(list, indices, counts, gpu::launch_on_host);
    ++*batches;
  };
  o.batch_jobs = 1000;
  return o;
}

// run_count's batch hook: stopped after a batch, checkpointed, resumed to the exact total.
TEST(GpuSearchOnHost, RunCountBatchesCheckpointAndResume) {
  const std::string path =
      (std::filesystem::temp_directory_path() / "nqueens-gpu-host-test.record").string();
  std::filesystem::remove(path);
  std::atomic<bool> stop{false};
  int batches = 0;
  nqueens::RunOptions o = host_gpu_options(12, path, &batches);
  const auto count_batch = o.count_batch;
  o.count_batch = [&](const JobList& list, std::span<const std::size_t> indices,
                      std::span<SolutionCounts> counts) {
    count_batch(list, indices, counts);
    if (batches == 3) stop = true;  // as SIGINT during the third batch would
  };
  std::size_t last_done = 0;
  o.on_progress = [&](const nqueens::RunProgress& p) { last_done = p.done; };
  o.stop = &stop;
  const nqueens::RunResult first = nqueens::run_count(o);
  EXPECT_FALSE(first.finished);
  EXPECT_EQ(first.record.done_count(), 3000u);  // the batch in flight is finished and saved
  EXPECT_EQ(last_done, 3000u);

  batches = 0;
  nqueens::RunOptions again = host_gpu_options(12, path, &batches);
  const nqueens::RunResult second = nqueens::run_count(again);
  EXPECT_TRUE(second.finished);
  EXPECT_EQ(second.resumed, 3000u);
  EXPECT_EQ(static_cast<std::size_t>(batches), (second.record.shard_jobs() - 3000 + 999) / 1000);
  EXPECT_EQ(static_cast<std::uint64_t>(second.record.sum.total), nqueens::known::kTotal[12]);
  EXPECT_EQ(static_cast<std::uint64_t>(second.record.sum.classes(12).unique()),
            nqueens::known::kUnique[12]);
  std::filesystem::remove(path);
}

TEST(GpuSearchOnHost, CountAllBelowMatchesPrefixSubtrees) {
  // The prefix-table kernel's search on the CPU: every three-queen prefix of N = 5..12 (and
  // the empty and complete boards) against the CPU's count_prefix_subtree.
  for (int n = 5; n <= 12; ++n) {
    const gpu::Word full = (gpu::Word{1} << n) - 1;
    EXPECT_EQ(gpu::count_all_below(n, 0, 0, 0), nqueens::known::kTotal[n]) << n;
    for (int i = 0; i < n * n * n; ++i) {
      const int cols[3] = {i / (n * n), i / n % n, i % n};
      gpu::Word left = 0, down = 0, right = 0;
      bool legal = true;
      for (const int c : cols) {
        const gpu::Word bit = gpu::Word{1} << c;
        legal = legal && ((left | down | right) & bit) == 0;
        left = ((left | bit) << 1) & full;
        down |= bit;
        right = (right | bit) >> 1;
      }
      if (!legal) continue;
      EXPECT_EQ(gpu::count_all_below(n, left, down, right),
                nqueens::count_prefix_subtree(n, cols, 3, false))
          << "n " << n << " prefix " << cols[0] << " " << cols[1] << " " << cols[2];
    }
  }
  EXPECT_EQ(gpu::count_all_below(4, 0, 0b1111, 0), 1u);  // a complete board is one solution
}

}  // namespace
