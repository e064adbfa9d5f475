// The vectorised counting kernel: a chunked frontier search over 16 states at a time.
//
// Why: the scalar search (count_kernel.hpp) spends about 15 cycles per node, most of them on
// mispredicted "any candidates left?" and "is there a leaf?" branches, which no amount of
// bit tricks removes from a one-state-at-a-time search. But every state on the same row of
// one job obeys the same rules (they depend only on the row and the job's bound1/bound2), so
// a whole row's worth of states can be expanded in SIMD lanes and the only data-dependent
// branch left is "does any of 16 lanes still have a candidate", taken a few times per 16
// states instead of once per node. Measured on one Zen 4 core (2.1 GHz, g++ 12 -O2
// -march=native), all jobs one after another, thread CPU time, median of 5 (bench/
// kernel_bench): N = 16: scalar 1.95 s, this kernel 0.157 s (12x), the plain mirror-halving
// backtracker of bench/baseline.hpp 3.51 s; N = 14: 0.050 -> 0.0045 s; N = 15: 0.30 -> 0.024 s.
// At N = 16 that is 93M stored states and 17M peel steps for the 244M nodes of the scalar
// search: about 1.4 cycles per scalar node, 3.5 per stored state.
//
// How: one buffer of states per row (struct of arrays, 16 x 32-bit lanes per vector):
//
//   level[row]:  left[i] down[i] right[i] parent[i]    i < count[row] <= kCapacity
//                                         `- index of the state's parent in level[row-1]
//
// The search is depth-first over chunks: expand the next chunk of row k's states into row
// k+1's buffer (until it could overflow), descend and drain row k+1 the same way, then come
// back for the next chunk of row k. Memory stays bounded (kRows x kCapacity states) and
// parents stay put while their children are alive, so parent[] indices remain valid.
// Expanding a vector peels the lowest candidate bit of every lane per step and compresses
// the children of the lanes that had one into the next buffer (register vpcompressd and a
// full-width store: Zen 4's memory-destination vpcompressd is microcoded and far slower).
// The last two rows are not stored: row N-3's states are expanded in registers and, with two
// columns left, the two possible endings are tested lane-wise and counted with popcounts.
// Every new state also goes through cheap dead-end tests (Prune below: the last four rows
// and, in the edge branch, the side columns still need a free square), which cut the states
// stored at N = 16 from 199M to 93M (each row tested costs ~4 vector ops per peel step; a
// fifth row was measured to cost more than it saves, and so was filtering the parents'
// candidates instead of testing the children).
//
// Edge-branch leaves that may tie with a rotation (classify_edge_leaf's three conditions)
// need the whole board. Two of the conditions are on fixed rows (bound1, bound2), so the
// child created there carries a flag in bit 31 of `down` (unused while N <= 31); the third
// is on the last row. About a quarter of the edge leaves are flagged at N = 16 (434k of
// 1.85M); those whose only tie candidate is the half turn are mostly decided in registers
// (count_leaves), the other 312k rebuild their board by walking parent[] (board[row-1] =
// down[row] ^ down[row-1] of the parent) and go through the same classify_edge_leaf as the
// scalar kernel (about 5% of the run time).
#include "count_frontier.hpp"

#include <algorithm>
#include <memory>

// Built for AVX-512 (-march=native on such a machine): the kernel is always used. A generic
// x86-64 build (g++ or clang) compiles the kernel for AVX-512 anyway (target pragma, or
// `#pragma clang attribute`) and uses it when the CPU has it (checked once at run time), so
// packaged builds are not 12x slower.
#if defined(__AVX512F__)
#define NQUEENS_FRONTIER 1
#elif defined(__x86_64__) && defined(__GNUC__)
#define NQUEENS_FRONTIER 1
#define NQUEENS_FRONTIER_DISPATCH 1
#endif

#if defined(NQUEENS_FRONTIER)
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
// g++ 12's own _mm512_slli/srli_epi32 trip this on their _mm512_undefined_epi32() operand.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#endif

