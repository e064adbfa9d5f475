// k queens on an N x N board: how many ways to place k mutually non-attacking
// queens, for one k or the whole row k = 0..N, in all and up to the 8 symmetries.
//
//   nqueens::KQueensTable t = nqueens::count_k_queens({.n = 8});      // every k
//   t.total[5] == 46736;  t.unique[5] == ...;                        // OEIS A108792
//
// Counting runs on threads (src/engine/kqueens.cpp); visiting the placements one by one is a
// single-threaded search of the kernels (nqueens/placements.hpp, included here).
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "nqueens/placements.hpp"  // for_each_k_placement, is_canonical_placement

namespace nqueens {

// Counts fit 64 bits far beyond this; the limit is time: the whole row for N = 14 takes
// seconds, N = 16 minutes, N = 18 hours (every placement is visited, see ALGORITHMS.md).
inline constexpr int kMaxKQueensN = 20;

struct KQueensOptions {
  int n = 8;
  int k = -1;       // -1: every k from 0 to n; else only this k (faster for small k)
  int threads = 0;  // 0: every hardware thread
  // Cancellation from another thread: once *stop is true no further piece of the search is
  // started, and count_k_queens returns with finished = false and partial counts.
  const std::atomic<bool>* stop = nullptr;
};

struct KQueensTable {
  int n = 0;
  int k = -1;                         // as requested; entries for other k are 0 when k >= 0
  std::vector<std::uint64_t> total;   // [k]: placements of k non-attacking queens
  std::vector<std::uint64_t> unique;  // [k]: the same up to rotations and reflections
  double seconds = 0;
  bool finished = true;  // false when stopped through KQueensOptions::stop
};

// Throws std::invalid_argument unless 0 <= n <= kMaxKQueensN and -1 <= k <= n.
KQueensTable count_k_queens(const KQueensOptions& options);

}  // namespace nqueens
