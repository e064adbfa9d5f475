// RunSession (the one pipeline of every long run), run_count on threads or a batch backend,
// and StopOnSignal. See src/engine/include/nqueens/run.hpp.
#include "nqueens/run.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <deque>
#include <filesystem>
#include <numeric>
#include <span>
#include <stdexcept>
#include <thread>
#include <vector>

#include "base/tunables.hpp"
#include "nqueens/fixed_points.hpp"
#include "nqueens/parallel.hpp"

namespace nqueens {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// An exclusive lock on FILE.lock for as long as the run uses FILE (the record itself is
// replaced by rename, so a lock on it would not survive the first save). The run that holds it
// removes it when it ends, so a finished run leaves no lock file; a run that opened the file
// just before it was removed then holds a lock on a file no longer there, sees that its inode
// is not the one at FILE.lock, and tries again. Never through a link, never a FIFO or device.
int lock_record(const std::string& path) {
  const std::string lock = path + ".lock";
  for (;;) {
    const int fd =
        ::open(lock.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd < 0 && errno == ELOOP)
      throw RecordError("cannot use " + lock + ": it is a symbolic link");
    if (fd < 0) throw RecordError("cannot write " + lock + ": " + std::strerror(errno));
    struct stat held {};
    if (::fstat(fd, &held) != 0 || !S_ISREG(held.st_mode)) {
      ::close(fd);
      throw RecordError("cannot use " + lock + ": it is not a regular file");
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int e = errno;
      ::close(fd);
      if (e == EWOULDBLOCK)
        throw RecordError(path + " is in use by another running count (" + lock + " is locked)");
      throw RecordError("cannot lock " + lock + ": " + std::strerror(e));
    }
    struct stat now {};
    if (::stat(lock.c_str(), &now) == 0 && now.st_dev == held.st_dev && now.st_ino == held.st_ino)
      return fd;
    ::close(fd);  // removed (or replaced) by the run that held it: lock the one there now
  }
}

// Removes FILE.lock while still holding it (only if it is still the file locked), then lets
// go of the lock.
void unlock_record(const std::string& path, int fd) {
  const std::string lock = path + ".lock";
  struct stat held {
  }, now{};
  if (::fstat(fd, &held) == 0 && ::stat(lock.c_str(), &now) == 0 && now.st_dev == held.st_dev &&
      now.st_ino == held.st_ino)
    ::unlink(lock.c_str());
  ::close(fd);
}

}  // namespace

bool in_verify_sample(std::uint64_t index, double percent, std::uint64_t seed) {
  if (!(percent > 0)) return false;
  // splitmix64 of the seed and the index: uniform, and the same on every machine.
  auto mix = [](std::uint64_t z) {
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  };
  const std::uint64_t h = mix(seed ^ mix(index));
  return static_cast<double>(h >> 11) * 0x1.0p-53 < percent / 100;
}

// The threads of a session that recount sampled jobs for loops that must not wait (GPU, MPI).
// A bounded queue: a loop that hands over sampled jobs faster than they are recounted waits.
struct RunSession::Verifier {
  std::mutex lock;
  std::condition_variable wake, room;
  std::deque<std::pair<ShardJob, SolutionCounts>> queue;
  std::size_t busy = 0, capacity = 0;
  bool closing = false;
  std::vector<std::thread> threads;

  void push(const ShardJob& job, const SolutionCounts& counts) {
    std::unique_lock hold(lock);
    room.wait(hold, [&] { return queue.size() < capacity; });
    queue.emplace_back(job, counts);
    wake.notify_one();
  }
  void run(RunSession& session) {
    std::unique_lock hold(lock);
    for (;;) {
      wake.wait(hold, [&] { return closing || !queue.empty(); });
      if (queue.empty()) return;
      const auto [job, counts] = queue.front();
      queue.pop_front();
      ++busy;
      hold.unlock();
      session.verify_and_add(job, counts);
      hold.lock();
      --busy;
      room.notify_all();
    }
  }
  void drain() {
    std::unique_lock hold(lock);
    room.wait(hold, [&] { return queue.empty() && busy == 0; });
  }
  void close() {
    {
      std::lock_guard hold(lock);
      closing = true;
    }
    wake.notify_all();
    for (std::thread& t : threads) t.join();
    threads.clear();
  }
};

