// The GPU backend of `nqueens count --gpu` (internal; built when NQUEENS_CUDA is on, which
// defines NQUEENS_HAVE_CUDA for its users). It counts batches of the same JobList the CPU
// engine runs, so run_count() keeps progress, checkpoints and the stop flag as on the CPU:
//
//   RunOptions o;  o.n = 20;  o.depth = gpu::job_depth(20);
//   o.count_batch = gpu::count_batch;  o.batch_jobs = gpu::batch_jobs(jobs in the shard);
//   run_count(o);
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "cuda/gpu_batch.hpp"  // job_depth(), batch_jobs()
#include "nqueens/count.hpp"
#include "nqueens/jobs.hpp"

namespace nqueens::gpu {

// "" when a CUDA device can count, else one sentence saying why not, starting with
// "no CUDA device available" when there is none.
std::string unavailable_reason();

// The device's name, SM count and compute capability ("" when there is none).
std::string device_description();

// Counts list.jobs[indices[k]] into out[k] on the GPU (whole-board jobs on the host).
// Throws std::runtime_error on a CUDA error.
void count_batch(const JobList& list, std::span<const std::size_t> indices,
                 std::span<SolutionCounts> out);

}  // namespace nqueens::gpu
