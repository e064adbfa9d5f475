// The explainer: a human-style solver for 9x9 puzzles. At each step it tries the techniques
// from the easiest to the hardest (the Sudoku Explainer order, docs/SUDOKU.md) and takes the
// first that makes progress, so the hardest step on the path measures the puzzle.
//
// Patterns (subsets, fish, wings, unique rectangles) are searched directly on candidate masks
// and per-digit cell sets. Chains are one breadth-first search over candidates with strong
// and weak links (explain_chains.cpp), restricted for X-chains (one digit, house links) and
// XY-chains (bivalue cells), so the shortest chain of the easiest kind is found first.
// Forcing chains assume each candidate of a cell (or place of a digit in a house) in turn and
// propagate singles; what all branches agree on is a step. A guess is the last resort.
#include "sudoku/explain.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>

#include "explain_engine.hpp"
#include "sudoku/solve.hpp"

namespace sudoku {
namespace detail {

std::string house_name(int h) {
  static constexpr std::string_view kKind[] = {"row ", "column ", "box "};
  std::string out(kKind[h / 9]);
  out += static_cast<char>('1' + h % 9);
  return out;
}

namespace {

// Calls f(chosen) for every k-subset `chosen` (a bit mask) of the bits in `pool` whose
// items' masks (mask_of(index)) together have at most `size` bits, until f returns true.
// Pruning on the union as it grows is what makes quads affordable.
template <class MaskOf, class F>
bool each_subset(std::uint32_t pool, int k, int size, MaskOf mask_of, F f, std::uint32_t chosen = 0,
                 std::uint32_t together = 0) {
  if (k == 0) return f(chosen);
  for (std::uint32_t rest = pool; rest; rest &= rest - 1) {
    if (std::popcount(rest) < k) return false;
    const std::uint32_t bit = rest & -rest;
    const std::uint32_t grown = together | mask_of(std::countr_zero(rest));
    if (std::popcount(grown) > size) continue;
    if (each_subset(rest & ~bit & ~(bit - 1), k - 1, size, mask_of, f, chosen | bit, grown))
      return true;
  }
  return false;
}

}  // namespace

Explainer::Explainer(const Grid& puzzle, const Grid* solution, bool unique)
    : solution_(solution), unique_(unique) {
  board_.cand.fill(kAllDigits);
  for (int i = 0; i < 81; ++i)
    if (puzzle[i]) board_.place(i, puzzle[i]);
}

Explainer::Explainer(const Grid& grid, const Candidates& marks, const Grid* solution, bool unique)
    : Explainer(grid, solution, unique) {
  for (int i = 0; i < 81; ++i) board_.cand[i] &= static_cast<Mask>(marks[i]);
}

bool Explainer::complete() const {
  return std::all_of(board_.value.begin(), board_.value.end(), [](auto v) { return v != 0; });
}

Step Explainer::make(Technique t) const {
  Step s;
  s.technique = t;
  s.score = technique_score(t);
  return s;
}

void Explainer::refresh() {
  const Geometry& g = geometry();
  for (auto& w : where_) w = CellSet{};
  open_.fill(0);
  for (int i = 0; i < 81; ++i) {
    if (!board_.cand[i]) continue;
    ++open_[g.row[i]];
    ++open_[9 + g.col[i]];
    ++open_[18 + g.box[i]];
    for (Mask m = board_.cand[i]; m; m &= static_cast<Mask>(m - 1))
      where_[std::countr_zero(m) + 1].add(i);
  }
}

// Only once singles are exhausted: most steps are singles and never need this.
void Explainer::refresh_places() {
  const Geometry& g = geometry();
  for (auto& h : places_) h.fill(0);
  for (int i = 0; i < 81; ++i) {
    const int at[3] = {g.col[i], g.row[i], g.row[i] % 3 * 3 + g.col[i] % 3};
    const int house[3] = {g.row[i], 9 + g.col[i], 18 + g.box[i]};
    for (Mask m = board_.cand[i]; m; m &= static_cast<Mask>(m - 1)) {
      const int d = std::countr_zero(m) + 1;
      for (int k = 0; k < 3; ++k) places_[house[k]][d] |= static_cast<std::uint16_t>(1u << at[k]);
    }
  }
}

void Explainer::add_used_cell(Step& s, int cell, Mask digits) const {
  for (Mask m = digits; m; m &= static_cast<Mask>(m - 1))
    s.used.push_back(candidate(cell, std::countr_zero(m) + 1));
}

void Explainer::eliminate_from(Step& s, CellSet cells, int d) const {
  cells.each([&](int c) { s.eliminations.push_back(candidate(c, d)); });
}

bool Explainer::find(Step& s) {
  refresh();
  if (full_house(s) || hidden_single(s) || naked_single(s)) return true;
  refresh_places();
  if (pointing(s) || claiming(s) || naked_subset(2, s) || fish(2, s) || hidden_subset(2, s) ||
      naked_subset(3, s) || fish(3, s) || hidden_subset(3, s) || xy_wing(s) || xyz_wing(s) ||
      w_wing(s) || unique_rectangle(s) || naked_subset(4, s) || fish(4, s) || hidden_subset(4, s) ||
      simple_colouring(s) || x_chain(s) || xy_chain(s) || aic(s) || forcing_chain(s))
    return true;
  return guess(s);
}

void Explainer::apply(const Step& s) {
  for (const Candidate& c : s.placements) {
    assert(!solution_ || (*solution_)[c.cell] == c.digit);
    board_.place(c.cell, c.digit);
  }
  for (const Candidate& c : s.eliminations) {
    assert(!solution_ || (*solution_)[c.cell] != c.digit);
    board_.cand[c.cell] &= static_cast<Mask>(~digit_bit(c.digit));
  }
}

// ---- singles -----------------------------------------------------------------------------

bool Explainer::full_house(Step& s) {
  const Geometry& g = geometry();
  for (int h = 0; h < 27; ++h) {
    if (open_[h] != 1) continue;
    int empty = -1, count = 0;
    Mask placed = 0;
    for (int c : g.house[h]) {
      if (board_.value[c])
        placed |= digit_bit(board_.value[c]);
      else
        ++count, empty = c;
    }
    if (count != 1) continue;
    const Mask missing = kAllDigits & static_cast<Mask>(~placed);
    if (std::popcount(missing) != 1 || !(board_.cand[empty] & missing)) continue;
    s = make(Technique::full_house);
    s.house = house_name(h);
    s.placements.push_back(candidate(empty, std::countr_zero(missing) + 1));
    return true;
  }
  return false;
}

bool Explainer::hidden_single(Step& s) {
  const Geometry& g = geometry();
  for (int pass = 0; pass < 2; ++pass)  // boxes first: people scan boxes before lines
    for (int h = pass == 0 ? 18 : 0; h < (pass == 0 ? 27 : 18); ++h)
      for (int d = 1; d <= 9; ++d) {
        const CellSet in = where_[d] & g.house_set[h];
        if (in.count() != 1) continue;
        s = make(Technique::hidden_single);
        if (pass == 1) s.score = kHiddenSingleInLineScore;
        s.house = house_name(h);
        s.placements.push_back(candidate(in.first(), d));
        return true;
      }
  return false;
}

bool Explainer::naked_single(Step& s) {
  for (int i = 0; i < 81; ++i)
    if (std::popcount(board_.cand[i]) == 1) {
      s = make(Technique::naked_single);
      s.placements.push_back(candidate(i, std::countr_zero(board_.cand[i]) + 1));
      return true;
    }
  return false;
}

// ---- intersections -----------------------------------------------------------------------

bool Explainer::pointing(Step& s) {
  const Geometry& g = geometry();
  for (int q = 18; q < 27; ++q)
    for (int d = 1; d <= 9; ++d) {
      const CellSet in = where_[d] & g.house_set[q];
      if (in.count() < 2) continue;
      const int first = in.first();
      for (int line : {g.row[first], 9 + g.col[first]}) {
        if (!(in.minus(g.house_set[line])).empty()) continue;
        const CellSet victims = (where_[d] & g.house_set[line]).minus(g.house_set[q]);
        if (victims.empty()) continue;
        s = make(Technique::pointing);
        s.house = house_name(q);
        in.each([&](int c) { s.used.push_back(candidate(c, d)); });
        eliminate_from(s, victims, d);
        return true;
      }
    }
  return false;
}

bool Explainer::claiming(Step& s) {
  const Geometry& g = geometry();
  for (int line = 0; line < 18; ++line)
    for (int d = 1; d <= 9; ++d) {
      const CellSet in = where_[d] & g.house_set[line];
      if (in.count() < 2) continue;
      const int q = 18 + g.box[in.first()];
      if (!(in.minus(g.house_set[q])).empty()) continue;
      const CellSet victims = (where_[d] & g.house_set[q]).minus(g.house_set[line]);
      if (victims.empty()) continue;
      s = make(Technique::claiming);
      s.house = house_name(line);
      in.each([&](int c) { s.used.push_back(candidate(c, d)); });
      eliminate_from(s, victims, d);
      return true;
    }
  return false;
}

// ---- subsets -----------------------------------------------------------------------------

bool Explainer::naked_subset(int k, Step& s) {
  static constexpr Technique kKind[] = {Technique::naked_pair, Technique::naked_triple,
                                        Technique::naked_quad};
  const Geometry& g = geometry();
  for (int h = 0; h < 27; ++h) {
    std::uint32_t pool = 0;  // bit m: house cell m has 2..k candidates
    int open = 0;
    for (int m = 0; m < 9; ++m) {
      const int n = std::popcount(board_.cand[g.house[h][m]]);
      open += n > 0;
      if (n >= 2 && n <= k) pool |= 1u << m;
    }
    if (open <= k) continue;  // a subset of every open cell eliminates nothing
    auto cell_digits = [&](int m) { return std::uint32_t{board_.cand[g.house[h][m]]}; };
    const bool found = each_subset(pool, k, k, cell_digits, [&](std::uint32_t pick) {
      Mask digits = 0;
      for (std::uint32_t p = pick; p; p &= p - 1)
        digits |= board_.cand[g.house[h][std::countr_zero(p)]];
      if (std::popcount(digits) != k) return false;
      Mask elsewhere = 0;
      for (int m = 0; m < 9; ++m)
        if (!(pick >> m & 1u)) elsewhere |= board_.cand[g.house[h][m]];
      if (!(elsewhere & digits)) return false;
      Step t = make(kKind[k - 2]);
      for (int m = 0; m < 9; ++m) {
        const int c = g.house[h][m];
        if (pick >> m & 1u) {
          add_used_cell(t, c, board_.cand[c]);
        } else if (const Mask hit = board_.cand[c] & digits) {
          for (Mask x = hit; x; x &= static_cast<Mask>(x - 1))
            t.eliminations.push_back(candidate(c, std::countr_zero(x) + 1));
        }
      }
      if (t.eliminations.empty()) return false;
      t.house = house_name(h);
      s = std::move(t);
      return true;
    });
    if (found) return true;
  }
  return false;
}

bool Explainer::hidden_subset(int k, Step& s) {
  static constexpr Technique kKind[] = {Technique::hidden_pair, Technique::hidden_triple,
                                        Technique::hidden_quad};
  const Geometry& g = geometry();
  for (int h = 0; h < 27; ++h) {
    const std::array<std::uint16_t, 10>& places = places_[h];  // bit m: house cell m
    std::uint32_t pool = 0;                                    // bit d: digit d has 2..k places
    if (open_[h] <= k) continue;
    for (int d = 1; d <= 9; ++d) {
      const int n = std::popcount(places[d]);
      if (n >= 2 && n <= k) pool |= 1u << d;
    }
    auto digit_places = [&](int d) { return std::uint32_t{places[d]}; };
    const bool found = each_subset(pool, k, k, digit_places, [&](std::uint32_t digits) {
      std::uint32_t cells = 0;
      Mask keep = 0;
      for (std::uint32_t p = digits; p; p &= p - 1) {
        cells |= places[std::countr_zero(p)];
        keep |= digit_bit(std::countr_zero(p));
      }
      if (std::popcount(cells) != k) return false;
      Mask extra = 0;
      for (std::uint32_t p = cells; p; p &= p - 1)
        extra |= board_.cand[g.house[h][std::countr_zero(p)]];
      if (!(extra & static_cast<Mask>(~keep))) return false;
      Step t = make(kKind[k - 2]);
      for (std::uint32_t p = cells; p; p &= p - 1) {
        const int c = g.house[h][std::countr_zero(p)];
        add_used_cell(t, c, board_.cand[c] & keep);
        for (Mask x = board_.cand[c] & static_cast<Mask>(~keep); x; x &= static_cast<Mask>(x - 1))
          t.eliminations.push_back(candidate(c, std::countr_zero(x) + 1));
      }
      if (t.eliminations.empty()) return false;
      t.house = house_name(h);
      s = std::move(t);
      return true;
    });
    if (found) return true;
  }
  return false;
}

// ---- fish --------------------------------------------------------------------------------

bool Explainer::fish(int k, Step& s) {
  static constexpr Technique kKind[] = {Technique::x_wing, Technique::swordfish,
                                        Technique::jellyfish};
  const Geometry& g = geometry();
  for (int d = 1; d <= 9; ++d)
    for (int base = 0; base < 2; ++base) {  // base rows (cover columns), then base columns
      // bit x of across[line]: the digit can go at cross position x of base line `line`
      const std::array<std::uint16_t, 10>* across = &places_[base * 9];
      std::uint32_t pool = 0;
      for (int line = 0; line < 9; ++line) {
        const int n = std::popcount(across[line][d]);
        if (n >= 2 && n <= k) pool |= 1u << line;
      }
      auto line_places = [&](int line) { return std::uint32_t{across[line][d]}; };
      const bool found = each_subset(pool, k, k, line_places, [&](std::uint32_t lines) {
        std::uint32_t cover = 0;
        CellSet base_cells;
        for (std::uint32_t p = lines; p; p &= p - 1) {
          cover |= across[std::countr_zero(p)][d];
          base_cells |= g.house_set[base * 9 + std::countr_zero(p)];
        }
        if (std::popcount(cover) != k) return false;
        CellSet cover_cells;
        for (std::uint32_t p = cover; p; p &= p - 1)
          cover_cells |= g.house_set[(1 - base) * 9 + std::countr_zero(p)];
        const CellSet victims = (where_[d] & cover_cells).minus(base_cells);
        if (victims.empty()) return false;
        s = make(kKind[k - 2]);
        (where_[d] & base_cells).each([&](int c) { s.used.push_back(candidate(c, d)); });
        eliminate_from(s, victims, d);
        return true;
      });
      if (found) return true;
    }
  return false;
}

// ---- wings -------------------------------------------------------------------------------

bool Explainer::xy_wing(Step& s) {
  const Geometry& g = geometry();
  for (int p = 0; p < 81; ++p) {
    const Mask pm = board_.cand[p];
    if (std::popcount(pm) != 2) continue;
    std::array<int, 20> wings{};
    int n = 0;
    g.peers[p].each([&](int q) {
      const Mask qm = board_.cand[q];
      if (std::popcount(qm) == 2 && std::popcount(static_cast<Mask>(qm & pm)) == 1) wings[n++] = q;
    });
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const Mask a = board_.cand[wings[i]], b = board_.cand[wings[j]];
        if ((a & pm) == (b & pm)) continue;  // the pincers must share different pivot digits
        const Mask z = a & b & static_cast<Mask>(~pm);
        if (std::popcount(z) != 1) continue;
        const int d = std::countr_zero(z) + 1;
        const CellSet victims = where_[d] & g.peers[wings[i]] & g.peers[wings[j]];
        if (victims.empty()) continue;
        s = make(Technique::xy_wing);
        add_used_cell(s, p, pm);
        add_used_cell(s, wings[i], a);
        add_used_cell(s, wings[j], b);
        eliminate_from(s, victims, d);
        return true;
      }
  }
  return false;
}

bool Explainer::xyz_wing(Step& s) {
  const Geometry& g = geometry();
  for (int p = 0; p < 81; ++p) {
    const Mask pm = board_.cand[p];
    if (std::popcount(pm) != 3) continue;
    std::array<int, 20> wings{};
    int n = 0;
    g.peers[p].each([&](int q) {
      const Mask qm = board_.cand[q];
      if (std::popcount(qm) == 2 && (qm & pm) == qm) wings[n++] = q;
    });
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const Mask a = board_.cand[wings[i]], b = board_.cand[wings[j]];
        const Mask z = a & b;
        if (std::popcount(z) != 1 || (a | b) != pm) continue;
        const int d = std::countr_zero(z) + 1;
        const CellSet victims = where_[d] & g.peers[p] & g.peers[wings[i]] & g.peers[wings[j]];
        if (victims.empty()) continue;
        s = make(Technique::xyz_wing);
        add_used_cell(s, p, pm);
        add_used_cell(s, wings[i], a);
        add_used_cell(s, wings[j], b);
        eliminate_from(s, victims, d);
        return true;
      }
  }
  return false;
}

