// k queens: OEIS values, closed forms, teaching brute force over combinations, Burnside.
#include <gtest/gtest.h>

#include <set>

#include "nqueens/known_counts.hpp"
#include "nqueens/kqueens.hpp"
#include "nqueens/verify.hpp"

namespace nq = nqueens;
namespace known = nqueens::known;

namespace {

// The brute-force teaching method: every combination of k squares, kept when no two attack.
std::vector<std::uint64_t> brute_row(int n, std::vector<std::uint64_t>* unique = nullptr) {
  std::vector<std::uint64_t> row(static_cast<std::size_t>(n) + 1, 0);
  if (unique) unique->assign(row.size(), 0);
  std::set<std::vector<nq::Square>> classes;
  const int cells = n * n;
  std::vector<nq::Square> chosen;
  auto attacks = [](nq::Square a, nq::Square b) {
    return a.row == b.row || a.col == b.col || a.row - a.col == b.row - b.col ||
           a.row + a.col == b.row + b.col;
  };
  auto rec = [&](auto&& self, int from) -> void {
    row[chosen.size()] += 1;
    if (unique) {
      std::vector<nq::Square> best;
      for (nq::Transform t : nq::kAllTransforms) {
        std::vector<nq::Square> img;
        for (nq::Square s : chosen) img.push_back(nq::apply(t, s, n));
        std::sort(img.begin(), img.end());
        if (best.empty() || img < best) best = img;
      }
      if (classes.insert(best).second) (*unique)[chosen.size()] += 1;
    }
    for (int i = from; i < cells; ++i) {
      const nq::Square s{i / n, i % n};
      bool ok = true;
      for (nq::Square q : chosen) ok = ok && !attacks(q, s);
      if (!ok) continue;
      chosen.push_back(s);
      self(self, i + 1);
      chosen.pop_back();
    }
  };
  rec(rec, 0);
  return row;
}

}  // namespace

TEST(KQueens, RowForEightMatchesPublishedTable) {
  const auto t = nq::count_k_queens({8, -1, 2});
  EXPECT_EQ(t.total,
            (std::vector<std::uint64_t>{1, 64, 1288, 10320, 34568, 46736, 22708, 3192, 92}));
  EXPECT_EQ(t.unique[8], 12u);
}

TEST(KQueens, OeisColumns) {
  // A036464 (k = 2): C(n,3)(3n-1).
  for (std::uint64_t n = 1; n <= 11; ++n) {
    const auto t = nq::count_k_queens({static_cast<int>(n), -1, 2});
    EXPECT_EQ(t.total[0], 1u);
    EXPECT_EQ(t.total[1], n * n);
    if (n >= 2) {
      EXPECT_EQ(t.total[2], n * (n - 1) * (n - 2) / 6 * (3 * n - 1)) << n;
    }
  }
  // A047659 (k = 3), offset 0, from oeis.org.
  const std::uint64_t a047659[] = {0,    0,     0,     0,     24,     204,   1024,
                                   3628, 10320, 25096, 54400, 107880, 199400};
  for (int n = 1; n <= 12; ++n) {
    const auto t = nq::count_k_queens({n, -1, 2});
    EXPECT_EQ(n >= 3 ? t.total[3] : 0, a047659[n]) << n;
    EXPECT_EQ(t.total[static_cast<std::size_t>(n)], known::kTotal[n]) << n;    // k = N: A000170
    EXPECT_EQ(t.unique[static_cast<std::size_t>(n)], known::kUnique[n]) << n;  // A002562
  }
}

TEST(KQueens, EqualsBruteForceOverCombinationsUpTo6) {
  for (int n = 1; n <= 6; ++n) {
    std::vector<std::uint64_t> unique;
    const auto expected = brute_row(n, &unique);
    for (int threads : {1, 2}) {
      const auto t = nq::count_k_queens({n, -1, threads});
      EXPECT_EQ(t.total, expected) << "n=" << n;
      EXPECT_EQ(t.unique, unique) << "n=" << n;
    }
  }
}

TEST(KQueens, TotalsEqualBruteForceUpTo8AndSingleK) {
  for (int n = 7; n <= 8; ++n) {
    const auto expected = brute_row(n);
    const auto t = nq::count_k_queens({n, -1, 2});
    EXPECT_EQ(t.total, expected);
    for (int k = 0; k <= n; ++k) {
      const auto one = nq::count_k_queens({n, k, 1});
      EXPECT_EQ(one.total[static_cast<std::size_t>(k)], expected[static_cast<std::size_t>(k)]);
      EXPECT_EQ(one.unique[static_cast<std::size_t>(k)], t.unique[static_cast<std::size_t>(k)]);
    }
  }
}

TEST(KQueens, ListedPlacementsAreValidDistinctAndCounted) {
  for (int n = 1; n <= 7; ++n) {
    const auto t = nq::count_k_queens({n, -1, 1});
    for (int k = 0; k <= n; ++k) {
      std::set<std::vector<nq::Square>> seen;
      std::vector<nq::Square> last;
      std::uint64_t unique = 0;
      const auto visited = nq::for_each_k_placement(n, k, [&](const nq::Placement& p) {
        EXPECT_EQ(static_cast<int>(p.queens.size()), k);
        EXPECT_EQ(nq::verify(p).attacking_pairs, 0u);
        EXPECT_TRUE(last.empty() || last < p.queens);  // lexicographic order
        last = p.queens;
        seen.insert(p.queens);
        unique += nq::is_canonical_placement(p);
        return true;
      });
      EXPECT_EQ(visited, t.total[static_cast<std::size_t>(k)]);
      EXPECT_EQ(seen.size(), visited);
      EXPECT_EQ(unique, t.unique[static_cast<std::size_t>(k)]);
      EXPECT_EQ(nq::for_each_k_placement(
                    n, k, [](const nq::Placement&) { return true; }, true),
                t.unique[static_cast<std::size_t>(k)]);
    }
  }
}

TEST(KQueens, RejectsBadArguments) {
  EXPECT_THROW(nq::count_k_queens({nq::kMaxKQueensN + 1, -1, 1}), std::invalid_argument);
  EXPECT_THROW(nq::count_k_queens({5, 6, 1}), std::invalid_argument);
  EXPECT_THROW(nq::for_each_k_placement(5, 6, [](const nq::Placement&) { return true; }),
               std::invalid_argument);
}
