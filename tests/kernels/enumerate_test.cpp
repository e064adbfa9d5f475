// Listing: the lazy enumerator against the reference solver, order, unique classes.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "nqueens/enumerate.hpp"
#include "nqueens/known_counts.hpp"
#include "nqueens/solution.hpp"
#include "nqueens/verify.hpp"
#include "reference_solver.hpp"

namespace nq = nqueens;

TEST(Enumerate, EqualsReferenceSolverAsASetForNUpTo10) {
  for (int n = 1; n <= 10; ++n) {
    std::vector<nq::Solution> listed;
    for (const nq::Solution& s : nq::solutions(n)) listed.push_back(s);
    auto reference = nq::reference::all_solutions(n);
    std::set<nq::Solution> a(listed.begin(), listed.end()), b(reference.begin(), reference.end());
    EXPECT_EQ(a, b) << "N=" << n;
    EXPECT_EQ(listed.size(), a.size()) << "duplicates at N=" << n;
    EXPECT_EQ(listed.size(), nq::known::kTotal[n]);
  }
}

TEST(Enumerate, StrictlyLexicographicAndEveryBoardVerifies) {
  for (int n = 1; n <= 10; ++n) {
    nq::Solution previous;
    for (const nq::Solution& s : nq::solutions(n)) {
      EXPECT_TRUE(nq::is_solution(s));
      if (!previous.empty()) {
        EXPECT_LT(previous, s);
      }
      previous = s;
    }
  }
}

TEST(Enumerate, CallbackAndIteratorAgreeAndCallbackCanStop) {
  std::vector<nq::Solution> a, b;
  for (const auto& s : nq::solutions(9)) a.push_back(s);
  nq::for_each_solution(9, [&](const nq::Solution& s) {
    b.push_back(s);
    return true;
  });
  EXPECT_EQ(a, b);
  int seen = 0;
  EXPECT_EQ(nq::for_each_solution(9, [&](const nq::Solution&) { return ++seen < 10; }), 10u);
}

TEST(Enumerate, FirstSolutionsOfEight) {
  nq::Enumerator e(8);
  ASSERT_TRUE(e.next());
  EXPECT_EQ(e.current(), (nq::Solution{0, 4, 7, 5, 2, 6, 1, 3}));  // 1 5 8 6 3 7 2 4
  ASSERT_TRUE(e.next());
  EXPECT_EQ(e.current(), (nq::Solution{0, 5, 7, 2, 6, 3, 1, 4}));  // 1 6 8 3 7 4 2 5
}

TEST(Enumerate, UniqueEightGivesTwelveClassesCovering92) {
  std::vector<nq::Solution> reps;
  for (const auto& s : nq::solutions(8, {.unique = true})) reps.push_back(s);
  ASSERT_EQ(reps.size(), 12u);
  std::set<nq::Solution> classes;
  int members = 0;
  for (const auto& s : reps) {
    EXPECT_TRUE(nq::is_solution(s));
    EXPECT_EQ(nq::canonical_form(s), s);
    EXPECT_TRUE(classes.insert(nq::canonical_form(s)).second) << "two boards in one class";
    members += nq::symmetry_class_size(s);
  }
  EXPECT_EQ(members, 92);
  EXPECT_TRUE(std::is_sorted(reps.begin(), reps.end()));
}

TEST(Enumerate, UniqueCountsMatchOeisUpTo10) {
  for (int n = 1; n <= 10; ++n) {
    std::uint64_t count = 0, members = 0;
    nq::for_each_solution(n,
                          [&](const nq::Solution& s) {
                            ++count;
                            members += static_cast<std::uint64_t>(nq::symmetry_class_size(s));
                            return true;
                          },
                          {.unique = true});
    EXPECT_EQ(count, nq::known::kUnique[n]) << "N=" << n;
    EXPECT_EQ(members, nq::known::kTotal[n]) << "N=" << n;
  }
}

TEST(Enumerate, LargeBoardsListTheirFirstSolution) {
  nq::Enumerator e(nq::kMaxListN - 40);  // N = 24: found quickly by the plain search
  ASSERT_TRUE(e.next());
  EXPECT_TRUE(nq::is_solution(e.current()));
  EXPECT_THROW(nq::Enumerator(nq::kMaxListN + 1), std::invalid_argument);
  EXPECT_THROW(nq::Enumerator(0), std::invalid_argument);
}

TEST(Enumerate, SmallBoardsWithoutSolutions) {
  EXPECT_EQ(nq::for_each_solution(2, [](const nq::Solution&) { return true; }), 0u);
  EXPECT_EQ(nq::for_each_solution(3, [](const nq::Solution&) { return true; }), 0u);
  EXPECT_EQ(nq::for_each_solution(1, [](const nq::Solution&) { return true; }), 1u);
}
