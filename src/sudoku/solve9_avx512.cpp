// The 9x9 solver for x86-64 CPUs with AVX-512 F, BW, VL and VPOPCNTDQ besides AVX2, BMI1, BMI2
// and POPCNT: solve9_search.hpp with the AVX2 forms (solve9_avx2.hpp) and the AVX-512 ones
// below, compiled for them whatever -march the build uses (base/isa.hpp) and run only where
// the CPU has them (solve9.cpp).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include "base/isa.hpp"
#include "base/tunables.hpp"
#include "solve9_tiers.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

#if defined(__GNUC__) && !defined(__clang__)
// g++ 12's own _mm512_slli_epi32, _mm512_max_epi32 and _mm512_shuffle_i32x4 trip these on
// their _mm512_undefined_epi32() operand.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

NQUEENS_TARGET_BEGIN(NQUEENS_ISA_AVX512_POPCNT)

#include "solve9_search.hpp"
// Its AVX2 forms, which derive from the portable ones:
#include "solve9_avx2.hpp"

namespace sudoku {
namespace {

struct Avx512 : Avx2 {
  // Each digit's cells set by one byte mask.
  static inline void write_cells(const std::uint32_t* F, std::uint8_t* out) {
    __m512i low = _mm512_setzero_si512();   // cells 0-63
    __m256i high = _mm256_setzero_si256();  // cells 64-80
    for (int d = 0; d < 9; ++d) {
      const std::uint32_t* w = &F[3 * d];
      const std::uint64_t cells = low_cells(w);
      low = _mm512_mask_mov_epi8(low, cells, _mm512_set1_epi8(static_cast<char>(d + 1)));
      high = _mm256_mask_mov_epi8(high, w[2] >> 10, _mm256_set1_epi8(static_cast<char>(d + 1)));
    }
    _mm512_storeu_si512(out, low);
    _mm256_mask_storeu_epi8(out + 64, 0x1ffff, high);
  }

  // Every place of a band at once, 16 to a vector, the bivalue ones selected by a mask
  // (12.5 of them a choice on serg): the same scores as open_peers, without the loop whose
  // length the predictor cannot learn (the choice was 14% of the search on serg, 9% on the
  // hardest set). Same guesses.
  static int best_bivalue(const std::uint32_t* open, const std::uint32_t* two) {
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m512i best = _mm512_set1_epi32(-1);
    for (int b = 0; b < 3; ++b) {
      const int o1 = b == 0 ? 1 : 0, o2 = b == 2 ? 1 : 2;
      // Open peers of each place in the words of `w`: its row and box in band b, its column
      // in the other two bands.
      const auto peers_in = [&](const std::uint32_t* w, __m512i peer, __m512i column) {
        const __m512i in_band = _mm512_and_si512(peer, _mm512_set1_epi32(static_cast<int>(w[b])));
        const __m512i in_column = _mm512_or_si512(
            _mm512_and_si512(column, _mm512_set1_epi32(static_cast<int>(w[o1]))),
            _mm512_slli_epi32(_mm512_and_si512(column, _mm512_set1_epi32(static_cast<int>(w[o2]))),
                              1));
        return _mm512_add_epi32(_mm512_popcnt_epi32(in_band), _mm512_popcnt_epi32(in_column));
      };
      for (int h = 0; h < 2; ++h) {
        const __mmask16 bivalue = static_cast<__mmask16>(two[b] >> (16 * h));
        const __m512i peer = _mm512_load_si512(kTables.peers + 16 * h);
        const __m512i column = _mm512_load_si512(kTables.column + 16 * h);
        const __m512i o = peers_in(open, peer, column);
        const __m512i score = _mm512_add_epi32(_mm512_add_epi32(o, _mm512_slli_epi32(o, 1)),
                                               peers_in(two, peer, column));
        const __m512i key = _mm512_sub_epi32(
            _mm512_add_epi32(_mm512_slli_epi32(score, 7), _mm512_set1_epi32(127 - 32 * b - 16 * h)),
            lane);
        best = _mm512_mask_max_epi32(best, bivalue, best, key);
      }
    }
    // Across the lanes: 256-bit halves, 128-bit quarters, then pairs and single lanes.
    best = _mm512_max_epi32(best, _mm512_shuffle_i32x4(best, best, 0x4e));
    best = _mm512_max_epi32(best, _mm512_shuffle_i32x4(best, best, 0xb1));
    best = _mm512_max_epi32(best, _mm512_shuffle_epi32(best, _MM_PERM_BADC));
    best = _mm512_max_epi32(best, _mm512_shuffle_epi32(best, _MM_PERM_CDAB));
    return _mm512_cvtsi512_si32(best);
  }
};

}  // namespace

std::uint64_t solve9_avx512(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                            std::uint64_t* guesses) {
  return solve_cells<Avx512>(cells, limit, solution, guesses);
}

bool givens_repeat9_avx512(const std::uint8_t* cells) {
  return givens_repeat<Avx512>(cells);
}

}  // namespace sudoku

NQUEENS_TARGET_END

#else  // not x86-64

namespace sudoku {

std::uint64_t solve9_avx512(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                            std::uint64_t* guesses) {
  return solve9_scalar(cells, limit, solution, guesses);
}

bool givens_repeat9_avx512(const std::uint8_t* cells) {
  return givens_repeat9_scalar(cells);
}

}  // namespace sudoku

#endif
