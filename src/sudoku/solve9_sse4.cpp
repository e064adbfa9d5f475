// The 9x9 solver for x86-64 CPUs with SSE4.2 and POPCNT but no AVX2 (x86-64-v2: from Nehalem
// to Ivy Bridge, the small cores before Gracemont, VMs that hide AVX): the scalar forms of
// solve9_search.hpp, compiled with one-instruction popcounts and the compiler's 128-bit
// vectors. Against the scalar tier, which runs on any x86-64 (its popcounts are shifts and
// masks), on an AMD Zen 3 forced to these instructions: serg 58.9 -> 52.8 ms, magictour 23.8 ->
// 18.7 ms, 17-clue 230 -> 188 ms (docs/SUDOKU.md, "Solver tiers").
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include "solve9_tiers.hpp"

#if defined(__x86_64__)

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("sse4.2,popcnt"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("sse4.2,popcnt")
#endif

#define SUDOKU_TIER tier_sse4
#define SUDOKU_TIER_AVX2 0
#define SUDOKU_TIER_AVX512 0
#include "solve9_search.hpp"
SUDOKU_TIER_TARGET_END

namespace sudoku {
const Solve9Tier kSolve9Sse4 = SUDOKU_X86_TIER(
    "sse4", tier_sse4, __builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("popcnt"));
}  // namespace sudoku

#else  // not x86-64

namespace sudoku {
const Solve9Tier kSolve9Sse4 = unavailable_tier("sse4");
}  // namespace sudoku

#endif
