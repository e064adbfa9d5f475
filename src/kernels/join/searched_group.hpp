// The searched join (internal to src/kernels/join; join.cpp describes the method): a group's
// count with each half searched row by row, for any N, as a template over a loops policy
// (bit_sets.hpp) that each join tier file instantiates (join_tiers.hpp).
#pragma once

#include "bit_sets.hpp"
#include "common.hpp"

namespace nqueens::kernels::join {

namespace {

// The squares of each top row no half may use: those that attack the middle queen (odd N),
// column middle +- (H-r), and with diagonal weights its main-diagonal square (r, r).
void forbidden_squares(int n, int half, int middle, bool diagonal, Row* forbid) {
  const Row mask = column_mask(n);
  for (int r = 0; r < half; ++r) {
    forbid[r] = diagonal ? Row{1} << r : 0;
    if (middle < 0) continue;
    const int d = half - r;
    if (middle - d >= 0) forbid[r] |= Row{1} << (middle - d);
    if (middle + d < n) forbid[r] |= (Row{1} << (middle + d)) & mask;
  }
}

// Every top half with exactly the columns `cols`, as the bottom pattern of its upside-down
// image, in out[1] if it has a queen on the anti-diagonal (r, N-1-r), else in out[0]: a
// depth-first search over rows 0..H-1 with the usual three attack masks.
void collect_bottom_patterns(int n, int half, Row cols, const Row* forbid, bool diagonal,
                             std::vector<Pattern> (&out)[2]) {
  out[0].clear();
  out[1].clear();
  const Row mask = column_mask(n);
  const bool even = n % 2 == 0;
  if (half == 0) {
    out[0].push_back(0);
    return;
  }
  Row left[kMaxHalf + 1], down[kMaxHalf + 1], right[kMaxHalf + 1], todo[kMaxHalf + 1];
  int anti[kMaxHalf + 1];
  int row = 0;
  left[0] = down[0] = right[0] = 0;
  anti[0] = 0;
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
    const int a = anti[row] | (diagonal && std::countr_zero(bit) == n - 1 - row ? 1 : 0);
    if (row + 1 == half) {
      // l and rt are the "\" and "/" diagonals where they meet row H. Flipped to the bottom,
      // "\" becomes "/" and vice versa; for even N the flip also moves the cut by one row.
      const Row backslash = even ? (rt << 1) & mask : rt;
      const Row slash = even ? l >> 1 : l;
      out[a].push_back(Pattern{backslash} | Pattern{slash} << 32);
      continue;
    }
    ++row;
    anti[row] = a;
    left[row] = l;
    down[row] = d;
    right[row] = rt;
    todo[row] = cols & ~(l | d | rt | forbid[row]);
  }
}

// The top search: rows H-1, H-2, ..., 0 (step k places row H-1-k) with the group's columns,
// counting for every complete top half the bottom halves it fits. Those that fit the first
// k+1 queens are a bit set over the bottom list, live[k]: step k ANDs in the two precomputed
// sets "misses diagonal x" of its queen's two diagonals, 64 halves per word. The sets are
// computed lazily, only when a complete top half is reached, for the steps that changed since
// the last one: the search visits several nodes per top half it completes, mostly dead ends
// where the group's columns run out, and a set computed there would be wasted. A set found
// empty cuts the search back to its step.
// The bottoms of weight 1 take words [0, words0) of every set, those of weight 2 the rest; a
// top half with an anti-diagonal queen counts double.
template <typename Loops>
std::uint64_t join_top(int n, int half, Row cols, const Row* forbid, bool diagonal,
                       JoinBuffers& b) {
  const Row mask = column_mask(n);
  const std::size_t size[2] = {b.bottom[0].size(), b.bottom[1].size()};
  const std::size_t words0 = make_bit_sets<Loops>(b, size), words = b.ones.size();
  b.live.resize(static_cast<std::size_t>(half) * words);

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
      if (Loops::template and_sets<3>(&b.live[valid * words], {in, x, y}, words) == 0) {
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
    std::uint64_t* last = &b.live[static_cast<std::size_t>(half - 1) * words];
    Loops::template and_sets<3>(last, {in, x, y}, words);
    const std::uint64_t fit =
        Loops::count_and(last, b.ones.data(), words0) +
        2 * Loops::count_and(last + words0, b.ones.data() + words0, words - words0);
    bool anti = false;
    for (int step = 0; step < half && diagonal; ++step) anti |= column[step] == n - half + step;
    total += fit << (anti ? 1 : 0);
  }
}

// The group's count (JoinTier::searched).
template <typename Loops>
std::uint64_t count_searched(int n, Row top_columns, int middle, JoinWeights weights) {
  if (!names_a_group(n, top_columns, middle)) return 0;
  const int half = n / 2;
  const Row mask = column_mask(n);
  const Row middle_bit = middle >= 0 ? Row{1} << middle : 0;
  Row forbid[kMaxHalf + 1];
  const bool diagonal = weights == JoinWeights::diagonal;
  forbidden_squares(n, half, middle, diagonal, forbid);
  JoinBuffers& b = join_buffers();
  const Row bottom_columns = mask & ~top_columns & ~middle_bit;
  collect_bottom_patterns(n, half, bottom_columns, forbid, diagonal, b.bottom);
  if (b.bottom[0].empty() && b.bottom[1].empty()) return 0;
  if (half == 0) return b.bottom[0].size();
  return join_top<Loops>(n, half, top_columns, forbid, diagonal, b);
}

}  // namespace

}  // namespace nqueens::kernels::join
