// Long counts: a count over a JobList (or one shard of it) that reports progress, writes a
// checkpoint as it goes, resumes from one, and stops cleanly when asked. The threaded CLI,
// the MPI driver and the GPU backend all keep their state in the same RunRecord.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <span>
#include <string>

#include "nqueens/checkpoint.hpp"

namespace nqueens {

struct RunProgress {
  std::size_t done = 0;     // jobs of this shard finished, resumed ones included
  std::size_t total = 0;    // jobs of this shard
  std::size_t resumed = 0;  // of `done`, how many came from the checkpoint
  double seconds = 0;       // since this process started counting
};

struct RunOptions {
  int n = 0;
  int threads = 0;  // 0: all cores
  CountMethod method = CountMethod::automatic;
  int depth = 0;  // backtrack job-list depth, 0: default_job_depth(n)
  Shard shard;
  std::string checkpoint;          // record file; resumed from if it exists; "" for none
  double checkpoint_seconds = 10;  // at most this long between checkpoint writes
  std::function<void(const RunProgress&)> on_progress;  // serialised, at most ~10 times/s
  const std::atomic<bool>* stop = nullptr;  // when it becomes true, finish jobs in flight,
                                            // save, and return unfinished
  // A backend that counts whole batches of jobs itself (the GPU, src/cuda): when set,
  // run_count hands it the remaining jobs `batch_jobs` at a time instead of running them on
  // threads; it must fill counts[k] for job indices[k]. Each job is then recorded exactly as
  // on threads, so progress, checkpoints and the stop flag act between batches.
  std::function<void(const JobList& list, std::span<const std::size_t> indices,
                     std::span<SolutionCounts> counts)>
      count_batch;
  std::size_t batch_jobs = 0;  // jobs per count_batch call, 0: 65536
};

struct RunResult {
  RunRecord record;
  bool finished = false;
  std::size_t resumed = 0;  // jobs taken from the checkpoint instead of being counted
  double seconds = 0;
};

// Throws RecordError for an unusable checkpoint, std::invalid_argument for a bad N.
RunResult run_count(const RunOptions& options);

}  // namespace nqueens
