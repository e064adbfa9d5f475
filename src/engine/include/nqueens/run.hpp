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
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "nqueens/checkpoint.hpp"
#include "nqueens/count.hpp"
#include "nqueens/job_log.hpp"
#include "nqueens/kernel_tier.hpp"

namespace nqueens {

struct RunProgress {
  std::uint64_t done = 0;     // jobs of this shard finished, resumed ones included
  std::uint64_t total = 0;    // jobs of this shard
  std::uint64_t resumed = 0;  // of `done`, how many came from the checkpoint
  double seconds = 0;         // since this process started counting
};

// A job's counts recounted by a second method for a seeded random share of the jobs
// (`--verify-sample P`). A job is in the sample when a hash of (seed, job index) falls in the
// lowest P percent: every run with the same seed, resumed or sharded, checks the same jobs.
struct VerifyOptions {
  double percent = 0;      // 0..100; 0: no job is recounted
  std::uint64_t seed = 1;  // --verify-seed
  // The second method and its name for messages ("the avx2 kernel tier"); run_count sets both
  // (recount_job: another kernel tier or the reference search, the join's other way; the CPU
  // when the GPU counts).
  std::function<SolutionCounts(const Job&)> recount;
  std::string method;
  // 0: a sampled job is recounted by the thread that hands its result over (threads count
  // jobs and recount their own); N > 0: by N threads of the session's own, so that a GPU or
  // MPI loop handing results over does not wait.
  int threads = 0;
};

// Whether job `index` is in the sample of `percent` percent with `seed`.
bool in_verify_sample(std::uint64_t index, double percent, std::uint64_t seed);

// A wrong count injected on purpose, to test the checks: the counts a backend reports for job
// `index` get these added (modulo 2^128). Only the test facility NQUEENS_TEST_FAULT (the
// command-line tools, docs/RECORD.md) sets one.
struct InjectedFault {
  std::uint64_t index = 0;
  SolutionCounts add{8, 0, 0};
};

// At most this long between checkpoint writes unless a run says otherwise (seconds).
inline constexpr double kDefaultCheckpointSeconds = 10;

// Every choice a caller makes for one count, each default written here once: the command-line
// tools (nqueens count, nqueens-mpi count) and the Python module fill this struct, and
// count_solutions is run_count with the fields CountOptions has.
struct RunOptions {
  int n = 0;
  int threads = 0;  // 0: all cores
  // How the jobs are counted.
  CountMethod method = CountMethod::automatic;
  int depth = 0;  // backtrack job-list depth, 0: default_job_depth(n)
  std::optional<KernelTier> kernel = std::nullopt;  // nullopt: default_kernel_tier()
  // The most bytes the join's tables may take (join_uses_tables, jobs.hpp): over it the join
  // searches each half and `automatic` may take the backtracker, so a record resumes only
  // with a table memory that chooses the method it was started with.
  std::size_t table_memory = kDefaultTableMemory;
  // Which jobs, and the record.
  Shard shard;
  std::string checkpoint;  // record file; resumed from if it exists; "" for none
  double checkpoint_seconds = kDefaultCheckpointSeconds;  // longest time between writes
  std::function<void(const RunProgress&)> on_progress;    // serialised, at most ~10 times/s
  const std::atomic<bool>* stop = nullptr;  // when it becomes true, finish jobs in flight,
                                            // save, and return unfinished
  // A backend that counts jobs itself (the GPU, src/cuda): when set, run_count hands it the
  // shard's jobs still to do instead of running them on threads, in chunks (4M jobs at most,
  // tune::kBackendChunkJobs) taken from the streamed shard (ShardJobs): `list` holds a chunk's jobs
  // (with the whole list's n, method and depth) and `remaining` the positions in list.jobs to
  // count. It calls record(position, counts) once per finished job (from any thread;
  // RunSession::record, so progress, checkpoints, the job log, the verify sample and the stop
  // flag act as on threads) and stops taking work once record returns false. If it throws,
  // what it recorded is saved before the exception leaves run_count, so the checkpoint resumes.
  std::function<void(
      const JobList& list, std::span<const std::size_t> remaining,
      const std::function<bool(std::size_t index, const SolutionCounts& counts)>& record)>
      count_jobs;
  std::string job_log;        // per-job log file (nqueens/job_log.hpp); "" for none
  double verify_percent = 0;  // share of jobs recounted by a second method (VerifyOptions)
  std::uint64_t verify_seed = 1;
  Recount verify_by = Recount::tier;   // how the CPU recounts a backtrack job (jobs.hpp)
  std::optional<InjectedFault> fault;  // tests only
};

struct RunResult {
  RunRecord record;
  bool finished = false;
  std::uint64_t resumed = 0;  // jobs taken from the checkpoint or log instead of being counted
  std::string resumed_from;   // the checkpoint, or the job log when there was no record
  double seconds = 0;
  std::uint64_t verified = 0;  // jobs recounted by the second method, all agreeing
  std::string verify_method;   // its name, when percent > 0
  // Non-empty when the final save of the checkpoint failed (disk full, folder read-only): the
  // counts in `record` are still exact, only the file is not up to date. One sentence.
  std::string save_error;
  // Non-empty when a check of the counts failed (one sentence naming what differs): a job of
  // the verify sample whose recount differs (named by index and prefix; it was not recorded),
  // or a whole count (shard 1/1, finished) whose class split disagrees with the solutions fixed
  // by the turns (nqueens/fixed_points.hpp). The counts are not to be trusted.
  std::string check_failure;
};

// What a session does besides adding up: where it keeps its record and whom it tells.
// Its fields are RunOptions' (session_options copies them); a backend that runs its own session
// (src/mpi) starts from there.
struct SessionOptions {
  std::string checkpoint;  // record file; resumed from if it exists; "" for none
  double checkpoint_seconds = kDefaultCheckpointSeconds;  // longest time between writes
  std::function<void(const RunProgress&)> on_progress;    // serialised, at most ~10 times/s
  const std::atomic<bool>* stop = nullptr;                // true: no more jobs, save, return
  std::string job_log;                                    // per-job log file; "" for none
  VerifyOptions verify;
  std::optional<InjectedFault> fault;  // tests only
};

// A run's bookkeeping options: its record, cadence, progress, stop flag, job log and fault. The
// verify sample's recount depends on who counts, so the caller sets `verify`.
SessionOptions session_options(const RunOptions& options);

// How often progress is reported at most (seconds).
inline constexpr double kProgressInterval = 0.1;

// One long run's bookkeeping, whatever counts its jobs.
//   RunSession session(describe_jobs(n, method), shard, options);  // resumes, locks, saves
//   for (ShardJob j; session.next_job(j);)                          // the jobs still to do
//     if (!session.record(j, count_job(n, j.job))) break;
//   RunResult r = session.finish();                                 // final save and report
//
// Resuming. The record (options.checkpoint) says which jobs are done. With a job log, the log
// must hold exactly the record's jobs up to the size the record names (the rest, logged after
// the last save, is cut and counted again); with a job log and no record, the log alone is
// the record: a run that lost its checkpoint (or its node) goes on from its log.
class RunSession {
 public:
  // Throws RecordError for a record or log that does not belong to this list and shard, or
  // that disagree. A checkpoint is locked (FILE.lock, flock) for the session's life (the lock
  // file is removed when the session ends), so a second run on the same file is refused, and
  // written at once, so that an unwritable path stops the run before any work.
  RunSession(const JobListId& list, Shard shard, SessionOptions options);
  ~RunSession();
  RunSession(const RunSession&) = delete;
  RunSession& operator=(const RunSession&) = delete;

