// Long counts: a count over a JobList (or one shard of it) that reports progress, writes a
// checkpoint as it goes, resumes from one, and stops cleanly when asked.
//
// Every long run goes through one RunSession: the threads of run_count, a job backend such as
// the GPU (RunOptions::count_jobs) and the MPI coordinator (src/mpi) only count jobs and hand each
// result to RunSession::record. Resume-or-start, the record lock, the checkpoint cadence, the
// progress throttle, the stop flag and the final save exist only there.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <span>
#include <string>
#include <vector>

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
  // A backend that counts the remaining jobs itself (the GPU, src/cuda): when set, run_count
  // hands it the job list and the jobs left instead of running them on threads. It calls
  // record(index, counts) once per finished job (from any thread; RunSession::record, so
  // progress, checkpoints and the stop flag act as on threads) and stops taking work once
  // record returns false. If it throws, what it recorded is saved before the exception leaves
  // run_count, so the checkpoint resumes.
  std::function<void(
      const JobList& list, std::span<const std::size_t> remaining,
      const std::function<bool(std::size_t index, const SolutionCounts& counts)>& record)>
      count_jobs;
};

struct RunResult {
  RunRecord record;
  bool finished = false;
  std::size_t resumed = 0;  // jobs taken from the checkpoint instead of being counted
  double seconds = 0;
  // Non-empty when the final save of the checkpoint failed (disk full, folder read-only): the
  // counts in `record` are still exact, only the file is not up to date. One sentence.
  std::string save_error;
};

// What a session does besides adding up: where it keeps its record and whom it tells.
struct SessionOptions {
  std::string checkpoint;          // record file; resumed from if it exists; "" for none
  double checkpoint_seconds = 10;  // at most this long between checkpoint writes
  std::function<void(const RunProgress&)> on_progress;  // serialised, at most ~10 times/s
  const std::atomic<bool>* stop = nullptr;              // true: no more jobs, save, return
};

// How often progress is reported at most (seconds).
inline constexpr double kProgressInterval = 0.1;

// One long run's bookkeeping, whatever counts its jobs.
//   RunSession session(list, shard, options);     // resumes, locks, writes the record once
//   for (std::size_t i : session.remaining()) if (!session.record(i, count(i))) break;
//   RunResult r = session.finish();                // final save and report
class RunSession {
 public:
  // Resumes from options.checkpoint when the file exists (it must belong to this list and
  // shard), else starts afresh. A checkpoint is locked (FILE.lock, flock) for the session's
  // life (the file is removed when the session ends), so a second run on the same file is
  // refused, and written at once, so that an unwritable path stops the run before any work.
  // Throws RecordError.
  RunSession(const JobList& list, Shard shard, SessionOptions options);
  ~RunSession();
  RunSession(const RunSession&) = delete;
  RunSession& operator=(const RunSession&) = delete;

  // Adds one finished job; thread-safe. A job already recorded is ignored (results are
  // idempotent by index: a batch re-issued to another MPI rank may come back twice). Writes
  // the checkpoint when checkpoint_seconds have passed (a failed write throws RecordError)
  // and reports progress. Returns false once a stop has been requested.
  bool record(std::size_t index, const SolutionCounts& counts);

  // The jobs of the shard not recorded when the session started, in list order.
  const std::vector<std::size_t>& remaining() const { return remaining_; }
  std::size_t resumed() const { return resumed_; }
  bool stop_requested() const { return options_.stop != nullptr && options_.stop->load(); }
  // Saves and reports if either is due; for loops that wait between results (MPI).
  void poll();
  // The record as it stands (a copy, taken under the session's lock).
  RunRecord snapshot() const;

  // The final save and report. Never throws for a failed save: the result keeps the exact
  // counts and says why in save_error.
  RunResult finish();

 private:
  void save_locked();
  void report_locked(bool force);

  SessionOptions options_;
  mutable std::mutex lock_;
  RunRecord record_;
  std::vector<std::size_t> remaining_;
  std::size_t resumed_ = 0;
  std::size_t saved_done_ = 0;
  RunProgress progress_;
  std::chrono::steady_clock::time_point start_, last_save_, last_report_;
  int lock_fd_ = -1;
};

// While one of these lives, SIGINT and SIGTERM set flag() instead of ending the process (the
// previous handlers come back when it is destroyed), so that a long run saves its record and
// returns unfinished. A second signal while the first is being handled ends the process the
// usual way.
class StopOnSignal {
 public:
  StopOnSignal();
  ~StopOnSignal();
  StopOnSignal(const StopOnSignal&) = delete;
  StopOnSignal& operator=(const StopOnSignal&) = delete;
  static const std::atomic<bool>* flag();  // the same flag for every instance
  static int signal_number();              // the signal that asked to stop, 0 if none

 private:
  void (*old_int_)(int);
  void (*old_term_)(int);
};

// Throws RecordError for an unusable checkpoint, std::invalid_argument for a bad N.
RunResult run_count(const RunOptions& options);

}  // namespace nqueens
