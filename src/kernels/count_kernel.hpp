// The symmetry-reduced counting kernel (internal). See src/engine/include/nqueens/jobs.hpp for the
// two branches and docs/ALGORITHMS.md for why they visit each symmetry class once.
//
// This scalar search is the reference every kernel tier is tested against (count_frontier*.cpp:
// the frontier search in AVX-512, AVX2, NEON and one-lane scalar form, which count_job runs;
// nqueens/kernel_tier.hpp), and the fallback for N = 32 and the deepest jobs of tiny boards.
//
// Bit layout of every row word (N <= 32):
//
//   bit:     31 ...  N  N-1 ............ 1  0
//   meaning: unused     column N-1 ... column 1, column 0
//
// Going down a row shifts the "left" diagonal mask one column up (<< 1) and the "right"
// diagonal mask one column down (>> 1); bits pushed past column N-1 are cut by `mask`.
//
// The search is an explicit stack, not recursion: per row it keeps the untried candidates and
// the three attack masks, so a step is a handful of register operations and nothing is
// allocated. The last row is not descended into: its free squares are computed and tested in
// place, which saves one stack push per leaf (a third of all nodes at N = 16).
#pragma once

#include <bit>
#include <cstdint>

#include "branch_rules.hpp"
#include "nqueens/count_types.hpp"
#include "nqueens/job.hpp"

namespace nqueens::kernels {

// Local tallies, merged into ClassCounts once per job (a 128-bit add per leaf costs).
struct Tally {
  std::uint64_t size2 = 0, size4 = 0, size8 = 0;
};

// Decides the class of an edge-branch leaf whose board may tie with one of its rotations,
// and whether this board is the representative (the lexicographically smallest of the ties).
// Only rotations can tie: every reflection that would keep the top queen at column bound1
// needs two queens on one line.
inline void classify_edge_leaf(const BranchRules& r, const Row* board, Tally& t) {
  const int n = r.n;
  int own[kMaxCountN];
  for (int i = 0; i < n; ++i) own[i] = std::countr_zero(board[i]);
  int rotated[kMaxCountN];
  // Returns <0, 0, >0 like a comparison of rotated against own.
  auto compare = [&] {
    for (int i = 0; i < n; ++i)
      if (rotated[i] != own[i]) return rotated[i] < own[i] ? -1 : 1;
    return 0;
  };
  if (board[r.bound2] == 1u) {  // left-column queen at row N-1-b: 90-degree turn ties
    for (int i = 0; i < n; ++i) rotated[own[i]] = n - 1 - i;  // (i, c) -> (c, n-1-i)
    const int c = compare();
    if (c < 0) return;
    if (c == 0) {
      ++t.size2;
      return;
    }
  }
  if (board[n - 1] == r.end_bit) {  // bottom queen at column N-1-b: 180-degree turn ties
    for (int i = 0; i < n; ++i) rotated[n - 1 - i] = n - 1 - own[i];
    const int c = compare();
    if (c < 0) return;
    if (c == 0) {
      ++t.size4;
      return;
    }
  }
  if (board[r.bound1] == r.top_bit) {  // right-column queen at row b: 270-degree turn ties
    for (int i = 0; i < n; ++i) rotated[n - 1 - own[i]] = i;  // (i, c) -> (n-1-c, i)
    if (compare() < 0) return;
  }
  ++t.size8;
}

// Counts the subtree below a prefix: rows 0..start-1 are fixed (board[] holds their bits)
// and the masks are those seen by row `start`. Requires start <= N-2.
template <Branch B>
inline void search(const BranchRules& r, int start, Row left0, Row down0, Row right0, Row* board,
                   Tally& t) {
  const int last = r.n - 1;
  Row left[kMaxCountN + 1], down[kMaxCountN + 1], right[kMaxCountN + 1], todo[kMaxCountN + 1];
  int row = start;
  left[row] = left0;
  down[row] = down0;
  right[row] = right0;
  todo[row] = r.candidates(row, left0, down0, right0);
  for (;;) {
    if (todo[row] == 0) {
      if (row == start) return;
      --row;
      continue;
    }
    const Row bit = lowest_bit(todo[row]);
    todo[row] ^= bit;
    board[row] = bit;
    const Row l = (left[row] | bit) << 1, d = down[row] | bit, rt = (right[row] | bit) >> 1;
    if (row + 1 == last) {
      const Row free = r.last_row(l, d, rt);
      if (free != 0) {
        if constexpr (B == Branch::corner) {
          ++t.size8;
        } else {
          board[last] = free;
          classify_edge_leaf(r, board, t);
        }
      }
      continue;
    }
    ++row;
    left[row] = l;
    down[row] = d;
    right[row] = rt;
    todo[row] = r.candidates(row, l, d, rt);
  }
}

}  // namespace nqueens::kernels