bool Explainer::w_wing(Step& s) {
  const Geometry& g = geometry();
  std::array<int, 81> bivalue{};
  int n = 0;
  for (int i = 0; i < 81; ++i)
    if (std::popcount(board_.cand[i]) == 2) bivalue[n++] = i;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const int p = bivalue[i], q = bivalue[j];
      const Mask m = board_.cand[p];
      if (board_.cand[q] != m || g.sees(p, q)) continue;
      for (int pick = 0; pick < 2; ++pick) {
        const int link = pick == 0 ? std::countr_zero(m) + 1 : 16 - std::countl_zero(m);
        const int other = pick == 0 ? 16 - std::countl_zero(m) : std::countr_zero(m) + 1;
        const CellSet victims = where_[other] & g.peers[p] & g.peers[q];
        if (victims.empty()) continue;
        for (int h = 0; h < 27; ++h) {
          const CellSet ends = where_[link] & g.house_set[h];
          if (ends.count() != 2 || ends.has(p) || ends.has(q)) continue;
          int u = ends.first(), v = ends.minus(CellSet::of(u)).first();
          if (!(g.sees(u, p) && g.sees(v, q))) std::swap(u, v);
          if (!(g.sees(u, p) && g.sees(v, q))) continue;
          s = make(Technique::w_wing);
          s.used = {candidate(p, other), candidate(p, link), candidate(u, link),
                    candidate(v, link),  candidate(q, link), candidate(q, other)};
          eliminate_from(s, victims, other);
          return true;
        }
      }
    }
  return false;
}

