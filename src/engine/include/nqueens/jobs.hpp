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
// the orbit by pairing top and bottom halves (src/kernels/join). Its first job counts
// the solutions fixed by the half and quarter turns, which the class split needs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "nqueens/count.hpp"
#include "nqueens/job.hpp"
#include "nqueens/kernel_tier.hpp"
#include "nqueens/parallel.hpp"

namespace nqueens {

// One slice of a job list: slice I of K takes the jobs whose index is I-1 modulo K, so that
// every slice gets jobs from every part of the list and the slices take about equally long.
struct Shard {
  int index = 1;  // 1-based
  int count = 1;
  bool owns(std::uint64_t job) const {
    return job % static_cast<std::uint64_t>(count) == static_cast<std::uint64_t>(index - 1);
  }
  // How many of a list's `jobs` jobs the slice has, and where they stand: the job at position
  // p of the slice is job index-1 + p*count of the list.
  std::uint64_t size(std::uint64_t jobs) const;
  std::uint64_t index_of(std::uint64_t position) const;
  std::uint64_t position_of(std::uint64_t job) const;  // of a job the slice owns
  friend bool operator==(const Shard&, const Shard&) = default;
};

// What names a job list without holding it: records and job logs carry it, and a record or log
// of another list is refused by comparing it.
//
// Identity version 3. The fingerprint is FNV-1a 64 over a tag ("nqueens-jobs-v3" or
// "nqueens-join-v3"), N and the depth, then over the list's groups in order: for the backtrack
// method a group is the jobs that share all rows but the last (its branch, the columns of
// those rows, and the last row's columns as a 32-bit set), for the join one job (its top
// columns, 32-bit, and its middle column). It says as much as hashing every job (version 2
// did) but costs one step per group: 2.66M groups for the 41M jobs of N = 28 at depth 6.
struct JobListId {
  int n = 0;
  CountMethod method = CountMethod::backtrack;
  int depth = 0;
  std::uint64_t jobs = 0;
  std::uint64_t fingerprint = 0;
  friend bool operator==(const JobListId&, const JobListId&) = default;
};

struct JobList {
  int n = 0;
  CountMethod method = CountMethod::backtrack;  // never automatic
  int depth = 0;                                // backtrack: rows each job fixes; join: 0
  std::vector<Job> jobs;

  // The list's identity (JobListId), computed from its jobs; equal to describe_jobs' for the
  // same N, method and depth.
  std::uint64_t fingerprint() const;
  JobListId id() const;

  // 0, 1, ..., jobs.size()-1: every job, for run_jobs.
  std::vector<std::size_t> all_indices() const;
};

// How deep make_jobs splits by default: enough jobs to balance many threads, small enough
// that setting up a job costs nothing measurable.
int default_job_depth(int n);

// The depth a backtrack list of N has when `depth` is asked for: default_job_depth(n) for 0,
// clamped to 2..min(kMaxJobDepth, N-2); 0 for N <= 3 (one job, the whole board).
int resolve_job_depth(int n, int depth);

// Every backtrack job for the N x N board, in a fixed order (depth as resolve_job_depth).
// Throws std::invalid_argument if N is out of range.
JobList make_jobs(int n, int depth = 0);

// The job list of a method: make_jobs(n, depth) for backtrack, make_join_jobs(n) for join;
// automatic resolves through choose_method for the kernel tier that will count it and the
// run's table memory.
JobList make_jobs(int n, CountMethod method, int depth = 0, KernelTier tier = default_kernel_tier(),
                  std::size_t table_memory = kDefaultTableMemory);

// The join method's jobs: the fixed-point job, then one job per orbit of (top columns,
// middle column) in increasing order. C(N, N/2)/4 jobs or so: 3.2k at N = 16, 46k at N = 20.
JobList make_join_jobs(int n);

// The identity of the list make_jobs(n, method, depth) makes, without making it: one pass
// over its groups, nothing kept (N = 28 at depth 6: about 0.1 s). Throws as make_jobs.
JobListId describe_jobs(int n, CountMethod method, int depth = 0,
                        KernelTier tier = default_kernel_tier(),
                        std::size_t table_memory = kDefaultTableMemory);

// The jobs of one shard of a list, one at a time and in list order, without the list: it walks
// the list's groups (see JobListId) and steps over whole groups of other shards, so it holds a
// search path, never a job list, and a shard of any K starts at once. Its jobs are those of
// make_jobs(n, method, depth) at the same indices.
//
//   ShardJobs shard(28, CountMethod::backtrack, 6, {7, 1000});
//   for (ShardJob j; shard.next(j);) count_job(28, j.job);   // j.index: 6, 1006, 2006, ...
struct ShardJob {
  std::uint64_t index = 0;     // in the whole list
  std::uint64_t position = 0;  // in the shard: index = shard.index_of(position)
  Job job;
};
class ShardJobs {
 public:
  // method: backtrack or join (automatic resolves through choose_method for `tier` and
  // `table_memory`, as make_jobs). Throws as make_jobs.
  ShardJobs(int n, CountMethod method, int depth, Shard shard,
            KernelTier tier = default_kernel_tier(),
            std::size_t table_memory = kDefaultTableMemory);
  ~ShardJobs();
  ShardJobs(ShardJobs&&) noexcept;
  ShardJobs& operator=(ShardJobs&&) noexcept;
  // The next job of the shard; false after the last.
  bool next(ShardJob& out);
  // The list's method and depth, resolved as make_jobs resolves them.
  CountMethod method() const;
  int depth() const;

