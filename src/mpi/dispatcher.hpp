// Rank 0's bookkeeping for nqueens-mpi, free of MPI so that it can be reasoned about alone:
// which jobs of the run's RunRecord are still to hand out, which rank holds which batch, and
// how big the next batch for a rank should be.
//
// Batch size. A request costs a round trip (~0.1 ms on a node, more across a network, plus up
// to 1 ms for rank 0's poll), so a rank gets enough jobs for about kBatchSeconds of work,
// measured from its own previous batches (jobs per second, smoothed). Its first batch is 4
// jobs a thread, only to measure the rate. Near the end no rank gets more than half of its
// thread share of what is left (guided self-scheduling), so the ranks finish together instead
// of waiting for one rank's last big batch. A batch never has fewer jobs than the rank has
// threads (while that many are left), so no thread of a rank idles for want of a job.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "nqueens/checkpoint.hpp"
#include "protocol.hpp"

namespace nqueens::mpi {

struct JobResult {
  std::size_t index = 0;
  SolutionCounts counts;
};

class Dispatcher {
 public:
  static constexpr double kBatchSeconds = 0.5;

  // threads[r]: counting threads of rank r (0 for a rank that only coordinates).
  Dispatcher(RunRecord record, std::vector<int> threads);

  // The next batch for `rank`, in list order; empty when nothing is left to hand out.
  std::vector<std::size_t> take(int rank);
  // The results of `rank`'s batch, which took `seconds`. They may cover only part of the
  // batch (a stopped local run); the rest stays undone. Throws std::logic_error for a result
  // of a job that was not in the batch or is already done.
  void finish(int rank, std::span<const JobResult> results, double seconds);

  const RunRecord& record() const { return record_; }
  std::size_t done() const { return done_; }  // of the shard, resumed ones included
  std::size_t in_flight() const;              // jobs handed out, not yet back
  bool all_handed_out() const { return next_ == todo_.size(); }

 private:
  RunRecord record_;
  std::vector<std::size_t> todo_;  // jobs not done when the run started, in list order
  std::size_t next_ = 0;           // todo_[next_..] not handed out yet
  std::size_t done_ = 0;
  std::vector<int> threads_;
  int total_threads_ = 0;
  std::vector<double> rate_;                     // jobs per second, per rank; 0: not known
  std::vector<std::vector<std::size_t>> batch_;  // per rank: the batch it is counting
};

}  // namespace nqueens::mpi