RunSession::RunSession(const JobListId& list, Shard shard, SessionOptions options)
    : options_(std::move(options)),
      jobs_(list.n, list.method, list.depth, shard),
      start_(Clock::now()) {
  const std::string& path = options_.checkpoint;
  const std::string& log_path = options_.job_log;
  if (!path.empty()) lock_fd_ = lock_record(path);
  try {
    const bool have_record = !path.empty() && std::filesystem::exists(path);
    if (have_record) {
      record_ = read_record(path);
      record_.check_matches(list, shard, path);
    } else {
      record_ = RunRecord::start(list, shard);
    }
    if (!log_path.empty()) {
      std::error_code ec;
      const bool log_exists =
          std::filesystem::exists(log_path, ec) && std::filesystem::file_size(log_path, ec) > 0;
      std::optional<JobLogSummary> log;
      auto check_log = [&](const JobLogSummary& s) {
        if (!(s.list == list))
          throw RecordError(log_path +
                            " is a job log of another job list (N = " + std::to_string(s.list.n) +
                            ", " + method_name(s.list.method) + " method, depth " +
                            std::to_string(s.list.depth) + "), not of this run's");
        if (!(s.shard == shard))
          throw RecordError(log_path + " is the job log of shard " + std::to_string(s.shard.index) +
                            "/" + std::to_string(s.shard.count) + ", not " +
                            std::to_string(shard.index) + "/" + std::to_string(shard.count));
      };
      if (have_record) {
        if (!record_.job_log_bytes)
          throw RecordError(path +
                            " was saved by a run without a job log, and a log must hold every "
                            "job of its shard: resume it without --job-log, or delete it to "
                            "start afresh");
        if (!log_exists)
          throw RecordError(path + " keeps a job log, but " + log_path +
                            " is missing or empty; give --job-log the log it was started with");
        log = read_job_log(log_path, {}, *record_.job_log_bytes);
        check_log(*log);
        if (log->bytes != *record_.job_log_bytes)
          throw RecordError(log_path + " has " + std::to_string(log->bytes) + " bytes where " +
                            path + " counts " + std::to_string(*record_.job_log_bytes) +
                            ": it was cut, or it is another run's log");
        if (!(log->done == record_.done) || !(log->sum == record_.sum))
          throw RecordError(log_path + " does not hold the jobs that " + path +
                            " counts: it is another run's log");
      } else if (log_exists) {  // the log alone is the record
        log = read_job_log(log_path);
        check_log(*log);
        record_.done = log->done;
        record_.sum = log->sum;
        resumed_from_ = log_path;
      }
      log_ = std::make_unique<JobLogWriter>(log_path, list, shard, log ? &*log : nullptr);
      record_.job_log_bytes = log_->sync();
    } else if (record_.job_log_bytes) {
      throw RecordError(path +
                        " keeps a job log; resume it with --job-log and the log it was started "
                        "with");
    }
    resumed_ = saved_done_ = record_.done_count();
    if (have_record) resumed_from_ = path;
    resumed_done_ = record_.done;
    if (!path.empty()) write_record(record_, path);  // an unwritable path fails before any work
  } catch (...) {
    if (lock_fd_ >= 0) unlock_record(path, lock_fd_);
    throw;
  }
  if (options_.verify.percent > 0 && !options_.verify.recount)
    throw std::invalid_argument("a verify sample needs a second method to recount with");
  if (options_.verify.percent > 0 && options_.verify.threads > 0) {
    verifier_ = std::make_unique<Verifier>();
    verifier_->capacity =
        static_cast<std::size_t>(tune::kVerifyQueuePerThread * options_.verify.threads);
    for (int i = 0; i < options_.verify.threads; ++i)
      verifier_->threads.emplace_back([this] { verifier_->run(*this); });
  }
  progress_.total = record_.shard_jobs();
  progress_.done = progress_.resumed = resumed_;
  last_save_ = Clock::now();
  std::lock_guard guard(lock_);
  report_locked(true);
}

RunSession::~RunSession() {
  if (verifier_) verifier_->close();
  if (lock_fd_ >= 0) unlock_record(options_.checkpoint, lock_fd_);
}

