// The 9x9 solver for x86-64 CPUs with AVX-512 F, BW, VL and VPOPCNTDQ besides AVX2, BMI1, BMI2
// and POPCNT (solve9_search.hpp with its AVX-512 forms, and its AVX2 forms where it has no
// other), compiled for them by a target pragma whatever -march the build uses and run only
// where the CPU has them (solve9.cpp).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include "solve9_tiers.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

#if defined(__clang__)
#pragma clang attribute push(                                                                  \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx2,bmi,bmi2,popcnt"))), \
    apply_to = function)
#else
// g++ 12's own _mm512_slli_epi32, _mm512_max_epi32 and _mm512_shuffle_i32x4 trip these on
// their _mm512_undefined_epi32() operand.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx2,bmi,bmi2,popcnt")
#endif

#define SUDOKU_TIER tier_avx512
#define SUDOKU_TIER_AVX2 1
#define SUDOKU_TIER_AVX512 1
#include "solve9_search.hpp"
SUDOKU_TIER_TARGET_END

namespace sudoku {
// The AVX2 tier's instructions and AVX-512's.
const Solve9Tier kSolve9Avx512 =
    SUDOKU_X86_TIER("avx512", tier_avx512,
                    kSolve9Avx2.available() && __builtin_cpu_supports("avx512f") &&
                        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
                        __builtin_cpu_supports("avx512vpopcntdq"));
}  // namespace sudoku

#else  // not x86-64

namespace sudoku {
const Solve9Tier kSolve9Avx512 = unavailable_tier("avx512");
}  // namespace sudoku

#endif
