// The AVX2 tier: frontier_search.hpp with 16 x 32-bit lanes held in two 8-lane registers, for
// x86-64 CPUs without AVX-512 (AMD before Zen 4, most Intel desktop and laptop parts).
//
// Every x86-64 build compiles this file for AVX2 + BMI2 (base/isa.hpp), whatever -march says,
// and uses it only when the CPU has those features (checked once at run time), so portable
// packages get it too. The region covers only the functions defined below its start; every
// standard header is included first so that nothing shared with the rest of the program is
// compiled for AVX2.
//
// AVX2 has no compress-store (AVX-512's vpcompressd): the lanes to keep are gathered to the
// front by vpermd with an index vector from a 256-entry table (8 bytes an entry, widened by
// vpmovzxbd), computed once per peel step and shared by the 3 or 4 arrays stored; the high
// register's lanes are stored after the low one's. The expanding load that refills empty
// lanes (frontier_search.hpp, kRefill) is the inverse: vpermd by each lane's rank among the
// empty lanes (a second 256-entry table), then a blend; the high register's empty lanes take
// the states after those the low one took.
//
// Why two registers per vector: a peel step's scalar work (the lane masks, the table loads,
// the popcounts, the loop's branch) is the same for 8 lanes as for 16, so 16 lanes pay it
// half as often per state, and the two halves are independent chains for the out-of-order
// core. The 16 ymm registers of AVX2 hold the pair's working set without spills that cost
// more; three registers (24 lanes) were level with two.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>

#include "base/isa.hpp"
#include "base/tunables.hpp"
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

NQUEENS_TARGET_BEGIN(NQUEENS_ISA_AVX2)

namespace {

// A vector of 16 lanes: lanes 0-7 in `lo`, 8-15 in `hi`.
struct Pair {
  __m256i lo, hi;
};

struct Avx2 {
  static constexpr int kLanes = 16;
  static constexpr int kPruneRows = tune::kFrontierAvx2.prune_rows;
  static constexpr bool kRefill = tune::kFrontierAvx2.refill;
  static constexpr unsigned kAllBits = 0xffff;
  using V = Pair;
  using M = Pair;  // all-ones or zero lanes
  // Shift counts as a vector (vpsllvd/vpsrlvd) as in the AVX-512 tier (measured on Intel only).
  using Shift = __m256i;

