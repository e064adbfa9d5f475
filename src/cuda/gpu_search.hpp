// The GPU counting kernel's per-lane search (internal), written once for the device and the
// host: nvcc compiles it into gpu_kernel.cu, and the host compiler into the warp model of
// gpu_warp_host.hpp, which tests/cuda/gpu_search_test.cpp checks job by job against the CPU
// kernel (count_job) and OEIS. See docs/GPU.md for the design and its measurements.
//
// Work: the host's job list (make_jobs at the CPU's depth) is the unit of records; the device
// expands each host job `extra` rows deeper into tasks (expand_job), and one lane searches one
// task at a time, taking the next one inside the loop when its task ends.
//
// One loop iteration is one placement (ygch/n_queens's loop shape):
//   - the top frame {todo, left, down, right} is read with one 16-byte load;
//   - its lowest candidate is taken and `todo` stored back with one 4-byte store;
//   - a frame whose candidates are exhausted is dropped at once (no pop iteration);
//   - the row is popc(down), so no row counter is kept;
//   - the child is pushed only if it has candidates; row N-2's child is the last row, tested
//     in place.
// The branch rules are per-task constants (LaneRules), so every lane runs the same path:
// `forbid` is a column set barred on the rows of `band`, `last_allowed` the last row's accepted
// squares. Edge-branch leaves that may tie with a rotation (the three positions of
// classify_edge_leaf) leave the loop: tie flags in bits 31 and 30 of `down` remember a side
// queen at (N-1-b, 0) or (b, N-1), the lane copies its board to a per-warp buffer, and the warp
// classifies the buffered boards together (classify_tie), one per lane.
//
// Shared-memory layout of a warp (words; lane l):
//   stack    Frame slot k of lane l at frames[k * 32 + l]: a warp's 16-byte accesses cover 512
//            contiguous bytes whatever the lanes' depths, so they never conflict.
//   board    the column of row r of lane l is byte r % 4 of word (r / 4) * 32 + l (conflict-free
//            byte stores); one store per placement, read only for tie candidates.
//   ties     entry e: board words w at ties[w * 32 + e] (w < 8), its lane at ties[8 * 32 + e].
//   tie tallies  the classified ties of lane l's task: size2/4/8 at tie_tally[k * 32 + l].
#pragma once

#include <cstdint>

#include "kernels/branch_rules.hpp"  // NQUEENS_HOST_DEVICE and the branch rules

#if defined(__CUDACC__)
#define NQUEENS_FORCE_INLINE __forceinline__
#else
#define NQUEENS_FORCE_INLINE inline __attribute__((always_inline))
#endif

