// The step-by-step backtracking trace (src/kernels/include/nqueens/trace.hpp) against the published
// counts.
#include <gtest/gtest.h>

#include "nqueens/known_counts.hpp"
#include "nqueens/trace.hpp"

namespace {

using nqueens::known::kTotal;

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

}  // namespace
