// The kernels behind the viewer: random access, the trace state machine, SVG rendering and the
// explicit construction, checked against the plain enumeration and the counter.
#include <gtest/gtest.h>

#include <numeric>
#include <string>

#include "nqueens/construct.hpp"
#include "nqueens/count.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/rank.hpp"
#include "nqueens/render.hpp"
#include "nqueens/trace.hpp"
#include "nqueens/verify.hpp"

namespace {

// OEIS A000170 / A002562 for N = 0..17.
constexpr std::uint64_t kTotal[] = {1,     1,     0,      0,       2,        10,
                                    4,     40,    92,     352,     724,      2680,
                                    14200, 73712, 365596, 2279184, 14772512, 95815104};
constexpr std::uint64_t kUnique[] = {1,  1,  0,   0,    1,    2,     1,      6,       12,
                                     46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939};

TEST(Rank, TableSizesArePublishedCounts) {
  for (int n = 1; n <= nqueens::kMaxRankN; ++n) {
    EXPECT_EQ(nqueens::SolutionIndex::get(n, false).size(), kTotal[n]) << n;
    EXPECT_EQ(nqueens::SolutionIndex::get(n, true).size(), kUnique[n]) << n;
  }
}

TEST(Rank, CompiledTableMatchesARecount) {
  // The committed rank_table.inc against count_prefix_subtrees, prefix by prefix.
  for (int n = 4; n <= 11; ++n) {
    for (const bool unique : {false, true}) {
      const auto counts = nqueens::count_prefix_subtrees(n, unique);
      const auto& idx = nqueens::SolutionIndex::get(n, unique);
      EXPECT_EQ(std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}), idx.size());
      // Each prefix's first solution is found where the recount says it is.
      std::uint64_t before = 0;
      for (int i = 0; i < n * n; ++i) {
        if (counts[i] == 0) continue;
        const nqueens::Solution s = idx.unrank(before + 1);
        EXPECT_EQ(s[0] * n + s[1], i) << "n " << n << " unique " << unique;
        before += counts[i];
      }
    }
  }
}

TEST(Rank, UnrankFollowsListOrderEverywhere) {
  for (int n = 1; n <= 10; ++n) {
    for (const bool unique : {false, true}) {
      const auto& idx = nqueens::SolutionIndex::get(n, unique);
      std::uint64_t k = 0;
      for (const nqueens::Solution& s : nqueens::solutions(n, {.unique = unique})) {
        ++k;
        ASSERT_EQ(idx.unrank(k), s) << "n " << n << " k " << k;
        ASSERT_EQ(idx.rank(s), k);
      }
      EXPECT_EQ(k, idx.size());
      EXPECT_THROW(idx.unrank(k + 1), std::out_of_range);
      EXPECT_THROW(idx.unrank(0), std::out_of_range);
    }
  }
}

TEST(Rank, LargeBoardsRoundTrip) {
  for (const int n : {15, 16}) {  // (N = 17 costs seconds per index on a busy 2-core box)
    for (const bool unique : {false, true}) {
      const auto& idx = nqueens::SolutionIndex::get(n, unique);
      for (std::uint64_t k : {std::uint64_t{1}, idx.size() / 7, idx.size()}) {
        const nqueens::Solution s = idx.unrank(k);
        ASSERT_TRUE(nqueens::is_solution(s));
        if (unique) {
          ASSERT_TRUE(nqueens::is_canonical(s));
        }
        EXPECT_EQ(idx.rank(s), k) << n;
      }
    }
  }
  // The last solution of N = 16 is the column mirror of the first.
  const auto& all = nqueens::SolutionIndex::get(16, false);
  nqueens::Solution mirrored = all.unrank(1);
  for (int& c : mirrored) c = 15 - c;
  EXPECT_EQ(all.unrank(all.size()), mirrored);
}

TEST(Rank, CanonicalTestAgreesWithTheLibrary) {
  for (int n = 4; n <= 9; ++n)
    for (const nqueens::Solution& s : nqueens::solutions(n))
      ASSERT_EQ(nqueens::is_canonical_fast(s.data(), n), nqueens::is_canonical(s));
}

TEST(Trace, CountsSolutionsAndNodesOfTheSearch) {
  for (int n = 1; n <= 9; ++n) {
    nqueens::Tracer t(n);
    nqueens::TraceStep s;
    std::uint64_t places = 0, undos = 0, last_solutions = 0;
    while (t.next(s)) {
      places += s.kind == nqueens::StepKind::place;
      undos += s.kind == nqueens::StepKind::undo;
      last_solutions = s.solutions;
    }
    EXPECT_EQ(last_solutions, kTotal[n]) << n;
    EXPECT_EQ(places, undos) << "every placement is undone";
    EXPECT_EQ(s.nodes, places);
  }
  EXPECT_THROW(nqueens::Tracer(0), std::invalid_argument);
}

TEST(Trace, SkipEqualsStepping) {
  nqueens::Tracer a(7), b(7);
  nqueens::TraceStep sa, sb;
  b.skip(1234);
  for (int i = 0; i < 1234; ++i) a.next(sa);
  ASSERT_TRUE(a.next(sa));
  ASSERT_TRUE(b.next(sb));
  EXPECT_EQ(sa.index, sb.index);
  EXPECT_EQ(sa.row, sb.row);
  EXPECT_EQ(sa.col, sb.col);
}

TEST(Render, DrawsEveryQueenAndMarksAttacks) {
  const std::string svg = nqueens::render_svg(nqueens::to_placement({0, 4, 7, 5, 2, 6, 1, 3}));
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  std::size_t queens = 0;
  for (std::size_t p = 0; (p = svg.find("<path", p)) != std::string::npos; ++p) ++queens;
  EXPECT_EQ(queens, 8u);
  EXPECT_EQ(svg.find("#d11"), std::string::npos) << "a solution has no attacking queen";
  const std::string bad = nqueens::render_svg(nqueens::Placement{4, {{0, 0}, {1, 1}}});
  EXPECT_NE(bad.find("#d11"), std::string::npos);
  EXPECT_THROW(nqueens::render_svg(nqueens::Placement{4, {{0, 4}}}), std::invalid_argument);
}

TEST(Construction, IsASolutionForEveryN) {
  for (int n = 4; n <= 1000; ++n)
    ASSERT_TRUE(nqueens::is_solution(nqueens::construct_solution(n))) << n;
  EXPECT_EQ(nqueens::construct_solution(1), nqueens::Solution{0});
  EXPECT_THROW(nqueens::construct_solution(2), std::invalid_argument);
  EXPECT_THROW(nqueens::construct_solution(3), std::invalid_argument);
}

}  // namespace
