// The 9x9 solver for x86-64 CPUs with AVX2, BMI1, BMI2 and POPCNT: solve9_search.hpp with its
// AVX2 forms (solve9_avx2.hpp), compiled for them whatever -march the build uses (base/isa.hpp)
// and run only where the CPU has them (solve9.cpp).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include "base/isa.hpp"
#include "base/tunables.hpp"
#include "solve9_tiers.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

NQUEENS_TARGET_BEGIN(NQUEENS_ISA_AVX2)

#include "solve9_search.hpp"
// Its AVX2 forms, which derive from the portable ones:
#include "solve9_avx2.hpp"

namespace sudoku {

std::uint64_t solve9_avx2(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                          std::uint64_t* guesses) {
  return solve_cells<Avx2>(cells, limit, solution, guesses);
}

bool givens_repeat9_avx2(const std::uint8_t* cells) {
  return givens_repeat<Avx2>(cells);
}

}  // namespace sudoku

NQUEENS_TARGET_END

#else  // not x86-64

namespace sudoku {

std::uint64_t solve9_avx2(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                          std::uint64_t* guesses) {
  return solve9_scalar(cells, limit, solution, guesses);
}

bool givens_repeat9_avx2(const std::uint8_t* cells) {
  return givens_repeat9_scalar(cells);
}

}  // namespace sudoku

#endif
