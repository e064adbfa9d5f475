// Instruction sets the CPU tiers of both halves are compiled for: each has a target string, for
// the code region of a tier file, and a test of this CPU. A tier file is one algorithm compiled
// for one instruction set whatever -march the build uses, and run only where the CPU test holds:
//
//   #include <algorithm>                  // every header first: nothing shared with the rest
//   #include "base/isa.hpp"               // of the program may be compiled for the region
//   #include <immintrin.h>
//   NQUEENS_TARGET_BEGIN(NQUEENS_ISA_AVX2)
//   struct Avx2 { ... };                  // the tier's forms (a lane policy)
//   #include "the_search.hpp"             // the algorithm, a template over the policy
//   Result run_avx2(...) { return search<Avx2>(...); }
//   NQUEENS_TARGET_END
//
// and the library's tier registry (base/tiers.hpp) lists the tier with its test (isa::avx2).
#pragma once

// The sets, as compiler target strings. Each adds what the tiers compiled for it use besides the
// vector instructions (BMI2's pext and pdep, POPCNT); each test checks exactly its string.
#define NQUEENS_ISA_SSE4 "sse4.2,popcnt"  // x86-64-v2
#define NQUEENS_ISA_AVX2 "avx2,bmi,bmi2,popcnt"
#define NQUEENS_ISA_AVX512 "avx512f,avx2,bmi,bmi2,popcnt"
#define NQUEENS_ISA_AVX512_POPCNT "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx2,bmi,bmi2,popcnt"

// Opens and closes a region whose functions are compiled for `isa` (g++: a target pragma;
// clang: `#pragma clang attribute`, which also reaches the templates defined in the region).
#define NQUEENS_PRAGMA(x) _Pragma(#x)
#if defined(__clang__)
#define NQUEENS_TARGET_BEGIN(isa) \
  NQUEENS_PRAGMA(clang attribute push(__attribute__((target(isa))), apply_to = function))
#define NQUEENS_TARGET_END NQUEENS_PRAGMA(clang attribute pop)
#else
#define NQUEENS_TARGET_BEGIN(isa) NQUEENS_PRAGMA(GCC push_options) NQUEENS_PRAGMA(GCC target(isa))
#define NQUEENS_TARGET_END NQUEENS_PRAGMA(GCC pop_options)
#endif

namespace nqueens::base::isa {

// Whether this CPU executes the set, asked once per process (isa.cpp). False for the x86-64
// sets on other architectures.
namespace cpu {
bool sse4();
bool avx2();
bool avx512();
bool avx512_popcnt();
}  // namespace cpu

// True when this CPU executes the set. Code compiled for the set already (-march=native on
// such a CPU) runs only where it holds, so there the answer is a constant and asks nothing
// (each file's own copy: an unnamed namespace).
namespace {

[[maybe_unused]] inline bool sse4() {
#if defined(__SSE4_2__) && defined(__POPCNT__)
  return true;
#else
  return cpu::sse4();
#endif
}

[[maybe_unused]] inline bool avx2() {
#if defined(__AVX2__) && defined(__BMI__) && defined(__BMI2__) && defined(__POPCNT__)
  return true;
#else
  return cpu::avx2();
#endif
}

[[maybe_unused]] inline bool avx512() {
#if defined(__AVX512F__) && defined(__AVX2__) && defined(__BMI__) && defined(__BMI2__) && \
    defined(__POPCNT__)
  return true;
#else
  return cpu::avx512();
#endif
}

[[maybe_unused]] inline bool avx512_popcnt() {
#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) &&                     \
    defined(__AVX512VPOPCNTDQ__) && defined(__AVX2__) && defined(__BMI__) && defined(__BMI2__) && \
    defined(__POPCNT__)
  return true;
#else
  return cpu::avx512_popcnt();
#endif
}

// Every aarch64 CPU: part of the architecture.
[[maybe_unused]] inline bool neon() {
#if defined(__aarch64__) && defined(__ARM_NEON)
  return true;
#else
  return false;
#endif
}

// Portable code: always true.
[[maybe_unused]] inline bool any() {
  return true;
}

}  // namespace

}  // namespace nqueens::base::isa
