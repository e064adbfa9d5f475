// Host side of a GPU batch (internal, no CUDA in here): packs the jobs of a batch for the
// device, hands them to a launcher, and writes each job's counts back. The launcher is the
// CUDA kernel in gpu_count.cpp and, in tests/cuda/gpu_search_test.cpp, a loop that runs the
// same device functions on the CPU, so everything but the launch itself is tested without
// a GPU.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <vector>

#include "cuda/gpu_search.hpp"
#include "nqueens/count.hpp"
#include "nqueens/jobs.hpp"

namespace nqueens::gpu {

static_assert(static_cast<int>(Branch::corner) == kCorner &&
              static_cast<int>(Branch::edge) == kEdge);
static_assert(kMaxJobDepth == kPackedDepth);
static_assert(sizeof(PackedJob) == 12);

// The job depth a GPU run uses: deep enough that the list has millions of jobs (one GPU
// thread per job, 100k+ threads resident on an H100, so the last jobs of a batch are short),
// shallow enough that the list stays a few hundred MB at most. Job counts per N (depth):
// 16: 4.4M (8), 17: 2.3M (7), 18: 4.4M (7), 19: 7.7M (7), 20: 13.8M (7), 21: 22.5M (7),
// 22: 4.3M (6). make_jobs clamps the depth to N-2 for small boards.
inline int job_depth(int n) {
  return n <= 16 ? 8 : n <= 21 ? 7 : 6;
}

// Jobs per device batch (2M: N = 20 runs in 7 batches, N = 21 in 11). Progress and
// checkpoints advance once per batch, and every batch ends with a tail in which the last
// threads finish their jobs while the rest of the GPU idles, so batches are large.
inline constexpr std::size_t kBatchJobs = std::size_t{1} << 21;

inline PackedJob pack(int n, const Job& job) {
  if (job.branch == Branch::whole) throw std::invalid_argument("a whole-board job is not packed");
  const int min_depth = job.branch == Branch::corner ? 2 : 1;
  if (job.depth < min_depth || job.depth > n - 2 || job.depth > kPackedDepth)
    throw std::invalid_argument("job depth out of range for the GPU kernel");
  PackedJob p{};
  for (int r = 0; r < kPackedDepth; ++r) p.cols[r] = job.cols[r];
  p.branch = static_cast<std::uint8_t>(job.branch);
  p.depth = job.depth;
  return p;
}

inline SolutionCounts to_counts(const PackedTally& t) {
  ClassCounts c;
  c.size2 = t.size2;
  c.size4 = t.size4;
  c.size8 = t.size8;
  return SolutionCounts::of(c);
}

// Counts list.jobs[indices[k]] into out[k]. `launch(n, depth, jobs, tallies)` counts packed
// jobs (std::span<const PackedJob>, std::span<PackedTally>); whole-board jobs (N <= 3) are
// counted on the host by count_job.
template <class Launch>
void count_batch_with(const JobList& list, std::span<const std::size_t> indices,
                      std::span<SolutionCounts> out, Launch&& launch) {
  if (out.size() != indices.size()) throw std::invalid_argument("count_batch: size mismatch");
  std::vector<PackedJob> packed;
  std::vector<std::size_t> where;  // packed[i] is the job of indices[where[i]]
  packed.reserve(indices.size());
  where.reserve(indices.size());
  for (std::size_t k = 0; k < indices.size(); ++k) {
    const Job& job = list.jobs.at(indices[k]);
    if (job.branch == Branch::whole) {
      out[k] = count_job(list.n, job);
      continue;
    }
    // The device sizes every thread's stack from the list depth.
    if (job.depth != list.depth) throw std::invalid_argument("job depth differs from the list's");
    packed.push_back(pack(list.n, job));
    where.push_back(k);
  }
  if (packed.empty()) return;
  std::vector<PackedTally> tallies(packed.size());
  launch(list.n, list.depth, std::span<const PackedJob>(packed), std::span<PackedTally>(tallies));
  for (std::size_t i = 0; i < packed.size(); ++i) out[where[i]] = to_counts(tallies[i]);
}

// The device logic run on the CPU, one job after another (tests and reference).
inline void launch_on_host(int n, int depth, std::span<const PackedJob> jobs,
                           std::span<PackedTally> out) {
  std::vector<Word> stack(static_cast<std::size_t>(std::max(stack_words(n, depth), 1)));
  for (std::size_t i = 0; i < jobs.size(); ++i)
    out[i] = count_packed_job(n, jobs[i], stack.data(), 1);
}

}  // namespace nqueens::gpu
