// The half-board join: count solutions by meeting in the middle of the board.
//
// A row-by-row backtracker pays at least one step for every solution it counts, and many
// more for the dead ends below row N/2. The join splits the board between row H-1 and row H
// (H = floor(N/2); for odd N the middle row H holds one queen of its own) and asks, for one
// set C of columns at a time, how many top halves using exactly the columns C fit how many
// bottom halves using the other columns. Two halves fit when no diagonal carries a queen
// from each, and every diagonal that crosses the cut can be named by the column where it
// meets row H. So each half reduces to a 64-bit pattern:
//
//   bit:      63 ......... 32 | 31 ......... 0
//   meaning:  "/" diagonals    | "\" diagonals      bit c: the diagonal meets row H at column c
//
// and a top half t fits a bottom half b exactly when pattern(t) & pattern(b) == 0 (columns
// fit by construction, rows are one queen each). Diagonals that leave the board before
// row H cannot meet the other half and are dropped.
//
// Bottom halves are top halves turned upside down: the bottom half with columns D is a top
// half with columns D flipped vertically, whose "\" and "/" projections swap places (and
// shift by one column when N is even, because its cut row is then one row further away).
// So one search generates both sides.
//
// Per group (C, middle): collect the bottom patterns into a list, then search the top half
// row by row from the cut upwards (row H-1 first, whose queens' diagonals meet row H closest
// to their own column and so rule out the most bottom halves), keeping the set of bottom
// halves that still fit: a placed queen keeps only those that miss both its diagonals, and a
// top half that reaches row 0 adds the size of its set. The work per group is the two
// searches plus about (complete top halves) x (list length / 64) words; docs/ALGORITHMS.md
// has the counts and the growth per N.
//
// The engine visits one column set per symmetry orbit: turning the board upside down maps
// the top columns C to the bottom's, and mirroring it maps C to its reverse, so the groups C,
// complement(C), reverse(C), reverse(complement(C)) count the same solutions (for odd N the
// mirror also moves the middle queen to column N-1-middle).
#include "count_join.hpp"

#include <algorithm>
#include <bit>
#include <vector>

