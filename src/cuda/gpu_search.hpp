// The GPU counting kernel's per-thread search (internal), written once for the device and
// the host: nvcc compiles it into gpu_kernel.cu for sm_90, and g++ compiles the very same
// functions into tests/cuda/gpu_search_test.cpp, which checks them on the CPU job by job
// against count_job() and the OEIS values. The rules are those of kernels/count_kernel.hpp
// (classify_edge_leaf, search<B>), redone here because those are host-only C++20 and keep
// their stacks in local arrays, where the GPU wants them in shared memory; the branch rules
// themselves are shared (kernels/branch_rules.hpp).
//
// One thread counts one job. Its DFS stack lives in shared memory, interleaved with the other
// threads of the block so that a warp's accesses to one stack slot hit 32 different banks:
//
//   stack word (slot, field) of thread t:  base[(slot * 4 + field) * stride + t]
//   slot:  row - start, for the rows start .. N-3 (the rows below which the search descends)
//   field: 0 todo (untried candidates), 1 left, 2 down, 3 right (masks that row sees)
//
// The current row's four words stay in registers; a slot is written when the search descends
// and read back when it returns, so shared memory sees one store and one load per inner node.
// The last row is never pushed: its free squares are counted with a popcount (0 or 1: every
// other column is taken by then), and only edge-branch leaves look at the whole board.
#pragma once

#include <cstdint>

#include "kernels/branch_rules.hpp"  // NQ_HOST_DEVICE and the branch rules

#if defined(__CUDACC__)
#define NQ_FORCE_INLINE __forceinline__
#else
#define NQ_FORCE_INLINE inline __attribute__((always_inline))
#endif

