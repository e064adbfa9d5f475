// The 9x9 solver for any CPU: solve9_search.hpp without its vector and BMI2 forms (table
// lookups and plain loops instead); native builds compile it for the baseline x86-64 too
// (src/sudoku/CMakeLists.txt).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include "solve9_tiers.hpp"

#define SUDOKU_TIER tier_scalar
#define SUDOKU_TIER_AVX2 0
#define SUDOKU_TIER_AVX512 0
#include "solve9_search.hpp"

namespace sudoku {
const Solve9Tier kSolve9Scalar = {"scalar", [] { return true; }, &tier_scalar::solve,
                                  &tier_scalar::givens_repeat};
}  // namespace sudoku