namespace nqueens::kernels {

#if defined(NQUEENS_FRONTIER)

#if defined(NQUEENS_FRONTIER_DISPATCH) && defined(__clang__)
// Applies to every function defined below, not to lambdas: the kernel has none.
#pragma clang attribute push(__attribute__((target("avx512f,popcnt,bmi,bmi2"))), \
                             apply_to = function)
#elif defined(NQUEENS_FRONTIER_DISPATCH)
#pragma GCC push_options
#pragma GCC target("avx512f,popcnt,bmi,bmi2")
#endif

namespace {

constexpr int kLanes = 16;
constexpr int kCapacity = 2048;  // states per row buffer
constexpr int kRows = 32;
constexpr Row kFlag = Row{1} << 31;  // "this edge-branch board may tie with a rotation"

struct Level {
  // kLanes of slack: a compressed store always writes a full vector.
  alignas(64) Row left[kCapacity + kLanes];
  alignas(64) Row down[kCapacity + kLanes];
  alignas(64) Row right[kCapacity + kLanes];
  alignas(64) std::uint32_t parent[kCapacity + kLanes];
};

struct Frontier {
  Level level[kRows];
};

// One set of buffers per thread (about 1 MiB), allocated on the thread's first job.
Frontier& frontier() {
  thread_local std::unique_ptr<Frontier> f;
  if (!f) f = std::make_unique<Frontier>();
  return *f;
}

inline __m512i set1(Row x) {
  return _mm512_set1_epi32(static_cast<int>(x));
}

// The row's candidate rules (BranchRules::candidates) as vector constants.
struct RowRules {
  __m512i allowed;  // mask minus the columns this row forbids outright
  __m512i sides;    // edge: columns 0 and N-1
  __m512i special;  // edge: a child queen here sets the tie flag (0: none on this row)
  bool at_bound2;   // edge: the "edge columns used by now" rule applies
  bool has_special;

  template <bool Edge>
  static RowRules make(const BranchRules& r, int row) {
    RowRules rr;
    Row forbid = 0;
    if (row < r.bound1) forbid = Edge ? r.sides : Row{2};
    rr.allowed = set1(r.mask & ~forbid);
    rr.sides = set1(r.sides);
    rr.at_bound2 = Edge && row == r.bound2;
    const Row special = !Edge ? 0 : row == r.bound1 ? r.top_bit : row == r.bound2 ? 1u : 0u;
    rr.special = set1(special);
    rr.has_special = special != 0;
    return rr;
  }

  // Free squares of 16 states; `live` lanes only, the rest 0.
  __m512i candidates(__mmask16 live, __m512i l, __m512i d, __m512i rt) const {
    __m512i free =
        _mm512_maskz_andnot_epi32(live, _mm512_or_si512(_mm512_or_si512(l, d), rt), allowed);
    if (at_bound2) {
      const __mmask16 any = _mm512_test_epi32_mask(d, sides);
      const __mmask16 both = _mm512_cmpeq_epi32_mask(_mm512_and_si512(d, sides), sides);
      free = _mm512_maskz_mov_epi32(any, free);
      free = _mm512_mask_and_epi32(free, static_cast<__mmask16>(any & ~both), free, sides);
    }
    return free;
  }
};

// Dead-end tests on a new state of row t (what its queens attack already rules out any
// completion), cheap enough to run on every child because they are lane-wise and branch-free:
//  - the last row has no square left that is allowed and not yet attacked (the diagonals
//    reach it shifted by N-1-t rows);
//  - edge branch: column 0 (or N-1) is still empty but every square where the rules still
//    let it take its queen (rows max(t, bound1) .. bound2) is attacked on a diagonal.
struct Prune {
  __m128i shift;   // N-1-t
  __m128i shift2;  // N-2-t
  __m128i shift3;  // N-3-t
  __m128i shift4;  // N-4-t (0 on row N-3: the state's own row)
  __m512i last;    // allowed last-row squares
  __m512i span0;   // right-diagonal bits of column 0's remaining rows (~0: no test)
  __m512i span1;   // left-diagonal bits of column N-1's remaining rows (~0: no test)
  __m512i one, top, mask;

