// The vectorised counting kernel: a chunked frontier search over 16 states at a time.
//
// Why: the scalar search (count_kernel.hpp) spends about 15 cycles per node, most of them on
// mispredicted "any candidates left?" and "is there a leaf?" branches, which no amount of
// bit tricks removes from a one-state-at-a-time search. But every state on the same row of
// one job obeys the same rules (they depend only on the row and the job's bound1/bound2), so
// a whole row's worth of states can be expanded in SIMD lanes and the only data-dependent
// branch left is "does any of 16 lanes still have a candidate", taken a few times per 16
// states instead of once per node. Measured on one Zen 4 core (2.1 GHz, g++ 12 -O2
// -march=native), all jobs of N = 16 one after another, median of 3: scalar 1.85 s, this
// kernel 0.23 s (8x; about 2 cycles per node instead of 15), the plain mirror-halving
// backtracker of bench/baseline.hpp 3.56 s. N = 14: 0.046 s -> 0.006 s; N = 15: 0.28 -> 0.036.
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
// The row before the last is not stored: its children's last-row squares are tested in
// registers and the leaves counted with a popcount of the lane mask.
//
// Edge-branch leaves that may tie with a rotation (classify_edge_leaf's three conditions)
// need the whole board. Two of the conditions are on fixed rows (bound1, bound2), so the
// child created there carries a flag in bit 31 of `down` (unused while N <= 31); the third
// is on the last row. Flagged leaves are rare (~1%); each one rebuilds its board by walking
// parent[] (board[row-1] = down[row] ^ down[row-1] of the parent) and goes through the same
// classify_edge_leaf as the scalar kernel.
#include "count_frontier.hpp"

#include <algorithm>
#include <memory>

#if defined(__AVX512F__)
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
// g++ 12's own _mm512_slli/srli_epi32 trip this on their _mm512_undefined_epi32() operand.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#endif

namespace nqueens::kernels {

#if defined(__AVX512F__)

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

inline __m512i set1(Row x) { return _mm512_set1_epi32(static_cast<int>(x)); }

// The row's candidate rules (BranchRules::candidates) as vector constants.
struct RowRules {
  __m512i allowed;   // mask minus the columns this row forbids outright
  __m512i sides;     // edge: columns 0 and N-1
  __m512i special;   // edge: a child queen here sets the tie flag (0: none on this row)
  bool at_bound2;    // edge: the "edge columns used by now" rule applies

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
    return rr;
  }

  // Free squares of 16 states; `live` lanes only, the rest 0.
  __m512i candidates(__mmask16 live, __m512i l, __m512i d, __m512i rt) const {
    __m512i free = _mm512_maskz_andnot_epi32(live, _mm512_or_si512(_mm512_or_si512(l, d), rt),
                                             allowed);
    if (at_bound2) {
      const __mmask16 any = _mm512_test_epi32_mask(d, sides);
      const __mmask16 both = _mm512_cmpeq_epi32_mask(_mm512_and_si512(d, sides), sides);
      free = _mm512_maskz_mov_epi32(any, free);
      free = _mm512_mask_and_epi32(free, static_cast<__mmask16>(any & ~both), free, sides);
    }
    return free;
  }
};

inline __mmask16 live_lanes(int remaining) {
  return remaining >= kLanes ? __mmask16{0xFFFF}
                             : static_cast<__mmask16>((1u << remaining) - 1);
}

