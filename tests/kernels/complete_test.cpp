// Completion: every completion verified, counts equal to brute force over random fixed and
// blocked sets for N <= 8, big boards, and bad input named.
#include <gtest/gtest.h>

#include <random>

#include "nqueens/complete.hpp"
#include "nqueens/construct.hpp"
#include "nqueens/local_search.hpp"
#include "nqueens/verify.hpp"
#include "reference_solver.hpp"

namespace nq = nqueens;

namespace {

bool keeps(const nq::Solution& s, const nq::CompletionProblem& p) {
  for (nq::Square q : p.fixed)
    if (s[static_cast<std::size_t>(q.row)] != q.col) return false;
  for (nq::Square q : p.blocked)
    if (s[static_cast<std::size_t>(q.row)] == q.col) return false;
  return true;
}

}  // namespace

TEST(Complete, CountsEqualBruteForceOverRandomFixedSets) {
  std::mt19937 rng(12345);
  for (int n = 1; n <= 8; ++n) {
    const auto all = nq::reference::all_solutions(n);
    for (int trial = 0; trial < 40; ++trial) {
      nq::CompletionProblem p{n, {}, {}};
      // 0-2 fixed queens that do not attack each other, 0-3 blocked squares.
      const int fixed = static_cast<int>(rng() % 3), blocked = static_cast<int>(rng() % 4);
      for (int i = 0; i < fixed; ++i) {
        const nq::Square s{static_cast<int>(rng() % n), static_cast<int>(rng() % n)};
        p.fixed.push_back(s);
        if (nq::verify({n, p.fixed}).attacking_pairs != 0) p.fixed.pop_back();
      }
      for (int i = 0; i < blocked; ++i) {
        const nq::Square s{static_cast<int>(rng() % n), static_cast<int>(rng() % n)};
        if (std::find(p.fixed.begin(), p.fixed.end(), s) == p.fixed.end()) p.blocked.push_back(s);
      }
      std::uint64_t expected = 0;
      for (const auto& s : all) expected += keeps(s, p);
      std::uint64_t seen = 0;
      const auto visited = nq::for_each_completion(p, [&](const nq::Solution& s) {
        EXPECT_TRUE(nq::is_solution(s));
        EXPECT_TRUE(keeps(s, p));
        ++seen;
        return true;
      });
      EXPECT_EQ(visited, expected) << "n=" << n << " trial " << trial;
      EXPECT_EQ(seen, expected);
      const auto one = nq::find_completion(p);
      EXPECT_EQ(one.has_value(), expected > 0);
      if (one) {
        EXPECT_TRUE(nq::is_solution(*one) && keeps(*one, p));
      }
    }
  }
}

TEST(Complete, BigBoardWithFixedQueensFromASolution) {
  for (int n : {100, 200, 333}) {
    const nq::Solution base = nq::random_solution(n, 9);
    nq::CompletionProblem p{n, {}, {}};
    for (int r : {0, n / 5, n / 3, n / 2, n - 1})
      p.fixed.push_back({r, base[static_cast<std::size_t>(r)]});
    p.blocked.push_back({1, base[1]});  // forbid one square of the original solution
    const auto s = nq::find_completion(p);
    ASSERT_TRUE(s.has_value()) << n;
    EXPECT_TRUE(nq::is_solution(*s));
    EXPECT_TRUE(keeps(*s, p));
  }
}

TEST(Complete, ProvesImpossibility) {
  EXPECT_FALSE(nq::find_completion({4, {{0, 0}}, {}}).has_value());  // no 4x4 solution uses a1
  EXPECT_FALSE(nq::find_completion({3, {}, {}}).has_value());
  EXPECT_EQ(nq::count_completions({8, {{0, 0}}, {}}), 4u);
}

TEST(Complete, BadInputIsNamed) {
  try {
    nq::check_problem({8, {{0, 0}, {2, 2}}, {}});
    FAIL();
  } catch (const nq::CompletionInputError& e) {
    EXPECT_EQ(std::string(e.what()), "fixed queens a1 and c3 share a diagonal");
  }
  EXPECT_THROW(nq::check_problem({8, {{0, 0}}, {{0, 0}}}), nq::CompletionInputError);
  EXPECT_THROW(nq::check_problem({8, {{0, 9}}, {}}), nq::CompletionInputError);
  EXPECT_EQ(nq::parse_square_list("a1,c5", 8), (std::vector<nq::Square>{{0, 0}, {4, 2}}));
  EXPECT_EQ(nq::parse_square_list("1:1 5:3", 100), (std::vector<nq::Square>{{0, 0}, {4, 2}}));
  EXPECT_THROW(nq::parse_square_list("a9", 8), std::invalid_argument);
  EXPECT_THROW(nq::parse_square_list("a1", 30), std::invalid_argument);
}
