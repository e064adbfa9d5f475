// Splitting a count into jobs, counting one job, and running many on threads.
#include "nqueens/jobs.hpp"
#include "nqueens/parallel.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <exception>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

#include "kernels/count_frontier.hpp"
#include "kernels/count_join.hpp"
#include "kernels/count_kernel.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/kernel_tier.hpp"
#include "nqueens/solution.hpp"

namespace nqueens {

namespace {

using kernels::BranchRules;
using kernels::Row;

void check_n(int n) {
  if (n < 1 || n > kMaxCountN)
    throw std::invalid_argument("N must be between 1 and " + std::to_string(kMaxCountN) +
                                " for counting, got " + std::to_string(n));
}

// The branch rules of a job follow from its first rows: the corner branch's bound is the
// column of row 1, the edge branch's the column of row 0.
BranchRules rules_of(int n, const Job& job) {
  const int bound1 = job.branch == Branch::corner ? job.cols[1] : job.cols[0];
  return BranchRules::make(n, job.branch, bound1);
}

// Depth-first extension of a prefix to `depth` rows under the branch rules.
void extend(const BranchRules& r, Job& job, int row, Row left, Row down, Row right, int depth,
            std::vector<Job>& out) {
  if (row == depth) {
    job.depth = static_cast<std::uint8_t>(depth);
    out.push_back(job);
    return;
  }
  for (Row free = r.candidates(row, left, down, right); free != 0; free &= free - 1) {
    const Row bit = kernels::lowest_bit(free);
    job.cols[row] = static_cast<std::uint8_t>(std::countr_zero(bit));
    extend(r, job, row + 1, (left | bit) << 1, down | bit, (right | bit) >> 1, depth, out);
  }
}

// The join method's limit: its jobs (C(N, N/2)/2: 1.35M at N = 24; 8.1M at N = 23, where
// each of N middle columns has its own groups) must fit a job list and a record comfortably,
// and N = 24 already takes core-years.
constexpr int kMaxJoinCountN = 24;

std::uint32_t column_mask(int n) {
  return n == 32 ? ~0u : (std::uint32_t{1} << n) - 1;
}

std::uint32_t reverse_columns(std::uint32_t cols, int n) {
  std::uint32_t r = 0;
  for (int c = 0; c < n; ++c)
    if (cols >> c & 1u) r |= std::uint32_t{1} << (n - 1 - c);
  return r;
}

// The groups whose counts equal a join group's: its image when the board is turned upside
// down (the top half's columns become the bottom half's, the middle queen stays) and, with
// plain weights only, the mirror images of both (columns reversed, the middle queen too).
// Diagonal weights are flip-symmetric but not mirror-symmetric (count_join.hpp).
struct JoinGroupKey {
  int middle;
  std::uint32_t cols;
  auto operator<=>(const JoinGroupKey&) const = default;
};

// The distinct groups, sorted, in a fixed array: it is made once per job, and a vector's heap
// allocation was a few percent of N = 19's join.
struct JoinOrbit {
  std::array<JoinGroupKey, 4> keys;
  std::size_t size = 0;
  const JoinGroupKey& front() const { return keys[0]; }
};

JoinOrbit join_orbit(int n, std::uint32_t top, int middle) {
  const std::uint32_t middle_bit = middle >= 0 ? std::uint32_t{1} << middle : 0;
  const std::uint32_t bottom = column_mask(n) & ~top & ~middle_bit;
  JoinOrbit orbit;
  orbit.keys[orbit.size++] = {middle, top};
  orbit.keys[orbit.size++] = {middle, bottom};
  if (kernels::join_weights_for(n) == kernels::JoinWeights::plain) {
    const int mirrored = middle >= 0 ? n - 1 - middle : -1;
    orbit.keys[orbit.size++] = {mirrored, reverse_columns(top, n)};
    orbit.keys[orbit.size++] = {mirrored, reverse_columns(bottom, n)};
  }
  // Sorted by insertion (at most four keys): std::sort here made g++ 12 warn of its
  // 16-element insertion step reading past the array, a path it cannot take.
  for (std::size_t i = 1; i < orbit.size; ++i)
    for (std::size_t j = i; j > 0 && orbit.keys[j] < orbit.keys[j - 1]; --j)
      std::swap(orbit.keys[j], orbit.keys[j - 1]);
  const auto end = orbit.keys.begin() + static_cast<std::ptrdiff_t>(orbit.size);
  orbit.size = static_cast<std::size_t>(std::unique(orbit.keys.begin(), end) - orbit.keys.begin());
  return orbit;
}

ClassCounts count_whole_board(int n) {
  ClassCounts c;
  for_each_solution(n, [&](const Solution& s) {
    if (!is_canonical(s)) return true;
    switch (symmetry_class_size(s)) {
      case 1:
        ++c.size1;
        break;
      case 2:
        ++c.size2;
        break;
      case 4:
        ++c.size4;
        break;
      default:
        ++c.size8;
        break;
    }
    return true;
  });
  return c;
}

}  // namespace

int default_job_depth(int n) {
  // At most 5 rows: with the edge branch's farthest-queen rules the rows near the top may use
  // the side columns, and 6 rows gave N = 20 2.47M jobs and a 72 MB job list for no speed
  // (depth 5, 291k jobs: 19 MB in all; per solution level at N = 20 and 1.5% faster on an
  // N = 21 sample, one thread, Xeon). At N = 18, 4 and 6 rows were 2% and 9% slower than 5.
  return std::clamp(n / 4 + 1, 2, 5);
}

const char* method_name(CountMethod method) {
  switch (method) {
    case CountMethod::backtrack:
      return "backtrack";
    case CountMethod::join:
      return "join";
    default:
      return "auto";
  }
}

namespace {
std::atomic<std::size_t> join_table_limit_bytes{kDefaultJoinTableLimit};
}  // namespace

void set_join_table_limit(std::size_t bytes) {
  join_table_limit_bytes.store(bytes);
}

std::size_t join_table_limit() {
  return join_table_limit_bytes.load();
}

std::size_t join_table_bytes(int n) {
  return kernels::join_table_bytes(n, kernels::join_weights_for(n));
}

bool join_uses_tables(int n) {
  // Asked once per job: the kernel's answer (behind a lock) is kept for the thread's last N.
  thread_local int last_n = -1;
  thread_local std::size_t bytes = 0;
  if (n != last_n) bytes = join_table_bytes(n), last_n = n;
  return bytes != 0 && bytes <= join_table_limit();
}

CountMethod choose_method(int n) {
  // Measured side by side, one thread, CPU time (bench/compare_counters.sh, docs/BENCHMARKS.md):
  // the join beats the scalar backtracker from N = 16 on (0.36 s against 1.4 s at N = 16 on an
  // AMD Zen 3). With the vector backtrackers it wins only at even N with its half tables
  // (N <= kMaxTableJoinN = 22). On an AMD Zen 4, whole runs:
  //   - AVX-512: N = 20 247.7 s against 277.4 s (one run each, at the same time, one per
  //     core); N = 18 6.83 s against 4.54 s (medians of 3). Strided samples of N = 20 are
  //     level (`--shard 7/128` 2.11 s against 2.13 s): a sample's groups are far apart in
  //     the tables, so they understate the whole run.
  //   - AVX2 code (the portable build's join, the AVX2 tier's backtracker): N = 20 297.8 s
  //     against 370.4 s; N = 18 6.24 s against 6.40 s (medians of 3).
  // Odd N (more, smaller groups) and N > 22 (no tables) stay with the backtracker: N = 19
  // samples 1.7-2.2x slower by the join, N = 21 samples level or slower. A full-width Intel
  // Xeon (model 207) has not been re-measured since the join's fused passes (before them the
  // backtracker led there at every N). NEON: not measured, and the join's vector paths are
  // x86 only: kept at 20. Since the join runs its top side over blocks (count_join.cpp), a
  // native AVX-512 build counts N = 18 by the join in 4.31 s against 4.54 s (medians of 3),
  // but a portable build on the same CPU runs the AVX-512 backtracker and the join's AVX2
  // form, which is slower there, and this choice cannot tell the two builds apart: kept.
  // Since the join lists the placements that miss the middle queen before it pairs them, odd
  // N = 19 and 21 go to the join in the AVX2 tier: on the AMD Zen 3, N = 19 by the join 65.2
  // and 64.9 s, by the backtracker 75.8 s (whole runs, one thread); N = 21 shards 3, 7, 100 and
  // 301 of 512: 7.3-7.9 s against 10.6-11.6 s each (samples understate the join, as above).
  // N = 17 stays (2.95 s against 1.52 s, medians of 5). The AVX-512 tier's crossovers at odd N
  // have not been re-measured. With tables at N = 22 (six inner rows) the AVX2 tier's join
  // leads there too: shards 3, 1001 and 1777 of 2048 took 19.2-20.4 s (1.4 s of it the tables)
  // against 23.1-23.7 s by the backtracker (Zen 3, one thread, CPU time; on shard 5/16384 the
  // row search took 14.0 s where the tables take 3.6 s, 1.3 s of it building them).
  int from = 16;
  switch (selected_kernel_tier()) {
    case KernelTier::avx512:
      return n == 20 ? CountMethod::join : CountMethod::backtrack;
    case KernelTier::avx2:
      // join_uses_tables: N has tables (N <= kMaxTableJoinN) and they fit the limit.
      return n >= 18 && join_uses_tables(n) ? CountMethod::join : CountMethod::backtrack;
    case KernelTier::neon:
      from = 20;
      break;
    case KernelTier::scalar:
      break;
  }
  return n >= from && n <= kMaxJoinCountN ? CountMethod::join : CountMethod::backtrack;
}

JobList make_jobs(int n, CountMethod method, int depth) {
  check_n(n);
  if (method == CountMethod::automatic) method = choose_method(n);
  return method == CountMethod::join ? make_join_jobs(n) : make_jobs(n, depth);
}

JobList make_join_jobs(int n) {
  check_n(n);
  if (n > kMaxJoinCountN)
    throw std::invalid_argument("the join method counts N up to " + std::to_string(kMaxJoinCountN) +
                                ", got " + std::to_string(n));
  JobList list;
  list.n = n;
  list.method = CountMethod::join;
  list.depth = 0;
  Job fixed;
  fixed.branch = Branch::fixed_points;
  list.jobs.push_back(fixed);
  const int half = n / 2;
  const std::uint32_t mask = column_mask(n);
  const int first_middle = n % 2 == 1 ? 0 : -1, last_middle = n % 2 == 1 ? n - 1 : -1;
  for (int middle = first_middle; middle <= last_middle; ++middle) {
    const std::uint32_t middle_bit = middle >= 0 ? std::uint32_t{1} << middle : 0;
    // Every `half`-subset of the columns in increasing order (Gosper's next-combination step).
    std::uint64_t cols = half == 0 ? 0 : (std::uint64_t{1} << half) - 1;
    for (; cols <= mask;) {
      const auto top = static_cast<std::uint32_t>(cols);
      if ((top & middle_bit) == 0) {
        if (join_orbit(n, top, middle).front() == JoinGroupKey{middle, top}) {
          Job job;
          job.branch = Branch::half_boards;
          job.top_columns = top;
          job.middle = static_cast<std::int8_t>(middle);
          list.jobs.push_back(job);
        }
      }
      if (cols == 0) break;
      const std::uint64_t low = cols & (0 - cols), ripple = cols + low;
      cols = ripple | (((cols ^ ripple) >> 2) / low);
    }
  }
  return list;
}

JobList make_jobs(int n, int depth) {
  check_n(n);
  JobList list;
  list.n = n;
  if (n <= 3) {  // too small for the symmetry argument; one job searches the whole board
    list.depth = 0;
    list.jobs.push_back(Job{});
    return list;
  }
  if (depth <= 0) depth = default_job_depth(n);
  // The kernel starts at a row <= N-2; the corner branch fixes two rows, so at least 2.
  depth = std::clamp(depth, 2, std::min(kMaxJobDepth, n - 2));
  list.depth = depth;

  for (int b = 2; b <= n - 2; ++b) {  // corner branch: queens at (0,0) and (1,b)
    const BranchRules r = BranchRules::make(n, Branch::corner, b);
    Job job;
    job.branch = Branch::corner;
    job.cols[0] = 0;
    job.cols[1] = static_cast<std::uint8_t>(b);
    const Row b0 = 1, b1 = Row{1} << b;
    extend(r, job, 2, (((b0 << 1) | b1) << 1), b0 | b1, b1 >> 1, depth, list.jobs);
  }
  for (int b = 1; b <= n - 1 - b; ++b) {  // edge branch: queen at (0,b), b <= N-1-b
    const BranchRules r = BranchRules::make(n, Branch::edge, b);
    Job job;
    job.branch = Branch::edge;
    job.cols[0] = static_cast<std::uint8_t>(b);
    const Row b0 = Row{1} << b;
    extend(r, job, 1, b0 << 1, b0, b0 >> 1, depth, list.jobs);
  }
  return list;
}

std::vector<std::size_t> JobList::all_indices() const {
  std::vector<std::size_t> all(jobs.size());
  std::iota(all.begin(), all.end(), std::size_t{0});
  return all;
}

std::uint64_t JobList::fingerprint() const {
  // FNV-1a over a format tag and every field that defines the list.
  std::uint64_t h = 0xcbf29ce484222325ull;
  auto mix = [&h](std::uint64_t byte) {
    h ^= byte & 0xff;
    h *= 0x100000001b3ull;
  };
  const bool join = method == CountMethod::join;
  for (const char ch : std::string(join ? "nqueens-join-v2" : "nqueens-jobs-v2"))
    mix(static_cast<std::uint8_t>(ch));
  mix(static_cast<std::uint64_t>(n));
  mix(static_cast<std::uint64_t>(depth));
  for (const Job& j : jobs) {
    mix(static_cast<std::uint64_t>(j.branch));
    mix(j.depth);
    for (int r = 0; r < j.depth; ++r) mix(j.cols[r]);
    if (join) {
      for (int shift = 0; shift < 32; shift += 8) mix(j.top_columns >> shift);
      mix(static_cast<std::uint8_t>(j.middle));
    }
  }
  return h;
}

SolutionCounts count_job(int n, const Job& job) {
  check_n(n);
  if (job.branch == Branch::whole) return SolutionCounts::of(count_whole_board(n));
  if (job.branch == Branch::fixed_points)
    return {0, kernels::count_fixed_half_turn(n), kernels::count_fixed_quarter_turn(n)};
  if (job.branch == Branch::half_boards) {
    if (n > kMaxJoinCountN) throw std::invalid_argument("N out of range for the join method");
    const bool odd = n % 2 == 1;
    if ((job.top_columns & ~column_mask(n)) != 0 || std::popcount(job.top_columns) != n / 2 ||
        (odd ? job.middle < 0 || job.middle >= n || (job.top_columns >> job.middle & 1u)
             : job.middle != -1))
      throw std::invalid_argument("half-board job does not fit the board");
    const kernels::JoinWeights weights = kernels::join_weights_for(n);
    const std::uint64_t pairs =
        join_uses_tables(n)
            ? kernels::count_join_group(n, job.top_columns, job.middle, weights)
            : kernels::count_join_group_searched(n, job.top_columns, job.middle, weights);
    // The job stands for every distinct group of its orbit.
    const auto groups = static_cast<unsigned>(join_orbit(n, job.top_columns, job.middle).size);
    return {Count{pairs} * groups, 0, 0};
  }
  if (job.depth < 2 && job.branch == Branch::corner)
    throw std::invalid_argument("a corner-branch job fixes at least 2 rows");
  if (job.depth < 1 || job.depth > n - 2)
    throw std::invalid_argument("job depth out of range for this N");

  const BranchRules r = rules_of(n, job);
  Row board[kMaxCountN] = {};
  Row left = 0, down = 0, right = 0;
  const bool corner = job.branch == Branch::corner;
  if (corner ? (job.cols[0] != 0 || r.bound1 < 2 || r.bound1 > n - 2)
             : (r.bound1 < 1 || r.bound1 > n - 1 - r.bound1))
    throw std::invalid_argument("job's first rows do not start a branch");
  for (int row = 0; row < job.depth; ++row) {
    const Row bit = Row{1} << job.cols[row];
    const int fixed_rows = corner ? 2 : 1;  // rows the branch itself places
    const Row allowed =
        row < fixed_rows ? r.mask & ~(left | down | right) : r.candidates(row, left, down, right);
    if ((bit & allowed) == 0)
      throw std::invalid_argument("job prefix breaks the rules of its branch");
    board[row] = bit;
    left = (left | bit) << 1;
    down |= bit;
    right = (right | bit) >> 1;
  }
  kernels::JobStart start;
  start.rules = r;
  start.start = job.depth;
  start.left = left;
  start.down = down;
  start.right = right;
  std::copy(board, board + 32, start.board);
  // The vector kernel where the build has it (12x the scalar one at N = 16, see
  // kernels/frontier_search.hpp), else the scalar one; both give identical counts.
  const kernels::Tally t = kernels::count_fastest(start);
  ClassCounts c;
  c.size2 = t.size2;
  c.size4 = t.size4;
  c.size8 = t.size8;
  return SolutionCounts::of(c);
}

SolutionCounts run_jobs(const JobList& list, std::span<const std::size_t> indices, int threads,
                        const std::function<bool(std::size_t, const SolutionCounts&)>& done) {
  std::mutex lock;
  SolutionCounts sum;
  parallel_for(indices.size(), threads, [&](std::size_t k) {
    const std::size_t index = indices[k];
    const SolutionCounts c = count_job(list.n, list.jobs.at(index));
    std::lock_guard guard(lock);
    sum += c;
    return !done || done(index, c);
  });
  return sum;
}

}  // namespace nqueens