// Expands states [pos, count) of `in` (row `row`) into `out` until `out` could overflow;
// advances pos and returns how many children were written.
template <bool Edge>
int expand(const BranchRules& r, int row, const Level& in, int& pos, int count, Level& out) {
  const RowRules rr = RowRules::make<Edge>(r, row);
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
      if constexpr (Edge) {
        nd = _mm512_mask_or_epi32(nd, _mm512_cmpeq_epi32_mask(bit, rr.special), nd, flag);
        _mm512_storeu_si512(out.parent + written, _mm512_maskz_compress_epi32(k, index));
      }
      _mm512_storeu_si512(out.left + written, _mm512_maskz_compress_epi32(k, nl));
      _mm512_storeu_si512(out.down + written, _mm512_maskz_compress_epi32(k, nd));
      _mm512_storeu_si512(out.right + written, _mm512_maskz_compress_epi32(k, nr));
      written += __builtin_popcount(k);
    }
    p += kLanes;
  }
  pos = std::min(p, count);
  return written;
}

// Rebuilds the board of the leaf below state `index` of row n-2 and classifies it.
void classify_flagged(const JobStart& s, const Frontier& f, int index, Row bit, Row last,
                      Tally& t) {
  const BranchRules& r = s.rules;
  Row board[32];
  for (int i = 0; i < s.start; ++i) board[i] = s.board[i];
  board[r.n - 1] = last;
  board[r.n - 2] = bit;
  int i = index;
  for (int row = r.n - 2; row > s.start; --row) {
    const int parent = static_cast<int>(f.level[row].parent[i]);
    board[row - 1] = (f.level[row].down[i] ^ f.level[row - 1].down[parent]) & r.mask;
    i = parent;
  }
  classify_edge_leaf(r, board, t);
}

// Counts the leaves below states [0, count) of row n-2.
template <bool Edge>
void count_leaves(const JobStart& s, const Frontier& f, int count, Tally& t) {
  const BranchRules& r = s.rules;
  const int row = r.n - 2;
  const Level& in = f.level[row];
  const RowRules rr = RowRules::make<Edge>(r, row);
  const __m512i last_allowed = set1(r.mask & ~r.last_mask);
  const __m512i flag = set1(kFlag);
  const __m512i end_bit = set1(r.end_bit);
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
      const __m512i bit = _mm512_and_si512(free, _mm512_sub_epi32(_mm512_setzero_si512(), free));
      free = _mm512_xor_si512(free, bit);
      const __m512i nl = _mm512_slli_epi32(_mm512_or_si512(l, bit), 1);
      const __m512i nd = _mm512_or_si512(d, bit);
      const __m512i nr = _mm512_srli_epi32(_mm512_or_si512(rt, bit), 1);
      const __m512i last =
          _mm512_andnot_si512(_mm512_or_si512(_mm512_or_si512(nl, nd), nr), last_allowed);
      const __mmask16 leaf = _mm512_mask_test_epi32_mask(k, last, last);
      if constexpr (!Edge) {
        plain += static_cast<unsigned>(__builtin_popcount(leaf));
      } else {
        const __mmask16 flagged = static_cast<__mmask16>(
            leaf & (flagged_state | _mm512_cmpeq_epi32_mask(bit, rr.special) |
                    _mm512_cmpeq_epi32_mask(last, end_bit)));
        plain += static_cast<unsigned>(__builtin_popcount(leaf & ~flagged));
        if (flagged != 0) {
          alignas(64) Row bits[kLanes], lasts[kLanes];
          _mm512_store_si512(bits, bit);
          _mm512_store_si512(lasts, last);
          for (unsigned m = flagged; m != 0; m &= m - 1) {
            const int lane = __builtin_ctz(m);
            classify_flagged(s, f, p + lane, bits[lane], lasts[lane], t);
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
  const int leaf_row = r.n - 2;
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

}  // namespace

bool frontier_available(int n) { return n >= 4 && n <= 31; }

Tally count_frontier(const JobStart& s) {
  Tally t;
  if (!s.valid) return t;
  if (s.rules.branch == Branch::corner)
    frontier_search<false>(s, t);
  else
    frontier_search<true>(s, t);
  return t;
}

#else  // no AVX-512: the scalar kernel does all the work

bool frontier_available(int) { return false; }
Tally count_frontier(const JobStart& s) { return count_scalar(s); }

#endif

}  // namespace nqueens::kernels
