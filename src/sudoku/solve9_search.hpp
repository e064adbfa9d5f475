// The 9x9 fast path: digit-band bitboards with band-level locked candidates.
//
// State: for each digit d and band b (three rows), a 27-bit word of the places where d can
// still go in that band, F[3*d + b]:
//
//        col 0 ........ col 8
//   row0  bit  0 ..  8          box 0 = cols 0-2 = bits {0,1,2, 9,10,11, 18,19,20}
//   row1  bit  9 .. 17          (mask 0x1c0e07), box 1 = that << 3, box 2 = << 6
//   row2  bit 18 .. 26
//
// A digit that is placed stays as the single bit of its row, so "every row of every word is
// non-empty" is the whole consistency condition within a band. Rules, applied to a word when
// it changed since it was last looked at (State::pending marks those words):
//   - band permutation (locked candidates): in a band a digit occupies exactly one mini-row
//     (row x box, 3 cells) per row and per box, i.e. a 3x3 permutation matrix. Keep only
//     mini-rows that lie on some permutation that fits (6 permutations, one 512-entry
//     table from the 9-bit mini-row occupancy). Covers pointing and claiming inside the band
//     and detects empty rows or boxes (no permutation fits -> word becomes 0).
//     (A box with one place left needs no rule of its own: the table keeps only that
//     mini-row for the box, so the cell is left alone in its row, a row single.)
//   - row single (hidden single in a row): a row with one place left is a placed digit:
//     clear that cell from the other 8 digits and that column from the other rows/bands.
// When no word changes, naked singles (a cell with one digit left, found per band with
// once/twice accumulators over the nine digit words) fix the digit's place in its row, and
// the loop runs again; so does the per-digit pass (column singles, stack permutation).
// A round that starts with three or more pending words hands the rest of the propagation
// to `propagate_all`, which applies all of these rules at once to the 27 words in four
// 256-bit vectors until nothing changes (the same fixpoint).
// Then it guesses on the bivalue cell with the most open peers.
//
// Each trade-off is noted where it is made; the measurements behind them are in CHANGELOG.md.
//
// One source, four tiers (docs/SUDOKU.md, "Solver tiers"): the search is a template over the
// forms of the few steps that have instruction-set code of their own (`Portable` below, and
// `Avx2`, `Avx512` derived from it in solve9_avx2.hpp and solve9_avx512.cpp), and each tier file
// (solve9_avx512.cpp, solve9_avx2.cpp, solve9_sse4.cpp, solve9_scalar.cpp) instantiates it with
// its forms inside a code region for its instruction set (base/isa.hpp); solve9.cpp picks one
// at run time. Include it only there, after every standard header and <immintrin.h> (x86), so
// that no inline function shared with the rest of the program is compiled for instructions the
// CPU may lack. Nothing here runs before main (the tables are constants), for the same reason.
#pragma once

