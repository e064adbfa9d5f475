// Records of a count in progress: which jobs of a JobList are done and the exact sum of their
// counts. The same record is a checkpoint (a run resumes from it after a crash or kill -9),
// and, for a shard run, its result file (`nqueens merge` adds finished shards).
//
// File format (text, one field per line, written to FILE.tmp and renamed over FILE, so a
// reader sees the old or the new record, never half of one):
//
//   nqueens-record 2                      format tag and format version
//   program 0.1.0                         program version that wrote it
//   n 17
//   method backtrack                      counting method of the job list (backtrack, join)
//   depth 4                               job-list depth (0 for join)
//   jobs 67269                            job-list size
//   fingerprint 9c1f...                   JobList::fingerprint(), hex
//   shard 2 8                             this record covers jobs with index % 8 == 2-1
//   done 0-1203,1207-1210                 finished jobs, as ranges of positions in the
//                                         shard (position k: job index-1 + k*count)
//   solutions 9618848 480 16              sums of the done jobs: solutions, of them fixed by
//                                         the half turn, by the quarter turn
//   checksum 5be1...                      FNV-1a 64 of every line above, hex
#pragma once

#include <cstdint>
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

struct Shard {
  int index = 1;  // 1-based
  int count = 1;
  bool owns(std::size_t job) const {
    return job % static_cast<std::size_t>(count) == static_cast<std::size_t>(index - 1);
  }
  friend bool operator==(const Shard&, const Shard&) = default;
};

// Parses "I/K" (1 <= I <= K <= 1,000,000); throws std::invalid_argument with a sentence.
Shard parse_shard(const std::string& text);

struct RunRecord {
  int n = 0;
  CountMethod method = CountMethod::backtrack;
  int depth = 0;
  std::size_t jobs = 0;
  std::uint64_t fingerprint = 0;
  Shard shard;
  std::vector<bool> done;  // one flag per job of the whole list
  SolutionCounts sum;      // of the done jobs

  static RunRecord start(const JobList& list, Shard shard);
  // The jobs of this shard still to run.
  std::vector<std::size_t> remaining() const;
  std::size_t shard_jobs() const;  // how many jobs the shard has
  std::size_t done_count() const;
  bool finished() const { return done_count() == shard_jobs(); }

  // Throws RecordError if the record does not belong to this list and shard.
  void check_matches(const JobList& list, Shard shard, const std::string& path) const;
};

std::string to_text(const RunRecord& record);
RunRecord parse_record(const std::string& text, const std::string& path);

// Atomic write (FILE.tmp, fsync, rename) and read; both throw RecordError.
void write_record(const RunRecord& record, const std::string& path);
RunRecord read_record(const std::string& path);

}  // namespace nqueens
