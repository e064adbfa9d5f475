// Random access by subtree counts: see src/kernels/include/nqueens/rank.hpp for the method.
#include "nqueens/rank.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <iterator>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

#include "bits.hpp"
#include "count_frontier.hpp"
#include "nqueens/verify.hpp"

namespace nqueens {

namespace {

using kernels::column_mask;
using kernels::lowest_bit;
using kernels::Row;

// Row words as in count_kernel.hpp: bit c = column c. Going down a row, the "left" attack
// mask moves one column up (<< 1) and the "right" one one column down (>> 1).
struct Masks {
  Row left = 0, down = 0, right = 0;
  Masks below(Row bit, Row mask) const {
    return {((left | bit) << 1) & mask, down | bit, (right | bit) >> 1};
  }
  Row free(Row mask) const { return mask & ~(left | down | right); }
};

// Masks seen by row `depth` after the queens cols[0..depth-1]; false if two of them attack.
bool prefix_masks(int n, const int* cols, int depth, Masks& m) {
  const Row mask = column_mask(n);
  m = {};
  for (int r = 0; r < depth; ++r) {
    const Row bit = Row{1} << cols[r];
    if ((m.free(mask) & bit) == 0) return false;
    m = m.below(bit, mask);
  }
  return true;
}

// Solutions below a prefix of `depth` rows: the plain (no symmetry) bitboard count,
// an explicit stack so a node costs a few register operations. The last row is not entered:
// it has at most one free column, so its test is a compare.
std::uint64_t count_below_plain(int n, const int* cols, int depth) {
  Masks start;
  if (!prefix_masks(n, cols, depth, start)) return 0;
  if (depth == n) return 1;
  const Row mask = column_mask(n);
  const int last = n - 1;
  if (depth == last) return start.free(mask) != 0;
  Masks m[33];
  Row todo[33];
  int row = depth;
  m[row] = start;
  todo[row] = start.free(mask);
  std::uint64_t count = 0;
  for (;;) {
    if (todo[row] == 0) {
      if (row == depth) return count;
      --row;
      continue;
    }
    const Row bit = lowest_bit(todo[row]);
    todo[row] ^= bit;
    const Masks next = m[row].below(bit, mask);
    const Row free = next.free(mask);
    if (row + 1 == last) {
      count += free != 0;
    } else if (free != 0) {
      ++row;
      m[row] = next;
      todo[row] = free;
    }
  }
}

// Solutions below a prefix of `depth` rows (zero if its queens attack): the counting
// kernel's tier `tier` (AVX-512, AVX2, NEON or scalar frontier search) run with the corner
// branch's rules at bound 0, which restrict nothing, so every leaf is one solution and lands
// in size8; the plain DFS above for the last rows. About 10 times the plain bitboard DFS with AVX2;
// tests/kernels/rank_table_deep_test.cpp checks it against that DFS (count_all_below in the GPU
// kernel's host tests, too).
std::uint64_t count_below(int n, const int* cols, int depth, KernelTier tier) {
  // The last rows' subtrees are tiny; the frontier search starts at row N-4 at the latest.
  if (depth > n - 4 || n > 31) return count_below_plain(n, cols, depth);
  Masks m;
  if (!prefix_masks(n, cols, depth, m)) return 0;
  kernels::JobStart s;  // the corner branch reads no board rows, only the masks
  s.rules = kernels::BranchRules::make(n, Branch::corner, 0);
  s.start = depth;
  s.left = m.left;
  s.down = m.down;
  s.right = m.right;
  return kernels::count_with_tier(tier, s).size8;
}

// Visits the solutions below a legal prefix in lexicographic order; cols[] is filled in
// place. visit(cols) returns false to stop; walk returns false if it was stopped.
template <class Visit>
bool walk(int n, int* cols, int row, Masks m, Row mask, Visit& visit) {
  if (row == n) return visit(static_cast<const int*>(cols));
  for (Row todo = m.free(mask); todo != 0; todo &= todo - 1) {
    const Row bit = lowest_bit(todo);
    cols[row] = std::countr_zero(bit);
    if (!walk(n, cols, row + 1, m.below(bit, mask), mask, visit)) return false;
  }
  return true;
}

}  // namespace

void prefix_columns(int n, int depth, std::size_t index, int* cols) {
  for (int r = depth - 1; r >= 0; --r, index /= static_cast<std::size_t>(n))
    cols[r] = static_cast<int>(index % static_cast<std::size_t>(n));
}

std::size_t mirror_prefix(int n, int depth, std::size_t index) {
  std::size_t mirror = 0, scale = 1;
  for (int r = 0; r < depth; ++r, index /= static_cast<std::size_t>(n), scale *= n)
    mirror += scale * (static_cast<std::size_t>(n) - 1 - index % static_cast<std::size_t>(n));
  return mirror;
}

void fill_mirror_prefixes(int n, int depth, std::vector<std::uint64_t>& counts) {
  for (std::size_t i = 0; i < counts.size(); ++i)
    if (const std::size_t m = mirror_prefix(n, depth, i); m < i) counts[i] = counts[m];
}

bool is_legal_prefix(int n, const int* cols, int depth) {
  Masks m;
  return prefix_masks(n, cols, depth, m);
}

bool is_canonical_fast(const int* s, int n) {
  const int m = n - 1;
  int inv[64];
  for (int r = 0; r < n; ++r) inv[s[r]] = r;
  // Image row i of each of the 7 other transforms (see apply() in solution.hpp).
  auto smaller = [&](auto image) {  // true if the image is lexicographically below s
    for (int i = 0; i < n; ++i) {
      const int v = image(i);
      if (v != s[i]) return v < s[i];
    }
    return false;
  };
  return !(smaller([&](int i) { return m - inv[i]; }) ||     // rotate90
           smaller([&](int i) { return m - s[m - i]; }) ||   // rotate180
           smaller([&](int i) { return inv[m - i]; }) ||     // rotate270
           smaller([&](int i) { return m - s[i]; }) ||       // mirror columns
           smaller([&](int i) { return s[m - i]; }) ||       // mirror rows
           smaller([&](int i) { return inv[i]; }) ||         // transpose
           smaller([&](int i) { return m - inv[m - i]; }));  // anti-transpose
}

std::uint64_t count_prefix_subtree(int n, const int* cols, int depth, bool unique,
                                   KernelTier tier) {
  if (n < 1 || n > 32 || depth < 0 || depth > n)
    throw std::invalid_argument("count_prefix_subtree needs 1 <= N <= 32, 0 <= depth <= N");
  if (!unique) return count_below(n, cols, depth, tier);
  Masks m;
  if (!prefix_masks(n, cols, depth, m)) return 0;
  int c[64];
  std::copy(cols, cols + depth, c);
  std::uint64_t count = 0;
  auto visit = [&](const int* s) {
    count += is_canonical_fast(s, n);
    return true;
  };
  walk(n, c, depth, m, column_mask(n), visit);
  return count;
}

namespace {

#include "rank_table.inc"  // kRankTableMinN..kRankTableMaxN: kRankTable[n][unique][c0 * n + c1]
struct DeepRankTable {
  int n;
  bool unique;
  int depth;
  const std::uint32_t* legal;  // the legal prefixes with c0 <= (N-1)/2, in lexicographic order
  std::size_t size;
};
#include "rank_table_deep.inc"  // kDeepRankTables

const DeepRankTable* deep_table_of(int n, bool unique) {
  for (const DeepRankTable& t : kDeepRankTables)
    if (t.n == n && t.unique == unique) return &t;
  return nullptr;
}

// A deep table unfolded over every prefix (zero where queens attack): the mirror prefix
// (N-1-c0, N-1-c1, ...) has the same count of all solutions; canonical solutions never have
// c0 > (N-1)/2.
std::vector<std::uint64_t> deep_counts(const DeepRankTable& t) {
  const int n = t.n;
  std::size_t size = 1;
  for (int r = 0; r < t.depth; ++r) size *= static_cast<std::size_t>(n);
  std::vector<std::uint64_t> counts(size, 0);
  std::size_t next = 0;
  for (std::size_t i = 0; i < size; ++i) {
    int c[kMaxPrefixDepth] = {};
    prefix_columns(n, t.depth, i, c);
    if (2 * c[0] > n - 1 || !is_legal_prefix(n, c, t.depth)) continue;
    if (next == t.size) throw std::logic_error("rank_table_deep.inc is shorter than its prefixes");
    counts[i] = t.legal[next++];
  }
  if (next != t.size) throw std::logic_error("rank_table_deep.inc is longer than its prefixes");
  if (!t.unique) fill_mirror_prefixes(n, t.depth, counts);
  return counts;
}

}  // namespace

void SolutionIndex::check_range(int n, bool unique) {
  const int max = unique ? kMaxRankN : kMaxRankAllN;
  if (n < 1 || n > max)
    throw std::invalid_argument(std::string("random access to ") +
                                (unique ? "the unique list" : "all solutions") +
                                " needs 1 <= N <= " + std::to_string(max));
}

SolutionIndex::SolutionIndex(int n, bool unique)
    : n_(n), unique_(unique), depth_(std::min(n, 2)), tier_(default_kernel_tier()) {
  check_range(n, unique);
  std::vector<std::uint64_t> counts;
  if (const DeepRankTable* deep = deep_table_of(n, unique)) {
    depth_ = deep->depth;
    counts = deep_counts(*deep);
  } else if (n == 1) {
    counts = {1};
  } else if (n < kRankTableMinN) {  // no table below it: counted here, prefix by prefix
    counts.resize(static_cast<std::size_t>(n * n));
    for (std::size_t i = 0; i < counts.size(); ++i) {
      int c[kMaxPrefixDepth] = {};
      prefix_columns(n, 2, i, c);
      counts[i] = count_prefix_subtree(n, c, 2, unique, tier_);
    }
  } else if (n <= kRankTableMaxN) {
    const std::uint64_t* t = kRankTable[n - kRankTableMinN][unique ? 1 : 0];
    counts.assign(t, t + n * n);
  } else {
    throw std::logic_error("no prefix table for N = " + std::to_string(n));
  }
  for (int i = 0; i < static_cast<int>(counts.size()); ++i) {
    int c[kMaxPrefixDepth] = {};
    prefix_columns(n, depth_, static_cast<std::size_t>(i), c);
    if (!is_legal_prefix(n, c, depth_)) continue;
    Prefix p{};
    for (int r = 0; r < depth_; ++r) p.cols[r] = static_cast<std::uint8_t>(c[r]);
    p.before = size_;
    p.count = counts[i];
    size_ += p.count;
    prefixes_.push_back(p);
  }
}

const SolutionIndex& SolutionIndex::get(int n, bool unique) {
  check_range(n, unique);
  static std::array<std::once_flag, 2 * (kMaxRankAllN + 1)> once;
  static std::array<std::unique_ptr<SolutionIndex>, 2 * (kMaxRankAllN + 1)> tables;
  const int slot = 2 * n + (unique ? 1 : 0);
  std::call_once(once[slot], [&] { tables[slot] = std::make_unique<SolutionIndex>(n, unique); });
  return *tables[slot];
}

Solution SolutionIndex::unrank(std::uint64_t index) const {
  if (index < 1 || index > size_)
    throw std::out_of_range("index must be between 1 and " + std::to_string(size_));
  // The last prefix whose first solution is at or before #index; an empty prefix shares
  // `before` with its successor, so the last one with before < index is never empty.
  auto it = std::upper_bound(prefixes_.begin(), prefixes_.end(), index - 1,
                             [](std::uint64_t k, const Prefix& p) { return k < p.before; });
  const Prefix& p = *(it - 1);
  int cols[64] = {p.cols[0], p.cols[1], p.cols[2], p.cols[3]};
  std::uint64_t left = index - p.before;  // 1-based position inside this prefix
  const Row mask = column_mask(n_);
  Masks m;
  prefix_masks(n_, cols, depth_, m);
  if (unique_) {
    Solution result;
    auto visit = [&](const int* s) {
      if (!is_canonical_fast(s, n_) || --left > 0) return true;
      result.assign(s, s + n_);
      return false;
    };
    walk(n_, cols, depth_, m, mask, visit);
    return result;
  }
  // Descend: skip whole subtrees of the candidates before the one that holds #index, or,
  // when #index lies in the second half of the current subtree (whose size `here` is known),
  // of the candidates after it, counted from the last one: at most half a subtree per row.
  std::uint64_t here = p.count;
  for (int row = depth_; row < n_; ++row) {
    Row todo = m.free(mask);  // (never empty: the counts add up to `here`)
    if (left <= here - left) {
      for (;; todo &= todo - 1) {
        if (todo == 0) throw std::logic_error("unrank: the subtree counts do not add up");
        const Row bit = lowest_bit(todo);
        cols[row] = std::countr_zero(bit);
        const std::uint64_t below = count_below(n_, cols, row + 1, tier_);
        if (left <= below) {
          m = m.below(bit, mask);
          here = below;
          break;
        }
        left -= below;
      }
    } else {
      std::uint64_t after = here - left;  // solutions of this subtree after #index
      for (;; todo ^= Row{1} << cols[row]) {
        if (todo == 0) throw std::logic_error("unrank: the subtree counts do not add up");
        cols[row] = std::bit_width(todo) - 1;
        const std::uint64_t below = count_below(n_, cols, row + 1, tier_);
        if (after < below) {
          m = m.below(Row{1} << cols[row], mask);
          here = below;
          left = below - after;
          break;
        }
        after -= below;
      }
    }
  }
  return Solution(cols, cols + n_);
}

std::uint64_t SolutionIndex::rank(const Solution& solution) const {
  if (static_cast<int>(solution.size()) != n_ || !is_solution(solution))
    throw std::invalid_argument("not a solution of the " + std::to_string(n_) + "-queens problem");
  if (unique_ && !is_canonical_fast(solution.data(), n_))
    throw std::invalid_argument("not a canonical representative (see list --unique)");
  auto it = std::lower_bound(prefixes_.begin(), prefixes_.end(), solution,
                             [&](const Prefix& p, const Solution& s) {
                               for (int r = 0; r < depth_; ++r)
                                 if (p.cols[r] != s[r]) return p.cols[r] < s[r];
                               return false;
                             });
  int cols[64] = {it->cols[0], it->cols[1], it->cols[2], it->cols[3]};
  std::uint64_t index = it->before;
  const Row mask = column_mask(n_);
  Masks m;
  prefix_masks(n_, cols, depth_, m);
  if (unique_) {
    auto visit = [&](const int* s) {
      if (!is_canonical_fast(s, n_)) return true;
      ++index;
      return !std::equal(s, s + n_, solution.begin());
    };
    walk(n_, cols, depth_, m, mask, visit);
    return index;
  }
  // Add the subtrees of the smaller candidates at each row below the prefix.
  for (int row = depth_; row < n_; ++row) {
    for (Row todo = m.free(mask); todo != 0; todo &= todo - 1) {
      const int c = std::countr_zero(todo);
      if (c >= solution[row]) break;
      cols[row] = c;
      index += count_below(n_, cols, row + 1, tier_);
    }
    cols[row] = solution[row];
    m = m.below(Row{1} << solution[row], mask);
  }
  return index + 1;
}

}  // namespace nqueens
