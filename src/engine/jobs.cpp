// Splitting a count into jobs, counting one job, and running many on threads.
#include "nqueens/jobs.hpp"
#include "nqueens/parallel.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <exception>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#include "base/tunables.hpp"
#include "kernels/bits.hpp"
#include "kernels/count_fixed_points.hpp"
#include "kernels/count_frontier.hpp"
#include "kernels/count_kernel.hpp"
#include "kernels/join/join.hpp"
#include "kernels/join/orbit.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/fixed_points.hpp"
#include "nqueens/kernel_tier.hpp"
#include "nqueens/solution.hpp"

namespace nqueens {

namespace {

using kernels::BranchRules;
using kernels::column_mask;
using kernels::join_orbit;
using kernels::JoinGroupKey;
using kernels::kMaxJoinCountN;
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

std::optional<CountMethod> parse_method(std::string_view name) {
  for (const CountMethod m : {CountMethod::automatic, CountMethod::backtrack, CountMethod::join})
    if (name == method_name(m)) return m;
  return std::nullopt;
}

std::size_t join_table_bytes(int n) {
  return kernels::join_table_bytes(n, kernels::join_weights_for(n));
}

bool join_uses_tables(int n, std::size_t table_memory) {
  // Asked once per job: the kernel's answer (behind a lock) is kept for the thread's last N.
  thread_local int last_n = -1;
  thread_local std::size_t bytes = 0;
  if (n != last_n) bytes = join_table_bytes(n), last_n = n;
  return bytes != 0 && bytes <= table_memory;
}

namespace {

// How the join counts N's groups in a run with this table memory (join_uses_tables).
kernels::JoinHalves join_halves(int n, std::size_t table_memory) {
  return join_uses_tables(n, table_memory) ? kernels::JoinHalves::tabled
                                           : kernels::JoinHalves::searched;
}

// The crossover of `automatic` for a kernel tier (src/base/tunables.hpp).
tune::AutoJoin auto_join(KernelTier tier) {
  switch (tier) {
    case KernelTier::avx512:
      return tune::kAutoJoinAvx512;
    case KernelTier::avx2:
      return tune::kAutoJoinAvx2;
    case KernelTier::neon:
      return tune::kAutoJoinNeon;
    case KernelTier::scalar:
      break;
  }
  return tune::kAutoJoinScalar;
}

}  // namespace

CountMethod choose_method(int n, KernelTier tier, std::size_t table_memory) {
  const tune::AutoJoin join = auto_join(tier);
  const bool in_range = n >= join.from && n <= std::min(join.to, kMaxJoinCountN);
  const bool join_here = in_range && (join.odd || n % 2 == 0) &&
                         (!join.with_tables_only || join_uses_tables(n, table_memory));
  return join_here ? CountMethod::join : CountMethod::backtrack;
}

int resolve_job_depth(int n, int depth) {
  if (n <= 3) return 0;  // too small for the symmetry argument; one job searches the whole board
  if (depth <= 0) depth = default_job_depth(n);
  // The kernel starts at a row <= N-2; the corner branch fixes two rows, so at least 2.
  return std::clamp(depth, 2, std::min(kMaxJobDepth, n - 2));
}

std::uint64_t Shard::size(std::uint64_t jobs) const {
  const auto k = static_cast<std::uint64_t>(count), i = static_cast<std::uint64_t>(index);
  return jobs / k + (i - 1 < jobs % k ? 1 : 0);
}

std::uint64_t Shard::index_of(std::uint64_t position) const {
  return static_cast<std::uint64_t>(index - 1) + position * static_cast<std::uint64_t>(count);
}

std::uint64_t Shard::position_of(std::uint64_t job) const {
  return job / static_cast<std::uint64_t>(count);
}

namespace {

// One group of a list (JobListId): for the backtrack method the rows but the last of its jobs
// (`prefix`, with the list's depth) and the last row's columns (`leaves`), one job per column
// in increasing order; for the join and the whole board one job, `prefix` itself.
struct Group {
  Job prefix;
  Row leaves = 0;
};

bool has_leaves(const Job& prefix) {
  return prefix.branch == Branch::corner || prefix.branch == Branch::edge;
}

std::uint64_t jobs_in(const Group& g) {
  return has_leaves(g.prefix) ? static_cast<std::uint64_t>(std::popcount(g.leaves)) : 1;
}

// The k-th job of a group (k < jobs_in(g)).
Job job_of(const Group& g, std::uint64_t k) {
  Job job = g.prefix;
  if (!has_leaves(job)) return job;
  Row leaves = g.leaves;
  for (; k > 0; --k) leaves &= leaves - 1;
  job.cols[job.depth - 1] = static_cast<std::uint8_t>(std::countr_zero(leaves));
  return job;
}

// The method and depth a list of N is made with (automatic resolved for the kernel tier and
// table memory of the run, depth clamped); throws std::invalid_argument for an N out of range.
std::pair<CountMethod, int> resolve_list(int n, CountMethod method, int depth, KernelTier tier,
                                         std::size_t table_memory) {
  check_n(n);
  if (method == CountMethod::automatic) method = choose_method(n, tier, table_memory);
  if (method == CountMethod::join) {
    if (n > kMaxJoinCountN)
      throw std::invalid_argument("the join method counts N up to " +
                                  std::to_string(kMaxJoinCountN) + ", got " + std::to_string(n));
    return {method, 0};
  }
  return {CountMethod::backtrack, resolve_job_depth(n, depth)};
}

// The groups of a list, in list order, one at a time: make_jobs, describe_jobs and ShardJobs
// all walk the list through this, so they agree job for job.
class GroupWalk {
 public:
  GroupWalk(int n, CountMethod method, int depth) : n_(n), method_(method), depth_(depth) {
    if (method_ == CountMethod::join) {
      join_half_ = n / 2;
      join_mask_ = column_mask(n);
      join_middle_ = n % 2 == 1 ? 0 : -1;
      join_last_middle_ = n % 2 == 1 ? n - 1 : -1;
      join_cols_ = first_join_columns();
    }
  }