 private:
  struct Walk;
  std::unique_ptr<Walk> walk_;
};

// The method `automatic` means for this N on this machine: the faster one as measured by
// bench/method_choice.py, for the kernel tier that counts (`tier`; the crossovers per tier are
// in src/base/tunables.hpp): the join from N = 16 with the scalar kernel and from N = 20 with
// NEON, at N = 18 and 20 with AVX-512 and at N = 18 to 22 with AVX2 where its tables fit
// `table_memory` (join_uses_tables; else the backtracker).
CountMethod choose_method(int n, KernelTier tier = default_kernel_tier(),
                          std::size_t table_memory = kDefaultTableMemory);

// The join method pairs halves from tables of partial halves, built once per process for the
// N counted (up to N = 22: 226 MiB there, 53 MiB at N = 21). A run's table memory
// (RunOptions::table_memory, `--table-memory`) caps them: a count whose tables would take more
// bytes searches each half row by row instead (the same counts, several times slower), and
// `automatic` prefers the backtracker where that would make the join the slower.
// The bytes the join's tables take for N at their peak, while built; 0 where it builds none.
std::size_t join_table_bytes(int n);
// Whether a join count of N with this table memory uses its tables: it has some and they fit.
bool join_uses_tables(int n, std::size_t table_memory);

// The job at `index` of make_jobs(n, method, depth, tier, table_memory), found by a walk of the
// list (nothing kept); nullopt past its end. For messages and job logs, which name jobs by index.
std::optional<Job> find_job(int n, CountMethod method, int depth, std::uint64_t index,
                            KernelTier tier = default_kernel_tier(),
                            std::size_t table_memory = kDefaultTableMemory);

// A job in words, 1-based as the command line prints boards: "corner branch, rows 1-5 at
// columns 1 4 2 ..." or "top half on columns 1 3 4 ..., middle row at column 5".
std::string describe_job(const Job& job);

// Counts one job (single-threaded, allocation-free after a thread's first job) with the kernel
// tier `tier` (a backtrack job's frontier search, a join group's bit-set loops); a join group
// from the tables where they fit `table_memory` (join_uses_tables), else by searching its halves.
SolutionCounts count_job(int n, const Job& job, KernelTier tier = default_kernel_tier(),
                         std::size_t table_memory = kDefaultTableMemory);

// How the verify sample recounts a backtrack job (`--verify-by`):
//   tier:      by another kernel tier than count_job's `tier`: the next fastest this CPU
//              has (AVX-512 -> AVX2, AVX2 -> scalar, NEON -> scalar): the same frontier search
//              in other vector code, 2x the time of AVX-512 on an AVX-512 CPU, about 7x on an
//              AVX2 one; where no other tier exists, by the reference search.
//   reference: by the reference search (src/kernels/count_kernel.hpp), the plain row-by-row
//              search every tier is tested against, shared with no tier: about 33x the time
//              of the AVX-512 tier (N = 17, Intel Xeon).
enum class Recount : std::uint8_t { tier, reference };

// The same counts by a second method on the CPU, for the verify sample (RunSession): a
// backtrack job as `by` says; a join group by searching each half (the other way where
// count_job uses the tables, the same search again where they exceed the table memory); the
// join's fixed-point job by the published counts (nqueens/fixed_points.hpp); the whole board
// (N <= 3) by the same enumeration again.
// `tier` is the tier count_job counts with.
SolutionCounts recount_job(int n, const Job& job, Recount by = Recount::tier,
                           KernelTier tier = default_kernel_tier());
// Its name for a list of this method, for messages: "the avx2 kernel tier", ...; `table_memory`
// is count_job's.
std::string recount_method(int n, CountMethod method, Recount by = Recount::tier,
                           KernelTier tier = default_kernel_tier(),
                           std::size_t table_memory = kDefaultTableMemory);

// Counts the jobs at the given indices on `threads` threads (0: all cores) with parallel_for
// (parallel.hpp), the kernel tier `tier` and the table memory `table_memory` (count_job);
// `done` is called (serialised) once per finished job, in completion order. Returns the sum. A
// done callback that returns false stops the run early.
SolutionCounts run_jobs(
    const JobList& list, std::span<const std::size_t> indices, int threads,
    const std::function<bool(std::size_t index, const SolutionCounts&)>& done = {},
    KernelTier tier = default_kernel_tier(), std::size_t table_memory = kDefaultTableMemory);

}  // namespace nqueens
