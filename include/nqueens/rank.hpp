// Random access to the lexicographic list of solutions (the order of `nqueens list N`):
// unrank (index -> solution) and rank (solution -> index) without enumerating from #1.
//
//   const nqueens::SolutionIndex& idx = nqueens::SolutionIndex::get(16, /*unique=*/false);
//   nqueens::Solution s = idx.unrank(14772512);   // the last solution, in milliseconds
//   std::uint64_t k = idx.rank(s);                 // 14772512 again
//
// How: the number of solutions below every two-queen prefix (c0, c1) is a table compiled
// into the library for 4 <= N <= kMaxRankN (src/kernels/rank_table.inc, made by
// tests/web/rank_table_gen from count_prefix_subtrees() below and checked by the tests;
// counting it at run time would cost a whole N = 17 tree, ~10 s on two cores). A prefix sum
// over the table finds the prefix that holds solution #k; below it the search descends row by
// row, counting the subtree of each candidate with the bitboard counter and skipping whole
// subtrees, so one unrank or rank costs at most one count of a two-queen subtree (N = 16:
// 1/200 of the tree, a few milliseconds).
//
// Unique-only indexing (the canonical representatives of `list --unique`, in lexicographic
// order) uses a second table: the canonical solutions below each two-queen prefix.
// Canonicity is not a property of a subtree, so below the prefix the solutions are walked in
// order and each is tested against its 7 images until #k is reached (N = 16: at most about
// 70,000 solutions, tens of milliseconds).
#pragma once

#include <cstdint>
#include <vector>

#include "nqueens/solution.hpp"

namespace nqueens {

// Largest N with random access (building the N = 17 table counts 95.8 million solutions).
inline constexpr int kMaxRankN = 17;

class SolutionIndex {
 public:
  // The table for N (1 <= N <= kMaxRankN), built on first use and cached for the life of the
  // process; thread-safe (callers for the same N wait for one build, other N are independent).
  // Throws std::invalid_argument outside the range.
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

  SolutionIndex(int n, bool unique);  // loads or counts the prefix table; prefer get()

 private:
  struct Prefix {
    std::uint8_t cols[2];
    std::uint64_t before;  // solutions of this list in all earlier prefixes
    std::uint64_t count;   // solutions of this list below this prefix
  };
  int n_;
  bool unique_;
  int depth_;
  std::uint64_t size_ = 0;
  std::vector<Prefix> prefixes_;
};

// True if the solution is the smallest of its 8 symmetric images (same as is_canonical, but
// without allocating: used on every leaf when the unique table is built).
bool is_canonical_fast(const int* cols, int n);

// Solutions (all, or canonical only) below each two-queen prefix: result[c0 * n + c1], zero
// for prefixes where the queens attack. Counts the whole tree on every core: what
// rank_table.inc holds, recomputed (the tests compare the two for small N). Requires N >= 2.
std::vector<std::uint64_t> count_prefix_subtrees(int n, bool unique);

}  // namespace nqueens
