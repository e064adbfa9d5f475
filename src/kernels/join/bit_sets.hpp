// The join's bit sets over a group's bottom halves and the loops over them, each in the forms of
// the instruction sets it has (internal to src/kernels/join): the transpose that makes the
// sets, the pairing of partial bottoms, ANDs and counts over whole sets, and the tabled join's
// top side as a program run block by block (run_program). One thread's buffers are here too.
#pragma once

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "nqueens/kernel_tier.hpp"
#include "tables.hpp"

// The hot loops of the table join (pair_bottoms, run_program, and_sets, count_and) have an AVX2
// form. A
// build with AVX2 at compile time (-march=native) uses it directly; any other x86-64 build
// compiles it with a target attribute and picks it at run time when the CPU has AVX2 and
// POPCNT (one check per process), so a portable build runs the same code as a native one.
// The count's kernel tier decides as for the backtracker: `avx2` and `avx512` run these
// loops, `scalar` (forced, or on a CPU without AVX2) the 64-bit ones beside them.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define NQ_JOIN_X86 1
#if defined(__AVX2__) && defined(__POPCNT__)
#define NQ_JOIN_AVX2 /* compiled for it already */
#else
#define NQ_JOIN_AVX2 __attribute__((target("avx2,popcnt")))
#endif
// The scalar popcount loop has a POPCNT form too: x86-64 before v2 has no such instruction, so
// a portable build's std::popcount is a library call.
#if !defined(__POPCNT__)
#define NQ_JOIN_POPCNT_CLONE 1
#endif
#endif

