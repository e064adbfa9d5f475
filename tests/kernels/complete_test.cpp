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

// Boards too big to scan every open row at every node (N > 2048 and almost empty): the first
// completion follows the local search's, the next ones come from it, every one a solution that
// keeps the fixed queens and avoids the blocked squares, none twice.
TEST(Complete, BigAlmostEmptyBoardsStreamDistinctCompletions) {
  for (int n : {2500, 20000}) {
    const nq::Solution base = nq::random_solution(n, 3);
    nq::CompletionProblem p{n, {{0, base[0]}, {n / 2, base[static_cast<std::size_t>(n / 2)]}}, {}};
    p.blocked.push_back({1, base[1]});
    p.blocked.push_back({n - 1, 0});
    std::vector<nq::Solution> seen;
    const auto visited = nq::for_each_completion(p, [&](const nq::Solution& s) {
      EXPECT_TRUE(nq::is_solution(s));
      EXPECT_TRUE(keeps(s, p));
      seen.push_back(s);
      return seen.size() < 50;
    });
    EXPECT_EQ(visited, 50u) << n;
    std::sort(seen.begin(), seen.end());
    EXPECT_EQ(std::unique(seen.begin(), seen.end()), seen.end()) << n;
  }
}

// The same rows branched in a fixed order are still an exhaustive search: with every open row
// left one square (the others blocked), the only completion is found and the search ends; one
// such square blocked more, there is none.
TEST(Complete, BigBoardsAreSearchedToTheEnd) {
  const int n = 2100;  // 2,100 open rows of 33 words: past the most-constrained scan
  const nq::Solution base = nq::random_solution(n, 5);
  nq::CompletionProblem p{n, {}, {}};
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if (c != base[static_cast<std::size_t>(r)]) p.blocked.push_back({r, c});
  std::vector<nq::Solution> found;
  nq::for_each_completion(p, [&](const nq::Solution& s) {
    found.push_back(s);
    return true;
  });
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0], base);
  p.blocked.push_back({n / 3, base[static_cast<std::size_t>(n / 3)]});
  EXPECT_EQ(nq::count_completions(p), 0u);
}

// A budget ends an enumeration or count with what it found so far; enough of it changes
// nothing. The memory a search needs does not grow with N^2 unless rows are blocked.
TEST(Complete, BudgetsAndMemory) {
  const nq::CompletionProblem empty12{12, {}, {}};
  EXPECT_EQ(nq::count_completions(empty12), 14200u);
  EXPECT_EQ(nq::count_completions(empty12, {std::uint64_t{1} << 30, false}), 14200u);
  try {
    nq::count_completions(empty12, {100'000, false});
    FAIL() << "a count of 14,200 completions within 100,000 units of work";
  } catch (const nq::CompletionBudgetError& e) {
    EXPECT_LT(e.found, 14200u);
    EXPECT_GT(e.work, 100'000u);
  }
  // Until the first: the budget is spent before it on a board with none to find quickly, never
  // after it.
  std::uint64_t visited = 0;
  nq::for_each_completion({12, {}, {}},
                          [&](const nq::Solution&) {
                            ++visited;
                            return true;
                          },
                          {1000, true});
  EXPECT_EQ(visited, 14200u);
  EXPECT_LT(nq::completion_memory({100'000, {}, {}}), std::uint64_t{100} << 20);
  nq::CompletionProblem blocked{100'000, {}, {}};
  for (int r = 0; r < 1000; ++r) blocked.blocked.push_back({r, r});
  EXPECT_GE(nq::completion_memory(blocked) - nq::completion_memory({100'000, {}, {}}),
            1000u * 1563 * 8);
  EXPECT_EQ(nq::max_count_open_rows(8), 8);
  EXPECT_EQ(nq::max_count_open_rows(2048), 2048);
  EXPECT_EQ(nq::max_count_open_rows(100'000), 41);
}
