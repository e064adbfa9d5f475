// The 9x9 solver for x86-64 CPUs with SSE4.2 and POPCNT but no AVX2 (x86-64-v2: from Nehalem
// to Ivy Bridge, the small cores before Gracemont, VMs that hide AVX): the portable forms of
// solve9_search.hpp, compiled with one-instruction popcounts and the compiler's 128-bit
// vectors, where the scalar tier, which runs on any x86-64, counts bits by shifts and masks
// (docs/SUDOKU.md, "Solver tiers").
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include "base/isa.hpp"
#include "base/tunables.hpp"
#include "solve9_tiers.hpp"

#if defined(__x86_64__)

NQUEENS_TARGET_BEGIN(NQUEENS_ISA_SSE4)

#include "solve9_search.hpp"

namespace sudoku {

std::uint64_t solve9_sse4(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                          std::uint64_t* guesses) {
  return solve_cells<Portable>(cells, limit, solution, guesses);
}

bool givens_repeat9_sse4(const std::uint8_t* cells) {
  return givens_repeat<Portable>(cells);
}

}  // namespace sudoku

NQUEENS_TARGET_END

#else  // not x86-64

namespace sudoku {

std::uint64_t solve9_sse4(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                          std::uint64_t* guesses) {
  return solve9_scalar(cells, limit, solution, guesses);
}

bool givens_repeat9_sse4(const std::uint8_t* cells) {
  return givens_repeat9_scalar(cells);
}

}  // namespace sudoku

#endif
