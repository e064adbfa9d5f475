// The unit of parallel work: a job is a prefix of the symmetry-reduced search (which branch
// and the columns of the queens in the first rows), and its subtree is counted independently
// of every other job. Threads, checkpoints, shards, MPI ranks and GPU blocks all consume the
// same deterministic JobList, so every backend adds up exactly the same numbers.
//
// The search behind the jobs (see docs/ALGORITHMS.md) visits each symmetry class about once:
//   corner branch: a queen at (0, 0); the queen of row 1 is at column b (2 <= b <= N-2) and
//                  the queen of column 1 lies below row b, which picks one of the 2 class
//                  members with a queen on that corner. Each solution found stands for 8.
//   edge branch:   no corner queen; the top queen is at column b < (N-1)/2 and every other
//                  edge queen is at least b squares from the nearest corner. Ties with a
//                  rotation are settled by comparing the rotated board at the leaf.
//   whole board:   N <= 3, where neither argument applies; one job searches everything.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "nqueens/branch.hpp"
#include "nqueens/count.hpp"

namespace nqueens {

inline constexpr int kMaxJobDepth = 8;

struct Job {
  Branch branch = Branch::whole;
  std::uint8_t depth = 0;                         // rows already fixed
  std::array<std::uint8_t, kMaxJobDepth> cols{};  // cols[r]: queen column in row r < depth
  friend bool operator==(const Job&, const Job&) = default;
};

struct JobList {
  int n = 0;
  int depth = 0;
  std::vector<Job> jobs;

  // Identifies the list (format version, N, depth and every job): a checkpoint or shard
  // result made from another list is refused by comparing fingerprints.
  std::uint64_t fingerprint() const;
};

// How deep make_jobs splits by default: enough jobs to balance many threads, small enough
// that setting up a job costs nothing measurable.
int default_job_depth(int n);

// Every job for the N x N board, in a fixed order. depth 0 means default_job_depth(n); it is
// clamped to what the board allows. Throws std::invalid_argument if N is out of range.
JobList make_jobs(int n, int depth = 0);

// Counts one job's subtree (single-threaded, allocation-free).
ClassCounts count_job(int n, const Job& job);

// Counts the jobs at the given indices on `threads` threads (0: all cores), handing them out
// dynamically; `done` is called (serialised) once per finished job, in completion order.
// Returns the sum. A done callback that returns false stops the run early.
ClassCounts run_jobs(const JobList& list, std::span<const std::size_t> indices, int threads,
                     const std::function<bool(std::size_t index, const ClassCounts&)>& done = {});

int hardware_threads();

}  // namespace nqueens
