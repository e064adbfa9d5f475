// The join's bit sets over a group's bottom halves and the loops over them (internal to
// src/kernels/join): the transpose that makes the sets, the pairing of partial bottoms, ANDs and
// counts over whole sets, and the tabled join's top side as a program run block by block
// (run_program); here in 64-bit words (WordLoops), in bit_sets_avx2.hpp and join_avx512.cpp in
// vectors. One thread's buffers are here too.
//
// A set of the loops (a loops policy: WordLoops, Avx2Loops, Avx512Loops) is what the join's
// group counts (tabled_group.hpp, searched_group.hpp) are templates over. Each join tier file
// (join_tiers.hpp) includes this header and those in its base/isa.hpp region, so everything here
// is compiled for that file's instruction set.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "tables.hpp"

namespace nqueens::kernels::join {

// Internal linkage, as if in one file: the compiler inlines these as the static functions they
// are (external inline ones it inlined less, to the scalar tier's cost), and each tier file has
// its own copy compiled for its instruction set, its thread buffers too.
namespace {

// Transposes a 64 x 64 bit matrix in place: afterwards bit j of a[x] is what bit x of a[j]
// was (six rounds of block swaps, halving the block size each round).
[[maybe_unused]] void transpose_bits(std::uint64_t (&a)[64]) {
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

// The top side runs in blocks of kBlockWords words (1,024 bottoms) of the bit sets. Its work
// is first written down as a program over set slots: each split's kept outer placements (the
// AND of three slots each), then its inner placements (three slots, and the kept outer ones
// they fit). The slots (every bottom, the square sets, the two-row sets) are stored block by
// block, so the program then runs over one block at a time with everything it reads in a few
// KB, and no placement's set is ever stored beyond one block (docs/ALGORITHMS.md, "A program
// over blocks"). 16 words a block: the fastest size that does not pad odd N's sets.
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
#define NQUEENS_NO_UNROLL _Pragma("clang loop unroll(disable)")
#else
#define NQUEENS_NO_UNROLL _Pragma("GCC unroll 1")
#endif

// One walk through the program over Block::kSpan neighbouring blocks (the first at `set`, the
// next `cap` slots on): each pair counts its common bottoms there, twice if marked kTwice.
// Always inlined, with its Block's operations, into each loops policy's run_program: one
// function the compiler schedules as a whole (clang 14 otherwise left the POPCNT form a jump to
// a copy that counted bits by shifts and masks).
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
    NQUEENS_NO_UNROLL
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
    NQUEENS_NO_UNROLL
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

// The block in 64-bit words (the scalar tier).
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

// The loops in 64-bit words: the scalar tier's, compiled for the baseline of the build and
// again with POPCNT (join_scalar.cpp), where std::popcount is one instruction.
struct WordLoops {
  static void transpose(std::uint64_t (&a)[64]) { transpose_bits(a); }
  // pair_bottoms_scalar over all `count` inner placements.
  static std::size_t pair_bottoms(std::uint64_t ou, std::uint64_t ov, const std::uint64_t* iu,
                                  const std::uint64_t* iv, std::size_t count, int half, Row mask,
                                  bool even, Pattern* out, std::size_t size) {
    return pair_bottoms_scalar(ou, ov, iu, iv, 0, count, half, mask, even, out, size);
  }
  // out = the AND of the K sets `in`; zero when it is empty.
  template <int K>
  static std::uint64_t and_sets(std::uint64_t* __restrict out, const std::uint64_t* const (&in)[K],
                                std::size_t words) {
    return and_loop<K>(out, in, words);
  }
  // popcount(a & b) over `words` words.
  static std::uint64_t count_and(const std::uint64_t* __restrict a,
                                 const std::uint64_t* __restrict b, std::size_t words) {
    return count_and_scalar(a, b, 0, words);
  }
  // The placements (u[j], v[j]), j < count, that share no diagonal with (iu, iv): FitMask.
  static FitMask fitting_mask(const std::uint64_t* u, const std::uint64_t* v, std::size_t count,
                              std::uint64_t iu, std::uint64_t iv) {
    FitMask fit{0, 0};
    fitting_mask_scalar(u, v, 0, count, iu, iv, fit);
    return fit;
  }
  // The weighted count of the program over blocks [0, blocks) (run_program_with).
  static std::uint64_t run_program(const BlockProgram& prog, std::size_t cap, std::size_t blocks,
                                   std::size_t blocks0) {
    return run_program_with<WordBlock>(prog, cap, blocks, blocks0);
  }
};

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

[[maybe_unused]] JoinBuffers& join_buffers() {
  thread_local JoinBuffers b;
  return b;
}

// The bit sets over the bottom lists (size[list] patterns in b.bottom[list]), each list from
// a word of its own: words [0, words0) hold the bottoms of weight 1, the rest those of
// weight 2. misses[x] = the bottoms without pattern bit x, 64 bottoms at a time: a 64 x 64
// bit transpose turns their patterns into one word per bit. Each list takes a multiple of
// `align` words (the padding holds no bottom). Returns words0; b.ones has the length of every
// set.
template <typename Loops>
std::size_t make_bit_sets(JoinBuffers& b, const std::size_t (&size)[2], std::size_t align = 1) {
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
      Loops::transpose(block);
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

}  // namespace

}  // namespace nqueens::kernels::join
