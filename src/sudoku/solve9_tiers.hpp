// The 9x9 solver's tiers (internal): solve9_search.hpp compiled once per instruction set, in
// solve9_avx512.cpp, solve9_avx2.cpp, solve9_sse4.cpp and solve9_scalar.cpp; solve9.cpp picks the
// one that runs (include/sudoku/solve.hpp, "solver tiers").
#pragma once

#include <cstdint>

namespace sudoku {

struct Solve9Tier {
  const char* name;
  // False where this CPU cannot execute the tier, or this build lacks it (on other
  // architectures than x86-64: then the two functions are null). Never call them when false.
  bool (*available)();
  std::uint64_t (*solve)(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                         std::uint64_t* guesses);
  bool (*givens_repeat)(const std::uint8_t* cells);
};

// Ends the target pragma a tier file opened before including solve9_search.hpp.
#if defined(__clang__)
#define SUDOKU_TIER_TARGET_END _Pragma("clang attribute pop")
#else
#define SUDOKU_TIER_TARGET_END _Pragma("GCC pop_options")
#endif

// The tier `name` of an x86-64 tier file: its search in namespace `ns`, available where the
// CPU test `cpu_has` holds (asked once per process).
#define SUDOKU_X86_TIER(name, ns, cpu_has)   \
  {                                          \
    name,                                    \
        [] {                                 \
          static const bool has = (cpu_has); \
          return has;                        \
        },                                   \
        &ns::solve, &ns::givens_repeat       \
  }

// A tier this build does not have (its instructions are x86-64's and this is another
// architecture): never available, no functions.
constexpr Solve9Tier unavailable_tier(const char* name) {
  return {name, [] { return false; }, nullptr, nullptr};
}

extern const Solve9Tier kSolve9Avx512;  // x86-64 with AVX-512 F, BW, VL, VPOPCNTDQ, AVX2, BMI2
extern const Solve9Tier kSolve9Avx2;    // x86-64 with AVX2, BMI1, BMI2 and POPCNT
extern const Solve9Tier kSolve9Sse4;    // x86-64 with SSE4.2 and POPCNT
extern const Solve9Tier kSolve9Scalar;  // any CPU

}  // namespace sudoku
