// The vectorised counting kernel: a chunked frontier search over a vector of states at a time,
// written once over a lane policy S so that every tier runs the very same algorithm: AVX-512
// (16 lanes, count_frontier_avx512.cpp), AVX2 (16 in two registers), NEON (4) and portable
// scalar (1 lane).
//
// Why: the scalar search (count_kernel.hpp) spends about 15 cycles per node, most of them on
// mispredicted "any candidates left?" and "is there a leaf?" branches, which no amount of
// bit tricks removes from a one-state-at-a-time search. But every state on the same row of
// one job obeys the same rules (they depend only on the row and the job's bound1/bound2), so
// a whole row's worth of states can be expanded in SIMD lanes and the only data-dependent
// branch left is "does any lane still have a candidate", taken a few times per vector of
// states instead of once per node: at N = 16, 93M stored states and 17M peel steps for the 244M
// nodes of the scalar search, which it counts about 12x faster (bench/kernel_bench).
//
// How: one buffer of states per row (struct of arrays, S::kLanes x 32-bit lanes per vector):
//
//   level[row]:  left[i] down[i] right[i] parent[i]    i < count[row] <= kFrontierCapacity
//                                         `- index of the state's parent in level[row-1]
//
// The search is depth-first over chunks: expand the next chunk of row k's states into row
// k+1's buffer (until it could overflow), descend and drain row k+1 the same way, then come
// back for the next chunk of row k. Memory stays bounded (kRows x kFrontierCapacity states) and
// parents stay put while their children are alive, so parent[] indices remain valid.
// Expanding a vector peels the lowest candidate bit of every lane per step and compresses
// the children of the lanes that had one into the next buffer (the policy's compress-store).
// The last two rows are not stored: row N-3's states are expanded in registers and, with two
// columns left, the two possible endings are tested lane-wise and counted with popcounts.
// Every new state also goes through cheap dead-end tests (Prune below: the last four rows
// still need a free square; the edge branch's side columns did too until BranchRules changed
// its representatives), which cut the states stored at N = 16 from 199M to 93M (each row
// tested costs ~4 vector ops per peel step; a fifth row was measured to cost more than it
// saves, and so was filtering the parents' candidates instead of testing the children); from
// five rows left, every free column must also keep an open square on some row: 76M (since
// then also on the row with six left, and the last three and four rows lose the squares no
// completion can use).
//
// Edge-branch leaves that may tie with a rotation (classify_edge_leaf's three conditions)
// need the whole board. Two of the conditions are on fixed rows (bound1, bound2), so the
// child created there carries a flag in bit 31 of `down` (unused while N <= 31); the third
// is on the last row. About a quarter of the edge leaves are flagged at N = 16 (434k of
// 1.85M). Their comparisons with the turned boards nearly always end at row 1, and up to
// N = 25 spare bits of `down` carry what row 1 needs (TieProbes), so count_leaves decides
// most of them in registers; above N = 25 only those whose only tie candidate is the half
// turn. The others (at N = 17 257k of 1.96M flagged leaves; 1.96M before the probes) rebuild
// their board by walking parent[] (board[row-1] = down[row] ^ down[row-1] of the parent) and
// go through the same classify_edge_leaf as the scalar kernel, a path slow enough that the
// probes pay for their bits.
//
// Include this header only inside a tier's translation unit, after every standard header
// and after count_frontier.hpp (a target pragma may be open around it: everything here is a
// template on S, and S lives in that TU's anonymous namespace, so no instance is shared with
// code compiled for another CPU).
//
// A policy S provides (V: a vector of S::kLanes 32-bit lanes, M: a lane mask; kPruneRows:
// how many of the last rows the dead-end tests look at, 1..4, the best count per tier, until
// the column cover takes over (Prune::kept's Cover), from where every tier tests them all;
// kRefill: whether lanes that run out of candidates take the next states, see peel_states):
//   load(p) store(p, v) (p aligned to the vector), zero() set1(x) iota()
//   and_ or_ xor_ add min (unsigned), andnot(a, b) = ~a & b, neg(v) = 0 - v, shl1/shr1,
//   optionally nor_and(a, b, c) = ~(a | b) & c in one instruction (else andnot and or_),
//   shift(n) and shl(v, shift)/shr(v, shift) for a count shared by all lanes,
//   is_zero(v) eq(a, b) lt(a, b) (signed; used without kRefill) all(): masks; mor mand
//   mandnot(a, b) = a & ~b;
//   clear(m, v) = m ? 0 : v, select(m, v) = m ? v : 0; bits(m): lane i -> bit i (kAllBits:
//   every lane); popcount(bits); all_zero(v);
//   perm(bits) and store_compressed(p, v, perm): the lanes named by `bits` stored from p on,
//   in order (a full vector may be written: buffers have kLanes of slack);
//   with kRefill: ranks(bits) (whatever refill needs), refill(old, m, ranks, p) (lane i of m takes
//   p[its rank among the lanes of m], the others keep old; reads up to p[kLanes - 1]) and
//   refill_index(old, m, ranks, p) (lane i of m takes p + its rank).
#pragma once

