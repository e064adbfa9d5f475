// Host side of a GPU count (internal, no CUDA in here): orders the host jobs heavy first, hands
// them out in chunks from one queue to every device, keeps two chunks in flight per device,
// and records each finished job through the caller's callback (RunSession::record). The
// devices are ChunkCounters (gpu_counter.hpp): the CUDA one and, in the tests, the warp model
// of gpu_warp_model.hpp, so the scheduling, the overflow retries, the stop and the error
// paths are tested without a GPU.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cuda/gpu_counter.hpp"
#include "cuda/gpu_search.hpp"
#include "nqueens/count.hpp"
#include "nqueens/jobs.hpp"
#include "nqueens/kernel_tier.hpp"

namespace nqueens::gpu {

static_assert(static_cast<int>(Branch::corner) == kCorner &&
              static_cast<int>(Branch::edge) == kEdge);
static_assert(kMaxJobDepth == kPackedDepth);
static_assert(sizeof(PackedJob) == 12 && sizeof(Task) == 32 && sizeof(Frame) == 16);

// Rows the device adds to a host job of `depth` rows: tasks of about 13 free rows (N = 20:
// 7 rows, ~4e4 nodes a task), at least one row (many tasks per host job), at most kMaxExtra-1
// so the tail can split one row finer, and never past row N-2.
inline int base_extra(int n, int depth) {
  const int wanted = std::clamp(n - 13 - depth, 1, kMaxExtra - 1);
  return std::max(0, std::min(wanted, n - 2 - depth));
}

inline PackedJob pack(int n, const Job& job, int extra) {
  if (job.branch != Branch::corner && job.branch != Branch::edge)
    throw std::invalid_argument("only corner and edge jobs are packed for the GPU");
  if (job.depth < 2 || job.depth + extra > n - 2 || job.depth > kPackedDepth || extra < 0 ||
      extra > kMaxExtra)
    throw std::invalid_argument("job depth out of range for the GPU kernel");
  PackedJob p{};
  for (int r = 0; r < kPackedDepth; ++r) p.cols[r] = job.cols[r];
  p.branch = static_cast<std::uint8_t>(job.branch);
  p.depth = job.depth;
  p.unused[0] = static_cast<std::uint8_t>(extra);
  return p;
}

inline SolutionCounts to_counts(const PackedTally& t) {
  ClassCounts c;
  c.size2 = t.size2;
  c.size4 = t.size4;
  c.size8 = t.size8;
  return SolutionCounts::of(c);
}

// How much work a host job holds, roughly: the nodes of the two rows below it (the order of
// heavy-first scheduling only, never a count).
inline std::uint64_t job_weight(int n, const Job& job) {
  if (job.depth + 2 > n - 2) return 1;
  std::uint64_t nodes = 0;
  expand_job(n, pack(n, job, 0), 2, 0, [&](const Task&) { ++nodes; });
  return nodes + 1;
}

struct PipelineOptions {
  double chunk_seconds = 0.5;      // a chunk's target duration (progress, checkpoints, stop)
  std::size_t first_chunk = 4096;  // jobs of a device's first chunk, before its rate is known
  std::size_t min_chunk = 64;
  int extra = -1;              // rows added per host job (-1: base_extra)
  std::function<bool()> stop;  // polled between chunks
  // The run's kernel tier, for the jobs counted on the host (the whole board, N <= 3);
  // nullopt: default_kernel_tier().
  std::optional<KernelTier> kernel = std::nullopt;
};

// Per-device progress, readable while the pipeline runs.
struct DeviceProgress {
  std::string name;
  std::atomic<std::uint64_t> jobs{0};
  std::atomic<double> busy_seconds{0};
};

// Counts list.jobs[i] for i in `indices` on the counters, calling record(i, counts) (serialised)
// once per finished job. Stops taking chunks once record returns false or options.stop() is
// true; the chunks in flight are finished and recorded. A counter's exception stops the others
// the same way and is rethrown after every finished job has been recorded.
inline void run_pipeline(const JobList& list, std::span<const std::size_t> indices,
                         std::span<ChunkCounter* const> counters,
                         const std::function<bool(std::size_t, const SolutionCounts&)>& record,
                         const PipelineOptions& options, std::span<DeviceProgress> progress = {}) {
  const int n = list.n;
  std::mutex lock;  // the queue, record() and the error
  bool stopping = false;
  std::exception_ptr error;

  // Whole-board jobs (N <= 3) are counted here; the rest in heavy-first order.
  struct Item {
    std::size_t index;
    std::uint64_t weight;
  };
  std::vector<Item> order;
  order.reserve(indices.size());
  for (const std::size_t i : indices) {
    const Job& job = list.jobs.at(i);
    if (job.branch == Branch::whole) {
      const KernelTier tier = options.kernel ? *options.kernel : default_kernel_tier();
      if (!record(i, count_job(n, job, tier))) return;
      continue;
    }
    order.push_back({i, job_weight(n, job)});
  }
  std::stable_sort(order.begin(), order.end(),
                   [](const Item& a, const Item& b) { return a.weight > b.weight; });
  const int extra = options.extra >= 0 ? options.extra : base_extra(n, list.depth);
  // The lightest jobs at the end are cut one row finer, so the last tasks are short.
  const std::size_t tail_from = order.size() - order.size() / 16;
  auto extra_at = [&](std::size_t position) {
    const int e = position >= tail_from ? extra + 1 : extra;
    return std::min(e, n - 2 - list.depth);
  };
  std::size_t next = 0;
  std::deque<PackedJob> retry;  // overflowed jobs, with fewer rows added
  std::deque<std::size_t> retry_index;

  auto should_stop = [&] { return stopping || (options.stop && options.stop()); };

  // Takes up to `count` jobs: retries first, then the ordered list.
  auto take = [&](std::size_t count, std::vector<std::size_t>& idx, std::vector<PackedJob>& jobs) {
    std::lock_guard guard(lock);
    idx.clear();
    jobs.clear();
    if (should_stop()) return;
    if (!retry.empty()) {  // an overflowed job is retried on its own
      idx.push_back(retry_index.front());
      jobs.push_back(retry.front());
      retry.pop_front();
      retry_index.pop_front();
      return;
    }
    // Leave work for the other devices near the end.
    const std::size_t left = order.size() - next;
    const std::size_t share =
        std::max<std::size_t>(options.min_chunk, left / (2 * counters.size()));
    count = std::min(count, share);
    while (next < order.size() && idx.size() < count) {
      const Item& it = order[next];
      idx.push_back(it.index);
      jobs.push_back(pack(n, list.jobs[it.index], extra_at(next)));
      ++next;
    }
  };

  auto device = [&](std::size_t d) {
    ChunkCounter& c = *counters[d];
    DeviceProgress* p = d < progress.size() ? &progress[d] : nullptr;
    std::vector<std::size_t> idx[2];
    std::vector<PackedJob> jobs[2];
    std::vector<PackedTally> tallies;
    std::vector<std::uint8_t> overflow;
    using Clock = std::chrono::steady_clock;
    Clock::time_point started[2], last_done = Clock::now();
    double jobs_per_second = 0, tasks_per_job = 0;
    // By time (the measured rate), and within the task buffer (the tasks per job seen so far,
    // with room for jobs heavier than the average).
    auto chunk_size = [&] {
      double size = static_cast<double>(options.first_chunk);
      if (jobs_per_second > 0) size = jobs_per_second * options.chunk_seconds;
      if (tasks_per_job > 0)
        size = std::min(size, 0.5 * static_cast<double>(c.task_capacity()) / tasks_per_job);
      return std::min(std::max(static_cast<std::size_t>(size), options.min_chunk), c.max_jobs());
    };
    bool in_flight[2] = {false, false};
    int front = 0;
    try {
      for (;;) {
        for (int k = 0; k < 2; ++k) {
          const int b = (front + k) % 2;
          if (in_flight[b]) continue;
          take(chunk_size(), idx[b], jobs[b]);
          if (idx[b].empty()) break;
          started[b] = std::chrono::steady_clock::now();
          c.start(b, jobs[b].data(), jobs[b].size());
          in_flight[b] = true;
        }
        if (!in_flight[front]) break;
        const int b = front;
        tallies.assign(jobs[b].size(), PackedTally{0, 0, 0});
        overflow.assign(jobs[b].size(), 0);
        const std::size_t tasks = c.wait(b, tallies.data(), overflow.data());
        in_flight[b] = false;
        front = 1 - front;
        // The chunk's own time: from its start or the previous chunk's end, whichever is later.
        const Clock::time_point now = Clock::now();
        const double seconds =
            std::chrono::duration<double>(now - std::max(started[b], last_done)).count();
        last_done = now;
        const double per_job = static_cast<double>(tasks) / static_cast<double>(jobs[b].size());
        tasks_per_job = std::max(tasks_per_job, per_job);
        std::size_t done = 0;
        std::lock_guard guard(lock);
        for (std::size_t k = 0; k < idx[b].size(); ++k) {
          if (overflow[k] != 0) {
            // Alone in its chunk it overflowed by itself: fewer rows added.
            PackedJob again = jobs[b][k];
            if (idx[b].size() == 1) {
              if (again.unused[0] == 0)
                throw std::runtime_error("a single job's tasks do not fit the task buffer");
              --again.unused[0];
            }
            retry.push_back(again);
            retry_index.push_back(idx[b][k]);
            continue;
          }
          ++done;
          if (!record(idx[b][k], to_counts(tallies[k]))) stopping = true;
        }
        if (seconds > 0 && done > 0) {
          const double rate = static_cast<double>(done) / seconds;
          jobs_per_second = jobs_per_second == 0 ? rate : 0.5 * (jobs_per_second + rate);
        }
        if (p) {
          p->jobs += done;
          p->busy_seconds = p->busy_seconds + seconds;
        }
      }
    } catch (...) {
      std::lock_guard guard(lock);
      if (!error) error = std::current_exception();
      stopping = true;
      // Chunks still in flight are abandoned: their jobs were not recorded.
    }
  };

  if (counters.size() == 1) {
    device(0);
  } else {
    std::vector<std::thread> threads;
    for (std::size_t d = 0; d < counters.size(); ++d) threads.emplace_back(device, d);
    for (std::thread& t : threads) t.join();
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace nqueens::gpu