// The rules pass 256-bit GNU vectors (V8 below) by value. Without AVX that passing has an
// ABI of its own, which the compilers warn about; every function here is internal to the tier
// (an anonymous namespace) and inlined, so no call crosses that boundary. Not popped: gcc
// reports the warning at the end of the tier file.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace sudoku {
namespace {

constexpr std::uint32_t kBandAll = 0x7ffffff;
constexpr std::uint32_t kRowMask[3] = {0x1ff, 0x1ff << 9, 0x1ff << 18};
constexpr std::uint32_t kBoxMask[3] = {0x1c0e07, 0x1c0e07 << 3, 0x1c0e07 << 6};
constexpr std::uint32_t kColumnRepeat = 0x40201;  // bits 0, 9, 18: one column in all 3 rows

// The six 3x3 permutation matrices (the box of each row of a band).
constexpr int kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

struct Tables {
  // perm_cells[m]: for a 9-bit mini-row occupancy m (bit 3*row + box), the cells of every
  // mini-row that lies on a permutation contained in m; 0 when none fits.
  std::uint32_t perm_cells[512];
  // row_boxes[r]: for the 9 bits of one row, which of its 3 mini-rows are non-empty.
  std::uint8_t row_boxes[512];
  // peers[p]: the row and box of bit p in its band; column[p]: its column in a band.
  // 32 entries (the last five zero) so that the choice of a cell reads them as vectors.
  alignas(64) std::uint32_t peers[32];
  alignas(64) std::uint32_t column[32];
  // Built by the compiler: a constructor that ran before main would be code compiled for this
  // file's instructions, run on whatever CPU loads the library.
  constexpr Tables() : perm_cells{}, row_boxes{}, peers{}, column{} {
    for (int p = 0; p < 27; ++p) {
      peers[p] = 0x1ffu << (9 * (p / 9)) | 0x1c0e07u << (3 * (p % 9 / 3));
      column[p] = 0x40201u << (p % 9);
    }
    for (std::uint32_t m = 0; m < 512; ++m) {
      std::uint32_t allowed = 0;
      for (const auto& p : kPerms) {
        std::uint32_t pat = 1u << p[0] | 1u << (3 + p[1]) | 1u << (6 + p[2]);
        if ((m & pat) == pat) allowed |= pat;
      }
      std::uint32_t cells = 0;
      for (int r = 0; r < 3; ++r)
        for (int k = 0; k < 3; ++k)
          if (allowed >> (3 * r + k) & 1) cells |= 7u << (9 * r + 3 * k);
      perm_cells[m] = cells;
      row_boxes[m] = static_cast<std::uint8_t>(((m & 7) != 0) | ((m & 070) != 0) << 1 |
                                               ((m & 0700) != 0) << 2);
    }
  }
};
constexpr Tables kTables;

inline std::uint32_t row_of(std::uint32_t bit) {
  return bit <= 0x1ff ? kRowMask[0] : bit <= 0x3fe00 ? kRowMask[1] : kRowMask[2];
}

constexpr std::uint8_t kBandOf[27] = {0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1,
                                      2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2};

struct alignas(64) State {
  std::uint32_t F[32];  // 27 used: F[3*d + b]
  // Bit i set when F[i] changed since the band rules last looked at it. Every write that
  // removes a place sets the word's bit, without a branch, so no copy of F is compared with F
  // after a round of word updates: such a compare's wide loads wait for the round's scalar
  // stores to retire (they cannot be forwarded), and the copy would make the state a guess
  // copies 320 bytes, not 192.
  std::uint32_t pending;
  std::uint32_t unsolved[3];
  // Words changed since the naked-single pass (dirty_n) and the digit pass (dirty_d) last
  // ran: the union of the rounds' changed words since then.
  std::uint32_t dirty_n, dirty_d;
};

// The rows of a word (all nine bits of each) that hold a bit of v (27 bits), for one word or
// for the lanes of a vector. Each row plus 0x1ff carries into the bit above it when it is not
// empty (rows 0 and 2 together, row 1 apart, so that no carry lands in a row), and that bit
// less its ninth is the row's mask: fewer operations than a compare per row, and no branch.
template <typename V>
inline V rows_of(V v) {
  const V f = (((v & 0x7fc01ff) + 0x7fc01ff) & 0x8000200) | (((v & 0x3fe00) + 0x3fe00) & 0x40000);
  return f - (f >> 9);
}
// v with each row's lowest bit taken away: not zero in a row holding two bits or more.
template <typename V>
inline V beyond_first_in_rows(V v) {
  return v & (v - (rows_of(v) & kColumnRepeat));
}

// Which bands (bit b) have a word that changed, from a 27-bit word mask.
inline std::uint32_t bands_of(std::uint32_t words) {
  return ((words & 0x1249249) != 0) | ((words & 0x2492492) != 0) << 1 |
         ((words & 0x4924924) != 0) << 2;
}

// Removes `cells` from word i of F; returns word i's pending bit (State::pending) when it
// lost a place, 0 when it had none of them. The rules' writes go through it (a guess marks its
// word itself).
inline std::uint32_t remove_places(std::uint32_t* F, int i, std::uint32_t cells) {
  const std::uint32_t w = F[i];
  F[i] = w & ~cells;
  return static_cast<std::uint32_t>((w & cells) != 0) << i;
}

// Clears `cells` from the nine digit words of band b, one scalar and-not each; returns the
// words that lost a place (bits as State::pending). gcc's own vectorisation of this strided
// loop gathered and scattered lane by lane and cost more than the rest of the band update,
// and a masked AVX-512 and-not stalls the scalar loads that follow (store forwarding), so
// the loop is kept scalar.
// clang keeps it scalar by itself (the same code with `#pragma clang loop vectorize(disable)`)
// and has no `optimize` attribute.
#if defined(__clang__)
#define SUDOKU_NO_TREE_VECTORIZE
#else
#define SUDOKU_NO_TREE_VECTORIZE __attribute__((optimize("no-tree-vectorize")))
#endif
SUDOKU_NO_TREE_VECTORIZE inline std::uint32_t clear_in_band(State& s, int b, std::uint32_t cells) {
  std::uint32_t* band = &s.F[b];
  std::uint32_t changed = 0;
#pragma GCC unroll 9
  for (int e = 0; e < 27; e += 3) changed |= remove_places(band, e, cells);
  return changed << b;
}

// Rectangles that prove a second solution. Two digits a and b on the corners of a rectangle
// (a b in one row, b a in the other, or the same in two columns) whose two sides lie in two
// boxes can trade places: every row, column and box keeps its digits, so when none of the four
// cells is given the grid with them swapped is a second solution. Such a rectangle lies in two
// rows of one band (its columns in two stacks) or in two columns of one stack. On serg's
// 10,000 puzzles with several solutions, 63% of first solutions hold one; the search for the
// second solution, about 13% of the work there, then stops at once.
//
// Both kinds are checked in "units" of three one-hot 9-bit fields per digit: a band's word
// (a field per row: the digit's column there) and a stack's word (a field per column of the
// stack: the digit's row there). Digit d's places in fields i and j give its pair, field i |
// field j; two digits with the same pair form a rectangle, on the two lines of the pair in
// fields i and j.

constexpr std::uint32_t kSlotsLow = 0x1ff7fdff;    // 0x1ff in each 10-bit slot
constexpr std::uint32_t kSlotsGuard = 0x20080200;  // bit 9 of each slot

// Digit d's stack word from its three band words `w`: bit 9 * m + 3 * b + k set when d is in
// row 3 * b + k and column 3 * s + m. The stack's columns of each band (bits 9 * k + m), side
// by side, then k and m exchanged by two delta swaps.
template <typename V, typename Ops>
inline V stack_word(const V* w, int s, const Ops& op) {
  V u = op.or_(op.or_(op.and_(op.shr(w[0], 3 * s), kBoxMask[0]),
                      op.shl(op.and_(op.shr(w[1], 3 * s), kBoxMask[0]), 3)),
               op.shl(op.and_(op.shr(w[2], 3 * s), kBoxMask[0]), 6));
  V t = op.and_(op.xor_(op.shr(u, 8), u), 0x24892);  // (k, m) = (0, 1), (1, 2): 8 apart
  u = op.xor_(u, op.or_(t, op.shl(t, 8)));
  t = op.and_(op.xor_(op.shr(u, 16), u), 0x124);  // (k, m) = (0, 2): 16 apart
  return op.xor_(u, op.or_(t, op.shl(t, 16)));
}

// A unit word's three pairs (fields 0-1, 0-2, 1-2), each in a 10-bit slot (bits 0, 10, 20).
template <typename V, typename Ops>
inline V unit_pairs(V x, const Ops& op) {
  const V x9 = op.shr(x, 9), x18 = op.shr(x, 18);
  return op.or_(
      op.or_(op.and_(op.or_(x, x9), kRowMask[0]), op.shl(op.and_(op.or_(x, x18), kRowMask[0]), 10)),
      op.shl(op.and_(op.or_(x9, x18), kRowMask[0]), 20));
}

// `pairs` with every slot whose rectangle holds a given replaced by `sentinel`'s slot (one bit,
// different for each digit, so it equals no other digit's slot). `given_pairs`: unit_pairs of
// the unit's word of given cells (any digit); a rectangle holds a given when its two lines in
// fields i and j have one in either of its two places.
template <typename V, typename Ops>
inline V free_pairs(V pairs, V given_pairs, V sentinel, const Ops& op) {
  // Bit 9 of a slot set when the slot is not zero; that minus its bit 0 is the slot's 9 bits.
  const V flags = op.and_(op.add(op.and_(pairs, given_pairs), kSlotsLow), kSlotsGuard);
  const V blocked = op.sub(flags, op.shr(flags, 9));
  return op.xor_(pairs, op.and_(op.xor_(pairs, sentinel), blocked));
}

// The operations the functions above and below are written in, on one word or on the
// 32-bit lanes of a 256-bit register: GNU vector arithmetic on `L` (std::uint32_t, or a
// vector of eight), lane-wise, a scalar operand (a constant mask) broadcast to every lane.
// One form for both, so each rule is written once.
template <typename L>
struct WordOps {
  template <typename Y>
  static auto lanes(Y y) {
    if constexpr (sizeof(Y) == sizeof(L))
      return (L)y;
    else
      return static_cast<std::uint32_t>(y);
  }
  template <typename V>
  static V shr(V x, int n) {
    return (V)(lanes(x) >> n);
  }
  template <typename V>
  static V shl(V x, int n) {
    return (V)(lanes(x) << n);
  }
  template <typename V, typename Y>
  static V and_(V x, Y y) {
    return (V)(lanes(x) & lanes(y));
  }
  template <typename V>
  static V or_(V x, V y) {
    return (V)(lanes(x) | lanes(y));
  }
  template <typename V>
  static V xor_(V x, V y) {
    return (V)(lanes(x) ^ lanes(y));
  }
  template <typename V>
  static V add(V x, std::uint32_t y) {
    return (V)(lanes(x) + y);
  }
  template <typename V>
  static V sub(V x, V y) {
    return (V)(lanes(x) - lanes(y));
  }
};
using ScalarOps = WordOps<std::uint32_t>;
// Eight words in the lanes of a 256-bit register (two 128-bit ones without AVX2), four in a
// 128-bit one, with GNU vector arithmetic.
using V8 = std::uint32_t __attribute__((vector_size(32)));
using V4 = std::uint32_t __attribute__((vector_size(16)));
using LaneOps = WordOps<V8>;

// The sentinel of digit d: 1 << d in each slot.
constexpr std::uint32_t sentinel_of(int d) {
  return 0x100401u << d;
}

// The stack rule for a digit, all three stacks at once: the vertical twin of the band
// permutation. `m`: bit 9*b + c set when the digit can still take column c in band b (its
// mini-column there). In each stack the digit takes one mini-column per band and one per
// column of the stack, a 3x3 permutation matrix (rows: bands; columns: the stack's three).
// A mini-column lies on a permutation within m when it is set and the two other bands and
// columns hold one of their two diagonals; the others are cleared. A stack left with none
// has no permutation: the digit cannot be placed. Arithmetic instead of a 512-entry table,
// so that vector lanes need no gather and all three stacks go in one word.
template <typename V, typename Ops>
inline V fitting_columns(V m, const Ops& op) {
  // m's entry at (b + k, c) at (b, c), bands taken mod 3.
  const auto bands = [&op](V x, int k) {
    return op.and_(op.or_(op.shr(x, 9 * k), op.shl(x, 27 - 9 * k)), kBandAll);
  };
  // m's entry at (b, c + 1) and (b, c + 2), the columns taken mod 3 within each stack.
  const V c1 = op.or_(op.and_(op.shr(m, 1), 0x36db6db), op.and_(op.shl(m, 2), 0x4924924));
  const V c2 = op.or_(op.and_(op.shr(m, 2), 0x1249249), op.and_(op.shl(m, 1), 0x6db6db6));
  return op.and_(m,
                 op.or_(op.and_(bands(c1, 1), bands(c2, 2)), op.and_(bands(c2, 1), bands(c1, 2))));
}

// Bits 0, 3 and 6 set for the stacks of a fitting_columns result that keep a mini-column
// (0x49: all three do).
template <typename V, typename Ops>
inline V stacks_kept(V fit, const Ops& op) {
  const V t = op.or_(fit, op.or_(op.shr(fit, 9), op.shr(fit, 18)));     // the columns, any band
  return op.and_(op.or_(t, op.or_(op.shr(t, 1), op.shr(t, 2))), 0x49);  // 0x49: all three
}

// The digit words in band layout, as the rules taken all at once (`propagate_all`), the start
// and the rectangle check hold them: lane d of X[b] is word 3*d + b for digits 0-7, lane b of X[3]
// is digit 8's word of band b (lanes 3-7 zero). The rules are lane-wise there but for two: sums
// over a band's nine digits (naked singles, the band's placements) fold lanes by shuffles, and
// digit 8's sums over its three bands take its lanes rotated by one and by two (the stack rule and
// the column singles are the same under a rotation of the bands, so lane b of the rotated pass is
// band b's result). One source for every tier: GNU vector arithmetic and `__builtin_shufflevector`,
// which each tier's compiler lowers to its own instructions (AVX2 permutes; AVX-512's three-input
// logic fuses the and/or chains; two 128-bit halves with SSE or NEON), as fast as AVX2
// intrinsics for the shuffles.
// The OR of the eight lanes.
inline std::uint32_t or_lanes(V8 v) {
  const V4 h =
      __builtin_shufflevector(v, v, 0, 1, 2, 3) | __builtin_shufflevector(v, v, 4, 5, 6, 7);
  const V4 q = h | __builtin_shufflevector(h, h, 2, 3, 2, 3);
  return q[0] | q[1];
}
// Lane b of v in every lane.
template <int b>
inline V8 lane_of(V8 v) {
  return __builtin_shufflevector(v, v, b, b, b, b, b, b, b, b);
}
// Lanes 0-2 rotated by one (lane 0 takes lane 1) and by two; lane 3 and the high half stay.
inline V8 rotate1(V8 v) {
  return __builtin_shufflevector(v, v, 1, 2, 0, 3, 5, 6, 4, 7);
}
inline V8 rotate2(V8 v) {
  return __builtin_shufflevector(v, v, 2, 0, 1, 3, 6, 4, 5, 7);
}
// Digit 8's three band words (or any three per-band values) as three "bands" lane-wise:
// lane b of out[0], out[1], out[2] holds band b, b + 1, b + 2 (mod 3).
inline void rotations(V8 v, V8* out) {
  out[0] = v;
  out[1] = rotate1(v);
  out[2] = rotate2(v);
}
// Three per-band words in lanes 0-2 (lanes 3-7 zero), the form X[3] and the per-band sums take.
inline V8 band_words(const std::uint32_t* w) {
  return V8{w[0], w[1], w[2], 0, 0, 0, 0, 0};
}
// Per-band values `v` (band b in lane b) for each register of the band layout: band b's value
// in every lane of out[b], b < 3, and `v` itself for X[3].
inline void for_each_register(V8 v, V8* out) {
  out[0] = lane_of<0>(v);
  out[1] = lane_of<1>(v);
  out[2] = lane_of<2>(v);
  out[3] = v;
}
// Lanes 0-2 of X[3] (digit 8's words), the others zero.
constexpr V8 kDigit8Lanes = {kBandAll, kBandAll, kBandAll, 0, 0, 0, 0, 0};
// Row r + k in row r's place, rows taken mod 3 (bits above 26 are left over).
inline V8 rows_up(V8 y, int k) {
  return y >> (9 * k) | y << (27 - 9 * k);
}
template <typename V>
inline V repeat3(V m) {
  return m | m << 9 | m << 18;
}
template <typename V>
inline V columns_of(V y) {
  return (y | y >> 9 | y >> 18) & 0x1ff;
}
// Once and twice (o, t) over lane pairs `k` apart (1 or 2) within each half.
template <int k>
inline void fold_lanes(V8& o, V8& t) {
  const auto swap = [](V8 v) {
    return __builtin_shufflevector(v, v, 0 ^ k, 1 ^ k, 2 ^ k, 3 ^ k, 4 ^ k, 5 ^ k, 6 ^ k, 7 ^ k);
  };
  const V8 po = swap(o);
  t |= swap(t) | (o & po);
  o |= po;
}
// Lane 0 of `low` (band 0), lane 4 of `low` (band 1), lane 2 of `band2`, in lanes 0-2.
inline V8 bands_in_lanes(V8 low, V8 band2) {
  return __builtin_shufflevector(low, band2, 0, 4, 10, 3, 0, 0, 0, 0);
}
// F's 32 words (F[27..31] zero) in the lanes of X and back: lane d of X[b] is F[3*d + b],
// lane b of X[3] is F[24 + b]. Two-register shuffles of F's first three loads.
inline void to_lanes(const std::uint32_t* F, V8* X) {
  V8 w[4];
  std::memcpy(w, F, sizeof w);
  X[0] = __builtin_shufflevector(__builtin_shufflevector(w[0], w[1], 0, 3, 6, 9, 12, 15, 0, 0),
                                 w[2], 0, 1, 2, 3, 4, 5, 10, 13);
  X[1] = __builtin_shufflevector(__builtin_shufflevector(w[0], w[1], 1, 4, 7, 10, 13, 0, 0, 0),
                                 w[2], 0, 1, 2, 3, 4, 8, 11, 14);
  X[2] = __builtin_shufflevector(__builtin_shufflevector(w[0], w[1], 2, 5, 8, 11, 14, 0, 0, 0),
                                 w[2], 0, 1, 2, 3, 4, 9, 12, 15);
  X[3] = w[3];
}
inline void from_lanes(const V8* X, std::uint32_t* F) {
  const V8 w[4] = {
      __builtin_shufflevector(__builtin_shufflevector(X[0], X[1], 0, 8, 0, 1, 9, 0, 2, 10), X[2], 0,
                              1, 8, 3, 4, 9, 6, 7),
      __builtin_shufflevector(__builtin_shufflevector(X[0], X[1], 0, 3, 11, 0, 4, 12, 0, 5), X[2],
                              10, 1, 2, 11, 4, 5, 12, 7),
      __builtin_shufflevector(__builtin_shufflevector(X[0], X[1], 13, 0, 6, 14, 0, 7, 15, 0), X[2],
                              0, 13, 2, 3, 14, 5, 6, 15),
      X[3]};
  std::memcpy(F, w, sizeof w);
}
// Once and twice over each band's digits 0-7 (x[0..2]), band b in lane b.
inline void band_sums(const V8* x, V8& once, V8& twice) {
  const V8 a = __builtin_shufflevector(x[0], x[1], 0, 1, 2, 3, 8, 9, 10, 11);
  const V8 c = __builtin_shufflevector(x[0], x[1], 4, 5, 6, 7, 12, 13, 14, 15);
  const V8 e = __builtin_shufflevector(x[2], x[2], 4, 5, 6, 7, 0, 1, 2, 3);
  V8 o = a | c, t = a & c, o2 = x[2] | e, t2 = x[2] & e;
  fold_lanes<2>(o, t);
  fold_lanes<2>(o2, t2);
  fold_lanes<1>(o, t);
  fold_lanes<1>(o2, t2);
  once = bands_in_lanes(o, o2);
  twice = bands_in_lanes(t, t2);
}

// The band rule and the row singles of eight words (`u`: the open cells of each word's
// band): returns the words with only the cells that lie on a permutation of their
// mini-rows (the table's rule, by rotations of the mini-row bits as `fitting_columns` does
// for stacks); `P` gets their rows with one place on an open cell.
inline V8 band_rule8(V8 w, V8 u, V8& P) {
  const V8 g = (w | w >> 1 | w >> 2) & 0x1249249;
  const V8 c1 = (g >> 3 & 0x241209) | (g << 6 & 0x1008040);  // box k + 1 in box k's place
  const V8 c2 = (g >> 6 & 0x40201) | (g << 3 & 0x1209048);   // box k + 2
  const V8 allowed = ((rows_up(c1, 1) & rows_up(c2, 2)) | (rows_up(c2, 1) & rows_up(c1, 2))) & g;
  const V8 x = w & (allowed | allowed << 1 | allowed << 2);
  const V8 z = x & (x - kColumnRepeat);  // rows with two places or more
  P = x & u & ~rows_of(z);
  return x;
}

// Column singles and the stack rule of one digit (the vertical twin of the band rule: in
// each stack the digit takes one mini-column per band and per column, a 3x3 permutation), on
// its three band words `v` (`u`: each band's open cells), one word each or lane-wise: the
// cells each band keeps (`keep`) and the digit's column singles (`hidden`, in all three rows).
// Not zero (in a lane) where the digit has a column without a place or a stack without a
// permutation.
// The columns (9 bits) of a digit's nine rows, its three band words `v`: once and twice.
template <typename V>
inline void fold_rows(const V* v, V& once, V& twice) {
  for (int b = 0; b < 3; ++b)
    for (int r = 0; r < 3; ++r) {
      const V row = v[b] >> (9 * r) & 0x1ff;
      twice |= once & row;
      once |= row;
    }
}

template <typename V>
inline V digit_rule(const V* v, const V* u, V* keep, V& hidden) {
  V once{}, twice{}, placed{}, occ[3];
  fold_rows(v, once, twice);
  for (int b = 0; b < 3; ++b) {
    placed |= v[b] & ~u[b];
    occ[b] = columns_of(v[b]);
  }
  const WordOps<V> op;
  const V fit = fitting_columns(occ[0] | occ[1] << 9 | occ[2] << 18, op);
  hidden = repeat3(once & ~(twice | columns_of(placed)));
  for (int b = 0; b < 3; ++b) keep[b] = repeat3(fit >> (9 * b) & 0x1ff);
  return (V)(once != 0x1ff) | (V)(stacks_kept(fit, op) != 0x49);
}

// A band word `y` with its column singles (`hidden`, digit_rule's) placed: a row holding one
// keeps exactly that cell, a row holding two is left empty (a contradiction the band rule
// reports), the other rows stay.
template <typename V>
inline V keep_column_singles(V y, V hidden) {
  const V t = y & hidden;
  const V rows = rows_of(t);
  return (y & ~rows) | (t & ~rows_of(beyond_first_in_rows(t)));
}

// True when the solution `F` (each digit's band words, 32-byte aligned) has a rectangle none
// of whose cells is given (`any_given`: the band words of the given cells).
template <class Forms>
inline bool has_free_rectangle(const std::uint32_t* F, const std::uint32_t* any_given) {
  // Digits 0-7 in lanes, digit 8 broadcast. Every place of a field lies in exactly two pairs
  // of the slot, so the nine pairs XOR to zero and digit 8's is the XOR of the other eight.
  // Lanes are compared with the lanes rotated by 1 to 4, which meets every two of them.
  const LaneOps op;
  V8 x[4];
  to_lanes(F, x);
  const V8 sentinel = {sentinel_of(0), sentinel_of(1), sentinel_of(2), sentinel_of(3),
                       sentinel_of(4), sentinel_of(5), sentinel_of(6), sentinel_of(7)};
  V8 repeat = {};
  const auto compare = [&repeat](V8 v, V8 other) {
    repeat |= ~((v ^ other) + kSlotsLow) & kSlotsGuard;
  };
  const auto unit = [&](V8 w, std::uint32_t given_word) {
    const V8 pairs = unit_pairs(w, op);
    const V8 given_pairs = V8{} + unit_pairs(given_word, ScalarOps{});
    V8 h = pairs ^ __builtin_shufflevector(pairs, pairs, 4, 5, 6, 7, 0, 1, 2, 3);
    h ^= __builtin_shufflevector(h, h, 2, 3, 0, 1, 6, 7, 4, 5);
    h ^= __builtin_shufflevector(h, h, 1, 0, 3, 2, 5, 4, 7, 6);
    const V8 v = free_pairs(pairs, given_pairs, sentinel, op);
    compare(v, __builtin_shufflevector(v, v, 1, 2, 3, 4, 5, 6, 7, 0));
    compare(v, __builtin_shufflevector(v, v, 2, 3, 4, 5, 6, 7, 0, 1));
    compare(v, __builtin_shufflevector(v, v, 3, 4, 5, 6, 7, 0, 1, 2));
    compare(v, __builtin_shufflevector(v, v, 4, 5, 6, 7, 0, 1, 2, 3));
    compare(v, free_pairs(h, given_pairs, V8{} + sentinel_of(8), op));
  };
  for (int b = 0; b < 3; ++b) unit(x[b], any_given[b]);
  for (int s = 0; s < 3; ++s) unit(stack_word(x, s, op), stack_word(any_given, s, ScalarOps{}));
  return Forms::any(repeat);
}

// Cells 0-63 of a digit from its three band words `w` (cells 64-80 are w[2] >> 10). Only the
// vector forms of write_cells use it.
[[maybe_unused]] inline std::uint64_t low_cells(const std::uint32_t* w) {
  return w[0] | static_cast<std::uint64_t>(w[1]) << 27 | static_cast<std::uint64_t>(w[2]) << 54;
}

// The steps with a form of their own per instruction set, as a tier's `Forms` (the search's
// template argument) gives them: these portable ones for any CPU (the `sse4` and `scalar`
// tiers), AVX2 ones (solve9_avx2.hpp, the `avx2` and `avx512` tiers) and AVX-512 ones
// (solve9_avx512.cpp) derived from them, each replacing the steps its instructions do faster.
struct Portable {
  // The mini-rows of a band word that hold a place: bit 3 * row + box.
  static inline std::uint32_t mini_rows(std::uint32_t x) {
    return kTables.row_boxes[x & 0x1ff] | kTables.row_boxes[x >> 9 & 0x1ff] << 3 |
           kTables.row_boxes[x >> 18] << 6;
  }