namespace nqueens::gpu {

using Word = std::uint32_t;  // one board row, bit c = column c (as in count_kernel.hpp)

inline constexpr int kCorner = 0;       // Branch::corner
inline constexpr int kEdge = 1;         // Branch::edge
inline constexpr int kPackedDepth = 8;  // rows a packed job fixes at most (kMaxJobDepth)
inline constexpr int kStackFields = 4;

// One job as the device reads it (12 bytes, three aligned 32-bit loads).
struct alignas(4) PackedJob {
  std::uint8_t cols[kPackedDepth];  // cols[r]: queen column in row r < depth
  std::uint8_t branch;              // kCorner or kEdge (whole-board jobs stay on the host)
  std::uint8_t depth;               // rows fixed, 1 .. N-2
  std::uint8_t unused[2];
};

// A job's counts by symmetry-class size (size 1 occurs only for N = 1, a whole-board job).
struct PackedTally {
  std::uint64_t size2;
  std::uint64_t size4;
  std::uint64_t size8;
};

// Shared-memory words one thread's stack needs for a job list of this depth: the rows
// depth .. N-3 are pushed, four words each.
NQ_HOST_DEVICE constexpr int stack_words(int n, int depth) {
  return (n - 2 - depth > 0 ? n - 2 - depth : 0) * kStackFields;
}

NQ_HOST_DEVICE NQ_FORCE_INLINE int popcount(Word x) {
#if defined(__CUDA_ARCH__)
  return __popc(x);
#else
  return __builtin_popcount(x);
#endif
}

NQ_HOST_DEVICE NQ_FORCE_INLINE int column_of(Word bit) {  // bit != 0
#if defined(__CUDA_ARCH__)
  return __ffs(static_cast<int>(bit)) - 1;
#else
  return __builtin_ctz(bit);
#endif
}

// The CPU kernels' own branch rules (kernels/branch_rules.hpp, compiled for the device too).
using Rules = kernels::BranchRules;

// An edge-branch leaf that may tie with a rotation of itself: decides its class and whether
// it is the representative (the lexicographically smallest of the tied boards), exactly as
// kernels::classify_edge_leaf. own[i] is the column of row i. Comparisons read the rotated
// board on the fly from the inverse permutation instead of building it (less local memory).
NQ_HOST_DEVICE inline void classify_edge_leaf(const Rules& r, const std::uint8_t* own, bool tie90,
                                              bool tie180, bool tie270, PackedTally& t) {
  const int n = r.n;
  std::uint8_t row_of[32];  // row_of[c]: the row whose queen stands in column c
  for (int i = 0; i < n; ++i) row_of[own[i]] = static_cast<std::uint8_t>(i);
  if (tie90) {  // rotated[c] = N-1 - row_of[c]
    int c = 0;
    for (int i = 0; i < n && c == 0; ++i) {
      const int rot = n - 1 - row_of[i];
      if (rot != own[i]) c = rot < own[i] ? -1 : 1;
    }
    if (c < 0) return;
    if (c == 0) {
      ++t.size2;
      return;
    }
  }
  if (tie180) {  // rotated[i] = N-1 - own[N-1-i]
    int c = 0;
    for (int i = 0; i < n && c == 0; ++i) {
      const int rot = n - 1 - own[n - 1 - i];
      if (rot != own[i]) c = rot < own[i] ? -1 : 1;
    }
    if (c < 0) return;
    if (c == 0) {
      ++t.size4;
      return;
    }
  }
  if (tie270) {  // rotated[i] = row_of[N-1-i]
    int c = 0;
    for (int i = 0; i < n && c == 0; ++i) {
      const int rot = row_of[n - 1 - i];
      if (rot != own[i]) c = rot < own[i] ? -1 : 1;
    }
    if (c < 0) return;
  }
  ++t.size8;
}

// Column of row i at an edge leaf. Rows below `start` come from the job, rows start .. N-3
// from the stack (the queen of row k is the bit that row k+1's `down` adds), row N-2 and
// N-1 from the caller's registers.
NQ_HOST_DEVICE NQ_FORCE_INLINE Word leaf_row_bit(const PackedJob& job, int start, int n,
                                                 const Word* stack, int stride, Word down_n2,
                                                 Word bit_n2, Word bit_n1, int i) {
  if (i < start) return Word{1} << job.cols[i];
  if (i == n - 1) return bit_n1;
  if (i == n - 2) return bit_n2;
  const Word down_i = stack[((i - start) * kStackFields + 2) * stride];
  const Word down_next =
      i + 1 == n - 2 ? down_n2 : stack[((i + 1 - start) * kStackFields + 2) * stride];
  return down_next & ~down_i;
}

// Counts the subtree of one job. `stack` points at this thread's first stack word and holds
// stack_words(N, job.depth) words spaced `stride` apart. A prefix that attacks itself counts
// zero (the host only packs jobs made by make_jobs, which never do).
template <int B>
NQ_HOST_DEVICE inline PackedTally search_job(const Rules& r, const PackedJob& job, Word* stack,
                                             int stride) {
  PackedTally t{0, 0, 0};
  const int n = r.n;
  const int start = job.depth;
  const int last = n - 1;
  Word left = 0, down = 0, right = 0;
  for (int row = 0; row < start; ++row) {
    const Word bit = Word{1} << job.cols[row];
    if ((bit & (left | down | right)) != 0 || (bit & r.mask) == 0) return t;
    left = (left | bit) << 1;
    down |= bit;
    right = (right | bit) >> 1;
  }
  int row = start;
  Word todo = r.candidates(row, left, down, right);
  for (;;) {
    if (todo == 0) {
      if (row == start) break;
      --row;
      const Word* slot = stack + (row - start) * kStackFields * stride;
      todo = slot[0];
      left = slot[stride];
      down = slot[2 * stride];
      right = slot[3 * stride];
      continue;
    }
    const Word bit = todo & (0u - todo);
    todo ^= bit;
    const Word l = (left | bit) << 1, d = down | bit, rt = (right | bit) >> 1;
    if (row + 1 == last) {
      const Word free = r.last_row(l, d, rt);
      if constexpr (B == kCorner) {
        t.size8 += static_cast<std::uint64_t>(popcount(free));  // 0 or 1
      } else if (free != 0) {
        // Only three positions can make a rotation tie; everything else is a class of 8.
        auto at = [&](int i) {
          return leaf_row_bit(job, start, n, stack, stride, down, bit, free, i);
        };
        const bool tie90 = at(r.bound2) == 1u;
        const bool tie180 = free == r.end_bit;
        const bool tie270 = at(r.bound1) == r.top_bit;
        if (!(tie90 || tie180 || tie270)) {
          ++t.size8;
        } else {
          std::uint8_t own[32];
          for (int i = 0; i < n; ++i) own[i] = static_cast<std::uint8_t>(column_of(at(i)));
          classify_edge_leaf(r, own, tie90, tie180, tie270, t);
        }
      }
      continue;
    }
    Word* slot = stack + (row - start) * kStackFields * stride;
    slot[0] = todo;
    slot[stride] = left;
    slot[2 * stride] = down;
    slot[3 * stride] = right;
    ++row;
    left = l;
    down = d;
    right = rt;
    todo = r.candidates(row, l, d, rt);
  }
  return t;
}

// The whole per-thread work for one job: its rules, then the branch's search.
NQ_HOST_DEVICE inline PackedTally count_packed_job(int n, const PackedJob& job, Word* stack,
                                                   int stride) {
  const int bound1 = job.branch == kCorner ? job.cols[1] : job.cols[0];
  const Rules r = Rules::make(n, static_cast<Branch>(job.branch), bound1);
  return job.branch == kCorner ? search_job<kCorner>(r, job, stack, stride)
                               : search_job<kEdge>(r, job, stack, stride);
}

// All solutions below a partial board, with no symmetry rules: the attack masks the next row
// sees (bit c = column c; `left` moves up a column per row, `right` down, as in
// count_kernel.hpp). The plain DFS, its stack in local arrays (one thread per partial board is
// enough for the prefix tables this serves), the last row closed by a test. Host and device:
// tests/cuda/gpu_search_test.cpp checks it against count_prefix_subtree() on the CPU.
NQ_HOST_DEVICE inline std::uint64_t count_all_below(int n, Word left, Word down, Word right) {
  const Word full = n == 32 ? ~Word{0} : (Word{1} << n) - 1;
  int row = popcount(down);  // the row being filled
  Word todo = full & ~(left | down | right);
  if (row >= n - 1) return row == n ? 1 : (todo != 0 ? 1 : 0);
  Word stack_left[32], stack_down[32], stack_right[32], stack_todo[32];
  int top = 0;
  std::uint64_t count = 0;
  for (;;) {
    if (todo == 0) {
      if (top == 0) return count;
      --top;
      --row;
      left = stack_left[top];
      down = stack_down[top];
      right = stack_right[top];
      todo = stack_todo[top];
      continue;
    }
    const Word bit = todo & (0u - todo);
    todo ^= bit;
    const Word next_left = ((left | bit) << 1) & full;
    const Word next_down = down | bit;
    const Word next_right = (right | bit) >> 1;
    const Word next_todo = full & ~(next_left | next_down | next_right);
    if (row + 2 == n) {  // the next row is the last one: a free square ends a solution
      count += next_todo != 0 ? 1 : 0;
    } else if (next_todo != 0) {
      stack_left[top] = left;
      stack_down[top] = down;
      stack_right[top] = right;
      stack_todo[top] = todo;
      ++top;
      ++row;
      left = next_left;
      down = next_down;
      right = next_right;
      todo = next_todo;
    }
  }
}

}  // namespace nqueens::gpu
