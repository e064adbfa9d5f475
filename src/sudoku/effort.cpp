#include "sudoku/effort.hpp"

#include <cmath>
#include <cstdint>
#include <numeric>
#include <utility>

#include "sudoku/solve.hpp"

namespace sudoku {
namespace {

constexpr int kRelabelings = 16;

// splitmix64: a fixed stream per relabeling, so the result never depends on state.
std::uint64_t next(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

template <int N>
void shuffle(int (&a)[N], std::uint64_t& x) {
  for (int i = N - 1; i > 0; --i) std::swap(a[i], a[static_cast<int>(next(x) % (i + 1))]);
}

// Relabeling k of a 9x9 puzzle (k = 0: the puzzle as given). Every one keeps the set of
// solutions in step (a solution maps to a solution), so the search faces the same puzzle
// in another order.
Grid relabel(const Grid& g, int k) {
  if (k == 0) return g;
  std::uint64_t x = static_cast<std::uint64_t>(k);
  int bands[3] = {0, 1, 2}, stacks[3] = {0, 1, 2}, digits[9];
  std::iota(digits, digits + 9, 1);
  shuffle(bands, x);
  shuffle(stacks, x);
  shuffle(digits, x);
  int rows[9], columns[9];
  for (int b = 0; b < 3; ++b) {
    int r[3] = {0, 1, 2}, c[3] = {0, 1, 2};
    shuffle(r, x);
    shuffle(c, x);
    for (int i = 0; i < 3; ++i) {
      rows[3 * b + i] = 3 * bands[b] + r[i];
      columns[3 * b + i] = 3 * stacks[b] + c[i];
    }
  }
  const bool transpose = next(x) & 1;
  Grid out(3);
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      const int v = g[9 * rows[r] + columns[c]];
      out[transpose ? 9 * c + r : 9 * r + c] =
          static_cast<std::uint8_t>(v == 0 ? 0 : digits[v - 1]);
    }
  return out;
}

}  // namespace

double search_effort(const Grid& puzzle) {
  if (puzzle.box() != 3) {
    const SolveResult r = solve_general(puzzle, 1);
    return r.solutions ? static_cast<double>(r.guesses) : 0.0;
  }
  double guesses = 0;
  for (int k = 0; k < kRelabelings; ++k) {
    const SolveResult r = solve_general(relabel(puzzle, k), 1);
    if (r.solutions == 0) return 0.0;
    guesses += static_cast<double>(r.guesses);
  }
  return guesses / kRelabelings;
}

double effort_rank(double se_score, double effort) {
  return se_score + kEffortWeight * std::log1p(effort);
}

}  // namespace sudoku
