// The unit of parallel work: a job is a prefix of the symmetry-reduced search (which branch
// and the columns of the queens in the first rows), and its subtree is counted independently
// of every other job. Threads, checkpoints, shards, MPI ranks and GPU blocks all consume the
// same deterministic JobList, so every backend adds up exactly the same numbers.
//
// The search behind the jobs (see docs/ALGORITHMS.md) visits each symmetry class about once:
//   corner branch: a queen at (0, 0); the queen of row 1 is at column b (2 <= b <= N-2) and
//                  the queen of column 1 lies below row b, which picks one of the 2 class
//                  members with a queen on that corner. Each solution found stands for 8.
//   edge branch:   no corner queen; the top queen is at column b <= (N-1)/2 and every other
//                  edge queen is at most b squares from the nearest corner. Ties with a
//                  rotation are settled by comparing the rotated board at the leaf; for the
//                  middle column of odd N, row 1's queen lies left of it (the mirror).
//   whole board:   N <= 3, where neither argument applies; one job searches everything.
//
// The join method (CountMethod::join) splits differently: a job is one set of columns C used
// by the top floor(N/2) rows (and, for odd N, the column of the middle row's queen), one per
// orbit under turning the board upside down and mirroring it, and counts every solution of
// the orbit by pairing top and bottom halves (src/kernels/count_join.cpp). Its first job counts
// the solutions fixed by the half and quarter turns, which the class split needs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "nqueens/count.hpp"
#include "nqueens/job.hpp"
#include "nqueens/parallel.hpp"

namespace nqueens {

struct JobList {
  int n = 0;
  CountMethod method = CountMethod::backtrack;  // never automatic
  int depth = 0;                                // backtrack: rows each job fixes; join: 0
  std::vector<Job> jobs;

  // Identifies the list (format version, N, depth and every job): a checkpoint or shard
  // result made from another list is refused by comparing fingerprints.
  std::uint64_t fingerprint() const;

  // 0, 1, ..., jobs.size()-1: every job, for run_jobs.
  std::vector<std::size_t> all_indices() const;
};

// How deep make_jobs splits by default: enough jobs to balance many threads, small enough
// that setting up a job costs nothing measurable.
int default_job_depth(int n);

// Every backtrack job for the N x N board, in a fixed order. depth 0 means
// default_job_depth(n); it is clamped to what the board allows. Throws std::invalid_argument
// if N is out of range.
JobList make_jobs(int n, int depth = 0);

// The job list of a method: make_jobs(n, depth) for backtrack, make_join_jobs(n) for join;
// automatic resolves through choose_method.
JobList make_jobs(int n, CountMethod method, int depth = 0);

// The join method's jobs: the fixed-point job, then one job per orbit of (top columns,
// middle column) in increasing order. C(N, N/2)/4 jobs or so: 3.2k at N = 16, 46k at N = 20.
JobList make_join_jobs(int n);

// The method `automatic` means for this N on this machine: the faster one as measured in
// bench/ (docs/BENCHMARKS.md), for the kernel tier the backtracker would use: the join from
// N = 16 with the scalar kernel and from N = 20 with NEON, at N = 20 with AVX-512 and at
// N = 18 to 22 with AVX2 where its tables fit the limit below (else the backtracker).
CountMethod choose_method(int n);

// The join method pairs halves from tables of partial halves, built once per process for the
// N counted (up to N = 22: 226 MiB there, 53 MiB at N = 21). The limit caps them: a count
// whose tables would take more bytes searches each half row by row instead (the same counts,
// several times slower), and `automatic` prefers the backtracker where that would make the join
// the slower. Process-wide, like select_kernel_tier; default kDefaultJoinTableLimit.
inline constexpr std::size_t kDefaultJoinTableLimit = std::size_t{4} << 30;  // 4 GiB
void set_join_table_limit(std::size_t bytes);
std::size_t join_table_limit();
// The bytes the join's tables take for N at their peak, while built; 0 where it builds none.
std::size_t join_table_bytes(int n);
// Whether a join count of N uses its tables: it has some and they fit the limit.
bool join_uses_tables(int n);

// Counts one job (single-threaded, allocation-free after a thread's first job).
SolutionCounts count_job(int n, const Job& job);

// Counts the jobs at the given indices on `threads` threads (0: all cores) with parallel_for
// (parallel.hpp); `done` is called (serialised) once per finished job, in completion order.
// Returns the sum. A done callback that returns false stops the run early.
SolutionCounts run_jobs(
    const JobList& list, std::span<const std::size_t> indices, int threads,
    const std::function<bool(std::size_t index, const SolutionCounts&)>& done = {});

}  // namespace nqueens