  static V load(const Row* p) {
    return {_mm256_load_si256(reinterpret_cast<const __m256i*>(p)),
            _mm256_load_si256(reinterpret_cast<const __m256i*>(p + 8))};
  }
  static void store(Row* p, V v) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(p), v.lo);
    _mm256_store_si256(reinterpret_cast<__m256i*>(p + 8), v.hi);
  }
  static V set1(Row x) {
    const __m256i v = _mm256_set1_epi32(static_cast<int>(x));
    return {v, v};
  }
  static V zero() { return {_mm256_setzero_si256(), _mm256_setzero_si256()}; }
  static V iota() {
    return {_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
            _mm256_setr_epi32(8, 9, 10, 11, 12, 13, 14, 15)};
  }
  static V and_(V a, V b) { return {_mm256_and_si256(a.lo, b.lo), _mm256_and_si256(a.hi, b.hi)}; }
  static V or_(V a, V b) { return {_mm256_or_si256(a.lo, b.lo), _mm256_or_si256(a.hi, b.hi)}; }
  static V xor_(V a, V b) { return {_mm256_xor_si256(a.lo, b.lo), _mm256_xor_si256(a.hi, b.hi)}; }
  static V min(V a, V b) { return {_mm256_min_epu32(a.lo, b.lo), _mm256_min_epu32(a.hi, b.hi)}; }
  static V add(V a, V b) { return {_mm256_add_epi32(a.lo, b.lo), _mm256_add_epi32(a.hi, b.hi)}; }
  static V andnot(V a, V b) {
    return {_mm256_andnot_si256(a.lo, b.lo), _mm256_andnot_si256(a.hi, b.hi)};
  }
  static V neg(V v) {
    return {_mm256_sub_epi32(_mm256_setzero_si256(), v.lo),
            _mm256_sub_epi32(_mm256_setzero_si256(), v.hi)};
  }
  static V shl1(V v) { return {_mm256_slli_epi32(v.lo, 1), _mm256_slli_epi32(v.hi, 1)}; }
  static V shr1(V v) { return {_mm256_srli_epi32(v.lo, 1), _mm256_srli_epi32(v.hi, 1)}; }
  static Shift shift(int n) { return _mm256_set1_epi32(n); }
  static V shl(V v, Shift s) { return {_mm256_sllv_epi32(v.lo, s), _mm256_sllv_epi32(v.hi, s)}; }
  static V shr(V v, Shift s) { return {_mm256_srlv_epi32(v.lo, s), _mm256_srlv_epi32(v.hi, s)}; }
  static M is_zero(V v) { return eq(v, zero()); }
  static M eq(V a, V b) { return {_mm256_cmpeq_epi32(a.lo, b.lo), _mm256_cmpeq_epi32(a.hi, b.hi)}; }
  static M lt(V a, V b) { return {_mm256_cmpgt_epi32(b.lo, a.lo), _mm256_cmpgt_epi32(b.hi, a.hi)}; }
  static M all() {
    const __m256i v = _mm256_set1_epi32(-1);
    return {v, v};
  }
  static M mor(M a, M b) { return or_(a, b); }
  static M mand(M a, M b) { return and_(a, b); }
  static M mandnot(M a, M b) { return andnot(b, a); }
  static V clear(M m, V v) { return andnot(m, v); }
  static V select(M m, V v) { return and_(m, v); }
  static unsigned bits(M m) {
    return static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(m.lo))) |
           static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(m.hi))) << 8;
  }
  static int popcount(unsigned x) { return __builtin_popcount(x); }
  static bool all_zero(V v) {
    const __m256i x = _mm256_or_si256(v.lo, v.hi);
    return _mm256_testz_si256(x, x) != 0;
  }
  static __m256i table(const std::array<std::uint64_t, 256>& t, unsigned m) {
    return _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(&t[m])));
  }
  // A 16-bit lane mask's table entries for the two halves, and how many lanes of the mask the
  // low half has (where the high half's lanes start): the kept lanes' permutations for the
  // compress-store (kCompress), the empty lanes' ranks for the refill (kRank).
  struct Perm {
    __m256i lo, hi;
    int at;
  };
  static Perm halves(const std::array<std::uint64_t, 256>& t, unsigned m) {
    return {table(t, m & 0xff), table(t, m >> 8), std::popcount(m & 0xff)};
  }
  static Perm perm(unsigned keep) { return halves(kCompress, keep); }
  static void store_compressed(Row* p, V v, const Perm& perm) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), _mm256_permutevar8x32_epi32(v.lo, perm.lo));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p + perm.at),
                        _mm256_permutevar8x32_epi32(v.hi, perm.hi));
  }
  // Expanding load: lane i of `empty` takes p[its rank among the empty lanes], the others keep
  // old; the high half's empty lanes come after the low half's.
  static Perm ranks(unsigned empty) { return halves(kRank, empty); }
  static V refill(V old, M empty, const Perm& rank, const Row* p) {
    const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + rank.at));
    return {_mm256_blendv_epi8(old.lo, _mm256_permutevar8x32_epi32(lo, rank.lo), empty.lo),
            _mm256_blendv_epi8(old.hi, _mm256_permutevar8x32_epi32(hi, rank.hi), empty.hi)};
  }
  static V refill_index(V old, M empty, const Perm& rank, Row p) {
    const __m256i lo = _mm256_add_epi32(rank.lo, _mm256_set1_epi32(static_cast<int>(p)));
    const __m256i hi = _mm256_add_epi32(rank.hi, _mm256_set1_epi32(static_cast<int>(p) + rank.at));
    return {_mm256_blendv_epi8(old.lo, lo, empty.lo), _mm256_blendv_epi8(old.hi, hi, empty.hi)};
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

NQUEENS_TARGET_END

Tally count_frontier_avx2(const JobStart& s) {
  return base::isa::avx2() ? count_avx2(s) : count_scalar(s);
}

#else  // not x86-64

Tally count_frontier_avx2(const JobStart& s) {
  return count_scalar(s);
}

#endif

}  // namespace nqueens::kernels