  // Which digits (bit d) have a word that changed, from a 27-bit word mask: bits 0, 3, ...,
  // 24 of the words' OR by threes, packed by three shift-and-mask steps (pext without BMI2)
  // instead of a 9-step loop.
  static inline std::uint32_t digits_of(std::uint32_t words) {
    std::uint32_t m = words | words >> 1 | words >> 2;
    m &= 0x1249249;
    m = (m | m >> 2) & 0x10c30c3;  // pairs at bits 0, 6, 12, 18; bit 24
    m = (m | m >> 4) & 0x100f00f;  // nibbles at bits 0, 12; bit 24
    m = (m | m >> 8) & 0x100ff;    // a byte at bit 0; bit 16
    return (m | m >> 8) & 0x1ff;
  }

  // True when a lane of v is not zero.
  static inline bool any(V8 v) { return or_lanes(v) != 0; }

  // Bit i set where word i of F (32 words) is not zero.
  static inline std::uint32_t nonzero_words(const std::uint32_t* F) {
    V8 x[4];
    std::memcpy(x, F, sizeof x);
    const V8 weight = {1, 2, 4, 8, 16, 32, 64, 128};
    V8 m = {};
    for (int k = 0; k < 4; ++k) m |= (V8)(x[k] != 0) & (weight << 8 * k);
    return or_lanes(m);
  }