bool RunSession::stop_requested() const {
  return failed_.load() || (options_.stop != nullptr && options_.stop->load());
}

bool RunSession::next_job(ShardJob& out) {
  std::lock_guard guard(jobs_lock_);
  while (!stop_requested() && jobs_.next(out))
    if (!resumed_done_.contains(out.position)) return true;
  return false;
}

std::size_t RunSession::next_jobs(std::size_t max, std::vector<ShardJob>& out) {
  out.clear();
  std::lock_guard guard(jobs_lock_);
  ShardJob j;
  while (out.size() < max && !stop_requested() && jobs_.next(j))
    if (!resumed_done_.contains(j.position)) out.push_back(j);
  return out.size();
}

std::vector<std::size_t> RunSession::remaining_indices() const {
  std::vector<std::size_t> out;
  const Shard shard = record_.shard;
  for (std::uint64_t p = 0, size = record_.shard_jobs(); p < size; ++p)
    if (!resumed_done_.contains(p)) out.push_back(static_cast<std::size_t>(shard.index_of(p)));
  return out;
}

bool RunSession::record(std::uint64_t index, const Job& job, const SolutionCounts& counts) {
  if (index >= record_.list.jobs || !record_.shard.owns(index))
    throw std::logic_error("job " + std::to_string(index) + " is not in this shard");
  return record(ShardJob{index, record_.shard.position_of(index), job}, counts);
}

bool RunSession::record(const ShardJob& job, const SolutionCounts& reported) {
  SolutionCounts counts = reported;
  if (options_.fault && options_.fault->index == job.index) counts += options_.fault->add;
  if (in_verify_sample(job.index, options_.verify.percent, options_.verify.seed)) {
    if (verifier_)
      verifier_->push(job, counts);
    else
      verify_and_add(job, counts);
  } else {
    std::lock_guard guard(lock_);
    add_locked(job, counts);
  }
  return !stop_requested();
}

void RunSession::verify_and_add(const ShardJob& job, const SolutionCounts& counts) {
  SolutionCounts again;
  std::string error;
  try {
    again = options_.verify.recount(job.job);
  } catch (const std::exception& e) {
    error = e.what();
  }
  std::lock_guard guard(lock_);
  if (error.empty() && again == counts) {
    ++verified_;
    try {
      add_locked(job, counts);
    } catch (const std::exception& e) {
      error = e.what();
    }
    if (error.empty()) return;
  }
  if (failure_.empty()) {
    if (!error.empty()) {
      failure_ = error;
    } else {
      auto three = [](const SolutionCounts& c) {
        return to_string(c.total) + " solutions (" + to_string(c.fixed180) +
               " fixed by the half turn, " + to_string(c.fixed90) + " by the quarter turn)";
      };
      failure_ = "job " + std::to_string(job.index) + " (" + describe_job(job.job) +
                 ") does not check: the run counted " + three(counts) + ", " +
                 options_.verify.method + " " + three(again) + "; it was not recorded";
    }
  }
  failed_ = true;
}

void RunSession::add_locked(const ShardJob& job, const SolutionCounts& counts) {
  if (!record_.done.insert(job.position)) return;
  record_.sum += counts;
  if (log_) log_->add(job.index, counts);
  ++progress_.done;
  if ((!options_.checkpoint.empty() || log_) && since(last_save_) >= options_.checkpoint_seconds)
    save_locked();
  report_locked(false);
}

void RunSession::poll() {
  std::lock_guard guard(lock_);
  if ((!options_.checkpoint.empty() || log_) && since(last_save_) >= options_.checkpoint_seconds &&
      progress_.done != saved_done_)
    save_locked();
  report_locked(false);
}

RunRecord RunSession::snapshot() const {
  std::lock_guard guard(lock_);
  return record_;
}

RunResult RunSession::finish() {
  if (verifier_) verifier_->drain();
  std::lock_guard guard(lock_);
  RunResult result;
  try {
    save_locked();
  } catch (const RecordError& e) {
    result.save_error = e.what();
  }
  report_locked(true);
  result.record = record_;
  result.finished = record_.finished();
  result.resumed = resumed_;
  result.resumed_from = resumed_from_;
  result.seconds = since(start_);
  result.verified = verified_;
  result.verify_method = options_.verify.method;
  result.check_failure = failure_;
  if (failure_.empty() && result.finished && record_.shard.count == 1)
    result.check_failure = check_class_split(record_.list.n, record_.sum);
  return result;
}