namespace nqueens::kernels::join {

// Internal linkage, as if in one file: the compiler inlines these as the static functions they
// are (external inline ones it inlined less, to the scalar tier's cost); each join file that
// includes this has its own copy, its thread buffers too.
namespace {

// Which form of the hot loops runs, resolved once per group (a check per call cost 5% at
// N = 17): avx2, the 64-bit loops with POPCNT, or plain 64-bit code.
enum class Loops : std::uint8_t { portable, popcnt, avx2 };

[[maybe_unused]] Loops join_loops([[maybe_unused]] KernelTier tier) {
#if defined(NQ_JOIN_X86)
#if defined(__AVX2__) && defined(__POPCNT__)
  const bool avx2 = true;
#else
  static const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
#endif
  if (avx2 && (tier == KernelTier::avx2 || tier == KernelTier::avx512)) return Loops::avx2;
#endif
#if defined(NQ_JOIN_POPCNT_CLONE)
  static const bool popcnt = __builtin_cpu_supports("popcnt");
  return popcnt ? Loops::popcnt : Loops::portable;
#else
  return Loops::popcnt;  // std::popcount is one instruction (or the CPU's own, not x86)
#endif
}

// Transposes a 64 x 64 bit matrix in place: afterwards bit j of a[x] is what bit x of a[j]
// was (six rounds of block swaps, halving the block size each round).
[[maybe_unused]] void transpose_bits(std::uint64_t (&a)[64]) {
  std::uint64_t m = 0x00000000ffffffffull;
  for (int j = 32; j != 0; j >>= 1, m ^= m << j)
    for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
      const std::uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
      a[k] ^= t << j;
      a[k | j] ^= t;
    }
}

// Appends to out[size..] the bottom pattern of every inner placement j >= from that fits the
// outer placement (ou, ov), written without a branch per pair (most pairs do not fit: 14% do
// at N = 16): each candidate is stored and the end moves on only when it fits. Returns the new
// size; out needs room for count + 8 more.
inline std::size_t pair_bottoms_scalar(std::uint64_t ou, std::uint64_t ov, const std::uint64_t* iu,
                                       const std::uint64_t* iv, std::size_t from, std::size_t count,
                                       int half, Row mask, bool even, Pattern* out,
                                       std::size_t size) {
  for (std::size_t j = from; j < count; ++j) {
    const bool clash = ((ou & iu[j]) | (ov & iv[j])) != 0;
    const Row l = static_cast<Row>((ou | iu[j]) & mask);
    const Row rt = static_cast<Row>(((ov | iv[j]) >> half) & mask);
    const Row backslash = even ? (rt << 1) & mask : rt;
    const Row slash = even ? l >> 1 : l;
    out[size] = Pattern{backslash} | Pattern{slash} << 32;
    size += clash ? 0 : 1;
  }
  return size;
}

// out = the AND of the K sets `in` over `words` words; returns the OR of the result (zero:
// empty set). A function of its own so that nothing it writes can alias its length or its
// inputs: the loop vectorises.
template <int K>
inline std::uint64_t and_loop(std::uint64_t* __restrict out, const std::uint64_t* const (&in)[K],
                              std::size_t words) {
  std::uint64_t any = 0;
  for (std::size_t w = 0; w < words; ++w) {
    std::uint64_t x = in[0][w];
    for (int k = 1; k < K; ++k) x &= in[k][w];
    any |= out[w] = x;
  }
  return any;
}

// popcount(a & b) over words [from, words), two chains.
inline std::uint64_t count_and_scalar(const std::uint64_t* __restrict a,
                                      const std::uint64_t* __restrict b, std::size_t from,
                                      std::size_t words) {
  std::uint64_t c0 = 0, c1 = 0;
  std::size_t w = from;
  for (; w + 2 <= words; w += 2) {
    c0 += static_cast<std::uint64_t>(std::popcount(a[w] & b[w]));
    c1 += static_cast<std::uint64_t>(std::popcount(a[w + 1] & b[w + 1]));
  }
  if (w < words) c0 += static_cast<std::uint64_t>(std::popcount(a[w] & b[w]));
  return c0 + c1;
}

#if defined(NQ_JOIN_POPCNT_CLONE)
[[maybe_unused]] __attribute__((target("popcnt"))) std::uint64_t count_and_popcnt(
    const std::uint64_t* __restrict a, const std::uint64_t* __restrict b, std::size_t words) {
  return count_and_scalar(a, b, 0, words);  // inlined here: one instruction per popcount
}
#endif

#if defined(NQ_JOIN_X86)
// transpose_bits in AVX2, the 64 words as 16 vectors of four: the rounds that swap blocks of
// 32 to 4 bits pair whole vectors, the two of 2 and 1 bits the lanes of one vector. The
// rounds commute (each exchanges one bit of the row index with the same bit of the column
// index), so they run in this order. make_bit_sets took 7% of the join's time at N = 18 with the
// scalar form's 192 swaps of one word pair each, 2.4% with this (perf, Zen 3).
[[maybe_unused]] NQ_JOIN_AVX2 void transpose_bits_avx2(std::uint64_t (&a)[64]) {
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

[[maybe_unused]] NQ_JOIN_AVX2 std::size_t pair_bottoms_avx2(
    std::uint64_t ou, std::uint64_t ov, const std::uint64_t* iu, const std::uint64_t* iv,
    std::size_t count, int half, Row mask, bool even, Pattern* out, std::size_t size) {
#if defined(__AVX512F__)
  // Eight pairs at a time, the last ones masked, the fitting lanes packed to the front by a
  // compress. Against the AVX2 form below with its scalar tail (a list here averages about
  // 15 placements), Zen 4, medians of 3-7 interleaved runs: count 17 --method join 2.27 ->
  // 2.17 s, count 18 --method join 5.05 -> 4.96 s, the N = 20 sample 1.99 -> 1.95 s. The
  // AVX2 form with its tail masked the same way was level on the portable build.
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
#else
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
#endif
}

#if defined(__AVX512F__)
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
#endif

template <int K>
NQ_JOIN_AVX2 std::uint64_t and_avx2(std::uint64_t* __restrict out,
                                    const std::uint64_t* const (&in)[K], std::size_t words) {
#if defined(__AVX512F__)
  // Compiled for AVX-512: eight words at a time, the last ones masked. The vectorised loop
  // went 32 words a step and left up to 31 to a scalar loop, a tenth of the sets' time at
  // N = 18 (sets of about 100 words).
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
#else
  return and_loop<K>(out, in, words);  // inlined here: vectorised for AVX2
#endif
}

[[maybe_unused]] NQ_JOIN_AVX2 std::uint64_t count_and_avx2(const std::uint64_t* __restrict a,
                                                           const std::uint64_t* __restrict b,
                                                           std::size_t words) {
#if defined(__AVX512VPOPCNTDQ__)
  // Compiled for a CPU with a vector popcount: eight words at a time, the last ones masked.
  // On a Zen 4, one thread, medians of 9 interleaved runs: count 16 --method join 0.37 ->
  // 0.33 s, count 18 --method join --shard 9/16 0.73 -> 0.70 s.
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
#else
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
#endif
}
#endif

[[maybe_unused]] std::size_t pair_bottoms([[maybe_unused]] Loops loops, std::uint64_t ou,
                                          std::uint64_t ov, const std::uint64_t* iu,
                                          const std::uint64_t* iv, std::size_t count, int half,
                                          Row mask, bool even, Pattern* out, std::size_t size) {
#if defined(NQ_JOIN_X86)
  if (loops == Loops::avx2)
    return pair_bottoms_avx2(ou, ov, iu, iv, count, half, mask, even, out, size);
#endif
  return pair_bottoms_scalar(ou, ov, iu, iv, 0, count, half, mask, even, out, size);
}

// out = the AND of the K sets `in`; zero when it is empty.
template <int K>
std::uint64_t and_sets([[maybe_unused]] Loops loops, std::uint64_t* __restrict out,
                       const std::uint64_t* const (&in)[K], std::size_t words) {
#if defined(NQ_JOIN_X86)
  if (loops == Loops::avx2) return and_avx2<K>(out, in, words);
#endif
  return and_loop<K>(out, in, words);
}

// popcount(a & b) over `words` words.
[[maybe_unused]] std::uint64_t count_and([[maybe_unused]] Loops loops,
                                         const std::uint64_t* __restrict a,
                                         const std::uint64_t* __restrict b, std::size_t words) {
#if defined(NQ_JOIN_X86)
  if (loops == Loops::avx2) return count_and_avx2(a, b, words);
#endif
#if defined(NQ_JOIN_POPCNT_CLONE)
  if (loops == Loops::popcnt) return count_and_popcnt(a, b, words);
#endif
  return count_and_scalar(a, b, 0, words);
}

// The top side runs in blocks of kBlockWords words (1,024 bottoms) of the bit sets. Its work
// is first written down as a program over set slots: each split's kept outer placements (the
// AND of three slots each), then its inner placements (three slots, and the kept outer ones
// they fit). The slots (every bottom, the square sets, the two-row sets) are stored block by
// block, so the program then runs over one block at a time with everything it reads in a few
// KB, and no placement's set is ever stored beyond one block (docs/ALGORITHMS.md, "A program
// over blocks"). 16 words a block: the fastest size that does not pad odd N's sets.
constexpr std::size_t kBlockWords = 16;
struct alignas(64) SetBlock {
  std::uint64_t w[kBlockWords];
};

// A placement's set: the AND of three slots, 16 bits each (unused ones slot 0, every bottom).
using SlotTriple = std::uint64_t;

// The three slots of q in one block of every slot.
struct TripleSets {
  const SetBlock &a, &b, &c;
};
inline TripleSets triple_sets(const SetBlock* set, SlotTriple q) {
  return {set[q & 0xffff], set[(q >> 16) & 0xffff], set[(q >> 32) & 0xffff]};
}

// An inner placement's pairs, one byte each: the kept outer placement's index within the
// split (bits 0-6) and bit 7 set when the pair counts twice (a queen on the anti-diagonal in
// either placement).
constexpr std::uint8_t kTwice = 0x80;
// A split's inner placements come grouped by how many pairs they have: 1, 2, 3, 4, then
// more (whose pairs are preceded by their count), so that the loops over an inner placement's
// pairs have a fixed length and no exit to predict.
constexpr int kPairGroups = 5;

struct BlockProgram {
  std::vector<SetBlock> sets;         // [block][slot]
  std::vector<SlotTriple> kept;       // per kept outer placement
  std::vector<SlotTriple> inner;      // per inner placement
  std::vector<std::uint8_t> pairs;    // per inner placement in order, its pairs (longer than in
                                      // use: each split's loops know where they end)
  std::vector<std::uint32_t> splits;  // [1 + kPairGroups per split]: kept end, then where each
                                      // pair-count group of its inner ones ends (each begins
                                      // where the previous one ends)
};

// Kept outer placements per split: at most A! (A <= kMaxOuterRows), indexed by a byte.
constexpr std::size_t kMaxKept = [] {
  std::size_t f = 1;
  for (int k = 2; k <= kMaxOuterRows; ++k) f *= static_cast<std::size_t>(k);
  return f;
}();
static_assert(kMaxKept <= kTwice);  // a pair byte's bits 0-6, two words per FitMask

// Keeps the compiler from unrolling the loop that follows.
#if defined(__clang__)
#define NQ_JOIN_NO_UNROLL _Pragma("clang loop unroll(disable)")
#else
#define NQ_JOIN_NO_UNROLL _Pragma("GCC unroll 1")
#endif

// One walk through the program over Block::kSpan neighbouring blocks (the first at `set`, the
// next `cap` slots on): each pair counts its common bottoms there, twice if marked kTwice.
// Always inlined, with its Block's operations: the clones below compile it for their own
// instructions (clang 14 left the POPCNT clone a jump to one shared copy built without POPCNT,
// which counted bits by shifts and masks).
template <typename Block>
[[gnu::always_inline]] inline std::uint64_t run_walk(const BlockProgram& prog, const SetBlock* set,
                                                     std::size_t cap) {
  constexpr std::size_t kFields = 1 + kPairGroups;
  Block kept[kMaxKept];
  const std::size_t splits = prog.splits.size() / kFields;
  // Pair byte p: kept placement p without kTwice, its count shifted left by kTwice's bit.
  const auto count = [&kept](typename Block::Count& acc, const Block& x, std::uint8_t p) {
    Block::count_and(acc, x, kept[p & (kTwice - 1)], p >> 7);
  };
  typename Block::Count acc;
  Block::zero(acc);
  std::uint32_t j = 0, i = 0;                 // the next kept and inner placement
  const std::uint8_t* e = prog.pairs.data();  // the next pair
  // The inner placements up to `end`, each with exactly `pairs` pairs (a constant, so the
  // loop over them is unrolled and has no exit to predict). The loops over the placements are
  // not: clang unrolled them two or four times, and the AVX2 run_program took 49 KB of code
  // instead of 24 KB for no fewer instructions (cachegrind).
  const auto inners_with = [&](auto pairs, std::uint32_t end) {
    NQ_JOIN_NO_UNROLL
    for (; i < end; ++i, e += pairs()) {
      const Block x = Block::and3(set, cap, prog.inner[i]);
      for (int c = 0; c < pairs(); ++c) count(acc, x, e[c]);
    }
  };
  for (std::size_t sp = 0; sp < splits; ++sp) {
    const std::uint32_t* split = &prog.splits[kFields * sp];
    for (const std::uint32_t j0 = j; j < split[0]; ++j)
      kept[j - j0] = Block::and3(set, cap, prog.kept[j]);
    inners_with(std::integral_constant<int, 1>{}, split[1]);
    inners_with(std::integral_constant<int, 2>{}, split[2]);
    inners_with(std::integral_constant<int, 3>{}, split[3]);
    inners_with(std::integral_constant<int, 4>{}, split[4]);
    NQ_JOIN_NO_UNROLL
    for (; i < split[5]; ++i) {
      const Block x = Block::and3(set, cap, prog.inner[i]);
      const std::uint8_t* end = e + 1 + e[0];
      for (++e; e < end; ++e) count(acc, x, e[0]);
    }
  }
  return Block::sum(acc);
}

// Weighted count of the program over blocks [0, blocks), twice in blocks from blocks0 on (the
// bottoms of weight 2). Wide walks two blocks at once where it can (kSpan 2), never across
// blocks0; Block walks one.
template <typename Block, typename Wide = Block>
[[gnu::always_inline]] inline std::uint64_t run_program_with(const BlockProgram& prog,
                                                             std::size_t cap, std::size_t blocks,
                                                             std::size_t blocks0) {
  std::uint64_t total = 0;
  for (std::size_t k = 0; k < blocks;) {
    const SetBlock* set = &prog.sets[k * cap];
    std::uint64_t c;
    if (Wide::kSpan == 2 && k + 1 < blocks && (k + 1 < blocks0) == (k < blocks0)) {
      c = run_walk<Wide>(prog, set, cap);
      k += 2;
    } else {
      c = run_walk<Block>(prog, set, cap);
      k += 1;
    }
    total += k <= blocks0 ? c : 2 * c;
  }
  return total;
}

// The block in 64-bit words (builds without AVX2, and the scalar tier).
struct WordBlock {
  SetBlock v;
  using Count = std::uint64_t;
  static void zero(Count& c) { c = 0; }
  static constexpr int kSpan = 1;
  [[gnu::always_inline]] static WordBlock and3(const SetBlock* set, std::size_t, SlotTriple q) {
    const auto [a, b, c] = triple_sets(set, q);
    WordBlock x;
    for (std::size_t w = 0; w < kBlockWords; ++w) x.v.w[w] = a.w[w] & b.w[w] & c.w[w];
    return x;
  }
  // acc += popcount(x & y) << shift.
  [[gnu::always_inline]] static void count_and(Count& acc, const WordBlock& x, const WordBlock& y,
                                               int shift) {
    std::uint64_t c = 0;
    for (std::size_t w = 0; w < kBlockWords; ++w)
      c += static_cast<std::uint64_t>(std::popcount(x.v.w[w] & y.v.w[w]));
    acc += c << shift;
  }
  static std::uint64_t sum(const Count& c) { return c; }
};

[[maybe_unused]] std::uint64_t run_program_scalar(const BlockProgram& prog, std::size_t cap,
                                                  std::size_t blocks, std::size_t blocks0) {
  return run_program_with<WordBlock>(prog, cap, blocks, blocks0);
}

#if defined(NQ_JOIN_POPCNT_CLONE)
[[maybe_unused]] __attribute__((target("popcnt"))) std::uint64_t run_program_popcnt(
    const BlockProgram& prog, std::size_t cap, std::size_t blocks, std::size_t blocks0) {
  return run_program_with<WordBlock>(prog, cap, blocks, blocks0);  // POPCNT here
}
#endif

#if defined(NQ_JOIN_X86) && defined(__AVX512VPOPCNTDQ__)
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

[[maybe_unused]] std::uint64_t run_program_vector(const BlockProgram& prog, std::size_t cap,
                                                  std::size_t blocks, std::size_t blocks0) {
  return run_program_with<Avx512Block>(prog, cap, blocks, blocks0);
}
#elif defined(NQ_JOIN_X86)
// Four 256-bit vectors a block, popcounts by 4-bit table lookups (vpshufb) summed per 64-bit
// lane; Span blocks (one, or two next to each other) per walk through the program.
template <int Span>
struct Avx2Block {
  static constexpr int kSpan = Span;
  static constexpr int kVectors = 4 * Span;
  __m256i v[kVectors];
  using Count = __m256i;
  NQ_JOIN_AVX2 static void zero(Count& c) { c = _mm256_setzero_si256(); }
  NQ_JOIN_AVX2 static __m256i load(const SetBlock& s, int h) {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(s.w + 4 * h));
  }
  NQ_JOIN_AVX2 static Avx2Block and3(const SetBlock* set, std::size_t cap, SlotTriple q) {
    Avx2Block x;
    for (int k = 0; k < Span; ++k) {
      const auto [a, b, c] = triple_sets(set + k * cap, q);
      for (int h = 0; h < 4; ++h)
        x.v[4 * k + h] = _mm256_and_si256(_mm256_and_si256(load(a, h), load(b, h)), load(c, h));
    }
    return x;
  }
  // Per byte, the popcount of v: two 4-bit table lookups.
  NQ_JOIN_AVX2 static __m256i byte_counts(__m256i v) {
    const __m256i table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1,
                                           2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i low = _mm256_set1_epi8(0x0f);
    return _mm256_add_epi8(
        _mm256_shuffle_epi8(table, _mm256_and_si256(v, low)),
        _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(v, 4), low)));
  }
  // Carry-save adder: sum = a ^ b ^ c, carry = majority(a, b, c).
  NQ_JOIN_AVX2 static void add3(__m256i a, __m256i b, __m256i c, __m256i& sum, __m256i& carry) {
    const __m256i ab = _mm256_xor_si256(a, b);
    sum = _mm256_xor_si256(ab, c);
    carry = _mm256_or_si256(_mm256_and_si256(a, b), _mm256_and_si256(ab, c));
  }
  // acc += popcount(x & y) << shift, summed per 64-bit lane.
  NQ_JOIN_AVX2 static void count_and(Count& acc, const Avx2Block& x, const Avx2Block& y,
                                     int shift) {
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
  NQ_JOIN_AVX2 static std::uint64_t sum(const Count& c) {
    alignas(32) std::uint64_t lanes[4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), c);
    return lanes[0] + lanes[1] + lanes[2] + lanes[3];
  }
};

