// Placement benchmarks: k queens (whole row vs teaching brute force over combinations),
// completion (our search vs plain first-open-row backtracking), find (construction, local
// search, O(N) verification). Prints the median of R runs for each. Usage:
//   placement_bench [runs=5]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#include "nqueens/complete.hpp"
#include "nqueens/construct.hpp"
#include "nqueens/kqueens.hpp"
#include "nqueens/local_search.hpp"
#include "nqueens/verify.hpp"

namespace nq = nqueens;

namespace {

double median_seconds(int runs, const std::function<void()>& f) {
  std::vector<double> t;
  for (int i = 0; i < runs; ++i) {
    const auto a = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// The brute-force teaching method: every combination of k squares, checked pairwise.
std::uint64_t brute_k(int n, int k) {
  std::vector<int> pick(static_cast<std::size_t>(k));
  std::uint64_t count = 0;
  const int cells = n * n;
  std::function<void(int, int)> rec = [&](int i, int from) {
    if (i == k) {
      for (int a = 0; a < k; ++a)
        for (int b = a + 1; b < k; ++b) {
          const int r1 = pick[a] / n, c1 = pick[a] % n, r2 = pick[b] / n, c2 = pick[b] % n;
          if (r1 == r2 || c1 == c2 || r1 - c1 == r2 - c2 || r1 + c1 == r2 + c2) return;
        }
      ++count;
      return;
    }
    for (int s = from; s < cells; ++s) pick[static_cast<std::size_t>(i)] = s, rec(i + 1, s + 1);
  };
  rec(0, 0);
  return count;
}

// Plain completion: rows top to bottom, columns left to right, one word per line set
// (n <= 64), node budget so that it always returns.
bool plain_complete(int n, const std::vector<int>& fixed_col, int r, std::uint64_t cols,
                    std::vector<char>& diag, std::vector<char>& anti, std::uint64_t& budget) {
  if (budget == 0) return false;  // out of budget: give up
  --budget;
  if (r == n) return true;
  const int fc = fixed_col[static_cast<std::size_t>(r)];
  for (int c = fc >= 0 ? fc : 0; c < (fc >= 0 ? fc + 1 : n); ++c) {
    const auto d = static_cast<std::size_t>(r - c + n - 1), a = static_cast<std::size_t>(r + c);
    if ((cols >> c & 1) || diag[d] || anti[a]) continue;
    diag[d] = anti[a] = 1;
    if (plain_complete(n, fixed_col, r + 1, cols | (std::uint64_t{1} << c), diag, anti, budget))
      return true;
    diag[d] = anti[a] = 0;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  std::setvbuf(stdout, nullptr, _IONBF, 0);  // results as they come
  const int runs = argc > 1 ? std::atoi(argv[1]) : 5;
  std::printf("# median of %d runs, seconds\n", runs);
  for (int n : {8, 10, 12, 13, 14}) {
    const int r = n >= 13 ? 1 : runs;
    std::printf("kqueens table N=%d threads=all: %.4f\n", n, median_seconds(r, [&] {
                  nq::count_k_queens({n, -1, 0});
                }));
  }
  for (int n : {6, 7}) {
    double brute = median_seconds(1, [&] {
      for (int k = 0; k <= n; ++k) brute_k(n, k);
    });
    double ours = median_seconds(runs, [&] { nq::count_k_queens({n, -1, 1}); });
    std::printf("kqueens table N=%d: teaching brute force %.4f, ours (1 thread) %.6f\n", n, brute,
                ours);
  }
  for (int n : {60, 200}) {
    std::vector<double> ours_t;
    int plain_ok = 0, trials = 5;
    double plain_time = 0;
    for (int t = 0; t < trials; ++t) {
      const nq::Solution base = nq::random_solution(n, 100 + static_cast<std::uint64_t>(t));
      nq::CompletionProblem p{n, {}, {}};
      for (int i = 0; i < 5; ++i) {
        const int row = (i * 37 + t * 11) % n;
        p.fixed.push_back({row, base[static_cast<std::size_t>(row)]});
      }
      ours_t.push_back(median_seconds(runs, [&] { nq::find_completion(p); }));
      if (n <= 64) {
        std::vector<int> fixed_col(static_cast<std::size_t>(n), -1);
        for (auto q : p.fixed) fixed_col[static_cast<std::size_t>(q.row)] = q.col;
        std::uint64_t budget = 20'000'000;
        bool ok = false;
        plain_time += median_seconds(1, [&] {
          std::vector<char> diag(2 * static_cast<std::size_t>(n)),
              anti(2 * static_cast<std::size_t>(n));
          ok = plain_complete(n, fixed_col, 0, 0, diag, anti, budget);
        });
        plain_ok += ok;
      }
    }
    std::sort(ours_t.begin(), ours_t.end());
    std::printf("complete N=%d 5 fixed (5 boards): ours median %.6f", n, ours_t[ours_t.size() / 2]);
    if (n <= 64)
      std::printf(", plain backtracking solved %d/%d within 2e7 nodes, %.3f s in all", plain_ok,
                  trials, plain_time);
    std::printf("\n");
  }
  nq::Solution big;
  std::printf("find construct N=1e7: %.4f\n",
              median_seconds(runs, [&] { big = nq::construct_solution(10'000'000); }));
  std::printf("is_solution N=1e7: %.4f\n", median_seconds(runs, [&] { nq::is_solution(big); }));
  std::printf("find random N=1e6: %.4f\n",
              median_seconds(runs, [&] { nq::random_solution(1'000'000, 1); }));
  return 0;
}