void RunSession::save_locked() {
  // The log first: a record never counts a job whose entry is not on disk.
  if (log_) record_.job_log_bytes = log_->sync();
  if (!options_.checkpoint.empty()) write_record(record_, options_.checkpoint);
  saved_done_ = progress_.done;
  last_save_ = Clock::now();
}

void RunSession::report_locked(bool force) {
  if (!options_.on_progress) return;
  if (!force && since(last_report_) < kProgressInterval) return;
  last_report_ = Clock::now();
  progress_.seconds = since(start_);
  options_.on_progress(progress_);
}

SessionOptions session_options(const RunOptions& o) {
  return {o.checkpoint, o.checkpoint_seconds, o.on_progress, o.stop, o.job_log, {}, o.fault};
}

RunResult run_count(const RunOptions& o) {
  const KernelTier tier = o.kernel ? *o.kernel : default_kernel_tier();
  require_kernel_tier(tier);
  // The table memory may decide `automatic`, so a record resumes only where it chooses the same.
  const JobListId list = describe_jobs(o.n, o.method, o.depth, tier, o.table_memory);
  if (o.count_jobs && list.method != CountMethod::backtrack)
    throw std::invalid_argument("a job backend (the GPU) counts backtrack jobs only");
  const int threads = o.threads > 0 ? o.threads : hardware_threads();
  SessionOptions so = session_options(o);
  if (o.verify_percent > 0) {
    so.verify.percent = o.verify_percent;
    so.verify.seed = o.verify_seed;
    if (o.count_jobs) {  // the GPU counts: the CPU recounts, on threads of its own
      so.verify.recount = [n = o.n, tier, memory = o.table_memory](const Job& job) {
        return count_job(n, job, tier, memory);
      };
      so.verify.method = "the CPU";
      so.verify.threads = threads;
    } else {
      so.verify.recount = [n = o.n, by = o.verify_by, tier](const Job& job) {
        return recount_job(n, job, by, tier);
      };
      so.verify.method = recount_method(o.n, list.method, o.verify_by, tier, o.table_memory);
    }
  }
  RunSession session(list, o.shard, std::move(so));
  if (o.count_jobs) {
    // The backend gets the shard's jobs a chunk at a time, as a list of their own.
    std::vector<ShardJob> chunk;
    JobList jobs{o.n, list.method, list.depth, {}};
    std::vector<std::size_t> positions;
    const std::function<bool(std::size_t, const SolutionCounts&)> record =
        [&](std::size_t k, const SolutionCounts& c) { return session.record(chunk.at(k), c); };
    try {
      while (session.next_jobs(tune::kBackendChunkJobs, chunk) > 0) {
        jobs.jobs.clear();
        for (const ShardJob& j : chunk) jobs.jobs.push_back(j.job);
        positions.resize(chunk.size());
        std::iota(positions.begin(), positions.end(), std::size_t{0});
        o.count_jobs(jobs, positions, record);
      }
    } catch (...) {
      session.finish();  // saves what was recorded (a failed save leaves the last good file)
      throw;
    }
  } else {
    parallel_for(static_cast<std::size_t>(threads), threads, [&](std::size_t) {
      for (ShardJob j; session.next_job(j);)
        if (!session.record(j, count_job(o.n, j.job, tier, o.table_memory))) return false;
      return true;
    });
  }
  return session.finish();
}

namespace {

std::atomic<bool> g_stop{false};

extern "C" void request_stop(int signal) {
  g_stop.store(true);
  std::signal(signal, SIG_DFL);  // a second Ctrl-C ends the process the usual way
}

}  // namespace

StopOnSignal::StopOnSignal() {
  g_stop = false;
  old_int_ = std::signal(SIGINT, request_stop);
  old_term_ = std::signal(SIGTERM, request_stop);
}

StopOnSignal::~StopOnSignal() {
  std::signal(SIGINT, old_int_);
  std::signal(SIGTERM, old_term_);
}

const std::atomic<bool>* StopOnSignal::flag() {
  return &g_stop;
}

}  // namespace nqueens
