// The GPU kernels' device functions (src/cuda/gpu_search.hpp) compiled for the host and run
// through the warp model (gpu_warp_model.hpp), which follows the kernel's loop phase by phase:
// every host job of N = 6..15 against the CPU kernel (count_job: total, class split) and the
// tie candidates against a plain search's; the deferred tie classification against the CPU's
// classify_edge_leaf; the task expansion against the plain job list; the host pipeline (heavy
// first, chunks, overflow retries, two devices, stop, checkpoint, errors) through run_count.
// This is the proof of the GPU logic on machines without a GPU.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cuda/gpu_pipeline.hpp"
#include "cuda/gpu_warp_model.hpp"
#include "kernels/count_kernel.hpp"
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
namespace kernels = nqueens::kernels;
using Row = kernels::Row;

// Tie candidates and leaves of a plain BranchRules search below one job (the reference).
struct Reference {
  std::uint64_t ties = 0;
  kernels::Tally classified;  // the tie candidates as classify_edge_leaf counts them
};

void reference_below(const kernels::BranchRules& r, int row, Row left, Row down, Row right,
                     Row* board, Reference& out) {
  const int n = r.n;
  for (Row todo = r.candidates(row, left, down, right); todo != 0; todo &= todo - 1) {
    const Row bit = todo & (0u - todo);
    board[row] = bit;
    const Row l = (left | bit) << 1, d = down | bit, rt = (right | bit) >> 1;
    if (row + 1 == n - 1) {
      const Row last = r.last_row(l, d, rt);
      if (last != 0 && r.branch == Branch::edge &&
          (board[r.bound2] == 1u || last == r.end_bit || board[r.bound1] == r.top_bit)) {
        board[n - 1] = last;
        ++out.ties;
        kernels::classify_edge_leaf(r, board, out.classified);
      }
      continue;
    }
    reference_below(r, row + 1, l, d, rt, board, out);
  }
}

Reference reference_job(int n, const nqueens::Job& job) {
  const kernels::BranchRules r = kernels::BranchRules::make(
      n, job.branch, job.branch == Branch::corner ? job.cols[1] : job.cols[0]);
  Row board[32] = {};
  Row left = 0, down = 0, right = 0;
  for (int row = 0; row < job.depth; ++row) {
    const Row bit = Row{1} << job.cols[row];
    board[row] = bit;
    left = (left | bit) << 1;
    down |= bit;
    right = (right | bit) >> 1;
  }
  Reference out;
  reference_below(r, job.depth, left, down, right, board, out);
  return out;
}

// Every host job of the CPU's list, expanded and counted by the warp model in one chunk,
// against count_job job by job; tie candidates against the reference search.
TEST(GpuSearchOnHost, EveryJobMatchesTheCpuKernel) {
  for (int n = 6; n <= 15; ++n) {
    const JobList list = make_jobs(n);
    const int extra = gpu::base_extra(n, list.depth);
    std::vector<gpu::PackedJob> jobs;
    for (const nqueens::Job& job : list.jobs) jobs.push_back(gpu::pack(n, job, extra));
    gpu::HostChunkCounter model(n, std::size_t{1} << 22);
    std::vector<gpu::PackedTally> tallies(jobs.size());
    std::vector<std::uint8_t> overflow(jobs.size());
    model.start(0, jobs.data(), jobs.size());
    model.wait(0, tallies.data(), overflow.data());
    SolutionCounts sum;
    std::uint64_t ties = 0, tasks = 0;
    for (const gpu::PackedJob& j : jobs)
      gpu::expand_job(n, j, extra, 0, [&](const gpu::Task&) { ++tasks; });
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      ASSERT_EQ(overflow[i], 0);
      const SolutionCounts got = gpu::to_counts(tallies[i]);
      ASSERT_EQ(got, nqueens::count_job(n, list.jobs[i])) << "N=" << n << " job " << i;
      sum += got;
      ties += reference_job(n, list.jobs[i]).ties;
    }
    EXPECT_EQ(model.stats.ties, ties) << "N=" << n;
    EXPECT_EQ(model.stats.refills, tasks) << "N=" << n;  // every task taken once
    EXPECT_EQ(static_cast<std::uint64_t>(sum.total), nqueens::known::kTotal[n]) << "N=" << n;
    EXPECT_EQ(static_cast<std::uint64_t>(sum.classes(n).unique()), nqueens::known::kUnique[n])
        << "N=" << n;
  }
}