  int n() const { return n_; }
  CountMethod method() const { return method_; }
  int depth() const { return depth_; }

  bool next(Group& g) {
    if (method_ == CountMethod::join) return next_join(g);
    if (depth_ == 0) {  // the whole board, one job
      if (phase_ != Phase::start) return false;
      phase_ = Phase::done;
      g.prefix = Job{};
      g.leaves = 0;
      return true;
    }
    return next_backtrack(g);
  }

 private:
  enum class Phase { start, corner, edge, done };
  struct Level {
    Row left = 0, down = 0, right = 0, free = 0;
  };

  int n_;
  CountMethod method_;
  int depth_;
  // Backtrack: the branch and its bound b, the prefix so far, and one level per row between
  // the branch's own rows and the last row (the columns still to try there).
  Phase phase_ = Phase::start;
  int b_ = 0;
  BranchRules rules_;
  Job prefix_;
  int start_row_ = 0, row_ = 0;
  bool active_ = false;  // levels_[start_row_ .. row_] hold columns still to try
  std::array<Level, kMaxJobDepth> levels_{};
  // Join: the middle column and the next set of top columns.
  int join_half_ = 0, join_middle_ = -1, join_last_middle_ = -1;
  std::uint32_t join_mask_ = 0;
  std::uint64_t join_cols_ = 0;
  bool join_fixed_done_ = false;

  // Begins the branch in prefix_ and rules_ at `row` with these masks: either the branch's
  // only group (its start row is the last row) or levels to walk.
  bool begin(Group& g, int row, Row left, Row down, Row right) {
    start_row_ = row_ = row;
    const Row free = rules_.candidates(row, left, down, right);
    if (row == depth_ - 1) {
      if (free == 0) return false;
      g.prefix = prefix_;
      g.leaves = free;
      return true;
    }
    levels_[static_cast<std::size_t>(row)] = {left, down, right, free};
    active_ = true;
    return false;
  }

