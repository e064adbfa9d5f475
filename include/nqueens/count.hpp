// Exact counts of N-Queens solutions: all of them (OEIS A000170) and one per symmetry class
// (OEIS A002562), from one search that visits each class about once.
#pragma once

#include <cstdint>
#include <string>

namespace nqueens {

// Totals overflow 64 bits near N = 29 (a(27) is already 2.3e17), so counts that add up many
// jobs are 128-bit. A single job's subtree always fits in 64 bits.
__extension__ typedef unsigned __int128 Count;  // __extension__: -Wpedantic knows no __int128
std::string to_string(Count value);

inline constexpr int kMaxCountN = 32;  // bitboards are 32-bit words

// Fundamental solutions by the size of their symmetry class. A class has 8 members unless
// the solution is symmetric under a 180-degree turn (4) or a 90-degree turn (2); no solution
// with N > 1 is fixed by a reflection. N = 1 has one class of size 1.
struct ClassCounts {
  Count size1 = 0;
  Count size2 = 0;
  Count size4 = 0;
  Count size8 = 0;

  Count unique() const { return size1 + size2 + size4 + size8; }
  Count total() const { return size1 + 2 * size2 + 4 * size4 + 8 * size8; }
  ClassCounts& operator+=(const ClassCounts& o) {
    size1 += o.size1;
    size2 += o.size2;
    size4 += o.size4;
    size8 += o.size8;
    return *this;
  }
  friend bool operator==(const ClassCounts&, const ClassCounts&) = default;
};

struct CountOptions {
  int n = 8;
  int threads = 0;  // 0: every hardware thread
};

struct CountResult {
  int n = 0;
  ClassCounts classes;
  std::size_t jobs = 0;  // how many independent jobs the search was split into
  int threads = 1;
  double seconds = 0;

  Count total() const { return classes.total(); }
  Count unique() const { return classes.unique(); }
};

// Counts all solutions and fundamental solutions of the N x N board, 1 <= N <= kMaxCountN.
// Throws std::invalid_argument outside that range.
CountResult count_solutions(const CountOptions& options);

}  // namespace nqueens