namespace nqueens::kernels::frontier {

// ~(a | b) & c: the policy's own form where it has one (AVX-512: one vpternlogd), else
// andnot(or_(a, b), c).
template <class S>
typename S::V nor_and(typename S::V a, typename S::V b, typename S::V c) {
  if constexpr (requires { S::nor_and(a, b, c); })
    return S::nor_and(a, b, c);
  else
    return S::andnot(S::or_(a, b), c);
}

// The lanes where v has any of `bits`.
template <class S>
typename S::M any_bits(typename S::V v, typename S::V bits) {
  return S::mandnot(S::all(), S::is_zero(S::and_(v, bits)));
}

inline constexpr int kCoverRows = 6;  // Prune::kept's column cover from this many rows left
inline constexpr int kRows = 32;
inline constexpr Row kFlag = Row{1} << 31;  // "this edge-branch board may tie with a rotation"
// Up to N = 25, spare bits of `down` also say which rotation a flagged board may tie with and
// how its comparison with that rotation goes at row 1, where nearly all of them end (TieProbes).
inline constexpr int kTieBitsMaxN = 25;
inline constexpr Row kTie90 = Row{1} << 30;    // column 0's queen on row bound2 (quarter turn)
inline constexpr Row kTie270 = Row{1} << 29;   // column N-1's queen on row bound1 (three quarters)
inline constexpr Row kAhead90 = Row{1} << 28;  // the quarter-turned board is the larger at row 1
inline constexpr Row kEven90 = Row{1} << 27;   // ... equal there (row 2 onwards decides)
inline constexpr Row kBehind270 = Row{1} << 26;  // the three-quarter-turned board is the smaller
inline constexpr Row kEven270 = Row{1} << 25;    // ... equal at row 1

template <class S>
struct Level {
  // kLanes of slack: a compressed store may write a full vector.
  alignas(64) Row left[tune::kFrontierCapacity + S::kLanes];
  alignas(64) Row down[tune::kFrontierCapacity + S::kLanes];
  alignas(64) Row right[tune::kFrontierCapacity + S::kLanes];
  alignas(64) std::uint32_t parent[tune::kFrontierCapacity + S::kLanes];
};

template <class S>
struct Frontier {
  Level<S> level[kRows];
};

// One set of buffers per thread and tier (base/tunables.hpp, kFrontierCapacity), allocated on
// the thread's first job.
template <class S>
Frontier<S>& buffers() {
  thread_local std::unique_ptr<Frontier<S>> f;
  if (!f) f = std::make_unique<Frontier<S>>();
  return *f;
}

// BranchRules::candidates as vector constants for one row.
template <class S>
struct RowRules {
  using V = typename S::V;
  using M = typename S::M;
  V allowed;       // mask minus the columns this row forbids outright
  V special;       // edge: a child queen here sets the tie flag (0: none on this row)
  V special_flag;  // edge: the bits it sets (kFlag, and kTie90 or kTie270 up to N = 25)
  bool has_special = false;