  // Writes a solved grid's 81 cells (1-9) from its digit words (cell 27 * b + p is bit p of
  // band b's word), a loop over each word's bits; the vector forms set each digit's cells by
  // byte masks instead, since this loop's 27 exits, which the predictor cannot learn, took 4% of
  // the solver's time on serg when it returns the solution.
  static inline void write_cells(const std::uint32_t* F, std::uint8_t* out) {
    for (int d = 0; d < 9; ++d)
      for (int b = 0; b < 3; ++b)
        for (std::uint32_t x = F[3 * d + b]; x; x &= x - 1)
          out[27 * b + std::countr_zero(x)] = static_cast<std::uint8_t>(d + 1);
  }

  // How many open cells see the cell at bit p of band b (its row and box in the band, its
  // column in the other two bands): the more, the more a guess there propagates. One
  // popcount: the band's peers in the high half, the column in the other two bands in the
  // low half, the second band's column bits moved up by one (column c's bits are c, c+9,
  // c+18, so c+1, c+10, c+19 are free once masked).
  static int open_peers(const std::uint32_t* open, int b, int p) {
    const std::uint32_t column = kTables.column[p];
    const std::uint64_t bits = static_cast<std::uint64_t>(open[b] & kTables.peers[p]) << 32 |
                               (open[b == 0 ? 1 : 0] & column) |
                               (open[b == 2 ? 1 : 2] & column) << 1;
    return std::popcount(bits);
  }

