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

#include <unordered_set>

#include "base/tunables.hpp"
#include "nqueens/construct.hpp"
#include "nqueens/local_search.hpp"

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
      : n_(n),
        col_(static_cast<std::size_t>(n)),
        sum_(2 * static_cast<std::size_t>(n)),
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
  for (int r = 0; r < n; ++r) {
    const auto left = static_cast<std::uint32_t>(n - r);
    int pick = r + static_cast<int>(rng.below(left));
    for (int t = 0; t < tune::kLocalSearchStartTries && !b.free(r, b.col(pick)); ++t)
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

// The same search with some rows pinned (fixed queens) and some squares forbidden: only the
// open rows swap columns among themselves; a queen on a blocked square costs like an attack.
std::optional<Solution> complete_by_local_search(const CompletionProblem& p, std::uint64_t seed,
                                                 std::uint64_t max_steps) {
  const int n = p.n;
  Board b(n);
  std::vector<char> col_used(static_cast<std::size_t>(n), 0),
      row_fixed(static_cast<std::size_t>(n), 0);
  for (Square q : p.fixed)
    col_used[static_cast<std::size_t>(q.col)] = 1, row_fixed[static_cast<std::size_t>(q.row)] = 1;
  std::vector<int> rows, cols;
  for (int i = 0; i < n; ++i) {
    if (!row_fixed[static_cast<std::size_t>(i)]) rows.push_back(i);
    if (!col_used[static_cast<std::size_t>(i)]) cols.push_back(i);
  }
  if (rows.size() != cols.size()) return std::nullopt;
  std::unordered_set<long long> blocked;
  for (Square q : p.blocked) blocked.insert(static_cast<long long>(q.row) * n + q.col);
  auto is_blocked = [&](int r, int c) {
    return !blocked.empty() && blocked.count(static_cast<long long>(r) * n + c) != 0;
  };
  const std::size_t m = rows.size();
  Rng rng(seed ^ 0x243f6a8885a308d3ULL);
  std::uint64_t steps = 0;
  while (steps < max_steps) {
    b.reset();
    for (Square q : p.fixed) b.set_col(q.row, q.col), b.add(q.row, q.col);
    long long cost = 0;
    // Greedy start over the open rows in random order; cols[i..] are the unused columns.
    for (std::size_t i = m; i > 1; --i)
      std::swap(rows[i - 1], rows[rng.below(static_cast<std::uint32_t>(i))]);
    for (std::size_t i = 0; i < m; ++i) {
      const int r = rows[i];
      const auto left = static_cast<std::uint32_t>(m - i);
      std::size_t pick = i + rng.below(left);
      for (int t = 0; t < 32 && (!b.free(r, cols[pick]) || is_blocked(r, cols[pick])); ++t)
        pick = i + rng.below(left);
      std::swap(cols[i], cols[pick]);
      b.set_col(r, cols[i]);
      cost += b.add(r, cols[i]) + (is_blocked(r, cols[i]) ? 1 : 0);
    }
    auto row_bad = [&](int r) { return b.attacked(r) || is_blocked(r, b.col(r)); };
    std::vector<int> bad;
    const std::uint64_t round_end = steps + 50 * static_cast<std::uint64_t>(m) + 20'000;
    while (cost > 0 && steps < round_end && steps < max_steps) {
      bad.clear();
      for (int r : rows)
        if (row_bad(r)) bad.push_back(r);
      for (int r : bad) {
        if (!row_bad(r)) continue;
        for (std::size_t t = 0; t < 4 * m + 64 && steps < round_end; ++t, ++steps) {
          const int other = rows[rng.below(static_cast<std::uint32_t>(m))];
          if (other == r) continue;
          const long long before =
              (is_blocked(r, b.col(r)) ? 1 : 0) + (is_blocked(other, b.col(other)) ? 1 : 0);
          long long d = b.swap(r, other);
          d += (is_blocked(r, b.col(r)) ? 1 : 0) + (is_blocked(other, b.col(other)) ? 1 : 0) -
               before;
          if (d < 0) {
            cost += d;
            break;
          }
          b.swap(r, other);
        }
        if (cost == 0) break;
      }
    }
    if (cost == 0) return b.take();
  }
  return std::nullopt;
}

}  // namespace nqueens
