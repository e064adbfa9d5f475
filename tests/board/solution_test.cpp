// The 8 transforms form the dihedral group, and canonical forms / class sizes are consistent.
#include <gtest/gtest.h>

#include <set>

#include "nqueens/enumerate.hpp"
#include "nqueens/solution.hpp"

namespace nq = nqueens;

TEST(Symmetry, TransformsOfASolutionAreSolutionsAndDistinctFunctions) {
  const nq::Solution s{0, 4, 7, 5, 2, 6, 1, 3};
  std::set<nq::Solution> images;
  for (nq::Transform t : nq::kAllTransforms) images.insert(nq::apply(t, s));
  EXPECT_EQ(images.size(), 8u);  // this class has 8 members
  EXPECT_EQ(nq::apply(nq::Transform::identity, s), s);
}

TEST(Symmetry, GroupLaws) {
  const nq::Solution s{1, 3, 0, 2, 4};  // any permutation works for the group laws
  using T = nq::Transform;
  auto twice = [&](T t) { return nq::apply(t, nq::apply(t, s)); };
  EXPECT_EQ(twice(T::rotate180), s);
  EXPECT_EQ(twice(T::mirror_columns), s);
  EXPECT_EQ(twice(T::mirror_rows), s);
  EXPECT_EQ(twice(T::transpose), s);
  EXPECT_EQ(twice(T::anti_transpose), s);
  EXPECT_EQ(twice(T::rotate90), nq::apply(T::rotate180, s));
  EXPECT_EQ(nq::apply(T::rotate90, nq::apply(T::rotate270, s)), s);
  EXPECT_EQ(nq::apply(T::mirror_columns, nq::apply(T::mirror_rows, s)), nq::apply(T::rotate180, s));
}

TEST(Symmetry, SquareTransformsMatchSolutionTransforms) {
  const int n = 6;
  for (nq::Transform t : nq::kAllTransforms) {
    // rotate90 is clockwise: the top-left corner goes to the top-right corner.
    if (t == nq::Transform::rotate90) {
      EXPECT_EQ(nq::apply(t, nq::Square{0, 0}, n), (nq::Square{0, n - 1}));
    }
    const nq::Square s{1, 4};
    const nq::Square back = nq::apply(t, nq::apply(t, nq::apply(t, nq::apply(t, s, n), n), n), n);
    EXPECT_EQ(back, s) << nq::name(t);  // every element of D4 has order 1, 2 or 4
  }
}

TEST(Symmetry, ClassSizesOfKnownBoards) {
  EXPECT_EQ(nq::symmetry_class_size({1, 3, 0, 2}), 2);              // N=4, fixed by a quarter turn
  EXPECT_EQ(nq::symmetry_class_size({0}), 1);                       // N=1
  EXPECT_EQ(nq::symmetry_class_size({2, 4, 1, 7, 0, 6, 3, 5}), 4);  // the 8-queens 180 class
  EXPECT_EQ(nq::symmetry_class_size({0, 4, 7, 5, 2, 6, 1, 3}), 8);
}

TEST(Symmetry, CanonicalFormIsTheSameForEveryMemberAndIsMinimal) {
  for (const nq::Solution& s : nq::solutions(8)) {
    const nq::Solution c = nq::canonical_form(s);
    for (nq::Transform t : nq::kAllTransforms) {
      EXPECT_EQ(nq::canonical_form(nq::apply(t, s)), c);
      EXPECT_LE(c, nq::apply(t, s));
    }
    EXPECT_EQ(nq::is_canonical(s), c == s);
  }
}

TEST(Symmetry, NonPermutationIsRejected) {
  EXPECT_THROW(nq::apply(nq::Transform::rotate90, nq::Solution{0, 0, 1}), std::invalid_argument);
  EXPECT_THROW(nq::apply(nq::Transform::rotate90, nq::Solution{0, 5, 1}), std::invalid_argument);
}
