// Listing: the lazy enumerator against the reference solver, order, unique classes.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <set>
#include <vector>

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

// The batch form against next(): the same solutions in the same order, whatever the batch
// size (1, a prime that splits the list unevenly, one larger than the whole list), including
// the boundaries where a batch ends exactly on the last solution.
std::vector<nq::Solution> by_batches(int n, std::size_t batch, bool unique) {
  nq::Enumerator e(n, {.unique = unique});
  std::vector<std::uint8_t> buffer(batch * static_cast<std::size_t>(n) + 1, 0xee);
  std::vector<nq::Solution> out;
  for (;;) {
    const std::size_t got = e.next_batch(buffer.data(), batch);
    EXPECT_LE(got, batch);
    EXPECT_EQ(buffer.back(), 0xee) << "wrote past the batch";
    for (std::size_t k = 0; k < got; ++k)
      out.emplace_back(buffer.begin() + static_cast<std::ptrdiff_t>(k * n),
                       buffer.begin() + static_cast<std::ptrdiff_t>((k + 1) * n));
    if (got > 0) {
      EXPECT_EQ(e.current(), out.back()) << "current() is the last of the batch";
    }
    if (got < batch) break;
  }
  EXPECT_EQ(e.next_batch(buffer.data(), batch), 0u) << "over means over";
  EXPECT_FALSE(e.next());
  return out;
}

TEST(Enumerate, BatchesGiveTheSameListAsNextForEveryBatchSize) {
  for (int n = 1; n <= 10; ++n) {
    for (bool unique : {false, true}) {
      std::vector<nq::Solution> one;
      for (const auto& s : nq::solutions(n, {.unique = unique})) one.push_back(s);
      const std::size_t size = one.size();
      for (std::size_t batch : {std::size_t{1}, std::size_t{7}, std::size_t{64}, size, size + 1,
                                size > 1 ? size - 1 : 1}) {
        if (batch == 0) continue;
        EXPECT_EQ(by_batches(n, batch, unique), one)
            << "N=" << n << " unique=" << unique << " batch=" << batch;
      }
    }
  }
}

TEST(Enumerate, NextAndBatchesMixAndResumeWhereTheOtherStopped) {
  std::vector<nq::Solution> all;
  for (const auto& s : nq::solutions(9)) all.push_back(s);
  ASSERT_EQ(all.size(), 352u);
  nq::Enumerator e(9);
  std::vector<nq::Solution> mixed;
  std::uint8_t buffer[9 * 50];
  for (int round = 0; mixed.size() < all.size(); ++round) {
    if (round % 2 == 0) {
      if (!e.next()) break;
      mixed.push_back(e.current());
    } else {
      const std::size_t got = e.next_batch(buffer, 1 + static_cast<std::size_t>(round) % 50);
      for (std::size_t k = 0; k < got; ++k) mixed.emplace_back(buffer + k * 9, buffer + k * 9 + 9);
      if (got == 0) break;
    }
  }
  EXPECT_EQ(mixed, all);
  EXPECT_FALSE(e.next());
}

TEST(Enumerate, UniqueListEqualsTheCanonicalSolutionsOfTheFullList) {
  for (int n = 1; n <= 11; ++n) {
    std::vector<nq::Solution> expected, got;
    for (const auto& s : nq::solutions(n))
      if (nq::canonical_form(s) == s) expected.push_back(s);
    std::vector<std::uint8_t> buffer(32 * static_cast<std::size_t>(n));
    nq::Enumerator e(n, {.unique = true});
    while (const std::size_t k = e.next_batch(buffer.data(), 32))
      for (std::size_t i = 0; i < k; ++i)
        got.emplace_back(buffer.begin() + static_cast<std::ptrdiff_t>(i * n),
                         buffer.begin() + static_cast<std::ptrdiff_t>((i + 1) * n));
    EXPECT_EQ(got, expected) << "N=" << n;
    EXPECT_EQ(got.size(), nq::known::kUnique[n]) << "N=" << n;
  }
}

TEST(Enumerate, AStopFlagEndsABatchEarly) {
  std::atomic<bool> stop{true};
  nq::Enumerator e(20, {.stop = &stop});
  std::vector<std::uint8_t> buffer(20 * 100000);
  // Already stopped: the search ends the first time it backs up above its last 5 rows, long
  // before 100,000 solutions of N = 20.
  EXPECT_LT(e.next_batch(buffer.data(), 100000), 100000u);
  EXPECT_EQ(e.next_batch(buffer.data(), 1), 0u);
  nq::Enumerator zero(8);
  EXPECT_EQ(zero.next_batch(buffer.data(), 0), 0u);  // a batch of none takes nothing
  EXPECT_TRUE(zero.next());
  EXPECT_EQ(zero.current(), (nq::Solution{0, 4, 7, 5, 2, 6, 1, 3}));
}

TEST(Enumerate, BatchesAgreeWithNextAtTwelveAndTwentyFour) {
  // N = 12: all 14,200 in batches of 64 against the solution-at-a-time list, checked in order.
  nq::Enumerator a(12), b(12);
  std::uint8_t buffer[12 * 64];
  std::size_t total = 0;
  while (const std::size_t got = b.next_batch(buffer, 64)) {
    for (std::size_t k = 0; k < got; ++k) {
      ASSERT_TRUE(a.next());
      ASSERT_EQ(a.current(), nq::Solution(buffer + k * 12, buffer + k * 12 + 12));
    }
    total += got;
  }
  EXPECT_FALSE(a.next());
  EXPECT_EQ(total, nq::known::kTotal[12]);
  // N = 24 (the first solutions come quickly): the batch form past the small boards.
  nq::Enumerator big(nq::kMaxListN - 40);
  std::vector<std::uint8_t> cols(static_cast<std::size_t>(big.n()) * 3);
  ASSERT_EQ(big.next_batch(cols.data(), 3), 3u);
  for (std::size_t k = 0; k < 3; ++k) {
    const auto first = cols.begin() + static_cast<std::ptrdiff_t>(k * big.n());
    EXPECT_TRUE(nq::is_solution(nq::Solution(first, first + big.n())));
  }
}