// ---- uniqueness --------------------------------------------------------------------------

// Four cells in two rows, two columns and two boxes holding the same two candidates would
// let the two digits swap: with one solution, at least one of the cells holds something else.
bool Explainer::unique_rectangle(Step& s) {
  if (!unique_) return false;
  for (int r1 = 0; r1 < 9; ++r1)
    for (int r2 = r1 + 1; r2 < 9; ++r2)
      for (int c1 = 0; c1 < 9; ++c1)
        for (int c2 = c1 + 1; c2 < 9; ++c2) {
          const bool same_band = r1 / 3 == r2 / 3, same_stack = c1 / 3 == c2 / 3;
          if (same_band == same_stack) continue;  // one box or four boxes
          const std::array<int, 4> cells = {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2};
          Mask common = kAllDigits;
          for (int c : cells) common &= board_.cand[c];
          if (std::popcount(common) < 2) continue;
          for (Mask x = common; x; x &= static_cast<Mask>(x - 1))
            for (Mask y = x & static_cast<Mask>(x - 1); y; y &= static_cast<Mask>(y - 1)) {
              const Mask pair = static_cast<Mask>((x & -x) | (y & -y));
              if (unique_rectangle_with(cells, pair, s)) return true;
            }
        }
  return false;
}

bool Explainer::unique_rectangle_with(const std::array<int, 4>& cells, Mask pair, Step& s) {
  const Geometry& g = geometry();
  std::array<int, 4> exact{}, extra{};
  int ne = 0, nx = 0;
  for (int c : cells) (board_.cand[c] == pair ? exact[ne++] : extra[nx++]) = c;
  const int a = std::countr_zero(pair) + 1, b = 16 - std::countl_zero(pair);
  auto start = [&] {
    s = make(Technique::unique_rectangle);
    for (int c : cells) add_used_cell(s, c, pair);
  };
  if (ne == 3) {  // type 1: the fourth cell is not a or b
    start();
    s.eliminations = {candidate(extra[0], a), candidate(extra[0], b)};
    return true;
  }
  if (ne != 2) return false;
  const int u = extra[0], v = extra[1];
  if (!(g.row[u] == g.row[v] || g.col[u] == g.col[v])) return false;  // not a side
  // Type 2: both other cells hold the same one extra digit, so one of them is that digit.
  const Mask xu = board_.cand[u] & static_cast<Mask>(~pair);
  if (xu == (board_.cand[v] & static_cast<Mask>(~pair)) && std::popcount(xu) == 1) {
    const int d = std::countr_zero(xu) + 1;
    const CellSet victims = where_[d] & g.peers[u] & g.peers[v];
    if (!victims.empty()) {
      start();
      eliminate_from(s, victims, d);
      s.score = kUniqueRectangleType2Score;
      return true;
    }
  }
  // Type 4: one of the pair digits lives only in those two cells of their shared house, so
  // the other pair digit can go in neither.
  for (int h : {g.row[u] == g.row[v] ? g.row[u] : 9 + g.col[u],
                g.box[u] == g.box[v] ? 18 + g.box[u] : -1}) {
    if (h < 0) continue;
    for (int k = 0; k < 2; ++k) {
      const int strong = k == 0 ? a : b, weak = k == 0 ? b : a;
      if ((where_[strong] & g.house_set[h]) != (CellSet::of(u) | CellSet::of(v))) continue;
      start();
      s.house = house_name(h);
      s.eliminations = {candidate(u, weak), candidate(v, weak)};
      s.score = kUniqueRectangleType2Score;
      return true;
    }
  }
  return false;
}

