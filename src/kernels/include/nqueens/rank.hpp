// Random access to the lexicographic list of solutions (the order of `nqueens list N`):
// unrank (index -> solution) and rank (solution -> index) without enumerating from #1.
//
//   const nqueens::SolutionIndex& idx = nqueens::SolutionIndex::get(16, /*unique=*/false);
//   nqueens::Solution s = idx.unrank(14772512);   // the last solution, in milliseconds
//   std::uint64_t k = idx.rank(s);                 // 14772512 again
//
// How: the number of solutions below every two-queen prefix (c0, c1) is a table compiled
// into the library for 4 <= N <= 17 (src/kernels/rank_table.inc, made by
// tools/rank_table_gen from count_prefix_subtrees() in nqueens/rank_tables.hpp and checked by the
// tests; counting it at run time would cost a whole N = 17 tree, ~10 s on two cores). A prefix sum
// over the table finds the prefix that holds solution #k; below it the search descends row by
// row, counting the subtree of each candidate with the counting kernel's fastest tier and
// skipping whole subtrees (from whichever end of the row is nearer #k), so one unrank or rank costs
// at most one count of a two-queen subtree (N = 16: 1/200 of the tree, a few milliseconds).
//
// From N = 16 on the prefixes are deeper: three queens for N = 16..18 (both lists), four for
// N = 19 and 20 (all solutions), in a second compiled-in table, src/kernels/rank_table_deep.inc
// (the legal prefixes with c0 <= (N-1)/2; the mirror prefix has the same count of all
// solutions), so one unrank costs about one count of such a subtree (N = 18: 1/2900 of the
// tree, N = 20: about 1/40,000; docs/WEB.md has the measured times). The N = 19 and 20 tables
// were counted on a GPU (tools/rank_table_gen --deep --gpu).
//
// Unique-only indexing (the canonical representatives of `list --unique`, in lexicographic
// order) uses a second table: the canonical solutions below each two-queen prefix.
// Canonicity is not a property of a subtree, so below the prefix the solutions are walked in
// order and each is tested against its 7 images until #k is reached (N = 16: at most about
// 70,000 solutions, tens of milliseconds).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "nqueens/kernel_tier.hpp"
#include "nqueens/solution.hpp"

namespace nqueens {

// Largest N with random access to both lists (all solutions and the unique list).
inline constexpr int kMaxRankN = 18;
// Largest N with random access to the list of all solutions (four-queen prefix tables).
inline constexpr int kMaxRankAllN = 20;
// Deepest prefix the tables use (and count_prefix_subtrees accepts).
inline constexpr int kMaxPrefixDepth = 4;

class SolutionIndex {
 public:
  // The table for N (1 <= N <= kMaxRankN; all solutions: up to kMaxRankAllN), built on first use
  // and cached for the life of the process; thread-safe (callers for the same N wait for one build,
  // other N are independent). Throws std::invalid_argument outside the range.
  static const SolutionIndex& get(int n, bool unique);

  int n() const { return n_; }
  bool unique() const { return unique_; }
  // Number of solutions in this list (all, or canonical representatives only).
  std::uint64_t size() const { return size_; }

  // Solution #index, 1-based. Throws std::out_of_range unless 1 <= index <= size().
  Solution unrank(std::uint64_t index) const;
  // The 1-based index of `solution` in this list. Throws std::invalid_argument if it is not a
  // solution of this N, or (unique list) not a canonical representative.
  std::uint64_t rank(const Solution& solution) const;

  // Loads or counts the prefix table; prefer get(). Its subtrees are counted with the kernel
  // tier of the process (default_kernel_tier()): an index is shared by every caller.
  SolutionIndex(int n, bool unique);

 private:
  static void check_range(int n, bool unique);  // throws std::invalid_argument
  struct Prefix {
    std::uint8_t cols[kMaxPrefixDepth];
    std::uint64_t before;  // solutions of this list in all earlier prefixes
    std::uint64_t count;   // solutions of this list below this prefix
  };
  int n_;
  bool unique_;
  int depth_;
  KernelTier tier_;
  std::uint64_t size_ = 0;
  std::vector<Prefix> prefixes_;
};

// True if the solution is the smallest of its 8 symmetric images (same as is_canonical, but
// without allocating: used on every leaf when the unique table is built).
bool is_canonical_fast(const int* cols, int n);

// The prefix tables' indexing: prefix (c0, c1, ..., c[depth-1]) of an N x N board is entry
// (c0 * n + c1) * n + ... of a table of n^depth counts.
// The columns of entry `index`, into cols[0..depth-1].
void prefix_columns(int n, int depth, std::size_t index, int* cols);
// The entry of its mirror prefix (N-1-c0, N-1-c1, ...), which has the same count of all
// solutions.
std::size_t mirror_prefix(int n, int depth, std::size_t index);
// Fills every entry whose mirror comes earlier with the mirror's count (so a table counted for
// c0 <= (N-1)/2, or for each entry no later than its mirror, becomes whole).
void fill_mirror_prefixes(int n, int depth, std::vector<std::uint64_t>& counts);
// True when no two of the queens cols[0..depth-1] (rows 0..depth-1) attack each other.
bool is_legal_prefix(int n, const int* cols, int depth);

// Solutions (all, or canonical only) below one prefix: the queens of rows 0..depth-1 stand in
// columns cols[0..depth-1]. Zero if two of them attack. Single-threaded (a kernel); all
// solutions are counted with the kernel tier `tier`.
std::uint64_t count_prefix_subtree(int n, const int* cols, int depth, bool unique,
                                   KernelTier tier = default_kernel_tier());

}  // namespace nqueens
