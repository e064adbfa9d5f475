// RunSession (the one pipeline of every long run), run_count on threads or a batch backend,
// and StopOnSignal. See include/nqueens/run.hpp.
#include "nqueens/run.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <vector>

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

RunSession::RunSession(const JobList& list, Shard shard, SessionOptions options)
    : options_(std::move(options)), start_(Clock::now()) {
  const std::string& path = options_.checkpoint;
  if (!path.empty()) lock_fd_ = lock_record(path);
  try {
    if (!path.empty() && std::filesystem::exists(path)) {
      record_ = read_record(path);
      record_.check_matches(list, shard, path);
    } else {
      record_ = RunRecord::start(list, shard);
    }
    resumed_ = saved_done_ = record_.done_count();
    remaining_ = record_.remaining();
    if (!path.empty()) write_record(record_, path);  // an unwritable path fails before any work
  } catch (...) {
    if (lock_fd_ >= 0) unlock_record(path, lock_fd_);
    throw;
  }
  progress_.total = record_.shard_jobs();
  progress_.done = progress_.resumed = resumed_;
  last_save_ = Clock::now();
  std::lock_guard guard(lock_);
  report_locked(true);
}

RunSession::~RunSession() {
  if (lock_fd_ >= 0) unlock_record(options_.checkpoint, lock_fd_);
}

bool RunSession::record(std::size_t index, const SolutionCounts& counts) {
  std::lock_guard guard(lock_);
  if (index >= record_.done.size())
    throw std::logic_error("job " + std::to_string(index) + " is not in the job list");
  if (!record_.done[index]) {
    record_.done[index] = true;
    record_.sum += counts;
    ++progress_.done;
    if (!options_.checkpoint.empty() && since(last_save_) >= options_.checkpoint_seconds)
      save_locked();
    report_locked(false);
  }
  return !stop_requested();
}

void RunSession::poll() {
  std::lock_guard guard(lock_);
  if (!options_.checkpoint.empty() && since(last_save_) >= options_.checkpoint_seconds &&
      progress_.done != saved_done_)
    save_locked();
  report_locked(false);
}

RunRecord RunSession::snapshot() const {
  std::lock_guard guard(lock_);
  return record_;
}

RunResult RunSession::finish() {
  std::lock_guard guard(lock_);
  RunResult result;
  if (!options_.checkpoint.empty()) {
    try {
      save_locked();
    } catch (const RecordError& e) {
      result.save_error = e.what();
    }
  }
  report_locked(true);
  result.record = record_;
  result.finished = record_.finished();
  result.resumed = resumed_;
  result.seconds = since(start_);
  return result;
}

void RunSession::save_locked() {
  write_record(record_, options_.checkpoint);
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

RunResult run_count(const RunOptions& o) {
  const JobList list = make_jobs(o.n, o.method, o.depth);
  if (o.count_jobs && list.method != CountMethod::backtrack)
    throw std::invalid_argument("a job backend (the GPU) counts backtrack jobs only");
  RunSession session(list, o.shard, {o.checkpoint, o.checkpoint_seconds, o.on_progress, o.stop});
  const std::vector<std::size_t>& todo = session.remaining();
  const std::function<bool(std::size_t, const SolutionCounts&)> record =
      [&](std::size_t index, const SolutionCounts& c) { return session.record(index, c); };
  if (o.count_jobs) {
    try {
      o.count_jobs(list, todo, record);
    } catch (...) {
      session.finish();  // saves what was recorded (a failed save leaves the last good file)
      throw;
    }
  } else {
    run_jobs(list, todo, o.threads, record);
  }
  return session.finish();
}

namespace {

std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};

extern "C" void request_stop(int signal) {
  g_signal.store(signal);
  g_stop.store(true);
  std::signal(signal, SIG_DFL);  // a second Ctrl-C ends the process the usual way
}

}  // namespace

StopOnSignal::StopOnSignal() {
  g_stop = false;
  g_signal = 0;
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

int StopOnSignal::signal_number() {
  return g_signal.load();
}

}  // namespace nqueens