namespace nqueens::kernels {

namespace {

using Row = std::uint32_t;
using Pattern = std::uint64_t;

constexpr int kMaxHalf = kMaxJoinN / 2;

Row column_mask(int n) {
  return n >= 32 ? ~Row{0} : (Row{1} << n) - 1;
}

// The squares of each top row that attack the middle queen (odd N): column middle +- (H-r).
void middle_attacks(int n, int half, int middle, Row* forbid) {
  const Row mask = column_mask(n);
  for (int r = 0; r < half; ++r) {
    forbid[r] = 0;
    if (middle < 0) continue;
    const int d = half - r;
    if (middle - d >= 0) forbid[r] |= Row{1} << (middle - d);
    if (middle + d < n) forbid[r] |= (Row{1} << (middle + d)) & mask;
  }
}

// Every top half with exactly the columns `cols`, as the bottom pattern of its upside-down
// image: a depth-first search over rows 0..H-1 with the usual three attack masks.
void collect_bottom_patterns(int n, int half, Row cols, const Row* forbid,
                             std::vector<Pattern>& out) {
  out.clear();
  const Row mask = column_mask(n);
  const bool even = n % 2 == 0;
  if (half == 0) {
    out.push_back(0);
    return;
  }
  Row left[kMaxHalf + 1], down[kMaxHalf + 1], right[kMaxHalf + 1], todo[kMaxHalf + 1];
  int row = 0;
  left[0] = down[0] = right[0] = 0;
  todo[0] = cols & ~forbid[0];
  for (;;) {
    if (todo[row] == 0) {
      if (row == 0) return;
      --row;
      continue;
    }
    const Row bit = todo[row] & (0u - todo[row]);
    todo[row] ^= bit;
    const Row l = ((left[row] | bit) << 1) & mask, d = down[row] | bit,
              rt = (right[row] | bit) >> 1;
    if (row + 1 == half) {
      // l and rt are the "\" and "/" diagonals where they meet row H. Flipped to the bottom,
      // "\" becomes "/" and vice versa; for even N the flip also moves the cut by one row.
      const Row backslash = even ? (rt << 1) & mask : rt;
      const Row slash = even ? l >> 1 : l;
      out.push_back(Pattern{backslash} | Pattern{slash} << 32);
      continue;
    }
    ++row;
    left[row] = l;
    down[row] = d;
    right[row] = rt;
    todo[row] = cols & ~(l | d | rt | forbid[row]);
  }
}

// One thread's buffers for the join, grown on demand and never shrunk.
struct JoinBuffers {
  std::vector<Pattern> bottom;        // bottom patterns of the group
  std::vector<std::uint64_t> misses;  // [64][words]: bottom halves missing pattern bit x
  std::vector<std::uint64_t> live;    // [kMaxHalf][words]: bottom halves fitting steps 0..k
  std::vector<std::uint64_t> ones;    // [words]: every bottom half
};

JoinBuffers& join_buffers() {
  thread_local JoinBuffers b;
  return b;
}

// The top search: rows H-1, H-2, ..., 0 (step k places row H-1-k) with the group's columns,
// counting for every complete top half the bottom halves it fits. Those that fit the first
// k+1 queens are a bit set over the bottom list, live[k]: step k ANDs in the two precomputed
// sets "misses diagonal x" of its queen's two diagonals, 64 halves per word. The sets are
// computed lazily, only when a complete top half is reached, for the steps that changed since
// the last one: the search visits several nodes per top half it completes, mostly dead ends
// where the group's columns run out, and a set computed there would be wasted (measured at
// N = 17, one thread, a loaded machine: 9.1 s computing a set at every node, 6.6 s computing
// them for complete halves only). A set found empty cuts the search back to its step.
std::uint64_t join_top(int n, int half, Row cols, const Row* forbid, JoinBuffers& b) {
  const Row mask = column_mask(n);
  const std::vector<Pattern>& bottom = b.bottom;
  const std::size_t size = bottom.size(), words = (size + 63) / 64;
  b.misses.assign(64 * words, ~std::uint64_t{0});
  b.live.resize(static_cast<std::size_t>(half) * words);
  b.ones.assign(words, ~std::uint64_t{0});
  if (size % 64 != 0) {
    const std::uint64_t tail = (std::uint64_t{1} << (size % 64)) - 1;
    b.ones[words - 1] = tail;
    for (int x = 0; x < 64; ++x) b.misses[x * words + words - 1] = tail;
  }
  for (std::size_t i = 0; i < size; ++i)
    for (Pattern p = bottom[i]; p != 0; p &= p - 1)
      b.misses[static_cast<std::size_t>(std::countr_zero(p)) * words + i / 64] &=
          ~(std::uint64_t{1} << (i % 64));

  // The two "misses" sets of the queen placed at step k in column c.
  auto back = [&](int k, int c) {
    const int x = c + k + 1;
    return x < n ? &b.misses[static_cast<std::size_t>(x) * words] : b.ones.data();
  };
  auto fwd = [&](int k, int c) {
    const int x = c - k - 1;
    return x >= 0 ? &b.misses[static_cast<std::size_t>(32 + x) * words] : b.ones.data();
  };

  std::uint64_t total = 0;
  Row up_left[kMaxHalf + 1], used[kMaxHalf + 1], up_right[kMaxHalf + 1], todo[kMaxHalf + 1];
  int column[kMaxHalf];
  int valid = 0;  // live[0 .. valid-1] belong to the current path
  int k = 0;
  up_left[0] = used[0] = up_right[0] = 0;
  todo[0] = cols & ~forbid[half - 1];
  for (;;) {
    if (todo[k] == 0) {
      if (k == 0) return total;
      --k;
      continue;
    }
    const Row bit = todo[k] & (0u - todo[k]);
    todo[k] ^= bit;
    column[k] = std::countr_zero(bit);
    if (valid > k) valid = k;  // step k changed: its set and those below are stale
    if (k + 1 < half) {
      // Going up a row, a "\" diagonal moves one column left and a "/" one column right.
      const Row ul = (up_left[k] | bit) >> 1, u = used[k] | bit,
                ur = ((up_right[k] | bit) << 1) & mask;
      ++k;
      up_left[k] = ul;
      used[k] = u;
      up_right[k] = ur;
      todo[k] = cols & ~(ul | u | ur | forbid[half - 1 - k]);
      continue;
    }
    // A complete top half: bring live[] up to date along the path, then count.
    int empty = -1;
    for (; valid < half - 1; ++valid) {
      const std::uint64_t* in = valid == 0 ? b.ones.data() : &b.live[(valid - 1) * words];
      const std::uint64_t *x = back(valid, column[valid]), *y = fwd(valid, column[valid]);
      std::uint64_t* out = &b.live[valid * words];
      std::uint64_t any = 0;
      for (std::size_t w = 0; w < words; ++w) {
        out[w] = in[w] & x[w] & y[w];
        any |= out[w];
      }
      if (any == 0) {
        empty = valid;
        break;
      }
    }
    if (empty >= 0) {  // no bottom half fits steps 0..empty: try step empty's next column
      k = empty;
      valid = empty;
      continue;
    }
    const std::uint64_t* in = half == 1 ? b.ones.data() : &b.live[(half - 2) * words];
    const std::uint64_t *x = back(half - 1, column[half - 1]), *y = fwd(half - 1, column[half - 1]);
    std::uint64_t fit = 0;
    for (std::size_t w = 0; w < words; ++w) fit += std::popcount(in[w] & x[w] & y[w]);
    total += fit;
  }
}

}  // namespace

std::uint64_t count_join_group(int n, std::uint32_t top_columns, int middle) {
  if (n < 1 || n > kMaxJoinN) return 0;
  const int half = n / 2;
  const Row mask = column_mask(n);
  if (n % 2 == 0) middle = -1;
  if (n % 2 == 1 && (middle < 0 || middle >= n)) return 0;
  const Row middle_bit = middle >= 0 ? Row{1} << middle : 0;
  if ((top_columns & ~mask) != 0 || (top_columns & middle_bit) != 0 ||
      std::popcount(top_columns) != half)
    return 0;
  Row forbid[kMaxHalf + 1];
  middle_attacks(n, half, middle, forbid);
  JoinBuffers& b = join_buffers();
  const Row bottom_columns = mask & ~top_columns & ~middle_bit;
  collect_bottom_patterns(n, half, bottom_columns, forbid, b.bottom);
  if (b.bottom.empty()) return 0;
  if (half == 0) return b.bottom.size();
  return join_top(n, half, top_columns, forbid, b);
}

namespace {

// A board for the fixed-point searches: columns and both diagonal families as bit sets
// (diagonal r+c and anti-diagonal r-c+N-1 each fit in 64 bits for N <= 32).
struct Squares {
  int n;
  Row rows = 0, cols = 0;
  std::uint64_t sum = 0, diff = 0;
  bool free(int r, int c) const {
    return !(rows >> r & 1) && !(cols >> c & 1) && !(sum >> (r + c) & 1) &&
           !(diff >> (r - c + n - 1) & 1);
  }
  void put(int r, int c) {
    rows |= Row{1} << r;
    cols |= Row{1} << c;
    sum |= std::uint64_t{1} << (r + c);
    diff |= std::uint64_t{1} << (r - c + n - 1);
  }
  // Places the squares one by one, each checked against the ones before; false if any clash.
  template <std::size_t K>
  bool put_all(const int (&sq)[K][2]) {
    for (const auto& s : sq) {
      if (!free(s[0], s[1])) return false;
      put(s[0], s[1]);
    }
    return true;
  }
};

// Rows 0..H-1 in order, each with its half-turn partner (N-1-r, N-1-c).
std::uint64_t half_turn_from(const Squares& b, int r) {
  const int n = b.n;
  if (r == n / 2) return 1;
  std::uint64_t count = 0;
  for (int c = 0; c < n; ++c) {
    Squares next = b;
    const int sq[2][2] = {{r, c}, {n - 1 - r, n - 1 - c}};
    if (next.put_all(sq)) count += half_turn_from(next, r + 1);
  }
  return count;
}

// The lowest free row gets its queen, together with the other three squares of its orbit.
std::uint64_t quarter_turn_from(const Squares& b) {
  const int n = b.n;
  const Row all = column_mask(n);
  if (b.rows == all) return 1;
  const int r = std::countr_one(b.rows);
  std::uint64_t count = 0;
  for (int c = 0; c < n; ++c) {
    Squares next = b;
    const int sq[4][2] = {{r, c}, {c, n - 1 - r}, {n - 1 - r, n - 1 - c}, {n - 1 - c, r}};
    if (next.put_all(sq)) count += quarter_turn_from(next);
  }
  return count;
}

}  // namespace

std::uint64_t count_fixed_half_turn(int n) {
  if (n < 1 || n > kMaxJoinN) return 0;
  Squares b{n};
  if (n % 2 == 1) b.put(n / 2, n / 2);  // the centre is its own image
  return half_turn_from(b, 0);
}

std::uint64_t count_fixed_quarter_turn(int n) {
  if (n < 1 || n > kMaxJoinN) return 0;
  if (n % 4 == 2 || n % 4 == 3) return 0;  // orbits of 4 cannot cover N or N-1 rows
  Squares b{n};
  if (n % 2 == 1) b.put(n / 2, n / 2);
  return quarter_turn_from(b);
}

}  // namespace nqueens::kernels
