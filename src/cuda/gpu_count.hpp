// The GPU backend of `nqueens count --gpu` (internal; built when NQUEENS_CUDA is on, which
// defines NQUEENS_HAVE_CUDA for its users). It counts batches of the same JobList the CPU
// engine runs, so run_count() keeps progress, checkpoints and the stop flag as on the CPU:
//
//   RunOptions o;  o.n = 20;
//   const gpu::LaunchShape shape = gpu::launch_shape(20);
//   o.depth = shape.depth;  o.batch_jobs = shape.batch_jobs;  o.count_batch = gpu::count_batch;
//   run_count(o);
//
// Only this header is the backend's interface (the target exports src/cuda, nothing else of
// src/); gpu_batch.hpp, gpu_launch.hpp and gpu_search.hpp are its inside.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "nqueens/count.hpp"
#include "nqueens/jobs.hpp"

namespace nqueens::gpu {

// How the GPU wants a count of N split: the job-list depth (one GPU thread per job) and the
// jobs per count_batch call.
struct LaunchShape {
  int depth = 0;
  std::size_t batch_jobs = 0;
};
LaunchShape launch_shape(int n);

// "" when a CUDA device can count, else one sentence saying why not, starting with
// "no CUDA device available" when there is none.
std::string unavailable_reason();

// The device's name, SM count and compute capability ("" when there is none).
std::string device_description();

// Counts list.jobs[indices[k]] into out[k] on the GPU (whole-board jobs on the host).
// Throws std::runtime_error on a CUDA error.
void count_batch(const JobList& list, std::span<const std::size_t> indices,
                 std::span<SolutionCounts> out);

// All solutions below every prefix of `depth` queens, as nqueens::count_prefix_subtrees(n,
// depth, false) returns them (result[(c0 * n + c1) * n + ...], zero where queens attack), counted
// on the GPU: the prefixes with c0 <= (N-1)/2 are cut two rows deeper into partial boards, one
// GPU thread each; the mirror prefixes copy their counts. For the random-access tables of large
// N (tests/web/rank_table_gen --gpu). Requires 4 <= N <= 32 and 1 <= depth <= N - 3.
// Throws std::invalid_argument outside that range, std::runtime_error on a CUDA error.
std::vector<std::uint64_t> count_prefix_subtrees(int n, int depth);

}  // namespace nqueens::gpu
