// The join's avx512 tier: its group counts (tabled_group.hpp, searched_group.hpp) with the
// loops in AVX-512 where it has a form of its own (pairing with a compress, ANDs and counts
// eight words at a time with masked tails, popcounts by VPOPCNTQ), and in AVX2 (Avx2Loops)
// for the transpose and the fitting masks. For x86-64 CPUs with AVX-512 F, BW, VL and VPOPCNTDQ;
// the avx512 tier runs the AVX2 file's on an AVX-512 CPU without VPOPCNTDQ (join_tiers.hpp).
//
// Every x86-64 build compiles this file for those instruction sets (base/isa.hpp), whatever
// -march says; its region covers only the join's own headers, of internal linkage.
#include "base/isa.hpp"
#include "join_tiers.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

NQUEENS_TARGET_BEGIN(NQUEENS_ISA_AVX512_POPCNT)

#include "bit_sets.hpp"
#include "bit_sets_avx2.hpp"

namespace nqueens::kernels::join {

namespace {

// pair_bottoms_scalar eight pairs at a time, the last ones masked, the fitting lanes packed to
// the front by a compress (a list averages about 15 placements, so the masked tail beats the
// AVX2 form's scalar one).
std::size_t pair_bottoms_avx512(std::uint64_t ou, std::uint64_t ov, const std::uint64_t* iu,
                                const std::uint64_t* iv, std::size_t count, int half, Row mask,
                                bool even, Pattern* out, std::size_t size) {
  const __m512i vou = _mm512_set1_epi64(static_cast<long long>(ou));
  const __m512i vov = _mm512_set1_epi64(static_cast<long long>(ov));
  const __m512i vmask = _mm512_set1_epi64(mask);
  const __m128i shift = _mm_cvtsi32_si128(half);
  for (std::size_t j = 0; j < count; j += 8) {
    const __mmask8 m = count - j >= 8 ? 0xff : static_cast<__mmask8>((1u << (count - j)) - 1);
    const __m512i u = _mm512_maskz_loadu_epi64(m, iu + j);
    const __m512i v = _mm512_maskz_loadu_epi64(m, iv + j);
    const __mmask8 fit = _mm512_mask_testn_epi64_mask(
        m, _mm512_or_si512(_mm512_and_si512(vou, u), _mm512_and_si512(vov, v)),
        _mm512_set1_epi64(-1));
    const __m512i l = _mm512_and_si512(_mm512_or_si512(vou, u), vmask);
    const __m512i rt = _mm512_and_si512(_mm512_srl_epi64(_mm512_or_si512(vov, v), shift), vmask);
    const __m512i backslash = even ? _mm512_and_si512(_mm512_slli_epi64(rt, 1), vmask) : rt;
    const __m512i slash = even ? _mm512_srli_epi64(l, 1) : l;
    const __m512i pattern = _mm512_or_si512(backslash, _mm512_slli_epi64(slash, 32));
    _mm512_storeu_si512(out + size, _mm512_maskz_compress_epi64(fit, pattern));
    size += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(fit)));
  }
  return size;
}

// The AND of the K sets `in` at words w .. w+7, those outside `m` read as zero.
template <int K>
inline __m512i and_lanes(const std::uint64_t* const (&in)[K], std::size_t w, __mmask8 m) {
  static_assert(K >= 2);
  __m512i x = _mm512_maskz_loadu_epi64(m, in[0] + w);
  int k = 1;
  for (; k + 2 <= K; k += 2)
    x = _mm512_ternarylogic_epi64(x, _mm512_maskz_loadu_epi64(m, in[k] + w),
                                  _mm512_maskz_loadu_epi64(m, in[k + 1] + w), 0x80);
  if (k < K) x = _mm512_and_si512(x, _mm512_maskz_loadu_epi64(m, in[k] + w));
  return x;
}

// and_loop eight words at a time, the last ones masked: the vectorised loop went 32 words a step
// and left up to 31 to a scalar loop (sets are about 100 words at N = 18).
template <int K>
std::uint64_t and_avx512(std::uint64_t* __restrict out, const std::uint64_t* const (&in)[K],
                         std::size_t words) {
  __m512i any = _mm512_setzero_si512();
  std::size_t w = 0;
  for (; w + 8 <= words; w += 8) {
    const __m512i x = and_lanes<K>(in, w, 0xff);
    _mm512_storeu_si512(out + w, x);
    any = _mm512_or_si512(any, x);
  }
  if (w < words) {
    const __mmask8 m = static_cast<__mmask8>((1u << (words - w)) - 1);
    const __m512i x = and_lanes<K>(in, w, m);
    _mm512_mask_storeu_epi64(out + w, m, x);
    any = _mm512_or_si512(any, x);
  }
  return _mm512_test_epi64_mask(any, any) != 0 ? 1 : 0;
}

