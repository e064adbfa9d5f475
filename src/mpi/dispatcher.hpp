// Rank 0's bookkeeping for nqueens-mpi, free of MPI so that it can be tested alone: which jobs
// are still to hand out, which rank holds which batch, how big the next batch for a rank
// should be, and which batch is so late that another rank should count it too (Dispatcher);
// where each rank stands at the end of the run (Roster). The sums and the record belong to
// the run's RunSession (nqueens/run.hpp), not to the dispatcher.
//
// Batch size. A request costs a round trip (~0.1 ms on a node, more across a network, plus up
// to 1 ms for rank 0's poll), so a rank gets enough jobs for about kBatchSeconds of work,
// measured from its own previous batches (jobs per second, smoothed). Its first batch is 4
// jobs a thread, only to measure the rate. Near the end no rank gets more than half of its
// thread share of what is left (guided self-scheduling), so the ranks finish together instead
// of waiting for one rank's last big batch. A batch never has fewer jobs than the rank has
// threads (while that many are left), so no thread of a rank idles for want of a job.
// Overdue batches. A rank that hangs (a frozen node, a process stopped with SIGSTOP) must not
// stall the run: once nothing is left to hand out, a rank asking for work gets the unfinished
// jobs of a batch that is overdue, out for kOverdueFactor times its expected time and at least
// `min_overdue_seconds` (kOverdueSeconds unless `nqueens-mpi count --overdue-after` says
// otherwise). Results are idempotent by job index: whichever copy comes back first
// counts, the other is dropped.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "nqueens/count_types.hpp"
#include "protocol.hpp"

namespace nqueens::mpi {

struct JobResult {
  std::size_t index = 0;
  SolutionCounts counts;
};

class Dispatcher {
 public:
  static constexpr double kBatchSeconds = 0.5;
  static constexpr double kOverdueFactor = 8;
  static constexpr double kOverdueSeconds = 30;

  // todo: the job indices to count, in list order; threads[r]: counting threads of rank r
  // (0 for a rank that only coordinates); min_overdue_seconds: the least time a batch is out
  // before another rank may count it too (> 0).
  Dispatcher(std::vector<std::size_t> todo, std::vector<int> threads,
             double min_overdue_seconds = kOverdueSeconds);

  // The next batch for `rank` at time `now` (seconds, any fixed origin): fresh jobs in list
  // order, else the unfinished jobs of another rank's overdue batch, else nothing (empty: the
  // rank may stop).
  std::vector<std::size_t> take(int rank, double now);
  // The results of `rank`'s batch, which took `seconds`; returns those not already in (a job
  // counted by two ranks comes back twice). Results may cover only part of the batch (a
  // stopped local run); the rest stays to do. Throws std::logic_error for a job that was not
  // in the rank's batch.
  std::vector<JobResult> finish(int rank, std::span<const JobResult> results, double seconds);

  std::size_t done() const { return done_; }  // of `todo`
  bool all_done() const { return done_ == todo_.size(); }
  std::size_t in_flight() const;  // jobs handed out, not yet back
  // Whether `rank` holds a batch that other ranks have finished already (a straggler whose
  // answer is no longer needed).
  bool holds_only_finished_work(int rank) const;

 private:
  std::vector<std::size_t> todo_;  // jobs to count, in list order
  std::vector<char> finished_;     // per position in todo_
  std::size_t next_ = 0;           // todo_[next_..] not handed out yet
  std::size_t done_ = 0;
  std::vector<int> threads_;
  int total_threads_ = 0;
  double min_overdue_seconds_ = kOverdueSeconds;
  std::vector<double> rate_;  // jobs per second, per rank; 0: not known
  struct Batch {
    std::vector<std::size_t> positions;  // into todo_, ascending
    double started = 0;
    double expected = 0;  // seconds, from the rank's rate; 0: not known
    bool reissued = false;
  };
  std::vector<Batch> batch_;  // per rank
  std::size_t position(std::size_t index, const Batch& b) const;
};

// Where each counting rank (1..R-1) stands in its exchange with rank 0, so that the end of a
// run waits for every rank that answers and for none that does not. A rank is stopped in two
// steps: an empty batch ("stop"), which it acknowledges ("ready"), then, once every rank is
// ready, "go", after which all ranks call MPI_Finalize together. No rank may be in
// MPI_Finalize beside a hung one: Open MPI 4.1's mpirun then hangs for good on MPI_Abort.
// So a rank that stops answering at any point (before its first request, while out with a
// batch, while waiting for one, before it acknowledges the stop) is listed by `hung` and rank 0
// ends the job with MPI_Abort once the result is complete, while the others wait for "go".
class Roster {
 public:
  enum class State {
    starting,  // has not asked yet (since the go/no-go step)
    counting,  // out with a batch
    waiting,   // asked; nothing to hand out yet, but the run is not over
    stopping,  // told to stop, has not acknowledged
    ready,     // acknowledged the stop; waits for "go"
  };

  // ranks: the size of the job (rank 0 has no entry of its own); start: the time (seconds, the
  // clock `now` uses below) when the ranks were told to start.
  Roster(int ranks, double start);

  State state(int rank) const { return entry(rank).state; }
  void asked(int rank) { set(rank, State::waiting, 0); }
  void given_batch(int rank, double now) { set(rank, State::counting, now); }
  void told_to_stop(int rank, double now) { set(rank, State::stopping, now); }
  // Throws std::logic_error unless the rank was told to stop.
  void acknowledged(int rank);
  bool all_ready() const;
  // Once every job is in: the ranks that are not ready and will not be waited for any longer
  // — out with a batch that others have finished (Dispatcher::holds_only_finished_work: it was
  // overdue), or silent for `patience` seconds since they were started or told to stop. A
  // waiting rank is never hung: it is told to stop at once.
  std::vector<int> hung(const Dispatcher& dispatcher, double now, double patience) const;
  // Whether every rank is ready or in `hung`: nothing is left to wait for.
  bool settled(const std::vector<int>& hung) const;

 private:
  struct Entry {
    State state = State::starting;
    double since = 0;  // when it was started, given its batch or told to stop
  };
  std::vector<Entry> entries_;  // per rank; rank 0's is always ready
  // Throws std::logic_error for a rank that does not count (0, or past the end).
  const Entry& entry(int rank) const;
  void set(int rank, State s, double now);
};

}  // namespace nqueens::mpi