[[maybe_unused]] NQ_JOIN_AVX2 std::uint64_t run_program_vector(const BlockProgram& prog,
                                                               std::size_t cap, std::size_t blocks,
                                                               std::size_t blocks0) {
  return run_program_with<Avx2Block<1>, Avx2Block<2> >(prog, cap, blocks, blocks0);
}
#endif

[[maybe_unused]] std::uint64_t run_program([[maybe_unused]] Loops loops, const BlockProgram& prog,
                                           std::size_t cap, std::size_t blocks,
                                           std::size_t blocks0) {
#if defined(NQ_JOIN_X86)
  if (loops == Loops::avx2) return run_program_vector(prog, cap, blocks, blocks0);
#endif
#if defined(NQ_JOIN_POPCNT_CLONE)
  if (loops == Loops::popcnt) return run_program_popcnt(prog, cap, blocks, blocks0);
#endif
  return run_program_scalar(prog, cap, blocks, blocks0);
}

// The placements (u[j], v[j]), j < count, that share no diagonal with (iu, iv), as bit j of
// fit (count <= 128: kMaxKept). One mask per inner placement gives both the outer placements
// worth keeping (those some inner one fits) and each inner one's pairs, with no list of
// indices to pack. It replaced an any-fit scan per outer placement and packed index lists
// (about 9% of N = 19's join, perf, Zen 3): level in time there, with 12% fewer mispredicted
// branches (cachegrind), and one loop instead of two.
using FitMask = std::array<std::uint64_t, 2>;

