// The join's tables of partial halves (internal to src/kernels/join): the placements of the
// outer rows 0..A-1 and of the inner rows A..H-1 (A = floor(H/2)), each sorted by the set of
// columns it uses, built once per N and weighting and shared by every thread, and the walk over
// a column set's splits into an outer and an inner part that the tabled join pairs.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "common.hpp"

namespace nqueens::kernels::join {

// Rows per table: half of the rows of a half board, rounded up, for N <= kMaxTableJoinN; the
// outer table has the rows rounded down.
constexpr int kMaxTableRows = (kMaxTableJoinN / 2 + 1) / 2;
constexpr int kMaxOuterRows = kMaxTableJoinN / 2 / 2;

// A partial top half (some of rows 0..H-1) as the diagonals it occupies, named by where they
// meet row H without clipping to the board: "\" diagonal of (r, c) -> bit c + H - r of u,
// "/" diagonal -> bit c + r of v (its column at row H is c + r - H). Two placements on
// different rows fit exactly when they share no bit of u and none of v (columns are kept
// apart by the group), and a complete half's pattern is read off u and v.
// The diagonal words are 32-bit, so that a placement takes 16 bytes, not 24: a third less
// table to hold and to read at scattered places (the N = 20 sample `--shard 7/128` peaked at
// 50.7 MB resident against 62.6 MB). Bits run up to N - 1 + H in u and N + H - 2 in v; at
// N = 22 bit 32 of u is the "\" diagonal of (0, N-1), which holds no other square of the
// board, so it can meet no other queen and is left out (N + H <= 33 keeps it so: a "\"
// diagonal with c - r = D holds min(H, N - D) squares of the top half).
struct Placement {
  std::uint32_t u, v;
  std::uint8_t column[kMaxTableRows];  // column[k]: the queen of row last-1-k (see PlacementTable)
  std::uint8_t anti;                   // 1: a queen on the anti-diagonal (r, N-1-r)
};
static_assert(kMaxTableJoinN + kMaxTableJoinN / 2 <= 33 && sizeof(Placement) == 16);

// Bit `bit` of a 32-bit diagonal word; zero for bit 32 (see Placement).
constexpr std::uint32_t diagonal_bit(int bit) {
  return static_cast<std::uint32_t>(std::uint64_t{1} << bit);
}

// Every placement of rows [first, last) on the whole board, sorted by the columns it uses:
// those with column set S are entries[start[S] .. start[S+1]), those without a queen on the
// anti-diagonal first, each part in the order of a search from row last-1 upwards.
struct PlacementTable {
  std::vector<std::uint32_t> start;  // 2^N + 1 offsets, by column mask
  std::vector<Placement> entries;
};

// Rows 0..outer-1 ("outer", far from the cut) and rows outer..H-1 ("inner", next to it).
struct HalfTables {
  int n = 0, half = 0, outer_rows = 0;
  JoinWeights weights = JoinWeights::plain;
  PlacementTable outer, inner;
};

// The tables for N (4 <= N <= kMaxTableJoinN) and these weights, built on the first call for
// them; later calls, from any thread, return the same tables.
const HalfTables& half_tables(int n, JoinWeights weights);

// The k-subsets of `set`, lowest first, by depositing the k-subsets of popcount(set) bits.
template <typename F>
void for_each_subset(Row set, int k, F&& f) {
  const int size = std::popcount(set);
  if (k > size) return;
  int pos[kMaxJoinN];
  for (int i = 0; i < size; ++i, set &= set - 1) pos[i] = std::countr_zero(set);
  std::uint64_t sel = k == 0 ? 0 : (std::uint64_t{1} << k) - 1;
  const std::uint64_t end = std::uint64_t{1} << size;
  for (;;) {
    Row s = 0;
    for (std::uint64_t x = sel; x != 0; x &= x - 1) s |= Row{1} << pos[std::countr_zero(x)];
    f(s);
    if (sel == 0) return;
    const std::uint64_t low = sel & (0 - sel), ripple = sel + low;
    sel = ripple | (((sel ^ ripple) >> 2) / low);
    if (sel >= end) return;
  }
}

// for_each_subset for the splits of `set` into a k-subset S, placed from table `first`, and
// the rest, placed from `second`: f(S) for each, with the table lines it will read asked for
// ahead (the start offsets eight subsets ahead, then up to 1 KB of both runs four ahead).
// The runs lie scattered over up to hundreds of MB, and without the prefetch their first
// loads are about a tenth of the join's time at N = 18 (perf; the figures are in CHANGELOG.md).
template <typename F>
void for_each_split(Row set, int k, const PlacementTable& first, const PlacementTable& second,
                    F&& f) {
  constexpr std::size_t kMaxSplits = [] {  // C(H, floor(H/2)) for H = kMaxTableJoinN / 2
    std::size_t c = 1;
    for (int i = 1; i <= kMaxTableJoinN / 2 / 2; ++i)
      c = c * static_cast<std::size_t>(kMaxTableJoinN / 2 - i + 1) / static_cast<std::size_t>(i);
    return c;
  }();
  Row subsets[kMaxSplits];  // C(11, 5) = 462 at most
  std::size_t count = 0;
  for_each_subset(set, k, [&](Row s) { subsets[count++] = s; });
  constexpr std::size_t kStartAhead = 8, kRunAhead = 4;
  const auto start = [&](std::size_t i) {
    __builtin_prefetch(&first.start[subsets[i]]);
    __builtin_prefetch(&second.start[set & ~subsets[i]]);
  };
  const auto run = [](const PlacementTable& t, Row s) {
    const char* p = reinterpret_cast<const char*>(&t.entries[t.start[s]]);
    const char* end = reinterpret_cast<const char*>(&t.entries[t.start[s + 1]]);
    end = std::min(end, p + 1024);
    for (; p < end; p += 64) __builtin_prefetch(p);
  };
  for (std::size_t i = 0; i < std::min(count, kStartAhead); ++i) start(i);
  for (std::size_t i = 0; i < count; ++i) {
    if (i + kStartAhead < count) start(i + kStartAhead);
    if (i + kRunAhead < count) {
      run(first, subsets[i + kRunAhead]);
      run(second, set & ~subsets[i + kRunAhead]);
    }
    f(subsets[i]);
  }
}

}  // namespace nqueens::kernels::join