  template <bool Edge>
  static Prune make(const BranchRules& r, int t) {
    Prune p;
    p.shift = _mm_cvtsi32_si128(r.n - 1 - t);
    p.shift2 = _mm_cvtsi32_si128(r.n - 2 - t);
    p.shift3 = _mm_cvtsi32_si128(r.n - 3 - t);
    p.shift4 = _mm_cvtsi32_si128(std::max(r.n - 4 - t, 0));
    p.mask = set1(r.mask);
    p.last = set1(r.mask & ~r.last_mask);
    Row s0 = ~Row{0}, s1 = ~Row{0};
    if (Edge && t <= r.bound2) {
      const int a = std::max(t, r.bound1) - t, b = r.bound2 - t;  // 0 <= a <= b <= N-2
      s0 = bits(a, b);
      s1 = bits(r.n - 1 - b, r.n - 1 - a);
    }
    p.span0 = set1(s0);
    p.span1 = set1(s1);
    p.one = set1(1u);
    p.top = set1(r.top_bit);
    return p;
  }

  // Columns lo..hi.
  static Row bits(int lo, int hi) { return ((Row{2} << hi) - 1) & ~((Row{1} << lo) - 1); }

  // Squares not attacked on row t + N-1-t etc.: NOR in one ternary-logic op, then a test
  // against the allowed squares (one op fewer per row than OR, ANDN, TEST). A function, not
  // a lambda, because clang's target attribute pragma does not reach lambdas.
  static __m512i open(__m512i l, __m512i d, __m512i rt, __m128i s) {
    return _mm512_ternarylogic_epi32(d, _mm512_sll_epi32(l, s), _mm512_srl_epi32(rt, s), 0x01);
  }