// popcount(a & b) over `words` words, eight at a time by VPOPCNTQ, the last ones masked.
std::uint64_t count_and_avx512(const std::uint64_t* __restrict a, const std::uint64_t* __restrict b,
                               std::size_t words) {
  __m512i acc = _mm512_setzero_si512();
  std::size_t w = 0;
  for (; w + 8 <= words; w += 8)
    acc = _mm512_add_epi64(acc, _mm512_popcnt_epi64(_mm512_and_si512(_mm512_loadu_si512(a + w),
                                                                     _mm512_loadu_si512(b + w))));
  if (w < words) {
    const __mmask8 m = static_cast<__mmask8>((1u << (words - w)) - 1);
    acc = _mm512_add_epi64(
        acc, _mm512_popcnt_epi64(_mm512_and_si512(_mm512_maskz_loadu_epi64(m, a + w),
                                                  _mm512_maskz_loadu_epi64(m, b + w))));
  }
  alignas(64) std::uint64_t lanes[8];
  _mm512_store_si512(lanes, acc);
  return lanes[0] + lanes[1] + lanes[2] + lanes[3] + lanes[4] + lanes[5] + lanes[6] + lanes[7];
}

// Two 512-bit vectors, popcounts by VPOPCNTQ.
struct Avx512Block {
  __m512i v[2];
  using Count = __m512i;
  static void zero(Count& c) { c = _mm512_setzero_si512(); }
  static constexpr int kSpan = 1;
  static Avx512Block and3(const SetBlock* set, std::size_t, SlotTriple q) {
    const auto [a, b, c] = triple_sets(set, q);
    Avx512Block x;
    for (int h = 0; h < 2; ++h)
      x.v[h] =
          _mm512_ternarylogic_epi64(_mm512_load_si512(a.w + 8 * h), _mm512_load_si512(b.w + 8 * h),
                                    _mm512_load_si512(c.w + 8 * h), 0x80);
    return x;
  }
  static void count_and(Count& acc, const Avx512Block& x, const Avx512Block& y, int shift) {
    const __m512i c = _mm512_add_epi64(_mm512_popcnt_epi64(_mm512_and_si512(x.v[0], y.v[0])),
                                       _mm512_popcnt_epi64(_mm512_and_si512(x.v[1], y.v[1])));
    acc = _mm512_add_epi64(acc, _mm512_sll_epi64(c, _mm_cvtsi32_si128(shift)));
  }
  static std::uint64_t sum(const Count& c) {
    return static_cast<std::uint64_t>(_mm512_reduce_add_epi64(c));
  }
};

// The avx512 tier's loops.
struct Avx512Loops : Avx2Loops {
  static std::size_t pair_bottoms(std::uint64_t ou, std::uint64_t ov, const std::uint64_t* iu,
                                  const std::uint64_t* iv, std::size_t count, int half, Row mask,
                                  bool even, Pattern* out, std::size_t size) {
    return pair_bottoms_avx512(ou, ov, iu, iv, count, half, mask, even, out, size);
  }
  template <int K>
  static std::uint64_t and_sets(std::uint64_t* __restrict out, const std::uint64_t* const (&in)[K],
                                std::size_t words) {
    return and_avx512<K>(out, in, words);
  }
  static std::uint64_t count_and(const std::uint64_t* __restrict a,
                                 const std::uint64_t* __restrict b, std::size_t words) {
    return count_and_avx512(a, b, words);
  }
  static std::uint64_t run_program(const BlockProgram& prog, std::size_t cap, std::size_t blocks,
                                   std::size_t blocks0) {
    return run_program_with<Avx512Block>(prog, cap, blocks, blocks0);
  }
};

}  // namespace

}  // namespace nqueens::kernels::join

#include "searched_group.hpp"
#include "tabled_group.hpp"

namespace nqueens::kernels::join {

constinit const JoinTier kJoinAvx512 = {count_tabled<Avx512Loops>, count_searched<Avx512Loops>,
                                        Avx512Loops::transpose};

}  // namespace nqueens::kernels::join

NQUEENS_TARGET_END

#endif