  // The next job of the shard not yet recorded when the session started, in list order;
  // false when none is left or a stop was requested. Thread-safe; jobs come from a walk of
  // the list (ShardJobs), never from a list held in memory.
  bool next_job(ShardJob& out);
  // Up to `max` of them (a GPU batch); returns how many.
  std::size_t next_jobs(std::size_t max, std::vector<ShardJob>& out);

  // Adds one finished job; thread-safe. A job already recorded is ignored (results are
  // idempotent by index: a batch re-issued to another MPI rank may come back twice). A job of
  // the verify sample is recounted first and recorded only if the counts agree; if not, the
  // session keeps the mismatch as its check failure and stops. Writes the job log entry, the
  // checkpoint when checkpoint_seconds have passed (a failed write throws RecordError), and
  // reports progress. Returns false once a stop has been requested or a check failed.
  bool record(const ShardJob& job, const SolutionCounts& counts);
  bool record(std::uint64_t index, const Job& job, const SolutionCounts& counts);

  // The jobs of the shard not recorded when the session started, in list order, as indices:
  // for backends that hold the whole list (MPI); memory in proportion to the shard.
  std::vector<std::size_t> remaining_indices() const;
  std::uint64_t resumed() const { return resumed_; }
  bool stop_requested() const;
  // Saves and reports if either is due; for loops that wait between results (MPI).
  void poll();
  // The record as it stands (a copy, taken under the session's lock).
  RunRecord snapshot() const;

  // Waits for the jobs being recounted, then the final save and report, and for a finished
  // whole count the class-split check (check_failure). Never throws for a failed save: the
  // result keeps the exact counts and says why in save_error.
  RunResult finish();

 private:
  struct Verifier;
  void add_locked(const ShardJob& job, const SolutionCounts& counts);
  void verify_and_add(const ShardJob& job, const SolutionCounts& counts);
  void save_locked();
  void report_locked(bool force);

  SessionOptions options_;
  mutable std::mutex lock_;
  RunRecord record_;
  std::unique_ptr<JobLogWriter> log_;
  std::mutex jobs_lock_;
  ShardJobs jobs_;
  DoneRanges resumed_done_;  // record_.done when the session started
  std::unique_ptr<Verifier> verifier_;
  std::uint64_t resumed_ = 0;
  std::string resumed_from_;
  std::uint64_t saved_done_ = 0;
  std::uint64_t verified_ = 0;
  std::string failure_;
  std::atomic<bool> failed_{false};
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

 private:
  void (*old_int_)(int);
  void (*old_term_)(int);
};

// Throws RecordError for an unusable checkpoint, std::invalid_argument for a bad N or a kernel
// tier not available here.
RunResult run_count(const RunOptions& options);

}  // namespace nqueens
