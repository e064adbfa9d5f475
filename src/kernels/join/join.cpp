// The half-board join: count solutions by meeting in the middle of the board.
//
// A row-by-row backtracker pays at least one step for every solution it counts, and many
// more for the dead ends below row N/2. The join splits the board between row H-1 and row H
// (H = floor(N/2); for odd N the middle row H holds one queen of its own) and asks, for one
// set C of columns at a time, how many top halves using exactly the columns C fit how many
// bottom halves using the other columns. Two halves fit when no diagonal carries a queen
// from each, and every diagonal that crosses the cut can be named by the column where it
// meets row H. So each half reduces to a 64-bit pattern:
//
//   bit:      63 ......... 32 | 31 ......... 0
//   meaning:  "/" diagonals    | "\" diagonals      bit c: the diagonal meets row H at column c
//
// and a top half t fits a bottom half b exactly when pattern(t) & pattern(b) == 0 (columns
// fit by construction, rows are one queen each). Diagonals that leave the board before
// row H cannot meet the other half and are dropped.
//
// Bottom halves are top halves turned upside down: the bottom half with columns D is a top
// half with columns D flipped vertically, whose "\" and "/" projections swap places (and
// shift by one column when N is even, because its cut row is then one row further away).
// So one search generates both sides.
//
// Per group (C, middle): collect the bottom patterns into a list, then search the top half
// row by row from the cut upwards (row H-1 first, whose queens' diagonals meet row H closest
// to their own column and so rule out the most bottom halves), keeping the set of bottom
// halves that still fit: a placed queen keeps only those that miss both its diagonals, and a
// top half that reaches row 0 adds the size of its set. The work per group is the two
// searches plus about (complete top halves) x (list length / 64) words; docs/ALGORITHMS.md
// has the counts and the growth per N.
//
// Generating the halves of each group by a row search costs more than the join itself: a
// partial half of k rows is searched again in every group whose columns contain its own
// (C(N-k, H-k) of them), mostly to die where the group's columns run out. Up to
// kMaxTableJoinN the halves are instead paired from two precomputed tables, built once per N
// and shared by all threads: the placements of the outer rows 0..A-1 and of the inner rows
// A..H-1 (A = floor(H/2)), each sorted by the set of columns it uses. A half with columns C
// is an outer placement on some A-subset S of C and an inner one on C \ S that share no
// diagonal. Bottoms are listed that way. The top side goes one split (T inner columns,
// S = C \ T outer ones) at a time, since only placements of the same split pair up: each
// outer placement of S that fits some inner one gets a set of the bottoms it fits, each inner
// placement of T is counted against the sets of those it fits, and a top half then costs
// one AND and popcount over the bottom list. A placement's set is the AND of three: its first
// two rows' set and its last two rows' set (each shared by all the group's splits) and the
// square set of the row between them (five rows; fewer rows leave out the square set, then the
// last two rows' set). The
// top side is written as a program over these sets and run block by block of the bit sets
// (run_program), so that what it reads stays in the first-level cache.
//
// The engine visits one column set per symmetry orbit: turning the board upside down maps
// the top columns C to the bottom's, and mirroring it maps C to its reverse, so the groups C,
// complement(C), reverse(C), reverse(complement(C)) count the same solutions (for odd N the
// mirror also moves the middle queen to column N-1-middle). With diagonal weights
// (count_join.hpp) every half skips the main-diagonal squares (r, r) of its own rows, both
// sides in the tables' top-half coordinates (a bottom half's anti-diagonal becomes the main
// diagonal when it is turned upside down), and one with a queen on the anti-diagonal
// (r, N-1-r) weighs 2: bottoms are kept in two lists, weight 1 then weight 2, each from a word
// of its own in the bit sets, and a top half's count doubles with its own such queen. Only
// the flip pairs C, complement(C) then count the same.
#include "join.hpp"

#include "nqueens/kernel_tier.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <memory>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

// The hot loops of the table join (pair_bottoms, run_program, and_sets, count_and) have an AVX2
// form. A
// build with AVX2 at compile time (-march=native) uses it directly; any other x86-64 build
// compiles it with a target attribute and picks it at run time when the CPU has AVX2 and
// POPCNT (one check per process), so a portable build runs the same code as a native one.
// The selected kernel tier decides as for the backtracker: `avx2` and `avx512` run these
// loops, `scalar` (forced, or on a CPU without AVX2) the 64-bit ones beside them.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define NQ_JOIN_X86 1
#if defined(__AVX2__) && defined(__POPCNT__)
#define NQ_JOIN_AVX2 /* compiled for it already */
#else
#define NQ_JOIN_AVX2 __attribute__((target("avx2,popcnt")))
#endif
// The scalar popcount loop has a POPCNT form too (x86-64 before v2 has no such instruction, so
// a portable build's std::popcount is a library call): count 16 on the scalar tier of a
// portable build, 0.62 s -> 0.44 s.
#if !defined(__POPCNT__)
#define NQ_JOIN_POPCNT_CLONE 1
#endif
#endif