inline void fitting_mask_scalar(const std::uint64_t* u, const std::uint64_t* v, std::size_t from,
                                std::size_t count, std::uint64_t iu, std::uint64_t iv,
                                FitMask& fit) {
  for (std::size_t j = from; j < count; ++j)
    fit[j >> 6] |= static_cast<std::uint64_t>(((u[j] & iu) | (v[j] & iv)) == 0) << (j & 63);
}

#if defined(NQ_JOIN_X86)
// Four placements at a time (the 4-bit masks never straddle a word); returns where the 64-bit
// loop takes over.
[[maybe_unused]] NQ_JOIN_AVX2 std::size_t fitting_mask_avx2(const std::uint64_t* u,
                                                            const std::uint64_t* v,
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
#endif

[[maybe_unused]] FitMask fitting_mask([[maybe_unused]] Loops loops, const std::uint64_t* u,
                                      const std::uint64_t* v, std::size_t count, std::uint64_t iu,
                                      std::uint64_t iv) {
  FitMask fit{0, 0};
  std::size_t j = 0;
#if defined(NQ_JOIN_X86)
  if (loops == Loops::avx2) j = fitting_mask_avx2(u, v, count, iu, iv, fit);
#endif
  fitting_mask_scalar(u, v, j, count, iu, iv, fit);
  return fit;
}

// One thread's buffers for the join (both paths), grown on demand and never shrunk.
struct JoinBuffers {
  std::vector<Pattern> bottom[2];     // bottom patterns without / with an anti-diagonal queen
  std::vector<std::uint64_t> misses;  // [64][words]: the bottoms missing pattern bit x
  std::vector<std::uint64_t> ones;    // [words]: every bottom
  std::vector<std::uint64_t> outer_u, outer_v;       // a split's outer placements' diagonals
  std::vector<std::uint64_t> inner_u, inner_v;       // the inner placements of one column set
  std::vector<const Placement*> inner_at, outer_at;  // those of a split that miss the middle
  std::vector<FitMask> inner_fit;                    // per inner one: the outer ones it fits
  std::vector<std::uint32_t> inner_order;            // the split's inner ones, by pair count
  std::vector<std::uint8_t> inner_group;             // per inner one: its pair-count group
  std::vector<std::uint64_t> live;                   // the row search's sets of its rows
  std::vector<std::int32_t> shared_slots;            // the two-row sets' slots: prefixes,
                                                     // middles, suffixes (outer, inner each)
  BlockProgram program;                              // the top side of one group
};

[[maybe_unused]] JoinBuffers& join_buffers() {
  thread_local JoinBuffers b;
  return b;
}

// transpose_bits in the form the loops say.
[[maybe_unused]] void transpose_bits_with([[maybe_unused]] Loops loops, std::uint64_t (&a)[64]) {
#if defined(NQ_JOIN_X86)
  if (loops == Loops::avx2) return transpose_bits_avx2(a);
#endif
  transpose_bits(a);
}

// The bit sets over the bottom lists (size[list] patterns in b.bottom[list]), each list from
// a word of its own: words [0, words0) hold the bottoms of weight 1, the rest those of
// weight 2. misses[x] = the bottoms without pattern bit x, 64 bottoms at a time: a 64 x 64
// bit transpose turns their patterns into one word per bit. Each list takes a multiple of
// `align` words (the padding holds no bottom). Returns words0; b.ones has the length of every
// set.
[[maybe_unused]] std::size_t make_bit_sets(Loops loops, JoinBuffers& b,
                                           const std::size_t (&size)[2], std::size_t align = 1) {
  auto round = [&](std::size_t w) { return (w + align - 1) / align * align; };
  const std::size_t words0 = round((size[0] + 63) / 64),
                    words = words0 + round((size[1] + 63) / 64);
  b.misses.resize(64 * words);
  b.ones.resize(words);
  for (int list = 0; list < 2; ++list) {
    std::vector<Pattern>& bottom = b.bottom[list];
    const std::size_t first = list == 0 ? 0 : words0, end = list == 0 ? words0 : words;
    if (bottom.size() < (end - first) * 64) bottom.resize((end - first) * 64);
    std::fill(bottom.begin() + static_cast<std::ptrdiff_t>(size[list]),
              bottom.begin() + static_cast<std::ptrdiff_t>((end - first) * 64), Pattern{0});
    for (std::size_t w = first; w < end; ++w) {
      std::uint64_t block[64];
      std::copy(&bottom[(w - first) * 64], &bottom[(w - first) * 64] + 64, block);
      transpose_bits_with(loops, block);
      const std::size_t done = (w - first) * 64;
      const std::size_t used = size[list] > done ? size[list] - done : 0;
      const std::uint64_t valid = used >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << used) - 1;
      for (int x = 0; x < 64; ++x)
        b.misses[static_cast<std::size_t>(x) * words + w] = ~block[x] & valid;
      b.ones[w] = valid;
    }
  }
  return words0;
}

}  // namespace

}  // namespace nqueens::kernels::join
