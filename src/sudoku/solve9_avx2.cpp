// The 9x9 solver for x86-64 CPUs with AVX2, BMI1, BMI2 and POPCNT (solve9_search.hpp with its
// AVX2 forms), compiled for them by a target pragma whatever -march the build uses and run
// only where the CPU has them (solve9.cpp).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include "solve9_tiers.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,bmi,bmi2,popcnt"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,popcnt")
#endif

#define SUDOKU_TIER tier_avx2
#define SUDOKU_TIER_AVX2 1
#define SUDOKU_TIER_AVX512 0
#include "solve9_search.hpp"
SUDOKU_TIER_TARGET_END

namespace sudoku {
const Solve9Tier kSolve9Avx2 =
    SUDOKU_X86_TIER("avx2", tier_avx2,
                    __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
                        __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt"));
}  // namespace sudoku

#else  // not x86-64

namespace sudoku {
const Solve9Tier kSolve9Avx2 = unavailable_tier("avx2");
}  // namespace sudoku

#endif
