// The report `count` and `merge` print: text (key: value lines) or one JSON object.
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "nqueens/checkpoint.hpp"
#include "nqueens/count.hpp"

namespace nqueens::cli {

struct CountReport {
  int n = 0;
  SolutionCounts counts;  // classes follow from them unless the report is one shard's part
  std::string method;     // the counting method that ran (JSON "method"), if known
  double seconds = 0;
  int threads = 0;
  std::size_t jobs = 0;
  std::size_t resumed = 0;    // jobs taken from a checkpoint
  std::string resumed_from;   // the checkpoint or job log they came from
  Shard shard;                // count > 1: the sums are one shard's part of the whole
  std::string record;         // the checkpoint / shard result file, if any
  int merged = 0;             // > 0: the report adds this many shard records
  std::string kernel;         // the CPU counting kernel tier that ran (JSON "kernel"), if known
  std::string job_log;        // the per-job log, if any
  double verify_percent = 0;  // > 0: a share of the jobs was recounted
  std::uint64_t verify_seed = 0;
  std::uint64_t verified = 0;        // jobs recounted (this process), all agreeing
  std::string verify_method;         // by what
  bool class_split_checked = false;  // a whole count: its split agrees with the fixed points
};

// A JSON string literal for `text`, quotes included, escaped by the JSON library (invalid
// UTF-8 replaced): every string the tools put into JSON goes through it or the library.
std::string json_string(std::string_view text);

void print_count_report(const CountReport& r, bool json);

// The one line on stderr when a count stops early (SIGINT/SIGTERM): how far it got and
// whether the record lets the same command resume. `tool` is "nqueens" or "nqueens-mpi".
void print_interrupted(const char* tool, std::size_t done, std::size_t total,
                       const std::string& checkpoint);

// After Ctrl-C a count finishes the jobs in flight, but at large N one job may take hours
// and jobs cannot be cut short. While one of these lives and `stop` is set, the jobs in
// flight get kStopGraceSeconds to finish; then the process ends with exit code 130 and one
// line: the record on disk keeps every job up to its last save (at most --checkpoint-seconds
// old), and nothing that was saved is lost.
inline constexpr double kStopGraceSeconds = 2;
class AbandonAfterStop {
 public:
  AbandonAfterStop(const std::atomic<bool>* stop, const char* tool, std::string checkpoint);
  ~AbandonAfterStop();
  AbandonAfterStop(const AbandonAfterStop&) = delete;
  AbandonAfterStop& operator=(const AbandonAfterStop&) = delete;

 private:
  std::mutex lock_;
  std::condition_variable done_;
  bool finished_ = false;
  std::thread watcher_;
};

}  // namespace nqueens::cli
