// The vectorised counting kernel (internal): the same search as count_kernel.hpp's
// search<B>(), same branch rules, same leaves, same ClassCounts, but a batch of states at a
// time instead of one. See frontier_search.hpp for how and why it is faster.
#pragma once

#include "count_kernel.hpp"
#include "nqueens/kernel_tier.hpp"

namespace nqueens::kernels {

// A job prefix replayed onto the board: the rules, the first row left to search, the attack
// masks that row sees, and the fixed rows' bits (board[row] for row < start).
struct JobStart {
  BranchRules rules;
  int start = 0;
  Row left = 0, down = 0, right = 0;
  Row board[kMaxCountN] = {};
  bool valid = true;  // false when the prefix itself attacks (its subtree is empty)
};

// Requires job.branch != Branch::whole and 1 <= job.depth <= N-2 (count_job checks that).
inline JobStart job_start(int n, const Job& job) {
  JobStart s;
  const int bound1 = job.branch == Branch::corner ? job.cols[1] : job.cols[0];
  s.rules = BranchRules::make(n, job.branch, bound1);
  s.start = job.depth;
  for (int row = 0; row < job.depth; ++row) {
    const Row bit = Row{1} << job.cols[row];
    if ((bit & (s.left | s.down | s.right)) != 0 || (bit & s.rules.mask) == 0) {
      s.valid = false;
      return s;
    }
    s.board[row] = bit;
    s.left = (s.left | bit) << 1;
    s.down |= bit;
    s.right = (s.right | bit) >> 1;
  }
  return s;
}

// The scalar kernel on a job start (the reference the vector kernel is tested against).
inline Tally count_scalar(const JobStart& s) {
  Tally t;
  if (!s.valid) return t;
  Row board[kMaxCountN];
  for (int i = 0; i < 32; ++i) board[i] = s.board[i];
  if (s.rules.branch == Branch::corner)
    search<Branch::corner>(s.rules, s.start, s.left, s.down, s.right, board, t);
  else
    search<Branch::edge>(s.rules, s.start, s.left, s.down, s.right, board, t);
  return t;
}

// The frontier search (frontier_search.hpp) compiled for each tier, one file each
// (count_frontier_<tier>.cpp): AVX-512 (16 lanes), AVX2 (16 lanes in two registers), NEON (4)
// and portable scalar (one lane, every build). Each returns count_scalar(s)'s result; a tier that
// this build lacks or this CPU cannot run (nqueens/kernel_tier.hpp: kernel_tier_available) falls
// back to count_scalar. Not reentrant per thread (per-thread buffers).
Tally count_frontier_avx512(const JobStart& s);
Tally count_frontier_avx2(const JobStart& s);
Tally count_frontier_neon(const JobStart& s);
Tally count_frontier_scalar(const JobStart& s);

// The job start counted by the given tier (kernel_tier.cpp); requires
// kernel_tier_available(tier).
Tally count_with_tier(KernelTier tier, const JobStart& s);

}  // namespace nqueens::kernels