// ---- last resort -------------------------------------------------------------------------

bool Explainer::guess(Step& s) {
  if (!solution_) return false;
  int best = -1, best_n = 10;
  for (int i = 0; i < 81; ++i) {
    const int n = std::popcount(board_.cand[i]);
    if (n > 0 && n < best_n) best_n = n, best = i;
  }
  if (best < 0) return false;
  s = make(Technique::guess);
  add_used_cell(s, best, board_.cand[best]);
  s.placements.push_back(candidate(best, (*solution_)[best]));
  return true;
}

}  // namespace detail

// ---- public API --------------------------------------------------------------------------

std::string_view technique_name(Technique t) {
  return detail::kTechniques[static_cast<int>(t)].name;
}

std::string cell_name(int cell) {
  return {'r', static_cast<char>('1' + cell / 9), 'c', static_cast<char>('1' + cell % 9)};
}

Explanation explain(const Grid& puzzle) {
  if (puzzle.box() != 3) throw std::invalid_argument("explain works on 9x9 puzzles only");
  Explanation out;
  if (find_conflict(puzzle)) return out;
  const SolveResult solved = solve(puzzle, 2);
  if (solved.solutions == 0) return out;
  out.solvable = true;
  out.unique = solved.solutions == 1;
  detail::Explainer e(puzzle, &solved.solution, out.unique);
  Step s;
  while (!e.complete() && e.find(s)) {
    e.apply(s);
    if (s.score > out.score) {
      out.score = s.score;
      out.hardest = s.technique;
    }
    out.guesses += s.technique == Technique::guess;
    out.steps.push_back(std::move(s));
  }
  return out;
}

