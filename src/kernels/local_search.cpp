// Min-conflicts local search for one N-Queens solution (`nqueens find N --random`).
//
// The search keeps a permutation (so rows and columns never conflict) and counts queens on
// each diagonal. It follows Sosic & Gu (1994, "QS4"): a greedy start places most queens
// conflict-free by swapping in a random later column whose diagonals are both free, which
// leaves only a few dozen conflicted rows even for N = 10^6; then each conflicted row is
// swapped with random partners while the swap lowers the number of attacking pairs. Both
// phases are linear in N in expectation. A stuck search (rare, mostly N < 10) restarts.
#include <fmt/format.h>

#include <stdexcept>
#include <vector>

#include "nqueens/construct.hpp"

namespace nqueens {

namespace {

// splitmix64: a fixed, portable generator, so a seed means the same board everywhere.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform enough in [0, bound): Lemire's multiply-shift (bias below 2^-32 for N < 2^31).
  std::uint32_t below(std::uint32_t bound) {
    return static_cast<std::uint32_t>(((next() >> 32) * bound) >> 32);
  }

 private:
  std::uint64_t state_;
};

class Board {
 public:
  explicit Board(int n)
      : n_(n), col_(static_cast<std::size_t>(n)), sum_(2 * static_cast<std::size_t>(n)),
        dif_(2 * static_cast<std::size_t>(n)) {}

  int n() const { return n_; }
  int col(int r) const { return col_[idx(r)]; }
  void set_col(int r, int c) { col_[idx(r)] = c; }
  Solution take() { return std::move(col_); }

  void reset() {
    std::fill(sum_.begin(), sum_.end(), 0);
    std::fill(dif_.begin(), dif_.end(), 0);
  }
  bool free(int r, int c) const { return sum_[idx(r + c)] == 0 && dif_[dif(r, c)] == 0; }
  // Adds or removes the queen (r, c); returns the change in attacking pairs.
  long long add(int r, int c) {
    const long long before = sum_[idx(r + c)] + dif_[dif(r, c)];
    ++sum_[idx(r + c)], ++dif_[dif(r, c)];
    return before;
  }
  long long remove(int r, int c) {
    --sum_[idx(r + c)], --dif_[dif(r, c)];
    return -static_cast<long long>(sum_[idx(r + c)] + dif_[dif(r, c)]);
  }
  bool attacked(int r) const {
    const int c = col(r);
    return sum_[idx(r + c)] > 1 || dif_[dif(r, c)] > 1;
  }
  // Swaps the columns of rows a and b; returns the change in attacking pairs.
  long long swap(int a, int b) {
    const int ca = col(a), cb = col(b);
    long long d = remove(a, ca) + remove(b, cb);
    d += add(a, cb) + add(b, ca);
    set_col(a, cb), set_col(b, ca);
    return d;
  }

 private:
  static std::size_t idx(int v) { return static_cast<std::size_t>(v); }
  std::size_t dif(int r, int c) const { return static_cast<std::size_t>(r - c + n_ - 1); }
  int n_;
  std::vector<int> col_;
  std::vector<std::uint32_t> sum_, dif_;
};

// One attempt; returns true when the board holds a solution.
bool attempt(Board& b, Rng& rng) {
  const int n = b.n();
  for (int r = 0; r < n; ++r) b.set_col(r, r);
  b.reset();
  long long pairs = 0;
  // Greedy start: a few random tries per row for a conflict-free column among the unused ones
  // (rows r.. hold the unused columns); on failure keep a random one and repair it later.
  constexpr int kTries = 32;
  for (int r = 0; r < n; ++r) {
    const auto left = static_cast<std::uint32_t>(n - r);
    int pick = r + static_cast<int>(rng.below(left));
    for (int t = 0; t < kTries && !b.free(r, b.col(pick)); ++t)
      pick = r + static_cast<int>(rng.below(left));
    const int c = b.col(pick);
    b.set_col(pick, b.col(r));
    b.set_col(r, c);
    pairs += b.add(r, c);
  }
  if (pairs == 0) return true;
  // Repair: visit the attacked rows; swap each with random partners while that helps.
  std::vector<int> bad;
  const long long budget = 50LL * n + 20'000;
  long long steps = 0;
  while (pairs > 0 && steps < budget) {
    bad.clear();
    for (int r = 0; r < n; ++r)
      if (b.attacked(r)) bad.push_back(r);
    for (int r : bad) {
      if (!b.attacked(r)) continue;
      for (int t = 0; t < 4 * n + 64 && steps < budget; ++t, ++steps) {
        const int other = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
        if (other == r) continue;
        const long long d = b.swap(r, other);
        if (d < 0) {
          pairs += d;
          break;
        }
        b.swap(r, other);  // undo: no gain
      }
      if (pairs == 0) break;
    }
  }
  return pairs == 0;
}

}  // namespace

Solution random_solution(int n, std::uint64_t seed) {
  if (n < 1 || n > kMaxConstructN || !has_solution(n))
    throw std::invalid_argument(fmt::format("no solution exists for N = {}", n));
  Board b(n);
  Rng rng(seed ^ (0x6a09e667f3bcc909ULL * static_cast<std::uint64_t>(n)));
  while (!attempt(b, rng)) {
  }
  return b.take();
}

}  // namespace nqueens
