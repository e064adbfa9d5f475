// The join's loops in AVX2 (internal to src/kernels/join; bit_sets.hpp has the 64-bit ones):
// Avx2Loops, the avx2 tier's loops policy. Included inside the base/isa.hpp region of an AVX2
// or AVX-512 tier file (join_avx2.cpp, join_avx512.cpp), after bit_sets.hpp and <immintrin.h>.
#pragma once

namespace nqueens::kernels::join {

namespace {

// transpose_bits in AVX2, the 64 words as 16 vectors of four: the rounds that swap blocks of
// 32 to 4 bits pair whole vectors, the two of 2 and 1 bits the lanes of one vector. The
// rounds commute (each exchanges one bit of the row index with the same bit of the column
// index), so they run in this order. make_bit_sets took 7% of the join's time at N = 18 with the
// scalar form's 192 swaps of one word pair each, 2.4% with this (perf, Zen 3).
[[maybe_unused]] void transpose_bits_avx2(std::uint64_t (&a)[64]) {
  __m256i v[16];
  for (int i = 0; i < 16; ++i)
    v[i] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + 4 * i));
  std::uint64_t m = 0x00000000ffffffffull;
  for (int j = 32; j >= 4; j >>= 1, m ^= m << j) {
    const __m256i vm = _mm256_set1_epi64x(static_cast<long long>(m));
    const __m128i shift = _mm_cvtsi32_si128(j);
    const int step = j / 4;  // vectors apart
    for (int i = 0; i < 16; i = ((i | step) + 1) & ~step) {
      const __m256i t =
          _mm256_and_si256(_mm256_xor_si256(_mm256_srl_epi64(v[i], shift), v[i | step]), vm);
      v[i] = _mm256_xor_si256(v[i], _mm256_sll_epi64(t, shift));
      v[i | step] = _mm256_xor_si256(v[i | step], t);
    }
  }
  const __m256i m2 = _mm256_set1_epi64x(0x3333333333333333ll);
  const __m256i m1 = _mm256_set1_epi64x(0x5555555555555555ll);
  for (int i = 0; i < 16; ++i) {
    // Lanes 0, 1 against 2, 3 (2 bits), then 0 against 1 and 2 against 3 (1 bit): t is valid
    // in the lower lane of each pair and moved to the upper one.
    __m256i x = v[i];
    __m256i t = _mm256_and_si256(
        _mm256_xor_si256(_mm256_srli_epi64(x, 2), _mm256_permute4x64_epi64(x, 0x4e)), m2);
    x = _mm256_xor_si256(
        x, _mm256_blend_epi32(_mm256_slli_epi64(t, 2), _mm256_permute4x64_epi64(t, 0x4e), 0xf0));
    t = _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64(x, 1), _mm256_shuffle_epi32(x, 0x4e)),
                         m1);
    x = _mm256_xor_si256(
        x, _mm256_blend_epi32(_mm256_slli_epi64(t, 1), _mm256_shuffle_epi32(t, 0x4e), 0xcc));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(a + 4 * i), x);
  }
}

// pair_bottoms_scalar in AVX2.
[[maybe_unused]] std::size_t pair_bottoms_avx2(std::uint64_t ou, std::uint64_t ov,
                                               const std::uint64_t* iu, const std::uint64_t* iv,
                                               std::size_t count, int half, Row mask, bool even,
                                               Pattern* out, std::size_t size) {
  // Four pairs at a time; the fitting lanes are packed to the front by a permutation picked
  // by their 4-bit mask.
  static const auto pack = [] {
    std::array<std::array<std::int32_t, 8>, 16> p{};
    for (int m = 0; m < 16; ++m) {
      int k = 0;
      for (int lane = 0; lane < 4; ++lane)
        if (m >> lane & 1) p[m][k++] = 2 * lane, p[m][k++] = 2 * lane + 1;
      while (k < 8) p[m][k++] = 0;
    }
    return p;
  }();
  const __m256i vou = _mm256_set1_epi64x(static_cast<long long>(ou));
  const __m256i vov = _mm256_set1_epi64x(static_cast<long long>(ov));
  const __m256i vmask = _mm256_set1_epi64x(mask);
  const __m128i shift = _mm_cvtsi32_si128(half);
  std::size_t j = 0;
  for (; j + 4 <= count; j += 4) {
    const __m256i u = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(iu + j));
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(iv + j));
    const __m256i clash = _mm256_or_si256(_mm256_and_si256(vou, u), _mm256_and_si256(vov, v));
    const int fit =
        _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(clash, _mm256_setzero_si256())));
    const __m256i l = _mm256_and_si256(_mm256_or_si256(vou, u), vmask);
    const __m256i rt = _mm256_and_si256(_mm256_srl_epi64(_mm256_or_si256(vov, v), shift), vmask);
    const __m256i backslash = even ? _mm256_and_si256(_mm256_slli_epi64(rt, 1), vmask) : rt;
    const __m256i slash = even ? _mm256_srli_epi64(l, 1) : l;
    const __m256i pattern = _mm256_or_si256(backslash, _mm256_slli_epi64(slash, 32));
    const __m256i order = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(pack[fit].data()));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + size),
                        _mm256_permutevar8x32_epi32(pattern, order));
    size += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(fit)));
  }
  return pair_bottoms_scalar(ou, ov, iu, iv, j, count, half, mask, even, out, size);
}

