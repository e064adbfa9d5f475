// The per-job log of a long count (`nqueens count --job-log FILE`): every finished job's index
// and counts, appended as the run goes and fsync'd with each checkpoint, so that two runs can
// be compared job by job (`nqueens merge --compare A B`), a lost node's shard can be resumed
// from its log alone, and the log's sums can be merged like records.
//
// File format (text; the header, then one line per finished job in the order they finished):
//
//   nqueens-job-log 1                       format tag and format version
//   program 0.1.0
//   n 20
//   method backtrack
//   depth 5
//   jobs 291704                             the whole list's size
//   fingerprint 3f0c...                     JobListId::fingerprint, hex
//   shard 3 16
//   start 0c5e...                           FNV-1a 64 of the lines above, hex
//   18 30772 0 0 9a41...                    job index, its solutions, of them fixed by the half
//   34 161548 4 0 51d0...                   turn, by the quarter turn, and the entry's check
//
// An entry's check is FNV-1a 64 of the previous line's check (the first entry: `start`), a
// space and the entry's first four fields, so a changed, lost, repeated or reordered entry
// breaks every check from there on. A reader refuses the whole log at the first bad line: a
// damaged log is never summed.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "nqueens/checkpoint.hpp"
#include "nqueens/count_types.hpp"
#include "nqueens/jobs.hpp"

namespace nqueens {

struct JobLogEntry {
  std::uint64_t index = 0;
  SolutionCounts counts;
};

// What a log holds besides its entries.
struct JobLogSummary {
  JobListId list;
  Shard shard;
  std::uint64_t entries = 0;
  std::uint64_t bytes = 0;  // the size read (header and every entry)
  std::uint64_t check = 0;  // the last entry's check (`start` when there is none)
  DoneRanges done;          // positions in the shard of the logged jobs
  SolutionCounts sum;       // of the logged jobs
  bool finished() const { return entries == shard.size(list.jobs); }
};

// Reads a log, at most its first `limit` bytes (a resumed run reads up to its record's
// job-log size), checking the header, every entry's check, that each job belongs to the shard
// and that none is logged twice; `on_entry` sees each entry in file order. Throws RecordError
// (one sentence naming the file and the line) for any fault: a truncated last line, a damaged
// entry, a job of another shard or a repeat.
JobLogSummary read_job_log(const std::string& path,
                           const std::function<void(const JobLogEntry&)>& on_entry = {},
                           std::uint64_t limit = UINT64_MAX);

// Whether the file starts like a job log (merge takes logs and records alike).
bool looks_like_job_log(const std::string& path);

// Appends entries to a log. Entries are buffered and written in blocks; sync() writes the
// rest and fsyncs, so that a record saved after it never counts a job the log lacks. The log
// is locked (flock) while a writer has it open: a second run on it is refused.
class JobLogWriter {
 public:
  // A new log with its header (an existing file is replaced), or, when `resume` is set, the
  // log that `resume` read: the file is cut to resume->bytes and entries follow from there.
  // Throws RecordError.
  JobLogWriter(const std::string& path, const JobListId& list, Shard shard,
               const JobLogSummary* resume = nullptr);
  ~JobLogWriter();
  JobLogWriter(const JobLogWriter&) = delete;
  JobLogWriter& operator=(const JobLogWriter&) = delete;

  void add(std::uint64_t index, const SolutionCounts& counts);
  // Writes what is buffered and fsyncs; returns the log's size. Throws RecordError.
  std::uint64_t sync();

 private:
  std::string path_;
  int fd_ = -1;
  std::string buffer_;
  std::uint64_t written_ = 0;  // bytes on disk
  std::uint64_t check_ = 0;
  void write_buffer();
};

// The result of comparing two logs of one job list, job by job.
struct JobLogComparison {
  std::uint64_t common = 0;       // jobs both logged
  std::uint64_t only_first = 0;   // jobs only the first logged
  std::uint64_t only_second = 0;  // jobs only the second logged
  std::uint64_t differing = 0;    // common jobs whose counts differ
  // The lowest-indexed common job whose counts differ (valid when differing > 0).
  JobLogEntry first_difference_a, first_difference_b;
  // The lowest-indexed job only one of them logged (valid when only_first + only_second > 0).
  std::uint64_t first_missing = 0;
  JobListId list;
};

// Reads both logs (each checked as read_job_log checks) and compares them. Throws RecordError
// for a damaged log or for two logs of different job lists.
JobLogComparison compare_job_logs(const std::string& a, const std::string& b);

}  // namespace nqueens
