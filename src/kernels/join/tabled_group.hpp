// The tabled join (internal to src/kernels/join; join.cpp describes the method): a group's
// count from the tables of partial halves (tables.hpp), for 4 <= N <= kMaxTableJoinN, as a
// template over a loops policy (bit_sets.hpp) that each join tier file instantiates
// (join_tiers.hpp).
#pragma once

#include "bit_sets.hpp"
#include "tables.hpp"

namespace nqueens::kernels::join {

namespace {

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

// Step 1, the bottom side: the top halves of the bottom columns, turned upside down, paired from
// the tables into b.bottom[0] (no anti-diagonal queen) and b.bottom[1] (one, weight 2);
// size[list] says how many each holds.
template <typename Loops>
void list_bottoms(const HalfTables& t, Row bottom_columns, const MiddleQueen& queen, JoinBuffers& b,
                  std::size_t (&size)[2]) {
  const int half = t.half, a = t.outer_rows;
  const Row mask = column_mask(t.n);
  const bool even = t.n % 2 == 0;
  // Bottom halves: top halves of the bottom columns, turned upside down, in two lists: without
  // (0) and with (1) a queen on the anti-diagonal, whose weight is 2.
  // Written without a branch per pair (most pairs do not fit: 14% do at N = 16): every
  // candidate is stored and the end moves on only when it fits.
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
            Loops::pair_bottoms(o->u, o->v, b.inner_u.data() + from, b.inner_v.data() + from,
                                to - from, half, mask, even, out.data(), size[list]);
      }
    }
  });
}

// Step 2, the sets every split shares: slot 0 (every bottom) and the square sets, block by block.
void make_square_sets(int n, int half, Row top_columns, const std::uint8_t (&rank)[32],
                      const JoinBuffers& b, SetBlock* sets, std::size_t blocks, std::size_t cap) {
  const std::size_t words = b.ones.size();
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
}