// popcount(a & b) over `words` words.
[[maybe_unused]] std::uint64_t count_and_avx2(const std::uint64_t* __restrict a,
                                              const std::uint64_t* __restrict b,
                                              std::size_t words) {
  // Four words at a time: popcount by 4-bit table lookups (vpshufb), summed per 64-bit lane.
  const __m256i table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2,
                                         1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const __m256i low = _mm256_set1_epi8(0x0f);
  __m256i acc = _mm256_setzero_si256();
  std::size_t w = 0;
  for (; w + 4 <= words; w += 4) {
    const __m256i x = _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + w)),
                                       _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + w)));
    const __m256i bytes =
        _mm256_add_epi8(_mm256_shuffle_epi8(table, _mm256_and_si256(x, low)),
                        _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(x, 4), low)));
    acc = _mm256_add_epi64(acc, _mm256_sad_epu8(bytes, _mm256_setzero_si256()));
  }
  alignas(32) std::uint64_t lanes[4];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), acc);
  return lanes[0] + lanes[1] + lanes[2] + lanes[3] + count_and_scalar(a, b, w, words);
}

// Four 256-bit vectors a block, popcounts by 4-bit table lookups (vpshufb) summed per 64-bit
// lane; Span blocks (one, or two next to each other) per walk through the program.
template <int Span>
struct Avx2Block {
  static constexpr int kSpan = Span;
  static constexpr int kVectors = 4 * Span;
  __m256i v[kVectors];
  using Count = __m256i;
  static void zero(Count& c) { c = _mm256_setzero_si256(); }
  static __m256i load(const SetBlock& s, int h) {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(s.w + 4 * h));
  }
  static Avx2Block and3(const SetBlock* set, std::size_t cap, SlotTriple q) {
    Avx2Block x;
    for (int k = 0; k < Span; ++k) {
      const auto [a, b, c] = triple_sets(set + k * cap, q);
      for (int h = 0; h < 4; ++h)
        x.v[4 * k + h] = _mm256_and_si256(_mm256_and_si256(load(a, h), load(b, h)), load(c, h));
    }
    return x;
  }
  // Per byte, the popcount of v: two 4-bit table lookups.
  static __m256i byte_counts(__m256i v) {
    const __m256i table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1,
                                           2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i low = _mm256_set1_epi8(0x0f);
    return _mm256_add_epi8(
        _mm256_shuffle_epi8(table, _mm256_and_si256(v, low)),
        _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(v, 4), low)));
  }
  // Carry-save adder: sum = a ^ b ^ c, carry = majority(a, b, c).
  static void add3(__m256i a, __m256i b, __m256i c, __m256i& sum, __m256i& carry) {
    const __m256i ab = _mm256_xor_si256(a, b);
    sum = _mm256_xor_si256(ab, c);
    carry = _mm256_or_si256(_mm256_and_si256(a, b), _mm256_and_si256(ab, c));
  }
  // acc += popcount(x & y) << shift, summed per 64-bit lane.
  static void count_and(Count& acc, const Avx2Block& x, const Avx2Block& y, int shift) {
    __m256i bytes;
    if constexpr (Span == 2) {
      // Eight vectors to count: four carry-save adders leave two of weight 1, one of weight 2
      // and one of weight 4, so four vectors go through the tables instead of eight.
      __m256i v[8];
      for (int h = 0; h < 8; ++h) v[h] = _mm256_and_si256(x.v[h], y.v[h]);
      __m256i s1, c1, s2, c2, s3, c3, twos, fours;
      add3(v[0], v[1], v[2], s1, c1);
      add3(v[3], v[4], v[5], s2, c2);
      add3(s1, s2, v[6], s3, c3);
      add3(c1, c2, c3, twos, fours);
      const __m256i t = byte_counts(twos), f = byte_counts(fours);
      const __m256i f2 = _mm256_add_epi8(f, f);
      // At most 8 + 8 + 16 + 32 = 64 per byte: no overflow.
      bytes = _mm256_add_epi8(_mm256_add_epi8(byte_counts(s3), byte_counts(v[7])),
                              _mm256_add_epi8(_mm256_add_epi8(t, t), _mm256_add_epi8(f2, f2)));
    } else {
      bytes = _mm256_setzero_si256();
      for (int h = 0; h < kVectors; ++h)  // at most 4 x 8 = 32 per byte: no overflow
        bytes = _mm256_add_epi8(bytes, byte_counts(_mm256_and_si256(x.v[h], y.v[h])));
    }
    acc = _mm256_add_epi64(acc, _mm256_sll_epi64(_mm256_sad_epu8(bytes, _mm256_setzero_si256()),
                                                 _mm_cvtsi32_si128(shift)));
  }
  static std::uint64_t sum(const Count& c) {
    alignas(32) std::uint64_t lanes[4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), c);
    return lanes[0] + lanes[1] + lanes[2] + lanes[3];
  }
};

