#include <gtest/gtest.h>

#include "nqueens/count.hpp"

TEST(Count, Placeholder) { EXPECT_EQ(nqueens::count_solutions({8, 1}).total(), 92u); }