// Step 3, the top side as a program over the slots (BlockProgram), one split of the group's
// columns at a time; run_program then runs it block by block.
template <typename Loops>
class ProgramWriter {
 public:
  ProgramWriter(const HalfTables& t, Row top_columns, const MiddleQueen& queen, JoinBuffers& b,
                const std::uint8_t (&rank)[32], std::size_t blocks, std::size_t cap)
      : t_(t),
        n_(t.n),
        half_(t.half),
        top_columns_(top_columns),
        queen_(queen),
        b_(b),
        prog_(b.program),
        sets_(b.program.sets.data()),
        rank_(rank),
        blocks_(blocks),
        cap_(cap),
        slots_(1 + static_cast<std::size_t>(half_) * static_cast<std::size_t>(half_)) {
    const int a = t.outer_rows, inner_rows = half_ - a;
    const std::size_t shared_slots = static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_);
    b.shared_slots.assign(6 * shared_slots, -1);
    std::int32_t* memos = b.shared_slots.data();
    outer_ = {a, inner_rows, memos, memos + 2 * shared_slots, memos + 4 * shared_slots};
    inner_ = {inner_rows, 0, memos + shared_slots, memos + 3 * shared_slots,
              memos + 5 * shared_slots};
    prog_.kept.clear();
    prog_.inner.clear();
    prog_.splits.clear();
  }

  // The program, one split of the group's columns at a time: the inner rows H-1..A take a set
  // T of them, the outer rows 0..A-1 the rest S = C \ T, and only placements of the same
  // split pair up. An outer placement that fits no inner one of its split is left out (a
  // third of them at N = 20); so is an inner placement that fits no kept outer one.
  void add_split(Row inner_columns) {
    const Row s = top_columns_ & ~inner_columns;
    const Placement* i0 = &t_.inner.entries[t_.inner.start[inner_columns]];
    const Placement* i1 = &t_.inner.entries[t_.inner.start[inner_columns + 1]];
    const Placement* o0 = &t_.outer.entries[t_.outer.start[s]];
    const Placement* o1 = &t_.outer.entries[t_.outer.start[s + 1]];
    if (i0 == i1 || o0 == o1) return;
    // The placements that miss the middle queen.
    const std::size_t outer_most = static_cast<std::size_t>(o1 - o0);
    const std::size_t inner_most = static_cast<std::size_t>(i1 - i0);
    if (b_.outer_u.size() < outer_most)
      b_.outer_u.resize(outer_most), b_.outer_v.resize(outer_most);
    if (b_.outer_at.size() < outer_most) b_.outer_at.resize(outer_most);
    if (b_.inner_u.size() < inner_most)
      b_.inner_u.resize(inner_most), b_.inner_v.resize(inner_most);
    if (b_.inner_at.size() < inner_most) b_.inner_at.resize(inner_most);
    if (b_.inner_fit.size() < inner_most) b_.inner_fit.resize(inner_most);
    if (b_.inner_order.size() < inner_most) b_.inner_order.resize(inner_most);
    if (b_.inner_group.size() < inner_most) b_.inner_group.resize(inner_most);
    const std::size_t inners =
        queen_.list_missers(i0, i1, b_.inner_u.data(), b_.inner_v.data(), b_.inner_at.data()).count;
    const std::size_t outers =
        queen_.list_missers(o0, o1, b_.outer_u.data(), b_.outer_v.data(), b_.outer_at.data()).count;
    if (inners == 0 || outers == 0) return;
    FitMask any{0, 0};
    for (std::size_t x = 0; x < inners; ++x) {
      const FitMask f = Loops::fitting_mask(b_.outer_u.data(), b_.outer_v.data(), outers,
                                            b_.inner_u[x], b_.inner_v[x]);
      b_.inner_fit[x] = f;
      any[0] |= f[0];
      any[1] |= f[1];
    }
    // The kept outer placements, in table order (so those without an anti-diagonal queen
    // first), numbered within the split: kept_rank[o] for outer placement o.
    const std::size_t kept_begin = prog_.kept.size();
    std::uint8_t kept_rank[kMaxKept];
    FitMask kept_mask{0, 0}, anti{0, 0};
    std::size_t kept = 0;
    for (int w = 0; w < 2; ++w)
      for (std::uint64_t m = any[w]; m != 0; m &= m - 1) {
        const std::size_t o = 64 * static_cast<std::size_t>(w) + std::countr_zero(m);
        SlotTriple q;
        if (!entry_slots(outer_, *b_.outer_at[o], q)) continue;
        prog_.kept.push_back(q);
        kept_mask[w] |= m & (0 - m);
        anti[w] |= b_.outer_at[o]->anti ? m & (0 - m) : 0;
        kept_rank[o] = static_cast<std::uint8_t>(kept++);
      }
    if (kept == 0) return;
    const std::size_t inner_begin = prog_.inner.size();
    // Room for every pair the split can have, so that the loop below stores without a check.
    if (prog_.pairs.size() < pairs_size_ + inners * (kept + 1))
      prog_.pairs.resize(2 * (pairs_size_ + inners * (kept + 1)));
    // The inner placements grouped by their number of pairs (1, 2, 3, 4, more), by a
    // counting sort: group g's placements at group_at[g] onwards in inner_order.
    std::size_t group_at[kPairGroups + 1] = {};
    for (std::size_t x = 0; x < inners; ++x) {
      const int pairs_of_x = std::popcount(b_.inner_fit[x][0] & kept_mask[0]) +
                             std::popcount(b_.inner_fit[x][1] & kept_mask[1]);
      b_.inner_group[x] = static_cast<std::uint8_t>(std::min(pairs_of_x, kPairGroups));
      ++group_at[b_.inner_group[x]];
    }
    for (std::size_t g = 0, at = 0; g <= kPairGroups; ++g) at += std::exchange(group_at[g], at);
    for (std::size_t x = 0; x < inners; ++x)
      b_.inner_order[group_at[b_.inner_group[x]]++] = static_cast<std::uint32_t>(x);
    // group_at[g] is now where group g ends; group 0 (no pair) comes first and is skipped.
    std::uint32_t ends[kPairGroups];
    for (std::size_t k = group_at[0], g = 1; g <= kPairGroups; ++g) {
      for (; k < group_at[g]; ++k) {
        const std::size_t x = b_.inner_order[k];
        const FitMask f{b_.inner_fit[x][0] & kept_mask[0], b_.inner_fit[x][1] & kept_mask[1]};
        const Placement* i = b_.inner_at[x];
        SlotTriple q;
        if (!entry_slots(inner_, *i, q)) continue;
        prog_.inner.push_back(q);
        // A pair counts twice when either placement has an anti-diagonal queen.
        std::uint8_t* pairs = prog_.pairs.data() + pairs_size_;
        if (g == kPairGroups)
          *pairs++ = static_cast<std::uint8_t>(std::popcount(f[0]) + std::popcount(f[1]));
        for (int w = 0; w < 2; ++w)
          for (std::uint64_t m = f[w]; m != 0; m &= m - 1) {
            const std::size_t o = 64 * static_cast<std::size_t>(w) + std::countr_zero(m);
            const bool twice = i->anti || (anti[w] >> (o & 63) & 1) != 0;
            *pairs++ = static_cast<std::uint8_t>(kept_rank[o] | (twice ? kTwice : 0));
          }
        pairs_size_ = static_cast<std::size_t>(pairs - prog_.pairs.data());
      }
      ends[g - 1] = static_cast<std::uint32_t>(prog_.inner.size());
    }
    if (prog_.inner.size() == inner_begin) {  // nothing pairs: drop the split's kept ones
      prog_.kept.resize(kept_begin);
      return;
    }
    prog_.splits.push_back(static_cast<std::uint32_t>(prog_.kept.size()));
    prog_.splits.insert(prog_.splits.end(), std::begin(ends), std::end(ends));
  }

 private:
  struct Side {
    int rows, gap;
    std::int32_t* shared;  // [n * n]: slots of the two-row prefixes
    std::int32_t* middle;  // [n * n]: slots of the two-row sets of rows 2 and 3 (six rows)
    std::int32_t* suffix;  // [n * n]: slots of the two-row suffixes
  };

  SlotTriple row_slot(const Side& side, const std::uint8_t* column, int k) const {
    return static_cast<SlotTriple>(1 + (k + side.gap) * half_ + rank_[column[k]]);
  }

  // The slot of the AND of rows k and k + 1 of an entry, made on first use and remembered in
  // memo (-1 not made yet, -2 no bottom fits: false).
  bool two_rows(const Side& side, std::int32_t& memo, const std::uint8_t* column, int k,
                SlotTriple& out) {
    if (memo == -2) return false;
    if (memo < 0) {
      const SlotTriple x = row_slot(side, column, k), y = row_slot(side, column, k + 1);
      std::uint64_t any = 0;
      for (std::size_t bk = 0; bk < blocks_; ++bk) {
        const std::uint64_t *u = sets_[bk * cap_ + x].w, *v = sets_[bk * cap_ + y].w;
        std::uint64_t* o = sets_[bk * cap_ + slots_].w;
        for (std::size_t w = 0; w < kBlockWords; ++w) any |= o[w] = u[w] & v[w];
      }
      if (any == 0) {
        memo = -2;
        return false;
      }
      memo = static_cast<std::int32_t>(slots_++);
    }
    out = static_cast<SlotTriple>(memo);
    return true;
  }

  // The slots whose AND is entry e's set: its first two rows' shared set, the shared set of
  // its rows 2 and 3 when it has six, the square set of its third row when it has five or
  // three, and its last two rows' shared set when it has four, five or six (padded with slot
  // 0). False if no bottom fits two of its rows. Within a split the first rows of an entry but
  // one fix its last row, so a set of all but the last row is never shared by two entries, and
  // one of all but the last two by at most two: so its rows are ANDed where the program runs,
  // from sets shared by every split.
  bool entry_slots(const Side& side, const Placement& e, SlotTriple& q) {
    q = 0;
    int k = 0, j = 0;
    SlotTriple x;
    if (side.rows >= 2) {
      if (!two_rows(side, side.shared[e.column[0] * n_ + e.column[1]], e.column, 0, x))
        return false;
      q = x, k = 2, j = 1;
    }
    if (side.rows - k == 4) {
      if (!two_rows(side, side.middle[e.column[k] * n_ + e.column[k + 1]], e.column, k, x))
        return false;
      q |= x << (16 * j++);
      k += 2;
    }
    if (side.rows - k == 3 || side.rows - k == 1) q |= row_slot(side, e.column, k++) << (16 * j++);
    if (side.rows - k == 2) {
      if (!two_rows(side, side.suffix[e.column[k] * n_ + e.column[k + 1]], e.column, k, x))
        return false;
      q |= x << (16 * j++);
    }
    return true;
  }

  const HalfTables& t_;
  const int n_, half_;
  const Row top_columns_;
  const MiddleQueen& queen_;
  JoinBuffers& b_;
  BlockProgram& prog_;
  SetBlock* const sets_;
  const std::uint8_t (&rank_)[32];
  const std::size_t blocks_, cap_;
  std::size_t slots_;           // slots in use
  std::size_t pairs_size_ = 0;  // prog.pairs in use (the vector only grows)
  Side outer_{}, inner_{};
};