namespace nqueens::gpu {

using Word = std::uint32_t;  // one board row, bit c = column c (as in count_kernel.hpp)

inline constexpr int kCorner = 0;       // Branch::corner
inline constexpr int kEdge = 1;         // Branch::edge
inline constexpr int kPackedDepth = 8;  // rows a host job fixes at most (kMaxJobDepth)
inline constexpr int kTaskRows = 16;    // rows a task fixes at most (host depth + extra)
inline constexpr int kMaxExtra = 5;     // rows the device adds to a host job at most
inline constexpr int kMaxGpuN = 30;     // bits 30 and 31 of `down` carry the tie flags
inline constexpr int kWarp = 32;
inline constexpr int kBoardWords = 8;  // 32 rows, a byte each
inline constexpr int kTieWords = kBoardWords + 1;
inline constexpr Word kFlag90 = Word{1} << 31;  // a queen at (N-1-b, 0): the 90-degree turn may tie
inline constexpr Word kFlag270 = Word{1} << 30;  // a queen at (b, N-1): the 270-degree turn may tie
inline constexpr Word kFlags = kFlag90 | kFlag270;

// One host job as the device reads it (12 bytes, three aligned 32-bit loads).
struct alignas(4) PackedJob {
  std::uint8_t cols[kPackedDepth];  // cols[r]: queen column in row r < depth
  std::uint8_t branch;              // kCorner or kEdge (whole-board jobs stay on the host)
  std::uint8_t depth;               // rows fixed, 2 .. N-2
  std::uint8_t unused[2];
};

// A host job's counts by symmetry-class size.
struct PackedTally {
  std::uint64_t size2;
  std::uint64_t size4;
  std::uint64_t size8;
};

// One task: a node `extra` rows below a host job (32 bytes, two 16-byte loads).
struct alignas(16) Task {
  Word left, down, right;        // masks seen by the task's first row; down carries the tie flags
  std::uint32_t slot;            // the host job's index in its chunk
  std::uint8_t cols[kTaskRows];  // cols[r]: queen column of row r < the task's depth, else 0xff
};

// A DFS frame: the row's untried candidates and the attack masks it sees.
struct alignas(16) Frame {
  Word todo, left, down, right;
};

// A task's branch rules as constants (8 words of registers).
struct LaneRules {
  Word band1;         // bit r: row r+1 may not use `forbid`
  Word forbid;        // corner: column 1; edge: columns 0 and N-1
  Word last_allowed;  // the last row's squares the branch accepts
  Word end_bit;       // edge: bottom queen at column N-1-b (a 180-degree tie); corner: 0
  Word row90;         // edge: bit N-1-b (the row of a 90-degree tie); corner: 0
  Word row270;        // edge: bit b (the row of a 270-degree tie); corner: 0
};

// The board's size as every lane sees it.
struct Shape {
  int n;
  Word mask;     // the N columns
  int leaf_row;  // N-2: a placement there makes the last row's candidates, tested in place
};

NQUEENS_HOST_DEVICE NQUEENS_FORCE_INLINE Shape shape_of(int n) {
  return {n, n == 32 ? ~Word{0} : (Word{1} << n) - 1, n - 2};
}

NQUEENS_HOST_DEVICE NQUEENS_FORCE_INLINE int popcount(Word x) {
#if defined(__CUDA_ARCH__)
  return __popc(x);
#else
  return __builtin_popcount(x);
#endif
}

NQUEENS_HOST_DEVICE NQUEENS_FORCE_INLINE int column_of(Word bit) {  // bit != 0
#if defined(__CUDA_ARCH__)
  return __ffs(static_cast<int>(bit)) - 1;
#else
  return __builtin_ctz(bit);
#endif
}

// The CPU kernels' own branch rules (kernels/branch_rules.hpp, compiled for the device too).
using Rules = kernels::BranchRules;

// The rules of a job whose first rows are cols[]: the corner branch has its queen at (0, 0)
// and its bound in row 1, the edge branch its bound in row 0 (column >= 1).
NQUEENS_HOST_DEVICE NQUEENS_FORCE_INLINE Rules rules_of(int n, const std::uint8_t* cols) {
  return cols[0] == 0 ? Rules::make(n, Branch::corner, cols[1])
                      : Rules::make(n, Branch::edge, cols[0]);
}

// BranchRules as per-task constants. Valid for the rows from 2 on (every task starts there):
// there BranchRules::forbidden(row) is either 0 or one fixed set.
NQUEENS_HOST_DEVICE inline LaneRules lane_rules(const Rules& r) {
  LaneRules c{0, 0, r.last_allowed(), 0, 0, 0};
  for (int row = 2; row < r.n; ++row) {
    const Word f = r.forbidden(row);
    if (f != 0) {
      c.forbid = f;
      c.band1 |= Word{1} << (row - 1);
    }
  }
  if (r.branch == Branch::edge) {
    c.end_bit = r.end_bit;
    c.row90 = Word{1} << r.bound2;
    c.row270 = Word{1} << r.bound1;
  }
  return c;
}

// Tie flags a placement of `bit` on `row` adds (branch-free; bit is one-hot): a queen at
// column 0 on row N-1-b, or at column N-1 on row b.
NQUEENS_HOST_DEVICE NQUEENS_FORCE_INLINE Word tie_flags(const LaneRules& c, int n, int row,
                                                        Word bit) {
  return (((c.row90 >> row) & bit) << 31) | (((c.row270 >> row) & (bit >> (n - 1))) << 30);
}

// ---- Expansion: the tasks `extra` rows below a host job -------------------------------------

// Calls emit(task) for every node `extra` rows below `job` (in DFS order, the order of
// make_jobs at the deeper depth) and returns how many. extra is 0 .. kMaxExtra and
// job.depth + extra <= N - 2. Registers only: the rows are unrolled by the template.
template <int Rows, class Emit>
NQUEENS_HOST_DEVICE NQUEENS_FORCE_INLINE void expand_rows(const Shape& s, const Rules& r,
                                                          const LaneRules& c, Task& t, int row,
                                                          Word left, Word down, Word right,
                                                          Emit& emit) {
  if constexpr (Rows == 0) {
    t.left = left;
    t.down = down;
    t.right = right;
    emit(t);
  } else {
    for (Word todo = r.candidates(row, left, down & s.mask, right); todo != 0; todo &= todo - 1) {
      const Word bit = todo & (0u - todo);
      t.cols[row] = static_cast<std::uint8_t>(column_of(bit));
      expand_rows<Rows - 1>(s, r, c, t, row + 1, (left | bit) << 1,
                            down | bit | tie_flags(c, s.n, row, bit), (right | bit) >> 1, emit);
    }
    t.cols[row] = 0xff;
  }
}

template <class Emit>
NQUEENS_HOST_DEVICE inline void expand_job(int n, const PackedJob& job, int extra,
                                           std::uint32_t slot, Emit&& emit) {
  const Shape s = shape_of(n);
  const Rules r = rules_of(n, job.cols);
  const LaneRules c = lane_rules(r);
  Task t;
  t.slot = slot;
  Word left = 0, down = 0, right = 0;
  for (int row = 0; row < kTaskRows; ++row) t.cols[row] = 0xff;
  for (int row = 0; row < job.depth; ++row) {
    const Word bit = Word{1} << job.cols[row];
    t.cols[row] = job.cols[row];
    left = (left | bit) << 1;
    down |= bit | tie_flags(c, n, row, bit);
    right = (right | bit) >> 1;
  }
  switch (extra) {
    case 0:
      expand_rows<0>(s, r, c, t, job.depth, left, down, right, emit);
      break;
    case 1:
      expand_rows<1>(s, r, c, t, job.depth, left, down, right, emit);
      break;
    case 2:
      expand_rows<2>(s, r, c, t, job.depth, left, down, right, emit);
      break;
    case 3:
      expand_rows<3>(s, r, c, t, job.depth, left, down, right, emit);
      break;
    case 4:
      expand_rows<4>(s, r, c, t, job.depth, left, down, right, emit);
      break;
    default:
      expand_rows<5>(s, r, c, t, job.depth, left, down, right, emit);
      break;
  }
}

// ---- The lane's search ------------------------------------------------------------------

// Where a lane's shared memory is: its first stack slot and its first board word, each the
// lane's own column of a warp-wide array (stride kWarp).
struct LaneMemory {
  Frame* stack;  // slot k at stack[k * kWarp]
  Word* board;   // board word w at board[w * kWarp]
};

// The per-lane registers of the search.
struct LaneState {
  int top;             // frames on the stack (0: the lane needs a task)
  std::uint32_t slot;  // the task's host job in the chunk
  std::uint64_t s8;    // classes of 8 found by this task outside the tie buffer
  LaneRules rules;
};

NQUEENS_HOST_DEVICE NQUEENS_FORCE_INLINE void store_column(Word* board, int row, int column) {
  // Byte row % 4 of word (row / 4) * kWarp: row + (row / 4) * (4 * kWarp - 4) bytes in.
  reinterpret_cast<std::uint8_t*>(board)[row + (row >> 2) * (4 * kWarp - 4)] =
      static_cast<std::uint8_t>(column);
}

// Starts a task: its constants, its board prefix and its first frame. Leaves top == 0 when
// the task has no candidate at all (the lane then takes the next task).
NQUEENS_HOST_DEVICE inline void start_task(const Shape& s, const Task& t, LaneMemory m,
                                           LaneState& st) {
  st.rules = lane_rules(rules_of(s.n, t.cols));
  st.slot = t.slot;
  st.s8 = 0;
  for (int w = 0; w < kBoardWords; ++w) {
    Word word = ~Word{0};
    if (w < kTaskRows / 4)
      word = Word{t.cols[4 * w]} | Word{t.cols[4 * w + 1]} << 8 | Word{t.cols[4 * w + 2]} << 16 |
             Word{t.cols[4 * w + 3]} << 24;
    m.board[w * kWarp] = word;
  }
  const int row = popcount(t.down & s.mask);
  const Word forbid = st.rules.forbid & (0u - ((st.rules.band1 >> (row - 1)) & 1u));
  const Word todo = s.mask & ~(t.left | t.down | t.right | forbid);
  st.top = 0;
  if (row <= s.n - 2 && todo != 0) {
    m.stack[0] = Frame{todo, t.left, t.down, t.right};
    st.top = 1;
  }
}

// One placement. Returns true when it made a tie candidate: the lane's board then holds the
// whole solution (row N-1 included) for copy_tie.
NQUEENS_HOST_DEVICE NQUEENS_FORCE_INLINE bool step(const Shape& s, LaneMemory m, LaneState& st) {
  Frame* slot = m.stack + (st.top - 1) * kWarp;
  const Frame f = *slot;  // one 16-byte load
  const Word bit = f.todo & (0u - f.todo);
  const Word todo = f.todo ^ bit;
  slot->todo = todo;            // one 4-byte store
  st.top -= todo == 0 ? 1 : 0;  // an exhausted frame is dropped at once
  const int row = popcount(f.down & s.mask);
  store_column(m.board, row, column_of(bit));
  const Word l = (f.left | bit) << 1, r = (f.right | bit) >> 1;
  const Word d = f.down | bit | tie_flags(st.rules, s.n, row, bit);
  // Both endings are computed and the right one kept, so a warp whose lanes are on different
  // rows runs one path (a push is a predicated store).
  const bool leaf = row == s.leaf_row;  // the child is the last row: tested in place
  const Word last = st.rules.last_allowed & ~(l | d | r);
  const bool tie = leaf && last != 0 && ((d & kFlags) != 0 || last == st.rules.end_bit);
  st.s8 += leaf && last != 0 && !tie ? 1 : 0;
  const Word forbid = st.rules.forbid & (0u - ((st.rules.band1 >> row) & 1u));
  const Word next = s.mask & ~(l | d | r | forbid);
  if (!leaf && next != 0) {  // a child without candidates is never pushed
    m.stack[st.top * kWarp] = Frame{next, l, d, r};
    ++st.top;
  }
  if (tie) store_column(m.board, s.n - 1, column_of(last));
  return tie;
}

// ---- Tie candidates ------------------------------------------------------------------------

// Copies a lane's board into tie entry `ties` (its words at ties[w * kWarp]).
NQUEENS_HOST_DEVICE NQUEENS_FORCE_INLINE void copy_tie(const Word* board, Word* ties, int lane) {
  for (int w = 0; w < kBoardWords; ++w) ties[w * kWarp] = board[w * kWarp];
  ties[kBoardWords * kWarp] = static_cast<Word>(lane);
}

NQUEENS_HOST_DEVICE NQUEENS_FORCE_INLINE int own_column(const Word* e, int row) {
  return static_cast<int>((e[(row >> 2) * kWarp] >> ((row & 3) * 8)) & 0xffu);
}

// The row whose queen stands in `column` (rows past N hold 0xff, which no column matches).
NQUEENS_HOST_DEVICE inline int row_of_column(const Word* e, int n, int column) {
  const Word pattern = 0x01010101u * static_cast<Word>(column);
  for (int w = 0; w <= (n - 1) >> 2; ++w) {
    const Word x = e[w * kWarp] ^ pattern;
    const Word zero = (x - 0x01010101u) & ~x & 0x80808080u;  // the first zero byte is exact
    if (zero != 0) return 4 * w + (column_of(zero) >> 3);
  }
  return -1;  // unreachable for a solution
}

// The class of a tie-candidate edge leaf, as kernels::classify_edge_leaf decides it (same
// three rotations in the same order): 0 if a rotation is smaller (not the representative),
// else the class size 2, 4 or 8. The board is the entry's bytes; row 0's queen is at b.
NQUEENS_HOST_DEVICE inline int classify_tie(int n, const Word* e) {
  const int b = own_column(e, 0), b2 = n - 1 - b;
  if (own_column(e, b2) == 0) {  // 90 degrees: rotated[c] = N-1 - row_of[c]
    int c = 0;
    for (int i = 0; i < n && c == 0; ++i) {
      const int rot = n - 1 - row_of_column(e, n, i), own = own_column(e, i);
      if (rot != own) c = rot < own ? -1 : 1;
    }
    if (c < 0) return 0;
    if (c == 0) return 2;
  }
  if (own_column(e, n - 1) == n - 1 - b) {  // 180 degrees: rotated[i] = N-1 - own[N-1-i]
    int c = 0;
    for (int i = 0; i < n && c == 0; ++i) {
      const int rot = n - 1 - own_column(e, n - 1 - i), own = own_column(e, i);
      if (rot != own) c = rot < own ? -1 : 1;
    }
    if (c < 0) return 0;
    if (c == 0) return 4;
  }
  if (own_column(e, b) == n - 1) {  // 270 degrees: rotated[i] = row_of[N-1-i]
    int c = 0;
    for (int i = 0; i < n && c == 0; ++i) {
      const int rot = row_of_column(e, n, n - 1 - i), own = own_column(e, i);
      if (rot != own) c = rot < own ? -1 : 1;
    }
    if (c < 0) return 0;
  }
  return 8;
}

// Index 0, 1, 2 of a class size 2, 4, 8 in the tie tallies.
NQUEENS_HOST_DEVICE NQUEENS_FORCE_INLINE int tally_index(int size) {
  return size >> 2;  // 2 -> 0, 4 -> 1, 8 -> 2
}

// ---- Prefix tables (a second, plain kernel) -------------------------------------------------

// All solutions below a partial board, with no symmetry rules: the attack masks the next row
// sees (bit c = column c; `left` moves up a column per row, `right` down, as in
// count_kernel.hpp). The plain DFS, its stack in local arrays (one thread per partial board is
// enough for the prefix tables this serves), the last row closed by a test. Host and device:
// tests/cuda/gpu_search_test.cpp checks it against count_prefix_subtree() on the CPU.
NQUEENS_HOST_DEVICE inline std::uint64_t count_all_below(int n, Word left, Word down, Word right) {
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