  // The next branch; true when it is itself a group (written to g).
  bool start_branch(Group& g) {
    prefix_ = Job{};
    prefix_.depth = static_cast<std::uint8_t>(depth_);
    if (phase_ == Phase::start) {
      phase_ = Phase::corner;
      b_ = 1;
      if (depth_ == 2) {
        // Corner jobs of depth 2 are the queens (0, 0) and (1, b): one group, b = 2..N-2.
        phase_ = Phase::edge;
        b_ = 0;
        prefix_.branch = Branch::corner;
        g.prefix = prefix_;
        g.leaves = column_mask(n_ - 1) & ~Row{3};
        return true;
      }
    }
    if (phase_ == Phase::corner) {
      if (++b_ <= n_ - 2) {  // corner branch: queens at (0,0) and (1,b)
        rules_ = BranchRules::make(n_, Branch::corner, b_);
        prefix_.branch = Branch::corner;
        prefix_.cols[0] = 0;
        prefix_.cols[1] = static_cast<std::uint8_t>(b_);
        const Row b0 = 1, b1 = Row{1} << b_;
        return begin(g, 2, ((b0 << 1) | b1) << 1, b0 | b1, b1 >> 1);
      }
      phase_ = Phase::edge;
      b_ = 0;
    }
    if (phase_ == Phase::edge) {
      ++b_;
      if (b_ <= n_ - 1 - b_) {  // edge branch: queen at (0,b), b <= N-1-b
        rules_ = BranchRules::make(n_, Branch::edge, b_);
        prefix_.branch = Branch::edge;
        prefix_.cols[0] = static_cast<std::uint8_t>(b_);
        const Row b0 = Row{1} << b_;
        return begin(g, 1, b0 << 1, b0, b0 >> 1);
      }
      phase_ = Phase::done;
    }
    return false;
  }

  bool next_backtrack(Group& g) {
    for (;;) {
      if (!active_) {
        if (phase_ == Phase::done) return false;
        if (start_branch(g)) return true;
        continue;
      }
      Level& level = levels_[static_cast<std::size_t>(row_)];
      if (level.free == 0) {
        if (row_ == start_row_)
          active_ = false;
        else
          --row_;
        continue;
      }
      const Row bit = kernels::lowest_bit(level.free);
      level.free &= level.free - 1;
      prefix_.cols[row_] = static_cast<std::uint8_t>(std::countr_zero(bit));
      const Row left = (level.left | bit) << 1, down = level.down | bit,
                right = (level.right | bit) >> 1;
      const Row free = rules_.candidates(row_ + 1, left, down, right);
      if (row_ + 1 == depth_ - 1) {
        if (free == 0) continue;
        g.prefix = prefix_;
        g.leaves = free;
        return true;
      }
      ++row_;
      levels_[static_cast<std::size_t>(row_)] = {left, down, right, free};
    }
  }

  std::uint64_t first_join_columns() const {
    return join_half_ == 0 ? 0 : (std::uint64_t{1} << join_half_) - 1;
  }