std::optional<Step> next_step(const Grid& puzzle) {
  if (puzzle.box() != 3) throw std::invalid_argument("explain works on 9x9 puzzles only");
  if (find_conflict(puzzle)) return std::nullopt;
  const SolveResult solved = solve(puzzle, 2);
  if (solved.solutions == 0) return std::nullopt;
  detail::Explainer e(puzzle, &solved.solution, solved.solutions == 1);
  Step s;
  if (e.complete() || !e.find(s)) return std::nullopt;
  return s;
}

Candidates candidates_of(const Grid& grid) {
  if (grid.box() != 3) throw std::invalid_argument("explain works on 9x9 puzzles only");
  detail::Board b;
  b.cand.fill(detail::kAllDigits);
  for (int i = 0; i < 81; ++i)
    if (grid[i]) b.place(i, grid[i]);
  return b.cand;
}

std::optional<Step> next_step(const Grid& grid, const Candidates& candidates) {
  if (grid.box() != 3) throw std::invalid_argument("explain works on 9x9 puzzles only");
  if (find_conflict(grid)) return std::nullopt;
  const SolveResult solved = solve(grid, 2);
  if (solved.solutions == 0) return std::nullopt;
  detail::Explainer e(grid, candidates, nullptr, solved.solutions == 1);
  Step s;
  if (e.complete() || !e.find(s)) return std::nullopt;
  return s;
}