// The tie buffer's classification against the CPU's, on every tie candidate of N = 6..15
// (with the board in the buffer's layout: column bytes, rows past N 0xff).
TEST(GpuSearchOnHost, TieClassificationMatchesTheCpu) {
  for (int n = 6; n <= 15; ++n) {
    const JobList list = make_jobs(n, 2);
    std::uint64_t candidates = 0;
    for (const nqueens::Job& job : list.jobs) {
      if (job.branch != Branch::edge) continue;
      const kernels::BranchRules r = kernels::BranchRules::make(n, Branch::edge, job.cols[0]);
      Row board[32] = {};
      // Every edge leaf below the job, tie candidates classified both ways.
      std::function<void(int, Row, Row, Row)> walk = [&](int row, Row left, Row down, Row right) {
        for (Row todo = r.candidates(row, left, down, right); todo != 0; todo &= todo - 1) {
          const Row bit = todo & (0u - todo);
          board[row] = bit;
          const Row l = (left | bit) << 1, d = down | bit, rt = (right | bit) >> 1;
          if (row + 1 < n - 1) {
            walk(row + 1, l, d, rt);
            continue;
          }
          const Row last = r.last_row(l, d, rt);
          if (last == 0) continue;
          board[n - 1] = last;
          if (!(board[r.bound2] == 1u || last == r.end_bit || board[r.bound1] == r.top_bit))
            continue;
          ++candidates;
          kernels::Tally want;
          kernels::classify_edge_leaf(r, board, want);
          gpu::Word entry[gpu::kBoardWords * gpu::kWarp];
          for (int w = 0; w < gpu::kBoardWords; ++w) entry[w * gpu::kWarp] = ~gpu::Word{0};
          for (int i = 0; i < n; ++i) gpu::store_column(entry, i, std::countr_zero(board[i]));
          const int size = gpu::classify_tie(n, entry);
          const int want_size = want.size2 ? 2 : want.size4 ? 4 : want.size8 ? 8 : 0;
          ASSERT_EQ(size, want_size) << "N=" << n;
        }
      };
      Row left = 0, down = 0, right = 0;
      for (int row = 0; row < job.depth; ++row) {
        const Row bit = Row{1} << job.cols[row];
        board[row] = bit;
        left = (left | bit) << 1;
        down |= bit;
        right = (right | bit) >> 1;
      }
      walk(job.depth, left, down, right);
    }
    EXPECT_GT(candidates, 0u) << "N=" << n;
  }
}

// Expanding each host job `extra` rows gives the plain job list `extra` rows deeper, in order,
// with the masks and tie flags of each prefix.
TEST(GpuSearchOnHost, ExpansionIsTheDeeperJobList) {
  struct Case {
    int n, depth, extra;
  };
  std::vector<Case> cases;
  for (int n = 6; n <= 12; ++n)
    for (int depth = 2; depth <= std::min(n - 2, nqueens::kMaxJobDepth); ++depth)
      for (int extra = 0; extra <= gpu::kMaxExtra && depth + extra <= std::min(n - 2, 8); ++extra)
        cases.push_back({n, depth, extra});
  const int n15 = make_jobs(15).depth;  // the CPU's depth, with the rows a count adds
  cases.push_back({15, n15, gpu::base_extra(15, n15)});
  cases.push_back({15, n15, gpu::base_extra(15, n15) + 1});
  for (const auto& [n, depth, extra] : cases) {
    {
      const JobList host = make_jobs(n, depth), deep = make_jobs(n, depth + extra);
      std::vector<gpu::Task> tasks;
      std::vector<std::uint32_t> owner;
      for (std::size_t i = 0; i < host.jobs.size(); ++i)
        gpu::expand_job(n, gpu::pack(n, host.jobs[i], extra), extra, static_cast<std::uint32_t>(i),
                        [&](const gpu::Task& t) {
                          tasks.push_back(t);
                          owner.push_back(static_cast<std::uint32_t>(i));
                        });
      ASSERT_EQ(tasks.size(), deep.jobs.size()) << n << " " << depth << "+" << extra;
      for (std::size_t k = 0; k < tasks.size(); ++k) {
        const gpu::Task& t = tasks[k];
        const nqueens::Job& job = deep.jobs[k];
        ASSERT_EQ(t.slot, owner[k]);
        const kernels::BranchRules r = kernels::BranchRules::make(
            n, job.branch, job.branch == Branch::corner ? job.cols[1] : job.cols[0]);
        Row left = 0, down = 0, right = 0;
        Row flags = 0;
        for (int row = 0; row < gpu::kTaskRows; ++row) {
          if (row >= job.depth) {
            ASSERT_EQ(t.cols[row], 0xff);
            continue;
          }
          ASSERT_EQ(t.cols[row], job.cols[row]) << n << " task " << k << " row " << row;
          const Row bit = Row{1} << job.cols[row];
          if (job.branch == Branch::edge && row == r.bound2 && bit == 1u) flags |= gpu::kFlag90;
          if (job.branch == Branch::edge && row == r.bound1 && bit == r.top_bit)
            flags |= gpu::kFlag270;
          left = (left | bit) << 1;
          down |= bit;
          right = (right | bit) >> 1;
        }
        ASSERT_EQ(t.left, left);
        ASSERT_EQ(t.down, down | flags);
        ASSERT_EQ(t.right, right);
      }
    }
  }
}

