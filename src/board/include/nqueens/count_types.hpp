// The numbers a count adds up: 128-bit totals, solutions by symmetry-class size, and the
// solutions a part of the board stands for (with those fixed by the half and quarter turns).
// Plain value types, shared by the kernels and the engine.
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

// What the jobs of a count add up (see jobs.hpp): the solutions a job stands for, and how many
// of them a half turn or a quarter turn maps onto themselves. Unlike class counts these are
// whole numbers for any part of the board, so jobs of either counting method report them and
// the classes follow once every job is in (Burnside's lemma; for N > 1 only turns can fix a
// solution).
struct SolutionCounts {
  Count total = 0;
  Count fixed180 = 0;  // of total, those the 180-degree turn maps onto themselves
  Count fixed90 = 0;   // of those, the ones the 90-degree turn maps onto themselves too

  SolutionCounts& operator+=(const SolutionCounts& o) {
    total += o.total;
    fixed180 += o.fixed180;
    fixed90 += o.fixed90;
    return *this;
  }
  friend bool operator==(const SolutionCounts&, const SolutionCounts&) = default;

  // Exact: a class of 8 has no member fixed by a turn, a class of 4 has four members fixed by
  // the half turn, a class of 2 two members fixed by every turn, the class of N = 1 one.
  static SolutionCounts of(const ClassCounts& c) {
    return {c.total(), c.size1 + 2 * c.size2 + 4 * c.size4, c.size1 + 2 * c.size2};
  }
  // The classes of the N x N board, exact once the counts cover the whole board:
  // 2 = F90/2, 4 = (F180-F90)/4, 8 = (total-F180)/8.
  ClassCounts classes(int n) const {
    ClassCounts c;
    if (n == 1) {
      c.size1 = total;
      return c;
    }
    c.size2 = fixed90 / 2;
    c.size4 = (fixed180 - fixed90) / 4;
    c.size8 = (total - fixed180) / 8;
    return c;
  }
};

}  // namespace nqueens
