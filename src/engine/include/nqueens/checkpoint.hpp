// Records of a count in progress: which jobs of a JobList are done and the exact sum of their
// counts. The same record is a checkpoint (a run resumes from it after a crash or kill -9),
// and, for a shard run, its result file (`nqueens merge` adds finished shards).
//
// File format (text, one field per line, written to FILE.tmp and renamed over FILE, so a
// reader sees the old or the new record, never half of one):
//
//   nqueens-record 3                      format tag and format version
//   program 0.1.0                         program version that wrote it
//   n 17
//   method backtrack                      counting method of the job list (backtrack, join)
//   depth 4                               job-list depth (0 for join)
//   jobs 67269                            job-list size
//   fingerprint 9c1f...                   JobListId::fingerprint (identity version 3), hex
//   shard 2 8                             this record covers jobs with index % 8 == 2-1
//   done 0-1203,1207-1210                 finished jobs, as ranges of positions in the
//                                         shard (position k: job index-1 + k*count)
//   solutions 9618848 480 16              sums of the done jobs: solutions, of them fixed by
//                                         the half turn, by the quarter turn
//   job-log 81920                         only with --job-log: the log's size at this save
//   checksum 5be1...                      FNV-1a 64 of every line above, hex
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "nqueens/count.hpp"
#include "nqueens/jobs.hpp"

namespace nqueens {

// A record that cannot be used: unreadable, corrupt, or from another run. The message is one
// sentence naming the file and what is wrong.
struct RecordError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Parses "I/K" (1 <= I <= K <= 1,000,000); throws std::invalid_argument with a sentence.
Shard parse_shard(const std::string& text);

// Positions of a shard's finished jobs as disjoint ranges: a run finishes its jobs near the
// front of what is left, so a few ranges hold any progress whatever the size of the list.
class DoneRanges {
 public:
  bool contains(std::uint64_t position) const;
  // Adds one position; false if it was there already.
  bool insert(std::uint64_t position);
  // Adds first..last (inclusive); false if any of them was there already.
  bool insert_range(std::uint64_t first, std::uint64_t last);
  std::uint64_t count() const { return count_; }
  // first -> last (inclusive), in increasing order, never touching one another.
  const std::map<std::uint64_t, std::uint64_t>& ranges() const { return ranges_; }
  friend bool operator==(const DoneRanges&, const DoneRanges&) = default;

 private:
  std::map<std::uint64_t, std::uint64_t> ranges_;
  std::uint64_t count_ = 0;
};

struct RunRecord {
  JobListId list;  // the job list it counts: its n, method, depth, jobs and fingerprint lines
  Shard shard;
  DoneRanges done;     // positions in the shard (job index = shard.index_of(position))
  SolutionCounts sum;  // of the done jobs
  // The run keeps a job log (nqueens/job_log.hpp): its size in bytes when the record was
  // saved, every entry up to there fsync'd first; absent for a run without one.
  std::optional<std::uint64_t> job_log_bytes;

  static RunRecord start(const JobListId& id, Shard shard);
  std::uint64_t shard_jobs() const { return shard.size(list.jobs); }
  std::uint64_t done_count() const { return done.count(); }
  bool finished() const { return done_count() == shard_jobs(); }

  // Throws RecordError if the record does not belong to this list and shard.
  void check_matches(const JobListId& id, Shard shard, const std::string& path) const;
};

std::string to_text(const RunRecord& record);
RunRecord parse_record(const std::string& text, const std::string& path);

// Atomic write (FILE.tmp, fsync, rename) and read; both throw RecordError.
void write_record(const RunRecord& record, const std::string& path);
RunRecord read_record(const std::string& path);

}  // namespace nqueens