namespace nqueens::kernels {

namespace {

// Which form of the hot loops runs, resolved once per group (a check per call cost 5% at
// N = 17): avx2, the 64-bit loops with POPCNT, or plain 64-bit code.
enum class Loops : std::uint8_t { portable, popcnt, avx2 };

Loops join_loops() {
#if defined(NQ_JOIN_X86)
#if defined(__AVX2__) && defined(__POPCNT__)
  const bool avx2 = true;
#else
  static const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
#endif
  const KernelTier tier = selected_kernel_tier();
  if (avx2 && (tier == KernelTier::avx2 || tier == KernelTier::avx512)) return Loops::avx2;
#endif
#if defined(NQ_JOIN_POPCNT_CLONE)
  static const bool popcnt = __builtin_cpu_supports("popcnt");
  return popcnt ? Loops::popcnt : Loops::portable;
#else
  return Loops::popcnt;  // std::popcount is one instruction (or the CPU's own, not x86)
#endif
}

using Row = std::uint32_t;
using Pattern = std::uint64_t;

constexpr int kMaxHalf = kMaxJoinN / 2;

Row column_mask(int n) {
  return n >= 32 ? ~Row{0} : (Row{1} << n) - 1;
}

// Whether (top_columns, middle) names a group of the N x N board: floor(N/2) columns on the
// board and, for odd N, a middle column on the board and not among them. For even N, middle
// becomes -1 (it is ignored there).
bool names_a_group(int n, Row top_columns, int& middle) {
  if (n < 1 || n > kMaxJoinN) return false;
  if (n % 2 == 0) middle = -1;
  if (n % 2 == 1 && (middle < 0 || middle >= n)) return false;
  const Row middle_bit = middle >= 0 ? Row{1} << middle : 0;
  return (top_columns & ~column_mask(n)) == 0 && (top_columns & middle_bit) == 0 &&
         std::popcount(top_columns) == n / 2;
}

// Rows per table: half of the rows of a half board, rounded up, for N <= kMaxTableJoinN; the
// outer table has the rows rounded down.
constexpr int kMaxTableRows = (kMaxTableJoinN / 2 + 1) / 2;
constexpr int kMaxOuterRows = kMaxTableJoinN / 2 / 2;

// A partial top half (some of rows 0..H-1) as the diagonals it occupies, named by where they
// meet row H without clipping to the board: "\" diagonal of (r, c) -> bit c + H - r of u,
// "/" diagonal -> bit c + r of v (its column at row H is c + r - H). Two placements on
// different rows fit exactly when they share no bit of u and none of v (columns are kept
// apart by the group), and a complete half's pattern is read off u and v.
// The diagonal words are 32-bit, so that a placement takes 16 bytes, not 24: a third less
// table to hold and to read at scattered places (the N = 20 sample `--shard 7/128` peaked at
// 50.7 MB resident against 62.6 MB). Bits run up to N - 1 + H in u and N + H - 2 in v; at
// N = 22 bit 32 of u is the "\" diagonal of (0, N-1), which holds no other square of the
// board, so it can meet no other queen and is left out (N + H <= 33 keeps it so: a "\"
// diagonal with c - r = D holds min(H, N - D) squares of the top half).
struct Placement {
  std::uint32_t u, v;
  std::uint8_t column[kMaxTableRows];  // column[k]: the queen of row last-1-k (see PlacementTable)
  std::uint8_t anti;                   // 1: a queen on the anti-diagonal (r, N-1-r)
};
static_assert(kMaxTableJoinN + kMaxTableJoinN / 2 <= 33 && sizeof(Placement) == 16);

// Bit `bit` of a 32-bit diagonal word; zero for bit 32 (see Placement).
constexpr std::uint32_t diagonal_bit(int bit) {
  return static_cast<std::uint32_t>(std::uint64_t{1} << bit);
}

// Every placement of rows [first, last) on the whole board, sorted by the columns it uses:
// those with column set S are entries[start[S] .. start[S+1]), those without a queen on the
// anti-diagonal first, each part in the order of a search from row last-1 upwards.
struct PlacementTable {
  std::vector<std::uint32_t> start;  // 2^N + 1 offsets, by column mask
  std::vector<Placement> entries;
};

// Rows 0..outer-1 ("outer", far from the cut) and rows outer..H-1 ("inner", next to it).
struct HalfTables {
  int n = 0, half = 0, outer_rows = 0;
  JoinWeights weights = JoinWeights::plain;
  PlacementTable outer, inner;
};

// Calls f(columns, placement) for every placement of rows [first, last) on the whole board:
// depth-first over rows last-1, last-2, ..., first (going up a row, a "\" diagonal moves one
// column left and a "/" one column right).
template <typename F>
void for_each_placement(int n, int half, int first, int last, bool diagonal, F&& f) {
  const Row mask = column_mask(n);
  auto place = [&](auto&& self, int row, Row cols, Row up_left, Row up_right, Placement p) -> void {
    if (row < first) {
      f(cols, p);
      return;
    }
    // With diagonal weights, no queen on the main diagonal (r, r) (count_join.hpp).
    const Row skip = diagonal ? Row{1} << row : 0;
    for (Row free = mask & ~(cols | up_left | up_right | skip); free != 0; free &= free - 1) {
      const Row bit = free & (0u - free);
      const int c = std::countr_zero(bit);
      Placement q = p;
      q.u |= diagonal_bit(c + half - row);
      q.v |= diagonal_bit(c + row);
      q.column[last - 1 - row] = static_cast<std::uint8_t>(c);
      if (diagonal && c == n - 1 - row) q.anti = 1;
      self(self, row - 1, cols | bit, (up_left | bit) >> 1, ((up_right | bit) << 1) & mask, q);
    }
  };
  place(place, last - 1, 0, 0, 0, Placement{});
}

// The table in two passes over the placements, one to count them per column set and one to
// put each in its place, so that building it holds the table and two offsets per column set
// (join_table_bytes counts both) and no more: a list of every placement sorted afterwards took 1.5
// to 2 times the table, 416 MB resident at N = 22.
PlacementTable make_placement_table(int n, int half, int first, int last, bool diagonal) {
  PlacementTable t;
  const std::size_t sets = std::size_t{1} << n;
  // Per column set S: plain[S] and anti[S] count its placements without and with an
  // anti-diagonal queen, then become where the next of each goes.
  std::vector<std::uint32_t> plain(sets, 0), anti(sets, 0);
  for_each_placement(n, half, first, last, diagonal,
                     [&](Row cols, const Placement& p) { ++(p.anti ? anti : plain)[cols]; });
  t.start.resize(sets + 1);
  std::uint32_t total = 0;
  for (std::size_t s = 0; s < sets; ++s) {
    const std::uint32_t without = plain[s], with = anti[s];
    t.start[s] = total;
    plain[s] = total;           // those without an anti-diagonal queen first,
    anti[s] = total + without;  // then those with one
    total += without + with;
  }
  t.start[sets] = total;
  t.entries.resize(total);
  for_each_placement(n, half, first, last, diagonal, [&](Row cols, const Placement& p) {
    t.entries[(p.anti ? anti : plain)[cols]++] = p;
  });
  return t;
}

// The bytes a table of make_placement_table holds: its placements and offsets.
std::size_t placement_table_bytes(int n, int half, int first, int last, bool diagonal) {
  std::size_t count = 0;
  for_each_placement(n, half, first, last, diagonal, [&](Row, const Placement&) { ++count; });
  return count * sizeof(Placement) + ((std::size_t{1} << n) + 1) * sizeof(std::uint32_t);
}

const HalfTables& half_tables(int n, JoinWeights weights) {
  thread_local const HalfTables* last = nullptr;
  if (last != nullptr && last->n == n && last->weights == weights) return *last;
  static std::mutex lock;
  static std::map<std::pair<int, JoinWeights>, std::unique_ptr<HalfTables>> built;
  const std::lock_guard<std::mutex> hold(lock);
  auto& slot = built[{n, weights}];
  if (!slot) {
    const bool diagonal = weights == JoinWeights::diagonal;
    auto t = std::make_unique<HalfTables>();
    t->n = n;
    t->weights = weights;
    t->half = n / 2;
    t->outer_rows = t->half / 2;
    t->outer = make_placement_table(n, t->half, 0, t->outer_rows, diagonal);
    t->inner = make_placement_table(n, t->half, t->outer_rows, t->half, diagonal);
    slot = std::move(t);
  }
  last = slot.get();
  return *last;
}

// The k-subsets of `set`, lowest first, by depositing the k-subsets of popcount(set) bits.
template <typename F>
void for_each_subset(Row set, int k, F&& f) {
  const int size = std::popcount(set);
  if (k > size) return;
  int pos[kMaxJoinN];
  for (int i = 0; i < size; ++i, set &= set - 1) pos[i] = std::countr_zero(set);
  std::uint64_t sel = k == 0 ? 0 : (std::uint64_t{1} << k) - 1;
  const std::uint64_t end = std::uint64_t{1} << size;
  for (;;) {
    Row s = 0;
    for (std::uint64_t x = sel; x != 0; x &= x - 1) s |= Row{1} << pos[std::countr_zero(x)];
    f(s);
    if (sel == 0) return;
    const std::uint64_t low = sel & (0 - sel), ripple = sel + low;
    sel = ripple | (((sel ^ ripple) >> 2) / low);
    if (sel >= end) return;
  }
}

// for_each_subset for the splits of `set` into a k-subset S, placed from table `first`, and
// the rest, placed from `second`: f(S) for each, with the table lines it will read asked for
// ahead (the start offsets eight subsets ahead, then up to 1 KB of both runs four ahead).
// The runs lie scattered over up to hundreds of MB, and their first loads were about a tenth
// of the join's time at N = 18 without it (perf, Zen 3). Medians of 7 interleaved runs there,
// one thread: count 18 --method join --shard 3/4 2.91 -> 2.53 s.
template <typename F>
void for_each_split(Row set, int k, const PlacementTable& first, const PlacementTable& second,
                    F&& f) {
  constexpr std::size_t kMaxSplits = [] {  // C(H, floor(H/2)) for H = kMaxTableJoinN / 2
    std::size_t c = 1;
    for (int i = 1; i <= kMaxTableJoinN / 2 / 2; ++i)
      c = c * static_cast<std::size_t>(kMaxTableJoinN / 2 - i + 1) / static_cast<std::size_t>(i);
    return c;
  }();
  Row subsets[kMaxSplits];  // C(11, 5) = 462 at most
  std::size_t count = 0;
  for_each_subset(set, k, [&](Row s) { subsets[count++] = s; });
  constexpr std::size_t kStartAhead = 8, kRunAhead = 4;
  const auto start = [&](std::size_t i) {
    __builtin_prefetch(&first.start[subsets[i]]);
    __builtin_prefetch(&second.start[set & ~subsets[i]]);
  };
  const auto run = [](const PlacementTable& t, Row s) {
    const char* p = reinterpret_cast<const char*>(&t.entries[t.start[s]]);
    const char* end = reinterpret_cast<const char*>(&t.entries[t.start[s + 1]]);
    end = std::min(end, p + 1024);
    for (; p < end; p += 64) __builtin_prefetch(p);
  };
  for (std::size_t i = 0; i < std::min(count, kStartAhead); ++i) start(i);
  for (std::size_t i = 0; i < count; ++i) {
    if (i + kStartAhead < count) start(i + kStartAhead);
    if (i + kRunAhead < count) {
      run(first, subsets[i + kRunAhead]);
      run(second, set & ~subsets[i + kRunAhead]);
    }
    f(subsets[i]);
  }
}

// Transposes a 64 x 64 bit matrix in place: afterwards bit j of a[x] is what bit x of a[j]
// was (six rounds of block swaps, halving the block size each round).
void transpose_bits(std::uint64_t (&a)[64]) {
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
__attribute__((target("popcnt"))) std::uint64_t count_and_popcnt(const std::uint64_t* __restrict a,
                                                                 const std::uint64_t* __restrict b,
                                                                 std::size_t words) {
  return count_and_scalar(a, b, 0, words);  // inlined here: one instruction per popcount
}
#endif

#if defined(NQ_JOIN_X86)
// transpose_bits in AVX2, the 64 words as 16 vectors of four: the rounds that swap blocks of
// 32 to 4 bits pair whole vectors, the two of 2 and 1 bits the lanes of one vector. The
// rounds commute (each exchanges one bit of the row index with the same bit of the column
// index), so they run in this order. make_bit_sets took 7% of the join's time at N = 18 with the
// scalar form's 192 swaps of one word pair each, 2.4% with this (perf, Zen 3).
NQ_JOIN_AVX2 void transpose_bits_avx2(std::uint64_t (&a)[64]) {
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

NQ_JOIN_AVX2 std::size_t pair_bottoms_avx2(std::uint64_t ou, std::uint64_t ov,
                                           const std::uint64_t* iu, const std::uint64_t* iv,
                                           std::size_t count, int half, Row mask, bool even,
                                           Pattern* out, std::size_t size) {
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

NQ_JOIN_AVX2 std::uint64_t count_and_avx2(const std::uint64_t* __restrict a,
                                          const std::uint64_t* __restrict b, std::size_t words) {
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

std::size_t pair_bottoms([[maybe_unused]] Loops loops, std::uint64_t ou, std::uint64_t ov,
                         const std::uint64_t* iu, const std::uint64_t* iv, std::size_t count,
                         int half, Row mask, bool even, Pattern* out, std::size_t size) {
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
std::uint64_t count_and([[maybe_unused]] Loops loops, const std::uint64_t* __restrict a,
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
// KB, and no placement's set is ever stored beyond one block. Measured on a Zen 4 against the
// same work split by split over whole sets (docs/ALGORITHMS.md, "A program over blocks"),
// one thread, medians of 5: the N = 20 sample 1.99 -> 1.55 s; blocks of 8, 16, 32 and 64
// words took 1.71, 1.55, 1.52 and 1.62 s there, and 32 words made odd N slower (more padding).
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

std::uint64_t run_program_scalar(const BlockProgram& prog, std::size_t cap, std::size_t blocks,
                                 std::size_t blocks0) {
  return run_program_with<WordBlock>(prog, cap, blocks, blocks0);
}

#if defined(NQ_JOIN_POPCNT_CLONE)
__attribute__((target("popcnt"))) std::uint64_t run_program_popcnt(const BlockProgram& prog,
                                                                   std::size_t cap,
                                                                   std::size_t blocks,
                                                                   std::size_t blocks0) {
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

std::uint64_t run_program_vector(const BlockProgram& prog, std::size_t cap, std::size_t blocks,
                                 std::size_t blocks0) {
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

NQ_JOIN_AVX2 std::uint64_t run_program_vector(const BlockProgram& prog, std::size_t cap,
                                              std::size_t blocks, std::size_t blocks0) {
  return run_program_with<Avx2Block<1>, Avx2Block<2>>(prog, cap, blocks, blocks0);
}
#endif

std::uint64_t run_program([[maybe_unused]] Loops loops, const BlockProgram& prog, std::size_t cap,
                          std::size_t blocks, std::size_t blocks0) {
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
NQ_JOIN_AVX2 std::size_t fitting_mask_avx2(const std::uint64_t* u, const std::uint64_t* v,
                                           std::size_t count, std::uint64_t iu, std::uint64_t iv,
                                           FitMask& fit) {
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

FitMask fitting_mask([[maybe_unused]] Loops loops, const std::uint64_t* u, const std::uint64_t* v,
                     std::size_t count, std::uint64_t iu, std::uint64_t iv) {
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

JoinBuffers& join_buffers() {
  thread_local JoinBuffers b;
  return b;
}

// transpose_bits in the form the loops say.
void transpose_bits_with([[maybe_unused]] Loops loops, std::uint64_t (&a)[64]) {
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
std::size_t make_bit_sets(Loops loops, JoinBuffers& b, const std::size_t (&size)[2],
                          std::size_t align = 1) {
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

// The middle queen of odd N as the squares of row H it stands on, in the diagonal words of a
// placement (both zero for even N, so that every placement misses it).
struct MiddleQueen {
  std::uint64_t u = 0, v = 0;
  bool missed_by(const Placement& p) const { return ((p.u & u) | (p.v & v)) == 0; }
  // How many placements were listed, and how many of them have no anti-diagonal queen.
  struct Listed {
    std::size_t count = 0, plain = 0;
  };
  // Lists the placements [p0, p1) that miss it, in table order (so those without an
  // anti-diagonal queen first): their diagonals in u_out and v_out, themselves in at. Without
  // a branch per placement (each is stored, the end moves on only when it misses): which ones
  // miss it is data the predictor cannot learn, and such branches were about 7% of N = 19's
  // join (perf, Zen 3).
  Listed list_missers(const Placement* p0, const Placement* p1, std::uint64_t* u_out,
                      std::uint64_t* v_out, const Placement** at) const {
    Listed listed;
    for (const Placement* p = p0; p != p1; ++p) {
      const bool misses = missed_by(*p);
      u_out[listed.count] = p->u;
      v_out[listed.count] = p->v;
      at[listed.count] = p;
      listed.count += misses ? 1 : 0;
      listed.plain += misses && p->anti == 0 ? 1 : 0;
    }
    return listed;
  }
};

std::uint64_t count_join_group_tabled(int n, Row top_columns, int middle, JoinWeights weights) {
  const HalfTables& t = half_tables(n, weights);
  const int half = t.half, a = t.outer_rows;
  const Row mask = column_mask(n);
  const Row middle_bit = middle >= 0 ? Row{1} << middle : 0;
  const Row bottom_columns = mask & ~top_columns & ~middle_bit;
  const bool even = n % 2 == 0;
  // No half may reach the middle queen (odd N).
  MiddleQueen queen;
  if (middle >= 0) queen = {std::uint64_t{1} << middle, std::uint64_t{1} << (middle + half)};
  JoinBuffers& b = join_buffers();
  const Loops loops = join_loops();

  // Bottom halves: top halves of the bottom columns, turned upside down, in two lists: without
  // (0) and with (1) a queen on the anti-diagonal, whose weight is 2.
  // Written without a branch per pair (most pairs do not fit: 14% do at N = 16): every
  // candidate is stored and the end moves on only when it fits.
  std::size_t size[2] = {0, 0};
  for_each_split(bottom_columns, a, t.outer, t.inner, [&](Row s) {
    const Placement* o0 = &t.outer.entries[t.outer.start[s]];
    const Placement* o1 = &t.outer.entries[t.outer.start[s + 1]];
    const Row rest = bottom_columns & ~s;
    const Placement* i0 = &t.inner.entries[t.inner.start[rest]];
    const Placement* i1 = &t.inner.entries[t.inner.start[rest + 1]];
    if (i0 == i1) return;
    // The inner placements that miss the middle queen, their diagonals side by side, those
    // without an anti-diagonal queen first. Passing the others on with every diagonal set
    // (so that they clash with any outer placement) made pair_bottoms test about three times
    // as many pairs at odd N.
    const std::size_t count = static_cast<std::size_t>(i1 - i0);
    if (b.inner_u.size() < count + 4) b.inner_u.resize(count + 4), b.inner_v.resize(count + 4);
    if (b.inner_at.size() < count) b.inner_at.resize(count);
    const auto [fits, split] =
        queen.list_missers(i0, i1, b.inner_u.data(), b.inner_v.data(), b.inner_at.data());
    if (fits == 0) return;
    for (const Placement* o = o0; o != o1; ++o) {
      if (!queen.missed_by(*o)) continue;
      for (int part = 0; part < 2; ++part) {
        const std::size_t from = part == 0 ? 0 : split, to = part == 0 ? split : fits;
        if (from == to) continue;
        const int list = o->anti | part;
        std::vector<Pattern>& out = b.bottom[list];
        if (out.size() < size[list] + (to - from) + 64)
          out.resize(2 * (size[list] + to - from) + 64);
        size[list] =
            pair_bottoms(loops, o->u, o->v, b.inner_u.data() + from, b.inner_v.data() + from,
                         to - from, half, mask, even, out.data(), size[list]);
      }
    }
  });
  if (size[0] + size[1] == 0) return 0;
  const std::size_t words0 = make_bit_sets(loops, b, size, kBlockWords), words = b.ones.size();
  const std::size_t blocks = words / kBlockWords, blocks0 = words0 / kBlockWords;
  // The slots: 0 every bottom, then the square sets, then the two-row sets as first used.
  // The bottoms that a queen d rows above the cut in column c leaves free are the AND of its
  // two diagonals' sets, a square set: slot 1 + (d - 1) H + (c's rank among the group's
  // columns), made for every d and column of the group at once (H^2 of them), so that an
  // entry's slots are arithmetic. Made as first used, behind a check per row of every entry,
  // they were 6-7% of the join's time at N = 18 (perf, Zen 3), and making the few that go
  // unused costs little beside the program's run over them. Row k of a table entry is
  // H-1-k-gap (gap: the rows between the table's last row and the cut), its diagonals meet
  // row H at its column +- (k+1+gap). The set of an entry's first two rows depends on those
  // rows' columns only, not on the split, so it is made once per group and shared by every
  // split (at most h (h - 1) per side; `shared`: the slot of each pair of columns, -1 not
  // made yet, -2 no bottom fits), and so is the set of its last two rows (`suffix`). Sharing
  // three rows (with three inputs a placement) read 17% fewer set words, for up to 1,440 more
  // sets a group, and was level (before the blocks). The shared last two rows (at most
  // h (h - 1) more sets per side) take a placement from four slots to three: by cachegrind
  // 3.7% fewer instructions and 11% fewer data reads on the N = 20 sample `--shard 7/2048`,
  // but 58% more first-level read misses (20.3 against 12.8 million, the slots of a walk
  // now further from fitting that cache).
  BlockProgram& prog = b.program;
  const std::size_t h2 = static_cast<std::size_t>(half) * static_cast<std::size_t>(half);
  const int inner_rows = half - a;
  // Every bottom, the squares, and per side up to three kinds of two-row sets (prefixes,
  // middles at six rows, suffixes), each at most H (H - 1).
  const std::size_t cap = 1 + h2 + 2 * static_cast<std::size_t>(inner_rows / 2) * h2;
  if (prog.sets.size() < blocks * cap) prog.sets.resize(blocks * cap);
  SetBlock* sets = prog.sets.data();
  std::uint8_t rank[32] = {};
  std::uint8_t ranked = 0;
  for (Row c = top_columns; c != 0; c &= c - 1) rank[std::countr_zero(c)] = ranked++;
  for (std::size_t k = 0; k < blocks; ++k)
    std::copy_n(&b.ones[k * kBlockWords], kBlockWords, sets[k * cap].w);
  for (int d = 1; d <= half; ++d)
    for (Row cs = top_columns; cs != 0; cs &= cs - 1) {
      const int c = std::countr_zero(cs), x = c + d, y = c - d;
      const std::uint64_t* mx =
          x < n ? &b.misses[static_cast<std::size_t>(x) * words] : b.ones.data();
      const std::uint64_t* my =
          y >= 0 ? &b.misses[static_cast<std::size_t>(32 + y) * words] : b.ones.data();
      const std::size_t slot = 1 + static_cast<std::size_t>((d - 1) * half + rank[c]);
      for (std::size_t k = 0; k < blocks; ++k) {
        std::uint64_t* out = sets[k * cap + slot].w;
        for (std::size_t w = 0; w < kBlockWords; ++w)
          out[w] = mx[k * kBlockWords + w] & my[k * kBlockWords + w];
      }
    }
  std::size_t slots = 1 + h2;
  struct Side {
    int rows, gap;
    std::int32_t* shared;  // [n * n]: slots of the two-row prefixes
    std::int32_t* middle;  // [n * n]: slots of the two-row sets of rows 2 and 3 (six rows)
    std::int32_t* suffix;  // [n * n]: slots of the two-row suffixes
  };
  const std::size_t shared_slots = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  b.shared_slots.assign(6 * shared_slots, -1);
  std::int32_t* memos = b.shared_slots.data();
  Side outer{a, inner_rows, memos, memos + 2 * shared_slots, memos + 4 * shared_slots};
  Side inner{inner_rows, 0, memos + shared_slots, memos + 3 * shared_slots,
             memos + 5 * shared_slots};
  auto row_slot = [&](const Side& side, const std::uint8_t* column, int k) {
    return static_cast<SlotTriple>(1 + (k + side.gap) * half + rank[column[k]]);
  };
  // The slots whose AND is entry e's set: its first two rows' shared set, the shared set of
  // its rows 2 and 3 when it has six, the square set of its third row when it has five or
  // three, and its last two rows' shared set when it has four, five or six (padded with slot
  // 0). False if no bottom fits two of its rows. Within a split the first rows of an entry but
  // one fix its last row, so a set of all but the last row is never shared by two entries, and
  // one of all but the last two by at most two: so its rows are ANDed where the program runs,
  // from sets shared by every split.
  static_assert(kMaxTableRows <= 6);
  // The slot of the AND of rows k and k + 1 of an entry, made on first use and remembered in
  // memo (-1 not made yet, -2 no bottom fits: false).
  auto two_rows = [&](const Side& side, std::int32_t& memo, const std::uint8_t* column, int k,
                      SlotTriple& out) -> bool {
    if (memo == -2) return false;
    if (memo < 0) {
      const SlotTriple x = row_slot(side, column, k), y = row_slot(side, column, k + 1);
      std::uint64_t any = 0;
      for (std::size_t bk = 0; bk < blocks; ++bk) {
        const std::uint64_t *u = sets[bk * cap + x].w, *v = sets[bk * cap + y].w;
        std::uint64_t* o = sets[bk * cap + slots].w;
        for (std::size_t w = 0; w < kBlockWords; ++w) any |= o[w] = u[w] & v[w];
      }
      if (any == 0) {
        memo = -2;
        return false;
      }
      memo = static_cast<std::int32_t>(slots++);
    }
    out = static_cast<SlotTriple>(memo);
    return true;
  };
  auto entry_slots = [&](const Side& side, const Placement& e, SlotTriple& q) -> bool {
    q = 0;
    int k = 0, j = 0;
    SlotTriple x;
    if (side.rows >= 2) {
      if (!two_rows(side, side.shared[e.column[0] * n + e.column[1]], e.column, 0, x)) return false;
      q = x, k = 2, j = 1;
    }
    if (side.rows - k == 4) {
      if (!two_rows(side, side.middle[e.column[k] * n + e.column[k + 1]], e.column, k, x))
        return false;
      q |= x << (16 * j++);
      k += 2;
    }
    if (side.rows - k == 3 || side.rows - k == 1) q |= row_slot(side, e.column, k++) << (16 * j++);
    if (side.rows - k == 2) {
      if (!two_rows(side, side.suffix[e.column[k] * n + e.column[k + 1]], e.column, k, x))
        return false;
      q |= x << (16 * j++);
    }
    return true;
  };

  // The program, one split of the group's columns at a time: the inner rows H-1..A take a set
  // T of them, the outer rows 0..A-1 the rest S = C \ T, and only placements of the same
  // split pair up. An outer placement that fits no inner one of its split is left out (a
  // third of them at N = 20); so is an inner placement that fits no kept outer one.
  prog.kept.clear();
  prog.inner.clear();
  prog.splits.clear();
  std::size_t pairs_size = 0;  // prog.pairs in use (the vector only grows)
  for_each_split(top_columns, inner_rows, t.inner, t.outer, [&](Row inner_columns) {
    const Row s = top_columns & ~inner_columns;
    const Placement* i0 = &t.inner.entries[t.inner.start[inner_columns]];
    const Placement* i1 = &t.inner.entries[t.inner.start[inner_columns + 1]];
    const Placement* o0 = &t.outer.entries[t.outer.start[s]];
    const Placement* o1 = &t.outer.entries[t.outer.start[s + 1]];
    if (i0 == i1 || o0 == o1) return;
    // The placements that miss the middle queen.
    const std::size_t outer_most = static_cast<std::size_t>(o1 - o0);
    const std::size_t inner_most = static_cast<std::size_t>(i1 - i0);
    if (b.outer_u.size() < outer_most) b.outer_u.resize(outer_most), b.outer_v.resize(outer_most);
    if (b.outer_at.size() < outer_most) b.outer_at.resize(outer_most);
    if (b.inner_u.size() < inner_most) b.inner_u.resize(inner_most), b.inner_v.resize(inner_most);
    if (b.inner_at.size() < inner_most) b.inner_at.resize(inner_most);
    if (b.inner_fit.size() < inner_most) b.inner_fit.resize(inner_most);
    if (b.inner_order.size() < inner_most) b.inner_order.resize(inner_most);
    if (b.inner_group.size() < inner_most) b.inner_group.resize(inner_most);
    const std::size_t inners =
        queen.list_missers(i0, i1, b.inner_u.data(), b.inner_v.data(), b.inner_at.data()).count;
    const std::size_t outers =
        queen.list_missers(o0, o1, b.outer_u.data(), b.outer_v.data(), b.outer_at.data()).count;
    if (inners == 0 || outers == 0) return;
    FitMask any{0, 0};
    for (std::size_t x = 0; x < inners; ++x) {
      const FitMask f = fitting_mask(loops, b.outer_u.data(), b.outer_v.data(), outers,
                                     b.inner_u[x], b.inner_v[x]);
      b.inner_fit[x] = f;
      any[0] |= f[0];
      any[1] |= f[1];
    }
    // The kept outer placements, in table order (so those without an anti-diagonal queen
    // first), numbered within the split: kept_rank[o] for outer placement o.
    const std::size_t kept_begin = prog.kept.size();
    std::uint8_t kept_rank[kMaxKept];
    FitMask kept_mask{0, 0}, anti{0, 0};
    std::size_t kept = 0;
    for (int w = 0; w < 2; ++w)
      for (std::uint64_t m = any[w]; m != 0; m &= m - 1) {
        const std::size_t o = 64 * static_cast<std::size_t>(w) + std::countr_zero(m);
        SlotTriple q;
        if (!entry_slots(outer, *b.outer_at[o], q)) continue;
        prog.kept.push_back(q);
        kept_mask[w] |= m & (0 - m);
        anti[w] |= b.outer_at[o]->anti ? m & (0 - m) : 0;
        kept_rank[o] = static_cast<std::uint8_t>(kept++);
      }
    if (kept == 0) return;
    const std::size_t inner_begin = prog.inner.size();
    // Room for every pair the split can have, so that the loop below stores without a check.
    if (prog.pairs.size() < pairs_size + inners * (kept + 1))
      prog.pairs.resize(2 * (pairs_size + inners * (kept + 1)));
    // The inner placements grouped by their number of pairs (1, 2, 3, 4, more), by a
    // counting sort: group g's placements at group_at[g] onwards in inner_order.
    std::size_t group_at[kPairGroups + 1] = {};
    for (std::size_t x = 0; x < inners; ++x) {
      const int pairs_of_x = std::popcount(b.inner_fit[x][0] & kept_mask[0]) +
                             std::popcount(b.inner_fit[x][1] & kept_mask[1]);
      b.inner_group[x] = static_cast<std::uint8_t>(std::min(pairs_of_x, kPairGroups));
      ++group_at[b.inner_group[x]];
    }
    for (std::size_t g = 0, at = 0; g <= kPairGroups; ++g) at += std::exchange(group_at[g], at);
    for (std::size_t x = 0; x < inners; ++x)
      b.inner_order[group_at[b.inner_group[x]]++] = static_cast<std::uint32_t>(x);
    // group_at[g] is now where group g ends; group 0 (no pair) comes first and is skipped.
    std::uint32_t ends[kPairGroups];
    for (std::size_t k = group_at[0], g = 1; g <= kPairGroups; ++g) {
      for (; k < group_at[g]; ++k) {
        const std::size_t x = b.inner_order[k];
        const FitMask f{b.inner_fit[x][0] & kept_mask[0], b.inner_fit[x][1] & kept_mask[1]};
        const Placement* i = b.inner_at[x];
        SlotTriple q;
        if (!entry_slots(inner, *i, q)) continue;
        prog.inner.push_back(q);
        // A pair counts twice when either placement has an anti-diagonal queen.
        std::uint8_t* pairs = prog.pairs.data() + pairs_size;
        if (g == kPairGroups)
          *pairs++ = static_cast<std::uint8_t>(std::popcount(f[0]) + std::popcount(f[1]));
        for (int w = 0; w < 2; ++w)
          for (std::uint64_t m = f[w]; m != 0; m &= m - 1) {
            const std::size_t o = 64 * static_cast<std::size_t>(w) + std::countr_zero(m);
            const bool twice = i->anti || (anti[w] >> (o & 63) & 1) != 0;
            *pairs++ = static_cast<std::uint8_t>(kept_rank[o] | (twice ? kTwice : 0));
          }
        pairs_size = static_cast<std::size_t>(pairs - prog.pairs.data());
      }
      ends[g - 1] = static_cast<std::uint32_t>(prog.inner.size());
    }
    if (prog.inner.size() == inner_begin) {  // nothing pairs: drop the split's kept ones
      prog.kept.resize(kept_begin);
      return;
    }
    prog.splits.push_back(static_cast<std::uint32_t>(prog.kept.size()));
    prog.splits.insert(prog.splits.end(), std::begin(ends), std::end(ends));
  });
  return run_program(loops, prog, cap, blocks, blocks0);
}

// The squares of each top row no half may use: those that attack the middle queen (odd N),
// column middle +- (H-r), and with diagonal weights its main-diagonal square (r, r).
void forbidden_squares(int n, int half, int middle, bool diagonal, Row* forbid) {
  const Row mask = column_mask(n);
  for (int r = 0; r < half; ++r) {
    forbid[r] = diagonal ? Row{1} << r : 0;
    if (middle < 0) continue;
    const int d = half - r;
    if (middle - d >= 0) forbid[r] |= Row{1} << (middle - d);
    if (middle + d < n) forbid[r] |= (Row{1} << (middle + d)) & mask;
  }
}

// Every top half with exactly the columns `cols`, as the bottom pattern of its upside-down
// image, in out[1] if it has a queen on the anti-diagonal (r, N-1-r), else in out[0]: a
// depth-first search over rows 0..H-1 with the usual three attack masks.
void collect_bottom_patterns(int n, int half, Row cols, const Row* forbid, bool diagonal,
                             std::vector<Pattern> (&out)[2]) {
  out[0].clear();
  out[1].clear();
  const Row mask = column_mask(n);
  const bool even = n % 2 == 0;
  if (half == 0) {
    out[0].push_back(0);
    return;
  }
  Row left[kMaxHalf + 1], down[kMaxHalf + 1], right[kMaxHalf + 1], todo[kMaxHalf + 1];
  int anti[kMaxHalf + 1];
  int row = 0;
  left[0] = down[0] = right[0] = 0;
  anti[0] = 0;
  todo[0] = cols & ~forbid[0];
  for (;;) {
    if (todo[row] == 0) {
      if (row == 0) return;
      --row;
      continue;
    }
    const Row bit = todo[row] & (0u - todo[row]);
    todo[row] ^= bit;
    const Row l = ((left[row] | bit) << 1) & mask, d = down[row] | bit,
              rt = (right[row] | bit) >> 1;
    const int a = anti[row] | (diagonal && std::countr_zero(bit) == n - 1 - row ? 1 : 0);
    if (row + 1 == half) {
      // l and rt are the "\" and "/" diagonals where they meet row H. Flipped to the bottom,
      // "\" becomes "/" and vice versa; for even N the flip also moves the cut by one row.
      const Row backslash = even ? (rt << 1) & mask : rt;
      const Row slash = even ? l >> 1 : l;
      out[a].push_back(Pattern{backslash} | Pattern{slash} << 32);
      continue;
    }
    ++row;
    anti[row] = a;
    left[row] = l;
    down[row] = d;
    right[row] = rt;
    todo[row] = cols & ~(l | d | rt | forbid[row]);
  }
}

// The top search: rows H-1, H-2, ..., 0 (step k places row H-1-k) with the group's columns,
// counting for every complete top half the bottom halves it fits. Those that fit the first
// k+1 queens are a bit set over the bottom list, live[k]: step k ANDs in the two precomputed
// sets "misses diagonal x" of its queen's two diagonals, 64 halves per word. The sets are
// computed lazily, only when a complete top half is reached, for the steps that changed since
// the last one: the search visits several nodes per top half it completes, mostly dead ends
// where the group's columns run out, and a set computed there would be wasted (measured at
// N = 17, one thread, a loaded machine: 9.1 s computing a set at every node, 6.6 s computing
// them for complete halves only). A set found empty cuts the search back to its step.
// The bottoms of weight 1 take words [0, words0) of every set, those of weight 2 the rest; a
// top half with an anti-diagonal queen counts double.
std::uint64_t join_top(int n, int half, Row cols, const Row* forbid, bool diagonal,
                       JoinBuffers& b) {
  const Row mask = column_mask(n);
  const Loops loops = join_loops();
  const std::size_t size[2] = {b.bottom[0].size(), b.bottom[1].size()};
  const std::size_t words0 = make_bit_sets(loops, b, size), words = b.ones.size();
  b.live.resize(static_cast<std::size_t>(half) * words);

  // The two "misses" sets of the queen placed at step k in column c.
  auto back = [&](int k, int c) {
    const int x = c + k + 1;
    return x < n ? &b.misses[static_cast<std::size_t>(x) * words] : b.ones.data();
  };
  auto fwd = [&](int k, int c) {
    const int x = c - k - 1;
    return x >= 0 ? &b.misses[static_cast<std::size_t>(32 + x) * words] : b.ones.data();
  };

  std::uint64_t total = 0;
  Row up_left[kMaxHalf + 1], used[kMaxHalf + 1], up_right[kMaxHalf + 1], todo[kMaxHalf + 1];
  int column[kMaxHalf];
  int valid = 0;  // live[0 .. valid-1] belong to the current path
  int k = 0;
  up_left[0] = used[0] = up_right[0] = 0;
  todo[0] = cols & ~forbid[half - 1];
  for (;;) {
    if (todo[k] == 0) {
      if (k == 0) return total;
      --k;
      continue;
    }
    const Row bit = todo[k] & (0u - todo[k]);
    todo[k] ^= bit;
    column[k] = std::countr_zero(bit);
    if (valid > k) valid = k;  // step k changed: its set and those below are stale
    if (k + 1 < half) {
      // Going up a row, a "\" diagonal moves one column left and a "/" one column right.
      const Row ul = (up_left[k] | bit) >> 1, u = used[k] | bit,
                ur = ((up_right[k] | bit) << 1) & mask;
      ++k;
      up_left[k] = ul;
      used[k] = u;
      up_right[k] = ur;
      todo[k] = cols & ~(ul | u | ur | forbid[half - 1 - k]);
      continue;
    }
    // A complete top half: bring live[] up to date along the path, then count.
    int empty = -1;
    for (; valid < half - 1; ++valid) {
      const std::uint64_t* in = valid == 0 ? b.ones.data() : &b.live[(valid - 1) * words];
      const std::uint64_t *x = back(valid, column[valid]), *y = fwd(valid, column[valid]);
      if (and_sets<3>(loops, &b.live[valid * words], {in, x, y}, words) == 0) {
        empty = valid;
        break;
      }
    }
    if (empty >= 0) {  // no bottom half fits steps 0..empty: try step empty's next column
      k = empty;
      valid = empty;
      continue;
    }
    const std::uint64_t* in = half == 1 ? b.ones.data() : &b.live[(half - 2) * words];
    const std::uint64_t *x = back(half - 1, column[half - 1]), *y = fwd(half - 1, column[half - 1]);
    std::uint64_t* last = &b.live[static_cast<std::size_t>(half - 1) * words];
    and_sets<3>(loops, last, {in, x, y}, words);
    const std::uint64_t fit =
        count_and(loops, last, b.ones.data(), words0) +
        2 * count_and(loops, last + words0, b.ones.data() + words0, words - words0);
    bool anti = false;
    for (int step = 0; step < half && diagonal; ++step) anti |= column[step] == n - half + step;
    total += fit << (anti ? 1 : 0);
  }
}

}  // namespace

std::uint64_t count_join_group_searched(int n, std::uint32_t top_columns, int middle,
                                        JoinWeights weights) {
  if (!names_a_group(n, top_columns, middle)) return 0;
  const int half = n / 2;
  const Row mask = column_mask(n);
  const Row middle_bit = middle >= 0 ? Row{1} << middle : 0;
  Row forbid[kMaxHalf + 1];
  const bool diagonal = weights == JoinWeights::diagonal;
  forbidden_squares(n, half, middle, diagonal, forbid);
  JoinBuffers& b = join_buffers();
  const Row bottom_columns = mask & ~top_columns & ~middle_bit;
  collect_bottom_patterns(n, half, bottom_columns, forbid, diagonal, b.bottom);
  if (b.bottom[0].empty() && b.bottom[1].empty()) return 0;
  if (half == 0) return b.bottom[0].size();
  return join_top(n, half, top_columns, forbid, diagonal, b);
}

void transpose_bit_matrix(std::uint64_t (&a)[64]) {
  transpose_bits_with(join_loops(), a);
}

std::size_t join_table_bytes(int n, JoinWeights weights) {
  if (n > kMaxTableJoinN || n < 4) return 0;
  static std::mutex lock;
  static std::map<std::pair<int, JoinWeights>, std::size_t> known;
  const std::lock_guard<std::mutex> hold(lock);
  std::size_t& bytes = known[{n, weights}];
  if (bytes == 0) {
    const bool diagonal = weights == JoinWeights::diagonal;
    const int half = n / 2, outer_rows = half / 2;
    // Both tables, and the two offsets per column set that the one built last holds while
    // it is made.
    bytes = placement_table_bytes(n, half, 0, outer_rows, diagonal) +
            placement_table_bytes(n, half, outer_rows, half, diagonal) +
            2 * (std::size_t{1} << n) * sizeof(std::uint32_t);
  }
  return bytes;
}

std::uint64_t count_join_group(int n, std::uint32_t top_columns, int middle, JoinWeights weights) {
  if (n > kMaxTableJoinN || n < 4)
    return count_join_group_searched(n, top_columns, middle, weights);
  if (!names_a_group(n, top_columns, middle)) return 0;
  return count_join_group_tabled(n, top_columns, middle, weights);
}

}  // namespace nqueens::kernels