  // The best bivalue cell (bits of `two`, by band) as one key, score above the place (the
  // first place wins a tie, 127 - place), kept by max without a branch: which cell scores
  // best is data the predictor cannot learn. -1 when there is none.
  static int best_bivalue(const std::uint32_t* open, const std::uint32_t* two) {
    int best = -1;
    for (int b = 0; b < 3; ++b)
      for (std::uint32_t t = two[b]; t; t &= t - 1) {
        const int p = std::countr_zero(t);
        const int score = 3 * open_peers(open, b, p) + open_peers(two, b, p);
        best = std::max(best, score << 7 | (127 - (32 * b + p)));
      }
    return best;
  }

  // The given cells of each digit as band words (given[3 * d + b], bit 9 * row + column of
  // band b). False when a cell holds a value over 9. (Unused where a tier has its own.)
  [[maybe_unused]] static bool given_words(const std::uint8_t* cells, std::uint32_t* given);
};

bool Portable::given_words(const std::uint8_t* cells, std::uint32_t* given) {
  // Branch-free: an empty cell goes to a word that is thrown away.
  std::uint32_t words[30] = {};
  unsigned over = 0;
  for (int i = 0; i < 81; ++i) {
    const unsigned v = cells[i];
    over |= v > 9;
    words[3 * (v > 9 ? 0 : v) + i / 27] |= 1u << (i % 27);
  }
  std::memcpy(given, words + 3, 27 * sizeof *given);
  return over == 0;
}

template <class Forms>
struct Search {
  std::uint64_t limit;
  std::uint64_t solutions = 0;
  std::uint64_t guesses = 0;
  std::uint8_t* first = nullptr;
  const std::uint32_t* any_given = nullptr;  // band words of the given cells
  int depth = 0;                             // guesses open on the way to this node