// Four placements at a time (the 4-bit masks never straddle a word); returns where the 64-bit
// loop takes over.
[[maybe_unused]] std::size_t fitting_mask_avx2(const std::uint64_t* u, const std::uint64_t* v,
                                               std::size_t count, std::uint64_t iu,
                                               std::uint64_t iv, FitMask& fit) {
  const __m256i vu = _mm256_set1_epi64x(static_cast<long long>(iu));
  const __m256i vv = _mm256_set1_epi64x(static_cast<long long>(iv));
  std::size_t j = 0;
  for (; j + 4 <= count; j += 4) {
    const __m256i clash = _mm256_or_si256(
        _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(u + j)), vu),
        _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(v + j)), vv));
    const auto fits = static_cast<std::uint64_t>(static_cast<unsigned>(_mm256_movemask_pd(
        _mm256_castsi256_pd(_mm256_cmpeq_epi64(clash, _mm256_setzero_si256())))));
    fit[j >> 6] |= fits << (j & 63);
  }
  return j;
}

// The avx2 tier's loops; the 64-bit loops finish what the vectors leave.
struct Avx2Loops {
  static void transpose(std::uint64_t (&a)[64]) { transpose_bits_avx2(a); }
  static std::size_t pair_bottoms(std::uint64_t ou, std::uint64_t ov, const std::uint64_t* iu,
                                  const std::uint64_t* iv, std::size_t count, int half, Row mask,
                                  bool even, Pattern* out, std::size_t size) {
    return pair_bottoms_avx2(ou, ov, iu, iv, count, half, mask, even, out, size);
  }
  template <int K>
  static std::uint64_t and_sets(std::uint64_t* __restrict out, const std::uint64_t* const (&in)[K],
                                std::size_t words) {
    return and_loop<K>(out, in, words);  // inlined here: vectorised for AVX2
  }
  static std::uint64_t count_and(const std::uint64_t* __restrict a,
                                 const std::uint64_t* __restrict b, std::size_t words) {
    return count_and_avx2(a, b, words);
  }
  static FitMask fitting_mask(const std::uint64_t* u, const std::uint64_t* v, std::size_t count,
                              std::uint64_t iu, std::uint64_t iv) {
    FitMask fit{0, 0};
    const std::size_t j = fitting_mask_avx2(u, v, count, iu, iv, fit);
    fitting_mask_scalar(u, v, j, count, iu, iv, fit);
    return fit;
  }
  static std::uint64_t run_program(const BlockProgram& prog, std::size_t cap, std::size_t blocks,
                                   std::size_t blocks0) {
    return run_program_with<Avx2Block<1>, Avx2Block<2> >(prog, cap, blocks, blocks0);
  }
};

}  // namespace

}  // namespace nqueens::kernels::join