// The lane rules are BranchRules::candidates and last_row for every task row (2 .. N-2).
TEST(GpuSearchOnHost, LaneRulesAreTheBranchRules) {
  for (int n = 4; n <= gpu::kMaxGpuN; ++n) {
    std::vector<kernels::BranchRules> all;
    for (int b = 2; b <= n - 2; ++b)
      all.push_back(kernels::BranchRules::make(n, Branch::corner, b));
    for (int b = 1; b <= n - 1 - b; ++b)
      all.push_back(kernels::BranchRules::make(n, Branch::edge, b));
    for (const kernels::BranchRules& r : all) {
      const gpu::LaneRules c = gpu::lane_rules(r);
      for (int row = 2; row <= n - 2; ++row) {
        const Row forbid = c.forbid & (0u - ((c.band1 >> (row - 1)) & 1u));
        EXPECT_EQ(forbid, r.forbidden(row)) << n << " row " << row;
      }
      EXPECT_EQ(c.last_allowed, r.last_allowed());
    }
  }
}

// A model device whose first chunk waits (up to 10 s) until every device of the run has
// started one, so that the test sees both devices take work however the threads are timed.
class MeetingCounter : public gpu::HostChunkCounter {
 public:
  MeetingCounter(int n, std::size_t capacity, std::atomic<int>& started, int devices)
      : HostChunkCounter(n, capacity), started_(started), devices_(devices) {}
  void start(int b, const gpu::PackedJob* jobs, std::size_t count) override {
    if (!counted_) ++started_, counted_ = true;
    HostChunkCounter::start(b, jobs, count);
  }
  std::size_t wait(int b, gpu::PackedTally* t, std::uint8_t* o) override {
    for (int i = 0; i < 1000 && started_ < devices_; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return HostChunkCounter::wait(b, t, o);
  }

 private:
  std::atomic<int>& started_;
  int devices_;
  bool counted_ = false;
};

// Whole counts through the pipeline: two model devices from one queue, task buffers small
// enough that chunks overflow and jobs are retried (alone, then with fewer rows added).
TEST(GpuSearchOnHost, PipelineCountsWithTwoDevicesAndOverflows) {
  for (const int n : {1, 3, 8, 12, 14}) {
    const JobList list = make_jobs(n);
    std::atomic<int> started{0};
    MeetingCounter a(n, 300, started, 2), b(n, 12, started, 2);
    gpu::ChunkCounter* devices[] = {&a, &b};
    std::vector<gpu::DeviceProgress> progress(2);
    SolutionCounts sum;
    std::vector<int> seen(list.jobs.size(), 0);
    gpu::PipelineOptions options;
    options.first_chunk = 7;
    options.min_chunk = 3;
    options.kernel = nqueens::KernelTier::scalar;  // the run's tier, for the host's jobs (N <= 3)
    const std::vector<std::size_t> all = list.all_indices();
    gpu::run_pipeline(
        list, all, devices,
        [&](std::size_t i, const SolutionCounts& c) {
          ++seen[i];
          sum += c;
          return true;
        },
        options, progress);
    for (std::size_t i = 0; i < seen.size(); ++i)
      ASSERT_EQ(seen[i], 1) << "N=" << n << " job " << i;
    EXPECT_EQ(static_cast<std::uint64_t>(sum.total), nqueens::known::kTotal[n]) << "N=" << n;
    EXPECT_EQ(static_cast<std::uint64_t>(sum.classes(n).unique()), nqueens::known::kUnique[n]);
    if (n >= 12) {
      EXPECT_GT(a.chunks, 0u);
      EXPECT_GT(b.chunks, 0u);
      EXPECT_GT(a.overflowed + b.overflowed, 0u);  // the retry path ran
      EXPECT_EQ(progress[0].jobs + progress[1].jobs, list.jobs.size());
    }
  }
}

// A device that fails after some chunks (as a CUDA error would).
class FailingCounter : public gpu::HostChunkCounter {
 public:
  FailingCounter(int n, int fail_at) : HostChunkCounter(n, 1 << 16), fail_at_(fail_at) {}
  std::size_t wait(int b, gpu::PackedTally* t, std::uint8_t* o) override {
    if (++waits_ == fail_at_)
      throw std::runtime_error("CUDA error in kernel: an illegal memory access");
    return HostChunkCounter::wait(b, t, o);
  }