  bool next_join(Group& g) {
    if (!join_fixed_done_) {
      join_fixed_done_ = true;
      g.prefix = Job{};
      g.prefix.branch = Branch::fixed_points;
      g.leaves = 0;
      return true;
    }
    while (join_middle_ <= join_last_middle_) {
      if (join_cols_ > join_mask_) {
        ++join_middle_;
        join_cols_ = first_join_columns();
        continue;
      }
      // Every `half`-subset of the columns in increasing order (Gosper's next-combination step).
      const auto top = static_cast<std::uint32_t>(join_cols_);
      if (join_cols_ == 0) {
        join_cols_ = std::uint64_t{join_mask_} + 1;
      } else {
        const std::uint64_t low = join_cols_ & (0 - join_cols_), ripple = join_cols_ + low;
        join_cols_ = ripple | (((join_cols_ ^ ripple) >> 2) / low);
      }
      const int middle = join_middle_;
      const std::uint32_t middle_bit = middle >= 0 ? std::uint32_t{1} << middle : 0;
      if ((top & middle_bit) != 0) continue;
      if (!(join_orbit(n_, top, middle).front() == JoinGroupKey{middle, top})) continue;
      g.prefix = Job{};
      g.prefix.branch = Branch::half_boards;
      g.prefix.top_columns = top;
      g.prefix.middle = static_cast<std::int8_t>(middle);
      g.leaves = 0;
      return true;
    }
    return false;
  }
};

// The list's fingerprint, group by group (JobListId).
class Fingerprint {
 public:
  Fingerprint(int n, CountMethod method, int depth) {
    const bool join = method == CountMethod::join;
    for (const char ch : std::string_view(join ? "nqueens-join-v3" : "nqueens-jobs-v3"))
      mix(static_cast<std::uint8_t>(ch));
    mix(static_cast<std::uint64_t>(n));
    mix(static_cast<std::uint64_t>(depth));
  }
  void add(const Group& g) {
    const Job& j = g.prefix;
    mix(static_cast<std::uint64_t>(j.branch));
    if (has_leaves(j)) {
      for (int r = 0; r + 1 < j.depth; ++r) mix(j.cols[r]);
      mix_word(g.leaves);
    } else if (j.branch == Branch::half_boards || j.branch == Branch::fixed_points) {
      mix_word(j.top_columns);
      mix(static_cast<std::uint8_t>(j.middle));
    }
  }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = 0xcbf29ce484222325ull;  // FNV-1a 64
  void mix(std::uint64_t byte) {
    h_ ^= byte & 0xff;
    h_ *= 0x100000001b3ull;
  }
  void mix_word(std::uint32_t w) {
    for (int shift = 0; shift < 32; shift += 8) mix(w >> shift);
  }
};

JobList materialise(int n, CountMethod method, int depth) {
  JobList list;
  list.n = n;
  list.method = method;
  list.depth = depth;
  GroupWalk walk(n, method, depth);
  for (Group g; walk.next(g);)
    for (std::uint64_t k = 0, count = jobs_in(g); k < count; ++k) list.jobs.push_back(job_of(g, k));
  return list;
}

}  // namespace

JobList make_jobs(int n, CountMethod method, int depth, KernelTier tier, std::size_t table_memory) {
  const auto [m, d] = resolve_list(n, method, depth, tier, table_memory);
  return materialise(n, m, d);
}

JobList make_join_jobs(int n) {
  return make_jobs(n, CountMethod::join, 0);
}

JobList make_jobs(int n, int depth) {
  return make_jobs(n, CountMethod::backtrack, depth);
}

JobListId describe_jobs(int n, CountMethod method, int depth, KernelTier tier,
                        std::size_t table_memory) {
  const auto [m, d] = resolve_list(n, method, depth, tier, table_memory);
  JobListId id{n, m, d, 0, 0};
  Fingerprint f(n, m, d);
  GroupWalk walk(n, m, d);
  for (Group g; walk.next(g);) {
    id.jobs += jobs_in(g);
    f.add(g);
  }
  id.fingerprint = f.value();
  return id;
}

std::vector<std::size_t> JobList::all_indices() const {
  std::vector<std::size_t> all(jobs.size());
  std::iota(all.begin(), all.end(), std::size_t{0});
  return all;
}

std::uint64_t JobList::fingerprint() const {
  // The groups again from the jobs: consecutive backtrack jobs that differ in the last row only.
  Fingerprint f(n, method, depth);
  Group g;
  bool open = false;
  // A group's jobs come in increasing order of their last column: a job that does not
  // starts a group of its own, so the list hashes differently.
  auto same_group = [&](const Job& j) {
    if (!open || !has_leaves(j) || j.branch != g.prefix.branch || j.depth != g.prefix.depth)
      return false;
    for (int r = 0; r + 1 < j.depth; ++r)
      if (j.cols[r] != g.prefix.cols[r]) return false;
    return (g.leaves >> j.cols[j.depth - 1]) == 0;
  };
  for (const Job& j : jobs) {
    if (same_group(j)) {
      g.leaves |= Row{1} << j.cols[j.depth - 1];
      continue;
    }
    if (open) f.add(g);
    g.prefix = j;
    g.leaves = has_leaves(j) && j.depth > 0 ? Row{1} << j.cols[j.depth - 1] : 0;
    open = true;
  }
  if (open) f.add(g);
  return f.value();
}

JobListId JobList::id() const {
  return {n, method, depth, jobs.size(), fingerprint()};
}

struct ShardJobs::Walk {
  Walk(GroupWalk g, Shard s)
      : groups(std::move(g)), shard(s), next_own(static_cast<std::uint64_t>(s.index - 1)) {}
  GroupWalk groups;
  Shard shard;
  Group group;
  bool have = false;
  std::uint64_t first = 0;  // index of the group's first job
  std::uint64_t size = 0;   // jobs in the group
  std::uint64_t next_own;   // the shard's next job
};

ShardJobs::ShardJobs(int n, CountMethod method, int depth, Shard shard, KernelTier tier,
                     std::size_t table_memory) {
  const auto [m, d] = resolve_list(n, method, depth, tier, table_memory);
  if (shard.count < 1 || shard.index < 1 || shard.index > shard.count)
    throw std::invalid_argument("a shard I/K needs 1 <= I <= K");
  walk_ = std::make_unique<Walk>(GroupWalk(n, m, d), shard);
}

ShardJobs::~ShardJobs() = default;
ShardJobs::ShardJobs(ShardJobs&&) noexcept = default;
ShardJobs& ShardJobs::operator=(ShardJobs&&) noexcept = default;

CountMethod ShardJobs::method() const {
  return walk_->groups.method();
}

int ShardJobs::depth() const {
  return walk_->groups.depth();
}

bool ShardJobs::next(ShardJob& out) {
  Walk& w = *walk_;
  for (;;) {
    if (w.have) {
      if (w.next_own < w.first + w.size) {
        out.index = w.next_own;
        out.position = w.shard.position_of(w.next_own);
        out.job = job_of(w.group, w.next_own - w.first);
        w.next_own += static_cast<std::uint64_t>(w.shard.count);
        return true;
      }
      w.first += w.size;
      w.have = false;
    }
    if (!w.groups.next(w.group)) return false;
    w.size = jobs_in(w.group);
    w.have = true;
  }
}

namespace {

// A half-board job's checks (count_job's and recount_job's).
void check_half_board_job(int n, const Job& job) {
  if (n > kMaxJoinCountN) throw std::invalid_argument("N out of range for the join method");
  const bool odd = n % 2 == 1;
  if ((job.top_columns & ~column_mask(n)) != 0 || std::popcount(job.top_columns) != n / 2 ||
      (odd ? job.middle < 0 || job.middle >= n || (job.top_columns >> job.middle & 1u)
           : job.middle != -1))
    throw std::invalid_argument("half-board job does not fit the board");
}

SolutionCounts join_counts(int n, const Job& job, std::uint64_t pairs) {
  // The job stands for every distinct group of its orbit.
  const auto groups = static_cast<unsigned>(join_orbit(n, job.top_columns, job.middle).size);
  return {Count{pairs} * groups, 0, 0};
}

// A backtrack job's prefix replayed onto the board, with every check of its rows.
kernels::JobStart backtrack_start(int n, const Job& job) {
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
  return start;
}

SolutionCounts of_tally(const kernels::Tally& t) {
  ClassCounts c;
  c.size2 = t.size2;
  c.size4 = t.size4;
  c.size8 = t.size8;
  return SolutionCounts::of(c);
}

}  // namespace

SolutionCounts count_job(int n, const Job& job, KernelTier tier, std::size_t table_memory) {
  check_n(n);
  if (job.branch == Branch::whole) return SolutionCounts::of(count_whole_board(n));
  if (job.branch == Branch::fixed_points)
    return {0, kernels::count_fixed_half_turn(n), kernels::count_fixed_quarter_turn(n)};
  if (job.branch == Branch::half_boards) {
    check_half_board_job(n, job);
    const kernels::JoinWeights weights = kernels::join_weights_for(n);
    return join_counts(n, job,
                       kernels::count_join_group(n, job.top_columns, job.middle, weights,
                                                 join_halves(n, table_memory), tier));
  }
  // The vector kernel where the build has it (12x the scalar one at N = 16, see
  // kernels/frontier_search.hpp), else the scalar one; both give identical counts.
  return of_tally(kernels::count_with_tier(tier, backtrack_start(n, job)));
}

std::optional<Job> find_job(int n, CountMethod method, int depth, std::uint64_t index,
                            KernelTier tier, std::size_t table_memory) {
  const auto [m, d] = resolve_list(n, method, depth, tier, table_memory);
  GroupWalk walk(n, m, d);
  std::uint64_t first = 0;
  for (Group g; walk.next(g);) {
    const std::uint64_t size = jobs_in(g);
    if (index < first + size) return job_of(g, index - first);
    first += size;
  }
  return std::nullopt;
}

std::string describe_job(const Job& job) {
  auto columns = [](std::uint32_t set) {
    std::string out;
    for (int c = 0; c < 32; ++c)
      if (set >> c & 1u) out += (out.empty() ? "" : " ") + std::to_string(c + 1);
    return out;
  };
  switch (job.branch) {
    case Branch::whole:
      return "the whole board";
    case Branch::fixed_points:
      return "the solutions fixed by the turns";
    case Branch::half_boards: {
      std::string s = "top half on columns " + columns(job.top_columns);
      if (job.middle >= 0) s += ", middle row at column " + std::to_string(job.middle + 1);
      return s;
    }
    case Branch::corner:
    case Branch::edge:
      break;
  }
  std::string s = job.branch == Branch::corner ? "corner branch" : "edge branch";
  s += ", rows 1-" + std::to_string(job.depth) + " at columns";
  for (int r = 0; r < job.depth && r < kMaxJobDepth; ++r)
    s += " " + std::to_string(job.cols[r] + 1);
  return s;
}

namespace {

// The tier `Recount::tier` uses: the fastest available one other than count_job's, if any.
std::optional<KernelTier> second_tier(KernelTier first) {
  for (const KernelTier t : available_kernel_tiers())
    if (t != first) return t;
  return std::nullopt;
}

}  // namespace

SolutionCounts recount_job(int n, const Job& job, Recount by, KernelTier tier) {
  check_n(n);
  switch (job.branch) {
    case Branch::whole:
      return count_job(n, job, tier);
    case Branch::fixed_points: {
      const FixedPoints f = fixed_points(n, 1);
      return {0, f.half_turn, f.quarter_turn};
    }
    case Branch::half_boards: {
      check_half_board_job(n, job);
      // Searched: the other way where count_job used the tables, the only one left where
      // they exceed the limit.
      return join_counts(
          n, job,
          kernels::count_join_group(n, job.top_columns, job.middle, kernels::join_weights_for(n),
                                    kernels::JoinHalves::searched, tier));
    }
    case Branch::corner:
    case Branch::edge:
      break;
  }
  const kernels::JobStart start = backtrack_start(n, job);
  const std::optional<KernelTier> second = by == Recount::tier ? second_tier(tier) : std::nullopt;
  return of_tally(second ? kernels::count_with_tier(*second, start) : kernels::count_scalar(start));
}

std::string recount_method(int n, CountMethod method, Recount by, KernelTier tier,
                           std::size_t table_memory) {
  if (method == CountMethod::join) {
    return join_uses_tables(n, table_memory) ? "the join searching each half"
                                             : "the same join search again";
  }
  if (n <= 3) return "the same enumeration again";
  const std::optional<KernelTier> second = by == Recount::tier ? second_tier(tier) : std::nullopt;
  return second ? "the " + std::string(kernel_tier_name(*second)) + " kernel tier"
                : std::string("the reference search");
}

SolutionCounts run_jobs(const JobList& list, std::span<const std::size_t> indices, int threads,
                        const std::function<bool(std::size_t, const SolutionCounts&)>& done,
                        KernelTier tier, std::size_t table_memory) {
  std::mutex lock;
  SolutionCounts sum;
  parallel_for(indices.size(), threads, [&](std::size_t k) {
    const std::size_t index = indices[k];
    const SolutionCounts c = count_job(list.n, list.jobs.at(index), tier, table_memory);
    std::lock_guard guard(lock);
    sum += c;
    return !done || done(index, c);
  });
  return sum;
}

}  // namespace nqueens