  // Applies the band rules to word i. False on contradiction.
  static bool update(State& s, int i) {
    const int b = kBandOf[i];
    std::uint32_t x = s.F[i];
    std::uint32_t pending = s.pending;
    // A box with one place left needs no rule of its own: only one permutation keeps that
    // mini-row, so the table below leaves the cell alone in its row (a row single).
    x &= kTables.perm_cells[Forms::mini_rows(x)];
    if (x == 0) return false;
    const std::uint32_t checked = x;
    // Every row has a place left (the permutation fits), so x less each row's lowest bit
    // borrows in no other row: the rows with two places or more are those left non-empty.
    const std::uint32_t singles = x & ~rows_of(x & (x - kColumnRepeat));
    // A branch, though the predictor cannot learn it (46% of updates place a digit on
    // serg): without it every update would store into the band's nine words and the digit's
    // other two, so the next update's load of its word would wait for this one's whole chain
    // (load, pext, table, singles, store).
    if (const std::uint32_t placed = singles & s.unsolved[b]) {
      s.unsolved[b] &= ~placed;
      pending |= clear_in_band(s, b, placed);  // word i too: its own bit is set below
      const std::uint32_t columns = (placed | placed >> 9 | placed >> 18) & 0x1ff;
      const std::uint32_t cm = columns * kColumnRepeat;
      x &= ~cm | placed;
      const int base = i - b;
      pending |= remove_places(s.F, base + (b == 0 ? 1 : 0), cm) |
                 remove_places(s.F, base + (b == 2 ? 1 : 2), cm);
    }
    s.F[i] = x;
    // Looked at as `checked` (whatever marked it before); the columns its own placements
    // clear are looked at next round.
    s.pending = (pending & ~(1u << i)) | static_cast<std::uint32_t>(x != checked) << i;
    return true;
  }

  // Naked singles: -1 contradiction, 0 none, 1 some placed.
  static int naked_singles(State& s, std::uint32_t bands) {
    int found = 0;
    for (int b = 0; b < 3; ++b) {
      const std::uint32_t u = s.unsolved[b];
      if (!u || !(bands >> b & 1)) continue;
      std::uint32_t once = 0, twice = 0;
      for (int d = 0; d < 9; ++d) {
        std::uint32_t f = s.F[3 * d + b];
        twice |= once & f;
        once |= f;
      }
      if (u & ~once) return -1;
      const std::uint32_t single = u & ~twice;
      if (!single) continue;
      found = 1;
      for (int d = 0; d < 9; ++d) {
        std::uint32_t t = s.F[3 * d + b] & single;
        while (t) {
          const std::uint32_t p = t & (~t + 1);
          t &= t - 1;
          s.pending |= remove_places(s.F, 3 * d + b, row_of(p) & ~p);
        }
      }
    }
    return found;
  }

  // Per digit, across bands: a column with one place left (hidden single in a column), and
  // the stack permutation (a digit occupies one mini-column per band and per box column
  // triple in each stack), the vertical twin of the band rule. -1/0/1 as naked_singles.
  // Digits 0-7 at once, lane d of X[b] being F[3*d + b] (`to_lanes`), the same rule as the
  // scalar pass below, lane-wise; digit 8 goes through the scalar pass (when its words
  // changed). Same eliminations as the scalar pass on every digit, so the search is
  // unchanged. Every tier runs this form: a nine-lane AVX-512 pass and all nine digits in these
  // lanes (digit 8 by its rotated lanes) were slower, and it is level with or faster than the
  // scalar pass on the `sse4` and `scalar` tiers.
  static int digit_pass(State& s, std::uint32_t digits) {
    V8 X[4];
    to_lanes(s.F, X);
    V8 Ub[4], keep[3], hidden;
    for_each_register(band_words(s.unsolved), Ub);
    if (Forms::any(digit_rule(X, Ub, keep, hidden))) return -1;
    V8 Y[4] = {{}, {}, {}, X[3]}, lost[4] = {};
    for (int b = 0; b < 3; ++b) {
      Y[b] = keep_column_singles(X[b] & keep[b], hidden);
      lost[b] = Y[b] ^ X[b];
    }
    const bool changed = Forms::any(lost[0] | lost[1] | lost[2]);
    if (changed) {
      alignas(32) std::uint32_t words[32];
      from_lanes(lost, words);
      s.pending |= Forms::nonzero_words(words);
      from_lanes(Y, s.F);
    }
    const int last = digit_pass_scalar(s, digits & 0x100);
    if (last < 0) return -1;
    return changed || last ? 1 : 0;
  }

  // The per-digit pass one digit at a time (digits: bit d for digit d; digit 8 of digit_pass).
  static int digit_pass_scalar(State& s, std::uint32_t digits) {
    int found = 0;
    for (; digits; digits &= digits - 1) {
      const int d = std::countr_zero(digits);
      std::uint32_t* f = &s.F[3 * d];
      std::uint32_t keep[3], hidden;
      if (digit_rule(f, s.unsolved, keep, hidden)) return -1;
      for (int b = 0; b < 3; ++b) {
        const std::uint32_t x = keep_column_singles(f[b] & keep[b], hidden);
        const bool lost = x != f[b];
        found |= lost;
        s.pending |= static_cast<std::uint32_t>(lost) << (3 * d + b);
        f[b] = x;
      }
    }
    return found;
  }