  template <bool Edge>
  static RowRules make(const BranchRules& r, int row) {
    RowRules rr;
    rr.allowed = S::set1(r.mask & ~r.forbidden(row));
    const Row special = !Edge ? 0 : row == r.bound1 ? r.top_bit : row == r.bound2 ? 1u : 0u;
    rr.special = S::set1(special);
    const Row tie = r.n > kTieBitsMaxN ? 0 : row == r.bound1 ? kTie270 : kTie90;
    rr.special_flag = S::set1(kFlag | tie);
    rr.has_special = special != 0;
    return rr;
  }

  // Free squares of the states; lanes in `off` are 0.
  V candidates(M off, V l, V d, V rt) const {
    return S::clear(off, S::andnot(S::or_(S::or_(l, d), rt), allowed));
  }
};

// Where a flagged edge-branch leaf's comparison with a turned board is decided at row 1 (the
// leaf's own row 1 is the job's, at column c1). The quarter-turned board's row 1 holds column
// N-1-r where r is the row of column 1's queen: it is the larger when r < N-1-c1, equal when
// r = N-1-c1. The three-quarter-turned board's row 1 holds column r' where r' is the row of
// column N-2's queen: it is the smaller when r' < c1, equal when r' = c1. So expanding row
// N-1-c1 (row90) tells the first and row c1 (row270) the second, by whether the column is taken
// already or taken on that row; rows of the job's prefix are told in the job's first state,
// and rows from N-3 on by count_leaves, which has them. Up to N = 25 (bits 25-30 of `down`)
// and from a prefix of two rows (`on`). Counted at N = 17: 91% of the quarter and
// three-quarter turns' comparisons end at row 1, and 65% of the half turn's (decided from
// rows 1 and N-2); those equal at row 1 get the full comparison.
struct TieProbes {
  bool on = false;
  int row90 = -1, row270 = -1;    // rows whose expansion sets the bits (-1: none)
  int leaf90 = -1, leaf270 = -1;  // the probe's row minus N-3 when it is a leaf's row (-1: not)
  Row col1 = Row{1} << 1, col_n2 = 0;  // columns 1 and N-2
  Row first = 0;  // the tie bits of the job's first state: kFlag (every N) and the ones above

  static TieProbes make(const JobStart& s) {
    TieProbes p;
    const BranchRules& r = s.rules;
    const int n = r.n;
    const bool tie90 = s.start > r.bound2 && s.board[r.bound2] == 1u;
    const bool tie270 = s.start > r.bound1 && s.board[r.bound1] == r.top_bit;
    if (tie90 || tie270) p.first = kFlag;
    if (n > kTieBitsMaxN || s.start < 2) return p;
    p.on = true;
    p.col_n2 = Row{1} << (n - 2);
    if (tie90) p.first |= kTie90;
    if (tie270) p.first |= kTie270;
    // Sets `earlier` (column `col` taken above row `row`) or `even` (taken on it) for the probe
    // of that column on that row; a leaf's rows are told in count_leaves.
    const auto probe = [&](int row, Row col, Row earlier, Row even, int& at, int& leaf) {
      if (row >= n - 3) {
        leaf = row - (n - 3);
      } else if (row < s.start) {
        for (int k = 0; k < row; ++k)
          if (s.board[k] == col) p.first |= earlier;
        if (s.board[row] == col) p.first |= even;
      } else {
        at = row;
      }
    };
    const int c1 = std::countr_zero(s.board[1]);
    probe(n - 1 - c1, p.col1, kAhead90, kEven90, p.row90, p.leaf90);
    probe(c1, p.col_n2, kBehind270, kEven270, p.row270, p.leaf270);
    return p;
  }
};

// Dead-end tests on new states of row t (see "How" above): the last four rows must each keep
// an open square, and from five rows left every free column must keep one on some row. The
// edge branch has no test of its own for an empty side column: its queen stands near a corner
// (BranchRules), on rows the other tests reach first, so such a test costs more than it prunes.
template <class S>
struct Prune {
  using V = typename S::V;
  typename S::Shift shift, shift2, shift3, shift4, shift5, shift6;  // N-1-t .. N-6-t (at least 0)
  V last;                                                           // allowed last-row squares
  V mask;

