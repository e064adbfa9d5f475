// The NEON tier: frontier_search.hpp with 4 x 32-bit lanes, for aarch64 (Apple and other ARM
// laptops and servers). NEON is part of every aarch64 CPU, so there is nothing to detect at
// run time. No compress-store either: the kept lanes are gathered to the front by one tbl
// (byte shuffle) with an index vector from a 16-entry table.
//
// Tested under qemu-user (scripts/test): correctness only, its speed is not measured here.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>

#include "base/tunables.hpp"
#include "count_frontier.hpp"

#if defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>
#define NQUEENS_NEON_TIER 1
#endif

namespace nqueens::kernels {

#if defined(NQUEENS_NEON_TIER)

namespace {

// kCompress[m]: the byte shuffle that moves the lanes named by m to the front.
constexpr std::array<std::array<std::uint8_t, 16>, 16> make_compress_table() {
  std::array<std::array<std::uint8_t, 16>, 16> t{};
  for (unsigned m = 0; m < 16; ++m) {
    int k = 0;
    for (unsigned lane = 0; lane < 4; ++lane)
      if (m >> lane & 1) {
        for (unsigned byte = 0; byte < 4; ++byte)
          t[m][static_cast<std::size_t>(4 * k + static_cast<int>(byte))] =
              static_cast<std::uint8_t>(4 * lane + byte);
        ++k;
      }
    for (int i = 4 * k; i < 16; ++i) t[m][static_cast<std::size_t>(i)] = 0;
  }
  return t;
}
constexpr std::array<std::array<std::uint8_t, 16>, 16> kCompress = make_compress_table();
alignas(16) constexpr std::uint32_t kIota[4] = {0, 1, 2, 3};
alignas(16) constexpr std::uint32_t kLaneBits[4] = {1, 2, 4, 8};

struct Neon {
  static constexpr int kLanes = 4;
  static constexpr int kPruneRows = tune::kFrontierNeon.prune_rows;
  static constexpr bool kRefill = tune::kFrontierNeon.refill;
  static constexpr unsigned kAllBits = 0xf;
  using V = uint32x4_t;
  using M = uint32x4_t;  // all-ones or zero lanes
  struct Shift {
    int32x4_t left, right;  // right: negated, vshl shifts right by a negative count
  };

  static V load(const Row* p) { return vld1q_u32(p); }
  static void store(Row* p, V v) { vst1q_u32(p, v); }
  static V set1(Row x) { return vdupq_n_u32(x); }
  static V iota() { return vld1q_u32(kIota); }
  static V and_(V a, V b) { return vandq_u32(a, b); }
  static V or_(V a, V b) { return vorrq_u32(a, b); }
  static V xor_(V a, V b) { return veorq_u32(a, b); }
  static V min(V a, V b) { return vminq_u32(a, b); }
  static V add(V a, V b) { return vaddq_u32(a, b); }
  static V andnot(V a, V b) { return vbicq_u32(b, a); }
  static V neg(V v) { return vsubq_u32(vdupq_n_u32(0), v); }
  static V shl1(V v) { return vshlq_n_u32(v, 1); }
  static V shr1(V v) { return vshrq_n_u32(v, 1); }
  static Shift shift(int n) { return {vdupq_n_s32(n), vdupq_n_s32(-n)}; }
  static V shl(V v, Shift s) { return vshlq_u32(v, s.left); }
  static V shr(V v, Shift s) { return vshlq_u32(v, s.right); }
  static M is_zero(V v) { return vceqzq_u32(v); }
  static M eq(V a, V b) { return vceqq_u32(a, b); }
  static M lt(V a, V b) { return vcltq_s32(vreinterpretq_s32_u32(a), vreinterpretq_s32_u32(b)); }
  static M all() { return vdupq_n_u32(~0u); }
  static M mor(M a, M b) { return vorrq_u32(a, b); }
  static M mand(M a, M b) { return vandq_u32(a, b); }
  static M mandnot(M a, M b) { return vbicq_u32(a, b); }
  static V clear(M m, V v) { return vbicq_u32(v, m); }
  static V select(M m, V v) { return vandq_u32(m, v); }
  static unsigned bits(M m) { return vaddvq_u32(vandq_u32(m, vld1q_u32(kLaneBits))); }
  static int popcount(unsigned x) { return std::popcount(x); }
  static bool all_zero(V v) { return vmaxvq_u32(v) == 0; }
  static uint8x16_t perm(unsigned keep) { return vld1q_u8(kCompress[keep].data()); }
  static void store_compressed(Row* p, V v, uint8x16_t perm) {
    vst1q_u32(p, vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(v), perm)));
  }
};

}  // namespace

}  // namespace nqueens::kernels

#include "frontier_search.hpp"

namespace nqueens::kernels {

Tally count_frontier_neon(const JobStart& s) {
  return frontier::count<Neon>(s);
}

#else  // not aarch64

Tally count_frontier_neon(const JobStart& s) {
  return count_scalar(s);
}

#endif

}  // namespace nqueens::kernels