  // Every rule at once. One iteration takes the whole state, applies the band rule, row singles,
  // naked singles, column singles and the stack rule to it as it stands, then makes every placement
  // found: each placed cell leaves the band's other digit words, its column the digit's other
  // bands. Iterations run until one changes nothing. The rules and their consequences are the word
  // updates', so the fixpoint is the same and so are the guesses (serg 6.025, magictour 9.752,
  // 17-clue 0.641, the hardest 80.307 a puzzle). Where the word updates take a word at a time, with
  // a branch on whether it placed a digit and loads that wait on the last update's stores, an
  // iteration has no branch but its exits and works on all 27 words; a propagation needs about half
  // as many iterations as the word updates take rounds and passes (3.3 a propagation on the hardest
  // set; docs/SUDOKU.md, "Every rule at once"), so it pays where many words are pending.
  //
  // The words are in band layout in lanes (`to_lanes`, above Search), one source for every
  // tier: F's own layout in two 512-bit registers needs lane shifts across registers for the
  // band sums and permutes into this layout for the digit rule, and is slower.
  static bool propagate_all(State& s) {
    V8 X[4];
    to_lanes(s.F, X);
    V8 U = band_words(s.unsolved);
    for (;;) {
      V8 Ub[4];
      for_each_register(U, Ub);
      V8 x[4], P[4];
      for (int k = 0; k < 4; ++k) x[k] = band_rule8(X[k], Ub[k], P[k]);
      if (Forms::any((V8)(x[0] == 0) | (V8)(x[1] == 0) | (V8)(x[2] == 0) |
                     ((V8)(x[3] == 0) & kDigit8Lanes)))
        return false;
      // Naked singles: an open cell with no digit, or a solved one with two, fails.
      {
        V8 once, twice;
        band_sums(x, once, twice);
        twice |= once & x[3];
        once |= x[3];
        if (Forms::any((U & ~once) | (twice & ~U & kDigit8Lanes))) return false;
        const V8 n3 = U & ~twice;
        V8 nb[4];
        for_each_register(n3, nb);
        for (int k = 0; k < 4; ++k) P[k] |= x[k] & nb[k];
      }
      // Column singles and the stack rule, digit by digit, only in an iteration where the
      // rules above change nothing, as the word updates run their digit pass only at the band
      // rules' fixpoint (the last iteration still applies every rule); the same guesses.
      if (!Forms::any(P[0] | P[1] | P[2] | P[3] | (x[0] ^ X[0]) | (x[1] ^ X[1]) | (x[2] ^ X[2]) |
                      (x[3] ^ X[3]))) {
        V8 keep[3], hidden, keep8[3], hidden8, v8[3], u8[3];
        rotations(x[3], v8);
        rotations(U, u8);
        if (Forms::any(digit_rule(x, Ub, keep, hidden) |
                       (digit_rule(v8, u8, keep8, hidden8) & kDigit8Lanes)))
          return false;
        for (int b = 0; b < 3; ++b) {
          x[b] &= keep[b];
          P[b] = (P[b] | (hidden & Ub[b])) & x[b];
        }
        x[3] &= keep8[0];
        P[3] = (P[3] | (hidden8 & U)) & x[3];
      }
      // Placements: a digit placed twice in a column or in a row of a word fails.
      V8 cm, cm8;
      {
        const V8 p0 = columns_of(P[0]), p1 = columns_of(P[1]), p2 = columns_of(P[2]);
        V8 q[3];
        rotations(columns_of(P[3]), q);
        if (Forms::any((p0 & p1) | (p2 & (p0 | p1)) | (q[0] & q[1]) | (q[2] & (q[0] | q[1]))))
          return false;
        cm = repeat3(p0 | p1 | p2);
        cm8 = repeat3(q[0] | q[1] | q[2]);
      }
      // The union of each band's placements, band b in lane b.
      V8 up, twice_unused;
      band_sums(P, up, twice_unused);
      up |= P[3];
      // A row of a word holding placements keeps only them; the band's placed cells and the
      // digit's placed columns leave the word, its own placements stay.
      V8 two = {}, changed = {}, ub[4];
      for_each_register(up, ub);
      for (int k = 0; k < 4; ++k) {
        V8 clear = ub[k] | (k < 3 ? cm : cm8);
        two |= beyond_first_in_rows(P[k]);
        clear |= rows_of(P[k]);
        const V8 y = (x[k] & ~clear) | P[k];
        changed |= y ^ X[k];
        X[k] = y;
      }
      if (Forms::any(two)) return false;
      const V8 placed_open = U & up;
      U &= ~up;
      if (!Forms::any(changed | placed_open)) break;
    }
    from_lanes(X, s.F);
    for (int b = 0; b < 3; ++b) s.unsolved[b] = U[b];
    s.pending = 0;
    s.dirty_n = s.dirty_d = 0;
    return true;
  }

  // A round applies the band rules to the words pending at its start, in the order of
  // their bits; a word changed during the round is pending for the next. The naked-single
  // and digit passes look only at bands and digits with a word that changed since they last
  // ran: every change to a word makes it pending, and both passes run only when none is
  // (the band rules' fixpoint), so the union of the rounds' words since a pass is exactly
  // what changed since that pass: no snapshot of F to keep and compare. A word a pass
  // changes is pending, so the pass looks at it again after the band rules.
  // A round that starts with kSudokuPropagateAllFrom (base/tunables.hpp) or more pending words
  // hands the propagation to `propagate_all` (the start of every puzzle does, its givens' words
  // pending): with many words pending, a whole-state iteration does the work of several rounds.
  static bool propagate(State& s) {
    for (;;) {
      std::uint32_t changed = s.pending;
      if (changed) {
        if (std::popcount(changed) >= nqueens::tune::kSudokuPropagateAllFrom)
          return propagate_all(s);
        s.pending = 0;
        s.dirty_n |= changed;
        s.dirty_d |= changed;
        for (; changed; changed &= changed - 1)
          if (!update(s, std::countr_zero(changed))) return false;
        continue;
      }
      if (const std::uint32_t dirty = s.dirty_n) {
        s.dirty_n = 0;
        const int n = naked_singles(s, bands_of(dirty));
        if (n < 0) return false;
        if (n > 0) continue;
      }
      const std::uint32_t dirty = s.dirty_d;
      if (!dirty) return true;
      s.dirty_d = 0;
      const int n = digit_pass(s, Forms::digits_of(dirty));
      if (n < 0) return false;
      if (n == 0) return true;
    }
  }

  void record(const State& s) {
    if (++solutions != 1) return;
    // Counting to two: a rectangle of free cells in the first solution is the second. Not
    // checked when no guess is open (the search ends here anyway): 76% of 17-clue puzzles.
    if (limit == 2 && depth > 0 && has_free_rectangle<Forms>(s.F, any_given)) solutions = 2;
    if (first) Forms::write_cells(s.F, first);
  }

  // Picks the cell to branch on: among the cells with the fewest candidates (two, nearly
  // always), the one with the most open peers, bivalue peers counting once more at a third
  // of the weight. Guesses per magictour puzzle: first bivalue cell 18.8, most open peers
  // 10.25, with the bivalue bonus 9.75.
  static void choose(const State& s, int& band, std::uint32_t& cell) {
    std::uint32_t two[3];
    for (int b = 0; b < 3; ++b) {
      std::uint32_t once = 0, twice = 0, thrice = 0;
      for (int d = 0; d < 9; ++d) {
        std::uint32_t f = s.F[3 * d + b];
        thrice |= twice & f;
        twice |= once & f;
        once |= f;
      }
      two[b] = s.unsolved[b] & twice & ~thrice;
    }
    const int best = Forms::best_bivalue(s.unsolved, two);
    if (best >= 0) {
      const int place = 127 - (best & 127);
      band = place >> 5;
      cell = 1u << (place & 31);
      return;
    }
    int best_n = 10, best_score = -1;
    for (int b = 0; b < 3; ++b)
      for (std::uint32_t u = s.unsolved[b]; u; u &= u - 1) {
        const int p = std::countr_zero(u);
        int n = 0;
        for (int d = 0; d < 9; ++d) n += s.F[3 * d + b] >> p & 1;
        if (n > best_n) continue;
        const int score = Forms::open_peers(s.unsolved, b, p);
        if (n < best_n || score > best_score) {
          best_n = n;
          best_score = score;
          band = b;
          cell = 1u << p;
        }
      }
  }