  static Prune make(const BranchRules& r, int t) {
    Prune p;
    p.shift = S::shift(r.n - 1 - t);
    p.shift2 = S::shift(r.n - 2 - t);
    p.shift3 = S::shift(r.n - 3 - t);
    p.shift4 = S::shift(std::max(r.n - 4 - t, 0));
    p.shift5 = S::shift(std::max(r.n - 5 - t, 0));
    p.shift6 = S::shift(std::max(r.n - 6 - t, 0));
    p.mask = S::set1(r.mask);
    p.last = S::set1(r.last_allowed());
    return p;
  }

  // Squares of the row `s` rows below that no diagonal of (l, rt) attacks, among `free`.
  static V open(V l, V rt, typename S::Shift s, V free) {
    return nor_and<S>(S::shl(l, s), S::shr(rt, s), free);
  }

  // The lanes to keep, as bits: those with a child (`bit` not 0) whose state may still be
  // completed. A lane is dead when its bit or one of the tested rows' open squares is zero,
  // that is when their minimum is: one compare for all of them. Returned as the kept lanes
  // rather than the dead ones, so that the cover's two conditions take one mask operation
  // (AVX2: one andnot instead of an andnot with all ones, an or and a flip of the bits).
  //
  // Cover (row t >= N - kCoverRows, so the tested rows are all the rows left): every free
  // column also needs an open square on one of those rows, else no queen can take it. The
  // union of the open squares must equal the free columns; it kills 29-45% of the children
  // that pass the rows' test at N = 17 (rows N-5 to N-3), for one more row's open squares,
  // four ors and a compare. The row next to the child (o5) joins the rows' test here, where its
  // open squares are at hand anyway.
  //
  // Cover: 0 for the rows' test alone, else the number of rows left (3 to kCoverRows), each an
  // instance of its own that opens exactly those rows, so that no row is tested twice.
  //
  // Cover == 6: the test on the row with six rows left, its own instance so that the rows
  // below pay nothing for it. The larger the board, the more states that row holds, so
  // it pays most at large N.
  template <int Cover>
  unsigned kept(V bit, V l, V d, V rt) const {
    const V free = S::andnot(d, mask);
    if constexpr (Cover > 0) {
      static_assert(Cover >= 3 && Cover <= kCoverRows, "the cover spans three to six rows");
      // Exactly the rows left: o1 is the last row, o<Cover> the child's own.
      V o[kCoverRows];
      o[0] = open(l, rt, shift, S::andnot(d, last));
      // Near the end, squares no completion can use, by where the free columns lie alone:
      // - three rows left (three free columns): the queen of row N-2 is next to both others
      //   (rows N-3 and N-1), so its column cannot be next to another free one;
      // - four rows left: the queens of rows N-3 and N-2 have a row on each side, so their
      //   column cannot have both neighbours free (one of those would go next to it).
      V inner2 = free, inner3 = free;
      if constexpr (Cover == 3) inner2 = nor_and<S>(S::shl1(free), S::shr1(free), free);
      if constexpr (Cover == 4)
        inner2 = inner3 = S::andnot(S::and_(S::shl1(free), S::shr1(free)), free);
      o[1] = open(l, rt, shift2, inner2);
      o[2] = open(l, rt, shift3, inner3);
      if constexpr (Cover >= 4) o[3] = open(l, rt, shift4, free);
      if constexpr (Cover >= 5) o[4] = open(l, rt, shift5, free);
      if constexpr (Cover >= 6) o[5] = open(l, rt, shift6, free);
      V low = S::min(bit, o[0]);
      V covered = o[0];
      for (int k = 1; k < Cover; ++k) {
        low = S::min(low, o[k]);
        covered = S::or_(covered, o[k]);
      }
      return S::bits(S::mandnot(S::eq(covered, free), S::is_zero(low)));
    } else {
      V low = S::min(bit, open(l, rt, shift, S::andnot(d, last)));
      if constexpr (S::kPruneRows >= 2) low = S::min(low, open(l, rt, shift2, free));
      if constexpr (S::kPruneRows >= 3) low = S::min(low, open(l, rt, shift3, free));
      if constexpr (S::kPruneRows >= 4) low = S::min(low, open(l, rt, shift4, free));
      return S::bits(S::is_zero(low)) ^ S::kAllBits;
    }
  }
};

// Peels the candidates of states [pos, count) of one row's buffer `in`, one per lane and step:
// step(l, d, rt, bit, index) gets the lanes' states, their candidate for this step (0 in
// lanes without one) and the states' indices. `more()` says whether to take further states;
// when it turns false, the states already in the lanes are finished. Returns the index of
// the first state not taken.
//
// With S::kRefill, lanes whose state has no candidate left take the next states in order
// (an expanding load), so every step works on full lanes and no branch depends on how many
// candidates a state has. Lanes refilled past `count` take the row's seal (seal() below), states
// with no candidate, so no lane needs comparing with `count`. Without it, a vector of states is
// peeled until its richest lane is done (lanes are about half empty on average), then the next
// vector is loaded.
template <class S, bool Edge, class More, class Step>
int peel_states(const RowRules<S>& rr, const Level<S>& in, int pos, int count, More more,
                Step step) {
  using V = typename S::V;
  using M = typename S::M;
  constexpr int L = S::kLanes;
  const V iota = S::iota();
  int p = pos;
  if constexpr (S::kRefill) {
    V l = S::zero(), d = S::zero(), rt = S::zero(), index = S::zero(), free = S::zero();
    for (;;) {
      if (p < count && more()) {
        const M empty = S::is_zero(free);
        const unsigned em = S::bits(empty);
        const auto rank = S::ranks(em);
        l = S::refill(l, empty, rank, in.left + p);
        d = S::refill(d, empty, rank, in.down + p);
        rt = S::refill(rt, empty, rank, in.right + p);
        index = S::refill_index(index, empty, rank, static_cast<Row>(p));
        const M off = S::mandnot(S::all(), empty);
        free = S::or_(free, rr.candidates(off, l, d, rt));
        p += S::popcount(em);
      } else if (S::all_zero(free)) {
        break;
      }
      const V bit = S::and_(free, S::neg(free));
      free = S::xor_(free, bit);
      step(l, d, rt, bit, index);
    }
  } else {
    while (p < count && more()) {
      const M off = S::mandnot(S::all(), S::lt(iota, S::set1(static_cast<Row>(count - p))));
      const V l = S::load(in.left + p);
      const V d = S::load(in.down + p);
      const V rt = S::load(in.right + p);
      V free = rr.candidates(off, l, d, rt);
      const V index = S::add(S::set1(static_cast<Row>(p)), iota);
      while (!S::all_zero(free)) {
        const V bit = S::and_(free, S::neg(free));
        free = S::xor_(free, bit);
        step(l, d, rt, bit, index);
      }
      p += L;
    }
  }
  return std::min(p, count);
}

// Expands states [pos, count) of `in` (row `row`) into `out` until `out` could overflow;
// advances pos and returns how many children were written.
template <class S, bool Edge, int Cover>
int expand(const BranchRules& r, const TieProbes& probes, int row, const Level<S>& in, int& pos,
           int count, Level<S>& out) {
  using V = typename S::V;
  constexpr int L = S::kLanes;
  const RowRules<S> rr = RowRules<S>::template make<Edge>(r, row);
  const Prune<S> prune = Prune<S>::make(r, row + 1);
  // The tie probes of this row (TieProbes; for odd N both can fall on one row): columns 1 and
  // N-2, and the bits for "taken above" and "taken here" (0 where the probe is not here).
  const bool probe90 = Edge && row == probes.row90, probe270 = Edge && row == probes.row270;
  const V col1 = S::set1(probes.col1), col_n2 = S::set1(probes.col_n2);
  const V earlier90 = S::set1(probe90 ? kAhead90 : 0), even90 = S::set1(probe90 ? kEven90 : 0);
  const V earlier270 = S::set1(probe270 ? kBehind270 : 0);
  const V even270 = S::set1(probe270 ? kEven270 : 0);
  // States in the lanes have at most L*(N-row) children between them, plus one step's.
  const int limit = tune::kFrontierCapacity - L * (r.n - row) - L;
  int written = 0;
  pos = peel_states<S, Edge>(
      rr, in, pos, count, [&] { return written <= limit; },
      [&](V l, V d, V rt, V bit, V index) {
        const V nl = S::shl1(S::or_(l, bit));
        V nd = S::or_(d, bit);
        const V nr = S::shr1(S::or_(rt, bit));
        const unsigned keep = prune.template kept<Cover>(bit, nl, nd, nr);
        const auto perm = S::perm(keep);
        if constexpr (Edge) {
          if (rr.has_special)  // rows bound1 and bound2 only
            nd = S::or_(nd, S::select(S::eq(bit, rr.special), rr.special_flag));
          if (probe90 || probe270) {  // two rows of the job at most
            const auto mark = [&](V col, V earlier, V even) {
              return S::or_(S::select(any_bits<S>(d, col), earlier),
                            S::select(S::eq(bit, col), even));
            };
            nd = S::or_(nd,
                        S::or_(mark(col1, earlier90, even90), mark(col_n2, earlier270, even270)));
          }
          S::store_compressed(out.parent + written, index, perm);
        }
        S::store_compressed(out.left + written, nl, perm);
        S::store_compressed(out.down + written, nd, perm);
        S::store_compressed(out.right + written, nr, perm);
        written += S::popcount(keep);
      });
  return written;
}

// Rebuilds the board of a leaf and classifies it: rows n-3..n-1 are given (bit3, bit2, last),
// the rows above come from walking parent[] up from state `index` of row n-3.
template <class S>
void classify_flagged(const JobStart& s, const Frontier<S>& f, int index, Row bit3, Row bit2,
                      Row last, Tally& t) {
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
template <class S, bool Edge>
void count_leaves(const JobStart& s, const TieProbes& probes, const Frontier<S>& f, int count,
                  Tally& t) {
  using V = typename S::V;
  using M = typename S::M;
  constexpr int L = S::kLanes;
  const BranchRules& r = s.rules;
  const int row = r.n - 3;
  const Level<S>& in = f.level[row];
  const RowRules<S> rr = RowRules<S>::template make<Edge>(r, row);
  const RowRules<S> rr2 = RowRules<S>::template make<Edge>(r, row + 1);
  const V mask = S::set1(r.mask);
  const V last_allowed = S::set1(r.last_allowed());
  const V flag = S::set1(kFlag);
  const V end_bit = S::set1(r.end_bit);
  const V col1 = S::set1(probes.col1), col_n2 = S::set1(probes.col_n2);
  // The half turn (bottom queen at column N-1-bound1): the turned board agrees with the leaf
  // on row 0 and, on row 1, has the queen of row N-2 reflected: column N-1-col(N-2) against
  // col(1). Unless those are equal (then the full comparison decides), row N-2's queen left of
  // half_turn (the reflected row 1 queen) means the turned board is the larger, right of it
  // the smaller. With the tie probes this is one of the three decisions; above N = 25 it
  // decides the leaves whose only possible tie is the half turn (at N = 16 it took the full
  // checks from 434k to 312k before the probes).
  const bool quick = Edge && s.start >= 2;
  const V half_turn = S::set1(quick ? Row{1} << (r.n - 1 - std::countr_zero(s.board[1])) : Row{0});
  std::uint64_t plain = 0;
  peel_states<S, Edge>(
      rr, in, 0, count, [] { return true; },
      [&](V l, V d, V rt, V bit, V index) {
        M flagged_state{};
        if constexpr (Edge) flagged_state = any_bits<S>(d, flag);
        const V nl = S::shl1(S::or_(l, bit));
        const V nd = S::or_(d, bit);
        const V nr = S::shr1(S::or_(rt, bit));
        // Row n-2's squares (with its rules) and the two free columns a < b.
        const V sq = rr2.candidates(S::is_zero(bit), nl, nd, nr);
        const V two = S::andnot(nd, mask);
        const V a = S::and_(two, S::neg(two));
        const V b = S::xor_(two, a);
        // Queen of row n-2 on a, last queen on b; then the other way round.
        const V last_b =
            nor_and<S>(S::shl1(S::or_(nl, a)), S::shr1(S::or_(nr, a)), S::and_(b, last_allowed));
        const V last_a =
            nor_and<S>(S::shl1(S::or_(nl, b)), S::shr1(S::or_(nr, b)), S::and_(a, last_allowed));
        const M no_ab = S::is_zero(S::min(S::and_(sq, a), last_b));
        const M no_ba = S::is_zero(S::min(S::and_(sq, b), last_a));
        if constexpr (!Edge) {
          plain += static_cast<unsigned>(S::popcount(S::bits(no_ab) ^ S::kAllBits) +
                                         S::popcount(S::bits(no_ba) ^ S::kAllBits));
        } else {
          const M all = S::all();
          const M leaf_ab = S::mandnot(all, no_ab);
          const M leaf_ba = S::mandnot(all, no_ba);
          const M state_flag = S::mor(flagged_state, S::eq(bit, rr.special));
          const M rot_ab = S::mor(state_flag, S::eq(a, rr2.special));
          const M rot_ba = S::mor(state_flag, S::eq(b, rr2.special));
          const M flagged_ab = S::mand(leaf_ab, S::mor(rot_ab, S::eq(b, end_bit)));
          const M flagged_ba = S::mand(leaf_ba, S::mor(rot_ba, S::eq(a, end_bit)));
          unsigned slow_ab = S::bits(flagged_ab), slow_ba = S::bits(flagged_ba);
          plain += static_cast<unsigned>(S::popcount(S::bits(leaf_ab) & ~slow_ab) +
                                         S::popcount(S::bits(leaf_ba) & ~slow_ba));
          if ((slow_ab | slow_ba) == 0) return;
          if (quick) {
            // Each turn the leaf may tie with, in classify_edge_leaf's order, decided at row 1
            // from the state's bits (TieProbes) and, for the half turn, from row N-2's queen x
            // against half_turn as below; a comparison equal at row 1 goes to the full one.
            // Without the probes (above N = 25) a quarter or three-quarter turn tie (kFlag)
            // always does, and only the half turn is decided here.
            const bool on = probes.on;
            const auto has = [&](Row bits) { return any_bits<S>(d, S::set1(bits)); };
            const M tie270 = on ? has(kTie270) : M{};
            const M ahead90_above = on ? has(kAhead90) : M{};
            const M even90_above = on ? has(kEven90) : all;
            const M behind270_above = on ? has(kBehind270) : M{};
            const M even270_above = on ? has(kEven270) : M{};
            // The quarter-turn tie on a row above, or on row N-3 if that is bound2.
            const M tie90_above = S::mor(on ? has(kTie90) : flagged_state, S::eq(bit, rr.special));
            // A probe on row N-3+j (TieProbes::leaf90, leaf270): the column taken above it (in
            // the state, or on the leaf's rows before it) or on it. rows: the queens of N-3..N-1.
            const auto probe = [&](V col, int j, const V(&rows)[3], M& earlier, M& even) {
              earlier = any_bits<S>(d, col);
              for (int k = 0; k < j; ++k) earlier = S::mor(earlier, S::eq(rows[k], col));
              even = S::eq(rows[j], col);
            };
            // flagged: the leaf's lanes with a tie; x, y: the queens of rows N-2 and N-1.
            const auto decide = [&](M flagged, V x, V y) {
              M ahead90 = ahead90_above, even90 = even90_above;
              M behind270 = behind270_above, even270 = even270_above;
              const V rows[3] = {bit, x, y};
              if (probes.leaf90 >= 0) probe(col1, probes.leaf90, rows, ahead90, even90);
              if (probes.leaf270 >= 0) probe(col_n2, probes.leaf270, rows, behind270, even270);
              const M tie90 = S::mor(tie90_above, S::eq(x, rr2.special));  // N-2 is bound2
              M slow = S::mand(flagged, S::mand(tie90, even90));
              M kept = flagged;
              kept = S::mandnot(kept, S::mandnot(tie90, ahead90));
              const M tie180 = S::eq(y, end_bit);
              slow = S::mor(slow, S::mand(kept, S::mand(tie180, S::eq(x, half_turn))));
              kept = S::mandnot(kept, S::mandnot(tie180, S::lt(x, half_turn)));
              slow = S::mor(slow, S::mand(kept, S::mand(tie270, even270)));
              kept = S::mandnot(kept, S::mand(tie270, S::mor(behind270, even270)));
              plain += static_cast<unsigned>(S::popcount(S::bits(kept)));
              return S::bits(slow);
            };
            slow_ab = decide(flagged_ab, a, b);
            slow_ba = decide(flagged_ba, b, a);
          }
          if ((slow_ab | slow_ba) != 0) {
            alignas(64) Row bits[L], as[L], bs[L], at[L];
            S::store(bits, bit);
            S::store(at, index);
            S::store(as, a);
            S::store(bs, b);
            for (unsigned m = slow_ab; m != 0; m &= m - 1) {
              const int lane = std::countr_zero(m);
              classify_flagged(s, f, static_cast<int>(at[lane]), bits[lane], as[lane], bs[lane], t);
            }
            for (unsigned m = slow_ba; m != 0; m &= m - 1) {
              const int lane = std::countr_zero(m);
              classify_flagged(s, f, static_cast<int>(at[lane]), bits[lane], bs[lane], as[lane], t);
            }
          }
        }
      });
  t.size8 += plain;
}

// Marks the end of a row's states: the kLanes slots after the last hold states with every
// column taken, so lanes refilled past the end get no candidates.
template <class S>
void seal(Level<S>& level, int count) {
  if constexpr (S::kRefill) std::fill_n(level.down + count, S::kLanes, ~Row{0});
}

template <class S, bool Edge>
void search(const JobStart& s, Tally& t) {
  Frontier<S>& f = buffers<S>();
  const BranchRules& r = s.rules;
  const int leaf_row = r.n - 3;
  int pos[kRows], count[kRows];
  int row = s.start;
  const TieProbes probes = Edge ? TieProbes::make(s) : TieProbes{};
  const Row flag0 = probes.first;
  f.level[row].left[0] = s.left;
  f.level[row].down[0] = s.down | flag0;
  f.level[row].right[0] = s.right;
  f.level[row].parent[0] = 0;
  count[row] = 1;
  seal<S>(f.level[row], 1);
  pos[row] = 0;
  for (;;) {
    if (row == leaf_row) {
      count_leaves<S, Edge>(s, probes, f, count[row], t);
      pos[row] = count[row];
    }
    if (pos[row] >= count[row]) {
      if (row == s.start) return;
      --row;
      continue;
    }
    // The children's row t = row + 1 has N - t rows left (itself included).
    const int left = r.n - (row + 1);
    const Level<S>& in = f.level[row];
    Level<S>& out = f.level[row + 1];
    const auto expand_with = [&]<int Cover>() {
      return expand<S, Edge, Cover>(r, probes, row, in, pos[row], count[row], out);
    };
    switch (left) {
      case 3:
        count[row + 1] = expand_with.template operator()<3>();
        break;
      case 4:
        count[row + 1] = expand_with.template operator()<4>();
        break;
      case 5:
        count[row + 1] = expand_with.template operator()<5>();
        break;
      case 6:
        count[row + 1] = expand_with.template operator()<6>();
        break;
      default:
        count[row + 1] = expand_with.template operator()<0>();
        break;
    }
    seal<S>(f.level[row + 1], count[row + 1]);
    pos[row + 1] = 0;
    ++row;
  }
}

// The whole job: the frontier for 4 <= N <= 31 and a start at row N-3 at the latest, else
// the scalar reference (N = 32, and the deepest jobs of tiny boards).
template <class S>
Tally count(const JobStart& s) {
  if (!s.valid) return Tally{};
  if (s.rules.n < 4 || s.rules.n > 31 || s.start > s.rules.n - 3) return count_scalar(s);
  Tally t;
  if (s.rules.branch == Branch::corner)
    search<S, false>(s, t);
  else
    search<S, true>(s, t);
  return t;
}

}  // namespace nqueens::kernels::frontier