void apply_step(const Step& step, Grid& grid, Candidates& candidates) {
  const detail::Geometry& g = detail::geometry();
  for (const Candidate& c : step.placements) {
    grid[c.cell] = c.digit;
    candidates[c.cell] = 0;
    g.peers[c.cell].each(
        [&](int j) { candidates[j] &= static_cast<std::uint16_t>(~detail::digit_bit(c.digit)); });
  }
  for (const Candidate& c : step.eliminations)
    candidates[c.cell] &= static_cast<std::uint16_t>(~detail::digit_bit(c.digit));
}

std::string describe(const Step& step) {
  std::string out(technique_name(step.technique));
  out += ':';
  auto digit = [](int d) { return static_cast<char>('0' + d); };
  if (detail::is_chain(step.technique)) {
    // Chain order, links alternating strong (=) and weak (-), starting with a strong link.
    for (std::size_t i = 0; i < step.used.size(); ++i) {
      if (i) out += i % 2 ? " =" : " -";
      out += " (";
      out += digit(step.used[i].digit);
      out += ')';
      out += cell_name(step.used[i].cell);
    }
  } else {
    for (std::size_t i = 0; i < step.used.size();) {
      out += ' ';
      out += cell_name(step.used[i].cell);
      out += '{';
      std::size_t j = i;
      while (j < step.used.size() && step.used[j].cell == step.used[i].cell)
        out += digit(step.used[j++].digit);
      out += '}';
      i = j;
    }
  }
  if (!step.used.empty()) out += " =>";
  bool first = true;
  auto separate = [&] {
    out += first ? " " : ", ";
    first = false;
  };
  for (const Candidate& c : step.placements) {
    separate();
    out += cell_name(c.cell);
    out += '=';
    out += digit(c.digit);
  }
  for (const Candidate& c : step.eliminations) {
    separate();
    out += cell_name(c.cell);
    out += "<>";
    out += digit(c.digit);
  }
  if (!step.house.empty()) {
    out += " (";
    out += step.house;
    out += ')';
  }
  if (step.technique == Technique::forcing_chain && step.used.size() == 1)
    out += " (it leads to a contradiction)";
  else if (step.technique == Technique::forcing_chain)
    out += " (every branch agrees)";
  return out;
}

}  // namespace sudoku