  // The lanes of `k` whose state (l, d, rt) can still be completed.
  template <bool Edge>
  __mmask16 keep(__mmask16 k, __m512i l, __m512i d, __m512i rt) const {
    __mmask16 ok = _mm512_mask_test_epi32_mask(k, open(l, d, rt, shift), last);
    ok = _mm512_mask_test_epi32_mask(ok, open(l, d, rt, shift2), mask);
    ok = _mm512_mask_test_epi32_mask(ok, open(l, d, rt, shift3), mask);
    ok = _mm512_mask_test_epi32_mask(ok, open(l, d, rt, shift4), mask);
    if constexpr (Edge) {
      const __mmask16 dead0 = _mm512_mask_cmpeq_epi32_mask(_mm512_testn_epi32_mask(d, one),
                                                           _mm512_and_si512(rt, span0), span0);
      const __mmask16 dead1 = _mm512_mask_cmpeq_epi32_mask(_mm512_testn_epi32_mask(d, top),
                                                           _mm512_and_si512(l, span1), span1);
      ok = static_cast<__mmask16>(ok & ~(dead0 | dead1));
    }
    return ok;
  }
};

inline __mmask16 live_lanes(int remaining) {
  return remaining >= kLanes ? __mmask16{0xFFFF} : static_cast<__mmask16>((1u << remaining) - 1);
}

// Expands states [pos, count) of `in` (row `row`) into `out` until `out` could overflow;
// advances pos and returns how many children were written.
template <bool Edge>
int expand(const BranchRules& r, int row, const Level& in, int& pos, int count, Level& out) {
  const RowRules rr = RowRules::make<Edge>(r, row);
  const Prune prune = Prune::make<Edge>(r, row + 1);
  const __m512i flag = set1(kFlag);
  const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const int limit = kCapacity - kLanes * (r.n - row);  // a vector has <= 16*(N-row) children
  int written = 0;
  int p = pos;
  while (p < count && written <= limit) {
    const __mmask16 live = live_lanes(count - p);
    const __m512i l = _mm512_maskz_loadu_epi32(live, in.left + p);
    const __m512i d = _mm512_maskz_loadu_epi32(live, in.down + p);
    const __m512i rt = _mm512_maskz_loadu_epi32(live, in.right + p);
    __m512i free = rr.candidates(live, l, d, rt);
    const __m512i index = _mm512_add_epi32(set1(static_cast<Row>(p)), iota);
    for (__mmask16 k = _mm512_test_epi32_mask(free, free); k != 0;
         k = _mm512_test_epi32_mask(free, free)) {
      const __m512i bit = _mm512_and_si512(free, _mm512_sub_epi32(_mm512_setzero_si512(), free));
      free = _mm512_xor_si512(free, bit);
      const __m512i nl = _mm512_slli_epi32(_mm512_or_si512(l, bit), 1);
      __m512i nd = _mm512_or_si512(d, bit);
      const __m512i nr = _mm512_srli_epi32(_mm512_or_si512(rt, bit), 1);
      const __mmask16 keep = prune.keep<Edge>(k, nl, nd, nr);
      if constexpr (Edge) {
        if (rr.has_special)  // rows bound1 and bound2 only
          nd = _mm512_mask_or_epi32(nd, _mm512_cmpeq_epi32_mask(bit, rr.special), nd, flag);
        _mm512_storeu_si512(out.parent + written, _mm512_maskz_compress_epi32(keep, index));
      }
      _mm512_storeu_si512(out.left + written, _mm512_maskz_compress_epi32(keep, nl));
      _mm512_storeu_si512(out.down + written, _mm512_maskz_compress_epi32(keep, nd));
      _mm512_storeu_si512(out.right + written, _mm512_maskz_compress_epi32(keep, nr));
      written += __builtin_popcount(keep);
    }
    p += kLanes;
  }
  pos = std::min(p, count);
  return written;
}

// Rebuilds the board of a leaf and classifies it: rows n-3..n-1 are given (bit3, bit2, last),
// the rows above come from walking parent[] up from state `index` of row n-3.
void classify_flagged(const JobStart& s, const Frontier& f, int index, Row bit3, Row bit2, Row last,
                      Tally& t) {
  const BranchRules& r = s.rules;
  Row board[kMaxCountN];
  for (int i = 0; i < s.start; ++i) board[i] = s.board[i];
  board[r.n - 1] = last;
  board[r.n - 2] = bit2;
  board[r.n - 3] = bit3;
  int i = index;
  for (int row = r.n - 3; row > s.start; --row) {
    const int parent = static_cast<int>(f.level[row].parent[i]);
    board[row - 1] = (f.level[row].down[i] ^ f.level[row - 1].down[parent]) & r.mask;
    i = parent;
  }
  classify_edge_leaf(r, board, t);
}

// Counts the leaves below states [0, count) of row n-3: each state's queens of row n-3 are
// peeled in registers, and the last two rows are then counted without a search: after row
// n-3 exactly two columns a < b are free, so the only completions are (a, b) and (b, a) for
// rows (n-2, n-1), each a few lane-wise tests. This keeps row n-2 (a third of all nodes at
// N = 16) out of memory altogether.
template <bool Edge>
void count_leaves(const JobStart& s, const Frontier& f, int count, Tally& t) {
  const BranchRules& r = s.rules;
  const int row = r.n - 3;
  const Level& in = f.level[row];
  const RowRules rr = RowRules::make<Edge>(r, row);
  const RowRules rr2 = RowRules::make<Edge>(r, row + 1);
  const __m512i mask = set1(r.mask);
  const __m512i last_allowed = set1(r.mask & ~r.last_mask);
  const __m512i flag = set1(kFlag);
  const __m512i end_bit = set1(r.end_bit);
  // A leaf whose only possible tie is the half turn (bottom queen at column N-1-bound1):
  // the turned board agrees with it on row 0 and, on row 1, has the queen of row N-2
  // reflected: column N-1-col(N-2) against col(1). Unless those are equal (then the full
  // comparison below decides), the leaf is decided right here: row N-2's queen left of
  // half_turn (the reflected row 1 queen) means it is the representative of a class of 8,
  // right of it means it is not the representative (at N = 16: 434k -> 312k full checks).
  const bool quick = Edge && s.start >= 2;
  const __m512i half_turn =
      set1(quick ? Row{1} << (r.n - 1 - std::countr_zero(s.board[1])) : Row{0});
  const __m512i zero = _mm512_setzero_si512();
  std::uint64_t plain = 0;
  for (int p = 0; p < count; p += kLanes) {
    const __mmask16 live = live_lanes(count - p);
    const __m512i l = _mm512_maskz_loadu_epi32(live, in.left + p);
    const __m512i d = _mm512_maskz_loadu_epi32(live, in.down + p);
    const __m512i rt = _mm512_maskz_loadu_epi32(live, in.right + p);
    __m512i free = rr.candidates(live, l, d, rt);
    __mmask16 flagged_state = 0;
    if constexpr (Edge) flagged_state = _mm512_test_epi32_mask(d, flag);
    for (__mmask16 k = _mm512_test_epi32_mask(free, free); k != 0;
         k = _mm512_test_epi32_mask(free, free)) {
      const __m512i bit = _mm512_and_si512(free, _mm512_sub_epi32(zero, free));
      free = _mm512_xor_si512(free, bit);
      const __m512i nl = _mm512_slli_epi32(_mm512_or_si512(l, bit), 1);
      const __m512i nd = _mm512_or_si512(d, bit);
      const __m512i nr = _mm512_srli_epi32(_mm512_or_si512(rt, bit), 1);
      // Row n-2's squares (with its rules) and the two free columns.
      const __m512i sq = rr2.candidates(k, nl, nd, nr);
      const __m512i two = _mm512_andnot_si512(nd, mask);
      const __m512i a = _mm512_and_si512(two, _mm512_sub_epi32(zero, two));
      const __m512i b = _mm512_xor_si512(two, a);
      // Queen of row n-2 on a, last queen on b; then the other way round.
      const __m512i last_b =
          _mm512_andnot_si512(_mm512_or_si512(_mm512_slli_epi32(_mm512_or_si512(nl, a), 1),
                                              _mm512_srli_epi32(_mm512_or_si512(nr, a), 1)),
                              _mm512_and_si512(b, last_allowed));
      const __m512i last_a =
          _mm512_andnot_si512(_mm512_or_si512(_mm512_slli_epi32(_mm512_or_si512(nl, b), 1),
                                              _mm512_srli_epi32(_mm512_or_si512(nr, b), 1)),
                              _mm512_and_si512(a, last_allowed));
      const __mmask16 leaf_ab =
          _mm512_mask_test_epi32_mask(_mm512_test_epi32_mask(sq, a), last_b, last_b);
      const __mmask16 leaf_ba =
          _mm512_mask_test_epi32_mask(_mm512_test_epi32_mask(sq, b), last_a, last_a);
      if constexpr (!Edge) {
        plain += static_cast<unsigned>(__builtin_popcount(leaf_ab) + __builtin_popcount(leaf_ba));
      } else {
        const __mmask16 state_flag =
            static_cast<__mmask16>(flagged_state | _mm512_cmpeq_epi32_mask(bit, rr.special));
        const __mmask16 rot_ab =
            static_cast<__mmask16>(state_flag | _mm512_cmpeq_epi32_mask(a, rr2.special));
        const __mmask16 rot_ba =
            static_cast<__mmask16>(state_flag | _mm512_cmpeq_epi32_mask(b, rr2.special));
        const __mmask16 half_ab = _mm512_cmpeq_epi32_mask(b, end_bit);
        const __mmask16 half_ba = _mm512_cmpeq_epi32_mask(a, end_bit);
        __mmask16 flagged_ab = static_cast<__mmask16>(leaf_ab & (rot_ab | half_ab));
        __mmask16 flagged_ba = static_cast<__mmask16>(leaf_ba & (rot_ba | half_ba));
        plain += static_cast<unsigned>(__builtin_popcount(leaf_ab & ~flagged_ab) +
                                       __builtin_popcount(leaf_ba & ~flagged_ba));
        if (quick) {
          const __mmask16 only_ab = static_cast<__mmask16>(flagged_ab & ~rot_ab);
          const __mmask16 only_ba = static_cast<__mmask16>(flagged_ba & ~rot_ba);
          const __mmask16 win_ab = _mm512_mask_cmplt_epu32_mask(only_ab, a, half_turn);
          const __mmask16 win_ba = _mm512_mask_cmplt_epu32_mask(only_ba, b, half_turn);
          const __mmask16 tie_ab = _mm512_mask_cmpeq_epi32_mask(only_ab, a, half_turn);
          const __mmask16 tie_ba = _mm512_mask_cmpeq_epi32_mask(only_ba, b, half_turn);
          plain += static_cast<unsigned>(__builtin_popcount(win_ab) + __builtin_popcount(win_ba));
          flagged_ab = static_cast<__mmask16>((flagged_ab & rot_ab) | tie_ab);
          flagged_ba = static_cast<__mmask16>((flagged_ba & rot_ba) | tie_ba);
        }
        if ((flagged_ab | flagged_ba) != 0) {
          alignas(64) Row bits[kLanes], as[kLanes], bs[kLanes];
          _mm512_store_si512(bits, bit);
          _mm512_store_si512(as, a);
          _mm512_store_si512(bs, b);
          for (unsigned m = flagged_ab; m != 0; m &= m - 1) {
            const int lane = __builtin_ctz(m);
            classify_flagged(s, f, p + lane, bits[lane], as[lane], bs[lane], t);
          }
          for (unsigned m = flagged_ba; m != 0; m &= m - 1) {
            const int lane = __builtin_ctz(m);
            classify_flagged(s, f, p + lane, bits[lane], bs[lane], as[lane], t);
          }
        }
      }
    }
  }
  t.size8 += plain;
}

template <bool Edge>
void frontier_search(const JobStart& s, Tally& t) {
  Frontier& f = frontier();
  const BranchRules& r = s.rules;
  const int leaf_row = r.n - 3;
  int pos[kRows], count[kRows];
  int row = s.start;
  Row flag0 = 0;
  if (Edge && ((s.start > r.bound1 && s.board[r.bound1] == r.top_bit) ||
               (s.start > r.bound2 && s.board[r.bound2] == 1u)))
    flag0 = kFlag;
  f.level[row].left[0] = s.left;
  f.level[row].down[0] = s.down | flag0;
  f.level[row].right[0] = s.right;
  f.level[row].parent[0] = 0;
  count[row] = 1;
  pos[row] = 0;
  for (;;) {
    if (row == leaf_row) {
      count_leaves<Edge>(s, f, count[row], t);
      pos[row] = count[row];
    }
    if (pos[row] >= count[row]) {
      if (row == s.start) return;
      --row;
      continue;
    }
    count[row + 1] = expand<Edge>(r, row, f.level[row], pos[row], count[row], f.level[row + 1]);
    pos[row + 1] = 0;
    ++row;
  }
}

Tally count_avx512(const JobStart& s) {
  Tally t;
  if (s.rules.branch == Branch::corner)
    frontier_search<false>(s, t);
  else
    frontier_search<true>(s, t);
  return t;
}

}  // namespace

#if defined(NQUEENS_FRONTIER_DISPATCH) && defined(__clang__)
#pragma clang attribute pop
#elif defined(NQUEENS_FRONTIER_DISPATCH)
#pragma GCC pop_options
#endif

namespace {

bool cpu_has_avx512() {
#if defined(NQUEENS_FRONTIER_DISPATCH)
  static const bool has = __builtin_cpu_supports("avx512f");
  return has;
#else
  return true;
#endif
}

}  // namespace

bool frontier_available(int n) {
  return n >= 4 && n <= 31 && cpu_has_avx512();
}

Tally count_frontier(const JobStart& s) {
  if (!s.valid) return Tally{};
  // The kernel starts at row n-3 at the latest (only the deepest jobs of small boards start
  // lower; their subtrees have a handful of nodes).
  if (s.start > s.rules.n - 3 || !cpu_has_avx512()) return count_scalar(s);
  return count_avx512(s);
}

#else  // no AVX-512: the scalar kernel does all the work

bool frontier_available(int) {
  return false;
}
Tally count_frontier(const JobStart& s) {
  return count_scalar(s);
}

#endif

}  // namespace nqueens::kernels
