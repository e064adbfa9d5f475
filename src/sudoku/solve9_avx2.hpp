// The 9x9 solver's AVX2 forms (solve9_search.hpp, `Portable`): BMI2's pext, 256-bit compares
// and movemasks for the steps that have them. Included by the `avx2` and `avx512` tier files
// only, after solve9_search.hpp, inside their code regions (base/isa.hpp).
#pragma once

namespace sudoku {
namespace {

struct Avx2 : Portable {
  // OR each mini-row into its lowest bit, then gather bits 0, 3, ..., 24.
  static inline std::uint32_t mini_rows(std::uint32_t x) {
    return _pext_u32(x | x >> 1 | x >> 2, 0x1249249);
  }

  static inline std::uint32_t digits_of(std::uint32_t words) {
    return _pext_u32(words | words >> 1 | words >> 2, 0x1249249);
  }

  static inline bool any(V8 v) { return !_mm256_testz_si256((__m256i)v, (__m256i)v); }

  static inline std::uint32_t nonzero_words(const std::uint32_t* F) {
    V8 x[4];
    std::memcpy(x, F, sizeof x);
    std::uint32_t bits = 0;
    for (int k = 0; k < 4; ++k)
      bits |= static_cast<std::uint32_t>(_mm256_movemask_ps((__m256)(V8)(x[k] != 0))) << 8 * k;
    return bits;
  }

  // Each digit's cells set by three 32-bit masks widened to bytes: cells 0-31, 32-63 and 49-80
  // (the last block overlaps the second, so that no store passes cell 80).
  static inline void write_cells(const std::uint32_t* F, std::uint8_t* out) {
    __m256i block[3] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
    for (int d = 0; d < 9; ++d) {
      const std::uint32_t* w = &F[3 * d];
      const std::uint64_t cells = low_cells(w);
      const std::uint32_t masks[3] = {static_cast<std::uint32_t>(cells),
                                      static_cast<std::uint32_t>(cells >> 32),
                                      static_cast<std::uint32_t>(cells >> 49) | (w[2] >> 10) << 15};
      const __m256i digit = _mm256_set1_epi8(static_cast<char>(d + 1));
      for (int k = 0; k < 3; ++k)
        block[k] = _mm256_or_si256(block[k], _mm256_and_si256(bytes_of(masks[k]), digit));
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), block[0]);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 32), block[1]);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 49), block[2]);
  }

  // A compare per digit and 32 cells, the lanes packed into bits by movemask: no branch on
  // where the givens are (a branch per cell mispredicted about 25 times a puzzle).
  static bool given_words(const std::uint8_t* cells, std::uint32_t* given);

 private:
  // The 32 bytes of mask m: byte i all ones where bit i of m is set, else zero.
  static inline __m256i bytes_of(std::uint32_t m) {
    const __m256i spread =
        _mm256_shuffle_epi8(_mm256_set1_epi32(static_cast<int>(m)),
                            _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2,
                                             2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3));
    const __m256i bit = _mm256_set1_epi64x(static_cast<long long>(0x8040201008040201));
    return _mm256_cmpeq_epi8(_mm256_and_si256(spread, bit), bit);
  }
};

bool Avx2::given_words(const std::uint8_t* cells, std::uint32_t* given) {
  const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(cells));
  const __m256i mid = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(cells + 32));
  const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(cells + 49));
  const __m256i nine = _mm256_set1_epi8(9);
  const __m256i fits =
      _mm256_and_si256(_mm256_and_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(lo, nine), nine),
                                        _mm256_cmpeq_epi8(_mm256_max_epu8(mid, nine), nine)),
                       _mm256_cmpeq_epi8(_mm256_max_epu8(hi, nine), nine));
  if (_mm256_movemask_epi8(fits) != -1) return false;
  for (int d = 0; d < 9; ++d) {
    const __m256i v = _mm256_set1_epi8(static_cast<char>(d + 1));
    const std::uint64_t first =
        static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, v))) |
        static_cast<std::uint64_t>(
            static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(mid, v))))
            << 32;  // cells 0-63
    const std::uint32_t last =
        static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, v))) >> 15;  // 64-80
    given[3 * d] = static_cast<std::uint32_t>(first) & kBandAll;
    given[3 * d + 1] = static_cast<std::uint32_t>(first >> 27) & kBandAll;
    given[3 * d + 2] = (static_cast<std::uint32_t>(first >> 54) | last << 10) & kBandAll;
  }
  return true;
}

}  // namespace
}  // namespace sudoku