// The group's count (JoinTier::tabled).
template <typename Loops>
std::uint64_t count_tabled(int n, Row top_columns, int middle, JoinWeights weights) {
  const HalfTables& t = half_tables(n, weights);
  const int half = t.half;
  const Row middle_bit = middle >= 0 ? Row{1} << middle : 0;
  const Row bottom_columns = column_mask(n) & ~top_columns & ~middle_bit;
  // No half may reach the middle queen (odd N).
  MiddleQueen queen;
  if (middle >= 0) queen = {std::uint64_t{1} << middle, std::uint64_t{1} << (middle + half)};
  JoinBuffers& b = join_buffers();

  std::size_t size[2] = {0, 0};
  list_bottoms<Loops>(t, bottom_columns, queen, b, size);
  if (size[0] + size[1] == 0) return 0;
  const std::size_t words0 = make_bit_sets<Loops>(b, size, kBlockWords), words = b.ones.size();
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
  // made yet, -2 no bottom fits), and so is the set of its last two rows (`suffix`), which
  // takes a placement from four slots to three. Two rows, not three: sharing three made many
  // more sets a group for no gain.
  BlockProgram& prog = b.program;
  const std::size_t h2 = static_cast<std::size_t>(half) * static_cast<std::size_t>(half);
  const int inner_rows = half - t.outer_rows;
  // Every bottom, the squares, and per side up to three kinds of two-row sets (prefixes,
  // middles at six rows, suffixes), each at most H (H - 1).
  const std::size_t cap = 1 + h2 + 2 * static_cast<std::size_t>(inner_rows / 2) * h2;
  if (prog.sets.size() < blocks * cap) prog.sets.resize(blocks * cap);
  std::uint8_t rank[32] = {};
  std::uint8_t ranked = 0;
  for (Row c = top_columns; c != 0; c &= c - 1) rank[std::countr_zero(c)] = ranked++;
  make_square_sets(n, half, top_columns, rank, b, prog.sets.data(), blocks, cap);

  ProgramWriter<Loops> writer(t, top_columns, queen, b, rank, blocks, cap);
  for_each_split(top_columns, inner_rows, t.inner, t.outer,
                 [&](Row inner_columns) { writer.add_split(inner_columns); });
  return Loops::run_program(prog, cap, blocks, blocks0);
}

}  // namespace

}  // namespace nqueens::kernels::join
