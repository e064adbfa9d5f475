// The AVX2 tier: frontier_search.hpp with 8 x 32-bit lanes, for x86-64 CPUs without AVX-512
// (AMD before Zen 4, most Intel desktop and laptop parts).
//
// Every x86-64 build compiles this file for AVX2 + BMI2 through a target pragma (g++) or
// `#pragma clang attribute` (clang), whatever -march says, and uses it only when the CPU has
// those features (checked once at run time), so portable packages get it too. The pragmas
// cover only the functions defined below them; every standard header is included first so
// that nothing shared with the rest of the program is compiled for AVX2.
//
// AVX2 has no compress-store (AVX-512's vpcompressd): the lanes to keep are gathered to the
// front by vpermd with an index vector from a 256-entry table (8 bytes an entry, widened by
// vpmovzxbd), computed once per peel step and shared by the 3 or 4 arrays stored. The
// expanding load that refills empty lanes (frontier_search.hpp, kRefill) is the inverse:
// vpermd by each lane's rank among the empty lanes (a second 256-entry table), then a blend.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>

#include "count_frontier.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#define NQUEENS_AVX2_TIER 1
#endif

namespace nqueens::kernels {

#if defined(NQUEENS_AVX2_TIER)

namespace {

// kCompress[m]: byte i = index of the i-th set bit of m (the lanes a compressed store keeps).
constexpr std::array<std::uint64_t, 256> make_compress_table() {
  std::array<std::uint64_t, 256> t{};
  for (unsigned m = 0; m < 256; ++m) {
    std::uint64_t v = 0;
    int k = 0;
    for (unsigned lane = 0; lane < 8; ++lane)
      if (m >> lane & 1) v |= std::uint64_t{lane} << (8 * k++);
    t[m] = v;
  }
  return t;
}
constexpr std::array<std::uint64_t, 256> kCompress = make_compress_table();

// kRank[m]: byte i = how many lanes of m come before lane i (the i-th lane of m takes the
// rank-th of the next parents in an expanding load).
constexpr std::array<std::uint64_t, 256> make_rank_table() {
  std::array<std::uint64_t, 256> t{};
  for (unsigned m = 0; m < 256; ++m) {
    std::uint64_t v = 0;
    for (unsigned lane = 0; lane < 8; ++lane)
      v |= std::uint64_t{static_cast<unsigned>(std::popcount(m & ((1u << lane) - 1)))}
           << (8 * lane);
    t[m] = v;
  }
  return t;
}
constexpr std::array<std::uint64_t, 256> kRank = make_rank_table();

}  // namespace

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,bmi,bmi2,popcnt"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,popcnt")
#endif

namespace {

struct Avx2 {
  static constexpr int kLanes = 8;
  // Dead-end tests on the last 4 rows. With half-empty lanes (no refill) 3 rows paid best
  // (N = 16: 0.381 s with 3, 0.417 s with 4, 0.459 s with 2); with refilled lanes 4 rows
  // are slightly faster (0.299 s against 0.311 s, medians of 3). Refill: N = 16 0.336 s ->
  // 0.307 s (docs/ALGORITHMS.md, "Kernel tiers").
  static constexpr int kPruneRows = 4;
  static constexpr bool kRefill = true;
  static constexpr unsigned kAllBits = 0xff;
  using V = __m256i;
  using M = __m256i;  // all-ones or zero lanes
  // Shift counts as a vector (vpsllvd/vpsrlvd) as in the AVX-512 tier: count 17 -j 1 on this
  // tier 2.36 -> 2.26 s on an Intel Xeon (medians of 5, interleaved); not measured on AMD.
  using Shift = __m256i;

  static V load(const Row* p) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(p)); }
  static void store(Row* p, V v) { _mm256_store_si256(reinterpret_cast<__m256i*>(p), v); }
  static V set1(Row x) { return _mm256_set1_epi32(static_cast<int>(x)); }
  static V zero() { return _mm256_setzero_si256(); }
  static V iota() { return _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7); }
  static V and_(V a, V b) { return _mm256_and_si256(a, b); }
  static V or_(V a, V b) { return _mm256_or_si256(a, b); }
  static V xor_(V a, V b) { return _mm256_xor_si256(a, b); }
  static V min(V a, V b) { return _mm256_min_epu32(a, b); }
  static V add(V a, V b) { return _mm256_add_epi32(a, b); }
  static V andnot(V a, V b) { return _mm256_andnot_si256(a, b); }
  static V neg(V v) { return _mm256_sub_epi32(_mm256_setzero_si256(), v); }
  static V shl1(V v) { return _mm256_slli_epi32(v, 1); }
  static V shr1(V v) { return _mm256_srli_epi32(v, 1); }
  static Shift shift(int n) { return _mm256_set1_epi32(n); }
  static V shl(V v, Shift s) { return _mm256_sllv_epi32(v, s); }
  static V shr(V v, Shift s) { return _mm256_srlv_epi32(v, s); }
  static M is_zero(V v) { return _mm256_cmpeq_epi32(v, _mm256_setzero_si256()); }
  static M eq(V a, V b) { return _mm256_cmpeq_epi32(a, b); }
  static M lt(V a, V b) { return _mm256_cmpgt_epi32(b, a); }
  static M all() { return _mm256_set1_epi32(-1); }
  static M mor(M a, M b) { return _mm256_or_si256(a, b); }
  static M mand(M a, M b) { return _mm256_and_si256(a, b); }
  static M mandnot(M a, M b) { return _mm256_andnot_si256(b, a); }
  static V clear(M m, V v) { return _mm256_andnot_si256(m, v); }
  static V select(M m, V v) { return _mm256_and_si256(m, v); }
  static unsigned bits(M m) {
    return static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(m)));
  }
  static int popcount(unsigned x) { return __builtin_popcount(x); }
  static bool all_zero(V v) { return _mm256_testz_si256(v, v) != 0; }
  static __m256i perm(unsigned keep) {
    return _mm256_cvtepu8_epi32(
        _mm_loadl_epi64(reinterpret_cast<const __m128i*>(&kCompress[keep])));
  }
  static void store_compressed(Row* p, V v, __m256i perm) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), _mm256_permutevar8x32_epi32(v, perm));
  }
  // Expanding load: lane i of `empty` takes p[ranks(bits(empty))[i]], the others keep old.
  static V ranks(unsigned empty) {
    return _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(&kRank[empty])));
  }
  static V refill(V old, M empty, V rank, const Row* p) {
    const V next = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    return _mm256_blendv_epi8(old, _mm256_permutevar8x32_epi32(next, rank), empty);
  }
  static V refill_index(V old, M empty, V rank, Row p) {
    return _mm256_blendv_epi8(old, _mm256_add_epi32(rank, set1(p)), empty);
  }
};

}  // namespace

}  // namespace nqueens::kernels

#include "frontier_search.hpp"

namespace nqueens::kernels {

namespace {

Tally count_avx2(const JobStart& s) {
  return frontier::count<Avx2>(s);
}

}  // namespace

#if defined(__clang__)
#pragma clang attribute pop
#elif defined(__GNUC__)
#pragma GCC pop_options
#endif

bool frontier_avx2_available() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
                          __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
  return has;
}

Tally count_frontier_avx2(const JobStart& s) {
  return frontier_avx2_available() ? count_avx2(s) : count_scalar(s);
}

#else  // not x86-64

bool frontier_avx2_available() {
  return false;
}
Tally count_frontier_avx2(const JobStart& s) {
  return count_scalar(s);
}

#endif

}  // namespace nqueens::kernels
