// The AVX-512 tier: frontier_search.hpp with 16 x 32-bit lanes, for x86-64 CPUs with AVX-512F.
//
// The lanes a step keeps are stored by one permutation per step: the lane numbers packed by the
// register form of vpcompressd (the memory-destination form is microcoded on Zen 4), then a
// vpermd and a full-width store per vector, since vpcompressd is two uops and vpermd one. Lanes
// whose state has no candidate left are refilled with the next states by vpexpandd
// (frontier_search.hpp, kRefill); the same trick for them (the ranks by one vpexpandd, then a
// vpermd per vector) was slower. Lane masks are mask registers.
//
// Every x86-64 build compiles this file for AVX-512 (base/isa.hpp), whatever -march says, and
// runs it only where the CPU has it, so packaged builds get it too.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>

#include "base/isa.hpp"
#include "base/tunables.hpp"
#include "count_frontier.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#define NQUEENS_AVX512_TIER 1
#if defined(__GNUC__) && !defined(__clang__)
// g++ 12's own _mm512_slli/srli_epi32 and _mm512_permutexvar_epi32 trip these on their
// _mm512_undefined_epi32() operand.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#endif

namespace nqueens::kernels {

#if defined(NQUEENS_AVX512_TIER)

NQUEENS_TARGET_BEGIN(NQUEENS_ISA_AVX512)

namespace {

struct Avx512 {
  static constexpr int kLanes = 16;
  static constexpr int kPruneRows = tune::kFrontierAvx512.prune_rows;
  static constexpr bool kRefill = tune::kFrontierAvx512.refill;
  static constexpr unsigned kAllBits = 0xffff;
  using V = __m512i;
  using M = __mmask16;
  // Shift counts shared by all lanes as a vector (vpsllvd/vpsrlvd, one uop on Intel) rather
  // than in an xmm register (vpslld zmm, xmm: two, one of them on the port the compresses need).
  using Shift = __m512i;

  static V load(const Row* p) { return _mm512_load_si512(p); }
  static void store(Row* p, V v) { _mm512_store_si512(p, v); }
  static V set1(Row x) { return _mm512_set1_epi32(static_cast<int>(x)); }
  static V zero() { return _mm512_setzero_si512(); }
  static V iota() {
    return _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  }
  static V and_(V a, V b) { return _mm512_and_si512(a, b); }
  static V or_(V a, V b) { return _mm512_or_si512(a, b); }
  static V xor_(V a, V b) { return _mm512_xor_si512(a, b); }
  static V min(V a, V b) { return _mm512_min_epu32(a, b); }
  static V add(V a, V b) { return _mm512_add_epi32(a, b); }
  static V andnot(V a, V b) { return _mm512_andnot_si512(a, b); }
  // One vpternlogd for the dead-end tests' "open squares" (gcc does not fuse the or and the
  // andnot itself).
  static V nor_and(V a, V b, V c) { return _mm512_ternarylogic_epi32(a, b, c, 0x02); }
  static V neg(V v) { return _mm512_sub_epi32(_mm512_setzero_si512(), v); }
  static V shl1(V v) { return _mm512_slli_epi32(v, 1); }
  static V shr1(V v) { return _mm512_srli_epi32(v, 1); }
  static Shift shift(int n) { return _mm512_set1_epi32(n); }
  static V shl(V v, Shift s) { return _mm512_sllv_epi32(v, s); }
  static V shr(V v, Shift s) { return _mm512_srlv_epi32(v, s); }
  static M is_zero(V v) { return _mm512_testn_epi32_mask(v, v); }
  static M eq(V a, V b) { return _mm512_cmpeq_epi32_mask(a, b); }
  static M lt(V a, V b) { return _mm512_cmplt_epi32_mask(a, b); }
  static M all() { return 0xffff; }
  static M mor(M a, M b) { return static_cast<M>(a | b); }
  static M mand(M a, M b) { return static_cast<M>(a & b); }
  static M mandnot(M a, M b) { return static_cast<M>(a & ~b); }
  static V clear(M m, V v) { return _mm512_maskz_mov_epi32(static_cast<M>(~m), v); }
  static V select(M m, V v) { return _mm512_maskz_mov_epi32(m, v); }
  static unsigned bits(M m) { return m; }
  static int popcount(unsigned x) { return __builtin_popcount(x); }
  static bool all_zero(V v) { return _mm512_test_epi32_mask(v, v) == 0; }
  static V perm(unsigned keep) { return _mm512_maskz_compress_epi32(static_cast<M>(keep), iota()); }
  static void store_compressed(Row* p, V v, V perm) {
    _mm512_storeu_si512(p, _mm512_permutexvar_epi32(perm, v));
  }
  static int ranks(unsigned) { return 0; }
  static V refill(V old, M empty, int, const Row* p) {
    return _mm512_mask_expand_epi32(old, empty, _mm512_loadu_si512(p));
  }
  static V refill_index(V old, M empty, int, Row p) {
    return _mm512_mask_expand_epi32(old, empty, _mm512_add_epi32(iota(), set1(p)));
  }
};

}  // namespace

}  // namespace nqueens::kernels

#include "frontier_search.hpp"

namespace nqueens::kernels {

namespace {

Tally count_avx512(const JobStart& s) {
  return frontier::count<Avx512>(s);
}

}  // namespace

NQUEENS_TARGET_END

Tally count_frontier_avx512(const JobStart& s) {
  return base::isa::avx512() ? count_avx512(s) : count_scalar(s);
}

#else  // not x86-64

Tally count_frontier_avx512(const JobStart& s) {
  return count_scalar(s);
}

#endif

}  // namespace nqueens::kernels