  // True when the search should stop (limit reached).
  bool run(State& s) {
    for (;;) {
      if (!propagate(s)) return false;
      if ((s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0) {
        record(s);
        return solutions >= limit;
      }
      int b = 0;
      std::uint32_t p = 0;
      choose(s, b, p);
      int digits[9], n = 0;
      for (int d = 0; d < 9; ++d)
        digits[n] = d, n += (s.F[3 * d + b] & p) != 0;  // no branch: the digits are data
      for (int k = 0; k + 1 < n; ++k) {
        State next = s;
        ++guesses;
        // A guess always removes places (the cell is open, so its row has others), so its
        // word is marked without remove_places' test.
        next.F[3 * digits[k] + b] &= ~row_of(p) | p;
        next.pending |= 1u << (3 * digits[k] + b);
        ++depth;
        const bool stop = run(next);
        --depth;
        if (stop) return true;
        s.F[3 * digits[k] + b] &= ~p;
        s.pending |= 1u << (3 * digits[k] + b);
      }
      // The last candidate is now the only one: continue in place.
      s.F[3 * digits[n - 1] + b] &= ~row_of(p) | p;
      s.pending |= 1u << (3 * digits[n - 1] + b);
    }
  }
};

// The givens' digit words in lanes (to_lanes of the given words, words 27-31 zero):
// not zero when a digit is given twice in a row, box or column. columns[0] gets digits 1-8's
// given columns (in all three rows), columns[1] digit 9's (lanes 0-2). Digit 9's column sums
// over its three bands take its lanes rotated, as the digit rule does.
inline V8 given_repeats(const V8* X, V8* columns) {
  V8 twice = {};
  for (int k = 0; k < 4; ++k) {
    const V8 x = X[k];
    twice |= beyond_first_in_rows(x);
    for (std::uint32_t box : kBoxMask) twice |= (x & box) & ((x & box) - 1);
  }
  V8 once = {}, once8 = {}, v8[3];
  fold_rows(X, once, twice);
  rotations(X[3], v8);
  fold_rows(v8, once8, twice);
  columns[0] = repeat3(once);
  columns[1] = repeat3(once8);
  return twice;
}

// Digit d's words at the start, F[3*d + b]: its givens, and every cell that is not in a
// given's row, column or box and holds no given; s.pending: the words the band rule has not
// settled here (an empty one neither). All nine digits at once in the lanes of the digit rule.
// A word the band rule leaves alone (the permutation fits and no row places a digit on an open
// cell) is settled, as `update` would leave it: a third of serg's word updates and most of
// 17-clue's were this first look. A word the rule empties or that places a digit is left
// pending for `update`. False when a digit is given twice in a house. s.unsolved must be set.
template <class Forms>
bool start_digits(const std::uint32_t* given, const std::uint32_t* any_given, State& s) {
  V8 X[4], columns[2];
  to_lanes(given, X);
  if (Forms::any(given_repeats(X, columns))) return false;
  V8 ag[4], u[4];
  for_each_register(band_words(any_given), ag);
  for_each_register(band_words(s.unsolved), u);
  V8 W[4], pending[4];
  for (int k = 0; k < 4; ++k) {
    const V8 x = X[k];
    // A row or box of this band holding a given of the digit is taken whole.
    const V8 mini = (x | x >> 1 | x >> 2) & 0x1249249;
    const V8 boxes = (mini | mini >> 9 | mini >> 18) & 0x49;
    const V8 taken = rows_of(x) | repeat3(boxes | boxes << 1 | boxes << 2) | ag[k];
    const V8 w = ((k < 3 ? V8{} + kBandAll : kDigit8Lanes) & ~(taken | columns[k < 3 ? 0 : 1])) | x;
    V8 P;
    const V8 y = band_rule8(w, u[k], P);
    const V8 settled = (V8)(y != 0) & (V8)(P == 0);
    W[k] = (y & settled) | (w & ~settled);
    pending[k] = (V8)(w != 0) & ~settled;
  }
  alignas(32) std::uint32_t flags[32];
  from_lanes(W, s.F);
  from_lanes(pending, flags);
  s.pending = Forms::nonzero_words(flags);
  return true;
}

// sudoku::solve9 and sudoku::givens_repeat9 (src/sudoku/include/sudoku/solve.hpp) with a tier's
// forms: the tier file's entry points (solve9_tiers.hpp) call them. solve_cells stays a function of
// its own (a jump per puzzle), which clang compiles as it did the tier's entry point itself:
// inlined there, the start's registers were allocated differently.
template <class Forms>
[[gnu::noinline]] std::uint64_t solve_cells(const std::uint8_t* cells, std::uint64_t limit,
                                            std::uint8_t* solution, std::uint64_t* guesses) {
  // The givens go in whole: each digit's words keep its given cells and lose every other
  // cell of their rows, columns and boxes and every other given cell, so the band rules
  // start from there instead of finding each given as a row single (a sixth fewer band-rule
  // applications).
  alignas(32) std::uint32_t given[32] = {};
  if (!Forms::given_words(cells, given)) return 0;
  State s;
  std::uint32_t any_given[3] = {0, 0, 0};
  for (int i = 0; i < 27; ++i) any_given[kBandOf[i]] |= given[i];
  s.dirty_n = s.dirty_d = kBandAll;  // every word unseen by both passes
  for (int b = 0; b < 3; ++b) s.unsolved[b] = kBandAll & ~any_given[b];
  if (!start_digits<Forms>(given, any_given, s)) return 0;  // a digit given twice in a house
  Search<Forms> search{limit};
  search.first = solution;
  search.any_given = any_given;
  if (limit > 0) search.run(s);
  if (guesses) *guesses += search.guesses;
  return search.solutions;
}

template <class Forms>
bool givens_repeat(const std::uint8_t* cells) {
  alignas(32) std::uint32_t given[32] = {};
  if (!Forms::given_words(cells, given)) return false;
  V8 X[4], columns[2];
  to_lanes(given, X);
  return Forms::any(given_repeats(X, columns));
}

}  // namespace
}  // namespace sudoku
