// The portable scalar tier: frontier_search.hpp with one lane, plain C++ for any CPU.
//
// It is the frontier search, not count_kernel.hpp's search<B>: the dead-end tests (the last
// rows must keep an open square, the free columns a square on them) and the closed-form last
// two rows remove most of the nodes search<B> visits and most of its mispredicted "any
// candidate left?" branches, and children are written without a branch (store, then advance
// the end by 0 or 1). docs/BENCHMARKS.md has the figures ("Kernel tiers against the plain
// backtracker").
#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>

#include "base/tunables.hpp"
#include "count_frontier.hpp"

namespace nqueens::kernels {

namespace {

struct Scalar {
  static constexpr int kLanes = 1;
  static constexpr int kPruneRows = tune::kFrontierScalar.prune_rows;
  static constexpr bool kRefill = tune::kFrontierScalar.refill;
  static constexpr unsigned kAllBits = 1;
  using V = Row;
  using M = bool;
  using Shift = int;

  static V load(const Row* p) { return *p; }
  static void store(Row* p, V v) { *p = v; }
  static V set1(Row x) { return x; }
  static V iota() { return 0; }
  static V and_(V a, V b) { return a & b; }
  static V or_(V a, V b) { return a | b; }
  static V xor_(V a, V b) { return a ^ b; }
  static V min(V a, V b) { return std::min(a, b); }
  static V add(V a, V b) { return a + b; }
  static V andnot(V a, V b) { return ~a & b; }
  static V neg(V v) { return 0u - v; }
  static V shl1(V v) { return v << 1; }
  static V shr1(V v) { return v >> 1; }
  static Shift shift(int n) { return n; }
  static V shl(V v, Shift s) { return v << s; }
  static V shr(V v, Shift s) { return v >> s; }
  static M is_zero(V v) { return v == 0; }
  static M eq(V a, V b) { return a == b; }
  static M lt(V a, V b) { return static_cast<std::int32_t>(a) < static_cast<std::int32_t>(b); }
  static M all() { return true; }
  // Bitwise on bools: no short-circuit branches in the hot loop.
  static M mor(M a, M b) { return a | b; }
  static M mand(M a, M b) { return a & b; }
  static M mandnot(M a, M b) { return a & !b; }
  static V clear(M m, V v) { return v & (static_cast<Row>(m) - 1u); }
  static V select(M m, V v) { return v & (0u - static_cast<Row>(m)); }
  static unsigned bits(M m) { return m; }
  static int popcount(unsigned x) { return std::popcount(x); }
  static bool all_zero(V v) { return v == 0; }
  static unsigned perm(unsigned keep) { return keep; }
  static void store_compressed(Row* p, V v, unsigned) { *p = v; }
};

}  // namespace

}  // namespace nqueens::kernels

#include "frontier_search.hpp"

namespace nqueens::kernels {

Tally count_frontier_scalar(const JobStart& s) {
  return frontier::count<Scalar>(s);
}

}  // namespace nqueens::kernels