 private:
  int fail_at_, waits_ = 0;
};

// A model device that raises the stop flag while it counts its n-th chunk (as SIGINT would).
class StoppingCounter : public gpu::HostChunkCounter {
 public:
  StoppingCounter(int n, int stop_at, std::atomic<bool>& stop)
      : HostChunkCounter(n, 1 << 16), stop_at_(stop_at), stop_(stop) {}
  std::size_t wait(int b, gpu::PackedTally* t, std::uint8_t* o) override {
    if (++waits_ == stop_at_) stop_ = true;
    return HostChunkCounter::wait(b, t, o);
  }

 private:
  int stop_at_, waits_ = 0;
  std::atomic<bool>& stop_;
};

nqueens::RunOptions pipeline_options(int n, const std::string& checkpoint,
                                     gpu::ChunkCounter* device) {
  nqueens::RunOptions o;
  o.n = n;
  o.method = nqueens::CountMethod::backtrack;
  o.checkpoint = checkpoint;
  o.count_jobs = [device](const JobList& list, std::span<const std::size_t> remaining,
                          const std::function<bool(std::size_t, const SolutionCounts&)>& record) {
    gpu::ChunkCounter* devices[] = {device};
    gpu::PipelineOptions p;
    p.first_chunk = 50;
    p.min_chunk = 50;
    p.chunk_seconds = 0;  // chunks stay at min_chunk jobs
    gpu::run_pipeline(list, remaining, devices, record, p);
  };
  return o;
}

// run_count's job backend: stopped part way, checkpointed, resumed; a device error leaves a
// record that resumes (with the model, as `count --gpu` would, or on the CPU's threads).
TEST(GpuSearchOnHost, RunCountStopsFailsAndResumes) {
  const std::string path =
      (std::filesystem::temp_directory_path() / "nqueens-gpu-host-test.record").string();
  std::filesystem::remove(path);
  const int n = 13;
  {  // a stop during the third chunk: it and the chunk in flight are recorded, then it returns
    std::atomic<bool> stop{false};
    StoppingCounter model(n, 3, stop);
    nqueens::RunOptions o = pipeline_options(n, path, &model);
    o.stop = &stop;
    const nqueens::RunResult r = nqueens::run_count(o);
    EXPECT_FALSE(r.finished);
    EXPECT_EQ(r.record.done_count(), 200u);  // chunks of 50: the third and the one in flight
  }
  std::size_t before_error = 0;
  {  // a device error in its fourth chunk: thrown out of run_count, the record saved
    FailingCounter failing(n, 4);
    EXPECT_THROW(nqueens::run_count(pipeline_options(n, path, &failing)), std::runtime_error);
    const nqueens::RunRecord saved = nqueens::read_record(path);
    before_error = saved.done_count();
    EXPECT_GT(saved.done_count(), 100u);
    EXPECT_LT(saved.done_count(), saved.shard_jobs());
  }
  {  // resumed on the CPU's threads: the GPU's record is the CPU's job list
    nqueens::RunOptions o;
    o.n = n;
    o.method = nqueens::CountMethod::backtrack;
    o.checkpoint = path;
    o.threads = 1;
    const nqueens::RunResult r = nqueens::run_count(o);
    EXPECT_TRUE(r.finished);
    EXPECT_EQ(r.resumed, before_error);
    EXPECT_EQ(static_cast<std::uint64_t>(r.record.sum.total), nqueens::known::kTotal[n]);
    EXPECT_EQ(static_cast<std::uint64_t>(r.record.sum.classes(n).unique()),
              nqueens::known::kUnique[n]);
  }
  std::filesystem::remove(path);
  std::filesystem::remove(path + ".lock");
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
