// Colouring, chains and forcing chains for the explainer.
//
// A chain is a list of candidates where links alternate: strong (at least one of the two is
// true: a bivalue cell, or a digit with two places in a house) and weak (not both true: the
// same cell, or the same digit in cells that see each other). If the first candidate is
// false, every candidate reached by a strong link is true; so the first or the last is true,
// and a candidate that sees both is false. One breadth-first search from each start, over
// (candidate, true/false) states, finds the shortest such chain; the search stops at the
// length of the best chain found so far, which keeps it cheap once one is known. X-chains
// and XY-chains are the same search on a restricted graph.
//
// Forcing chains assume each candidate of a cell (or each place of a digit in a house) and
// propagate naked and hidden singles on a copy of the board; a branch that ends in a
// contradiction is false, and what every branch places or eliminates is true.
#include <algorithm>

#include "explain_engine.hpp"

namespace sudoku::detail {

namespace {

constexpr int kMaxChainNodes = 24;              // longer chains are left to forcing chains
constexpr double kDeepForcingChainExtra = 0.5;  // branches that need locked candidates too

// Naked and hidden singles until nothing changes; false on a contradiction.
bool propagate_singles(Board& b) {
  const Geometry& g = geometry();
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < 81; ++i) {
      if (b.value[i]) continue;
      if (!b.cand[i]) return false;
      if (std::popcount(b.cand[i]) == 1) {
        b.place(i, std::countr_zero(b.cand[i]) + 1);
        changed = true;
      }
    }
    for (int h = 0; h < 27; ++h) {
      Mask once = 0, twice = 0, placed = 0;
      for (int c : g.house[h]) {
        if (b.value[c]) {
          if (placed & digit_bit(b.value[c])) return false;
          placed |= digit_bit(b.value[c]);
        } else {
          twice |= static_cast<Mask>(once & b.cand[c]);
          once |= b.cand[c];
        }
      }
      if ((once | placed) != kAllDigits) return false;
      for (Mask hidden = once & static_cast<Mask>(~twice) & static_cast<Mask>(~placed); hidden;
           hidden &= static_cast<Mask>(hidden - 1)) {
        const int d = std::countr_zero(hidden) + 1;
        int at = -1;
        for (int c : g.house[h])
          if (b.cand[c] & digit_bit(d)) at = c;
        if (at < 0) return false;
        b.place(at, d);
        changed = true;
      }
    }
  }
  return true;
}

// Pointing and claiming on `b`; true when a candidate went.
bool propagate_intersections(Board& b) {
  const Geometry& g = geometry();
  bool changed = false;
  for (int d = 1; d <= 9; ++d) {
    const CellSet where = b.where(d);
    for (int h = 0; h < 27; ++h) {
      const CellSet in = where & g.house_set[h];
      if (in.count() < 2) continue;
      const int first = in.first();
      // The other houses that hold all of `in`: for a box its line, for a line its box.
      const int others[2] = {h >= 18 ? g.row[first] : 18 + g.box[first],
                             h >= 18 ? 9 + g.col[first] : -1};
      for (int o : others) {
        if (o < 0 || !in.minus(g.house_set[o]).empty()) continue;
        const CellSet victims = (where & g.house_set[o]).minus(g.house_set[h]);
        victims.each([&](int c) { b.cand[c] &= static_cast<Mask>(~digit_bit(d)); });
        changed = changed || !victims.empty();
      }
    }
  }
  return changed;
}

// Singles, and with `deep` also pointing and claiming, until nothing changes.
bool propagate(Board& b, bool deep) {
  while (true) {
    if (!propagate_singles(b)) return false;
    if (!deep || !propagate_intersections(b)) return true;
  }
}

}  // namespace

// ---- simple colouring --------------------------------------------------------------------

bool Explainer::simple_colouring(Step& s) {
  const Geometry& g = geometry();
  for (int d = 1; d <= 9; ++d) {
    std::array<CellSet, 81> partners{};
    CellSet linked;
    for (int h = 0; h < 27; ++h) {
      const CellSet ends = where_[d] & g.house_set[h];
      if (ends.count() != 2) continue;
      const int u = ends.first(), v = ends.minus(CellSet::of(u)).first();
      partners[u].add(v);
      partners[v].add(u);
      linked |= ends;
    }
    CellSet done;
    while (!linked.minus(done).empty()) {
      std::array<CellSet, 2> colour{};
      const int first = linked.minus(done).first();
      colour[0].add(first);
      std::array<int, 81> queue{};
      int head = 0, tail = 0;
      queue[tail++] = first;
      while (head < tail) {
        const int c = queue[head++];
        const int mine = colour[0].has(c) ? 0 : 1;
        partners[c].minus(colour[0] | colour[1]).each([&](int n) {
          colour[1 - mine].add(n);
          queue[tail++] = n;
        });
      }
      const CellSet web = colour[0] | colour[1];
      done |= web;
      if (web.count() < 4) continue;  // one strong link: nothing pointing/claiming missed
      auto start = [&] {
        s = make(Technique::simple_colouring);
        for (const CellSet& part : colour)
          part.each([&](int c) { s.used.push_back(candidate(c, d)); });
      };
      // Wrap: two cells of one colour see each other, so that colour is false.
      for (int k = 0; k < 2; ++k) {
        bool clash = false;
        colour[k].each([&](int c) { clash = clash || !(g.peers[c] & colour[k]).empty(); });
        if (!clash) continue;
        start();
        eliminate_from(s, colour[k], d);
        return true;
      }
      // Trap: a cell that sees both colours loses the digit, whichever colour is true.
      std::array<CellSet, 2> seen{};
      for (int k = 0; k < 2; ++k) colour[k].each([&](int c) { seen[k] |= g.peers[c]; });
      const CellSet victims = (where_[d] & seen[0] & seen[1]).minus(web);
      if (victims.empty()) continue;
      start();
      eliminate_from(s, victims, d);
      return true;
    }
  }
  return false;
}

// ---- chains ------------------------------------------------------------------------------

void Explainer::build_links() {
  const Geometry& g = geometry();
  strong_n_.fill(0);
  auto link = [&](int a, int b) {
    for (int k = 0; k < strong_n_[a]; ++k)
      if (strong_[a][k] == b) return;
    strong_[a][strong_n_[a]++] = static_cast<short>(b);
  };
  for (int i = 0; i < 81; ++i) {
    const Mask m = board_.cand[i];
    const bool bivalue = std::popcount(m) == 2;
    for (Mask x = m; x; x &= static_cast<Mask>(x - 1))
      strong_in_cell_[i * 9 + std::countr_zero(x)] = bivalue;
    if (bivalue) {
      const int a = std::countr_zero(m), b = 15 - std::countl_zero(m);
      link(i * 9 + a, i * 9 + b);
      link(i * 9 + b, i * 9 + a);
    }
  }
  for (int h = 0; h < 27; ++h)
    for (int d = 1; d <= 9; ++d) {
      const CellSet ends = where_[d] & g.house_set[h];
      if (ends.count() != 2) continue;
      const int u = ends.first(), v = ends.minus(CellSet::of(u)).first();
      link(u * 9 + d - 1, v * 9 + d - 1);
      link(v * 9 + d - 1, u * 9 + d - 1);
    }
}

bool Explainer::has_victims(int s, int e) const {
  const Geometry& g = geometry();
  const int cs = s / 9, ds = s % 9 + 1, ce = e / 9, de = e % 9 + 1;
  if (ds == de) return !(where_[ds] & g.peers[cs] & g.peers[ce]).empty();
  if (cs == ce) return std::popcount(board_.cand[cs]) > 2;
  return g.sees(cs, ce) && ((board_.cand[cs] & digit_bit(de)) || (board_.cand[ce] & digit_bit(ds)));
}

std::vector<Candidate> Explainer::victims_of(int s, int e) const {
  const Geometry& g = geometry();
  const int cs = s / 9, ds = s % 9 + 1, ce = e / 9, de = e % 9 + 1;
  std::vector<Candidate> out;
  if (ds == de) {
    (where_[ds] & g.peers[cs] & g.peers[ce]).each([&](int c) {
      if (c != cs && c != ce) out.push_back(candidate(c, ds));
    });
  } else if (cs == ce) {
    for (Mask x = board_.cand[cs] & static_cast<Mask>(~digit_bit(ds) & ~digit_bit(de)); x;
         x &= static_cast<Mask>(x - 1))
      out.push_back(candidate(cs, std::countr_zero(x) + 1));
  } else if (g.sees(cs, ce)) {
    if (board_.cand[cs] & digit_bit(de)) out.push_back(candidate(cs, de));
    if (board_.cand[ce] & digit_bit(ds)) out.push_back(candidate(ce, ds));
  }
  return out;
}

// Breadth-first from `start` assumed false, level by level: even levels are false
// candidates, odd levels true ones. Records a chain shorter than `max_nodes` in `best`.
bool Explainer::chain_from(ChainKind kind, int start, int max_nodes, Chain& best) {
  const Geometry& g = geometry();
  ++stamp_;
  std::vector<int>& level = level_;
  std::vector<int>& next = next_;
  level.assign(1, start);
  seen_false_[start] = stamp_;
  const int start_digit = start % 9 + 1;
  for (int nodes = 1; !level.empty() && nodes + 1 < max_nodes; ++nodes) {
    next.clear();
    if (nodes % 2 == 1) {  // false level -> true level through strong links
      for (int x : level)
        for (int k = 0; k < strong_n_[x]; ++k) {
          const int y = strong_[x][k];
          const bool in_cell = y / 9 == x / 9;
          if ((kind == ChainKind::x && in_cell) || (kind == ChainKind::xy && !in_cell)) continue;
          if (seen_true_[y] == stamp_) continue;
          seen_true_[y] = stamp_;
          parent_true_[y] = static_cast<short>(x);
          next.push_back(y);
          if (y != start && (kind == ChainKind::xy && y % 9 + 1 != start_digit)) continue;
          if (y != start && !has_victims(start, y)) continue;
          Chain c;
          if (y == start) {
            if (kind == ChainKind::xy) continue;
            c.places_start = true;
          } else {
            if (kind == ChainKind::xy && y % 9 + 1 != start_digit) continue;
            if (!has_victims(start, y)) continue;
            c.victims = victims_of(start, y);
          }
          // Walk back: y (true) <- false <- true ... <- start (false).
          int cur = y;
          bool is_true = true;
          c.nodes.push_back(cur);
          while (!(cur == start && !is_true)) {
            cur = is_true ? parent_true_[cur] : parent_false_[cur];
            is_true = !is_true;
            c.nodes.push_back(cur);
          }
          std::reverse(c.nodes.begin(), c.nodes.end());
          best = std::move(c);
          return true;
        }
    } else {  // true level -> false level through weak links
      for (int y : level) {
        const int cell = y / 9, d = y % 9 + 1;
        auto visit = [&](int z) {
          if (seen_false_[z] == stamp_) return;
          seen_false_[z] = stamp_;
          parent_false_[z] = static_cast<short>(y);
          next.push_back(z);
        };
        if (kind == ChainKind::any)
          for (Mask x = board_.cand[cell] & static_cast<Mask>(~digit_bit(d)); x;
               x &= static_cast<Mask>(x - 1))
            visit(cell * 9 + std::countr_zero(x));
        (where_[d] & g.peers[cell]).each([&](int c) {
          if (kind != ChainKind::xy || strong_in_cell_[c * 9 + d - 1]) visit(c * 9 + d - 1);
        });
      }
    }
    level.swap(next);
  }
  return false;
}

bool Explainer::shortest_chain(ChainKind kind, int digit, Chain& best) {
  // Every start up to the best length so far. (Deepening, all starts at a short cap first,
  // was measured: 46% more instructions on the magictour set, since most searches that
  // reach this point find nothing and pay for every cap.)
  bool found = false;
  for (int cell = 0; cell < 81; ++cell)
    for (Mask x = board_.cand[cell]; x; x &= static_cast<Mask>(x - 1)) {
      const int d = std::countr_zero(x) + 1, node = cell * 9 + d - 1;
      if (digit && d != digit) continue;
      if (kind == ChainKind::xy && !strong_in_cell_[node]) continue;
      if (!strong_n_[node]) continue;
      const int limit =
          best.nodes.empty() ? kMaxChainNodes + 1 : static_cast<int>(best.nodes.size());
      if (chain_from(kind, node, limit, best)) found = true;
    }
  return found;
}

Technique Explainer::classify_x_chain(const Chain& c) const {
  const Geometry& g = geometry();
  if (c.nodes.size() != 4 || c.places_start) return Technique::x_chain;
  const int d = c.nodes[0] % 9 + 1;
  // 0 row, 1 column, 2 box: the house in which the two cells are the digit's only places.
  auto kind = [&](int a, int b) {
    if (g.row[a] == g.row[b] && (where_[d] & g.house_set[g.row[a]]).count() == 2) return 0;
    if (g.col[a] == g.col[b] && (where_[d] & g.house_set[9 + g.col[a]]).count() == 2) return 1;
    return 2;
  };
  const int a = c.nodes[0] / 9, b = c.nodes[1] / 9, x = c.nodes[2] / 9, y = c.nodes[3] / 9;
  const int k1 = kind(a, b), k2 = kind(x, y);
  if (k1 == 0 && k2 == 0 && g.col[b] == g.col[x]) return Technique::skyscraper;
  if (k1 == 1 && k2 == 1 && g.row[b] == g.row[x]) return Technique::skyscraper;
  if (k1 + k2 == 1 && g.box[b] == g.box[x]) return Technique::two_string_kite;
  return Technique::x_chain;
}

Step Explainer::chain_step(Technique t, const Chain& c) const {
  Step s = make(t);
  s.score += chain_length_bonus(static_cast<int>(c.nodes.size()));
  for (int n : c.nodes) s.used.push_back(candidate(n / 9, n % 9 + 1));
  if (c.places_start) s.placements.push_back(candidate(c.nodes[0] / 9, c.nodes[0] % 9 + 1));
  s.eliminations = c.victims;
  return s;
}

bool Explainer::x_chain(Step& s) {
  build_links();
  Chain best;
  bool found = false;
  for (int d = 1; d <= 9; ++d) found = shortest_chain(ChainKind::x, d, best) || found;
  if (!found) return false;
  s = chain_step(classify_x_chain(best), best);
  return true;
}

bool Explainer::xy_chain(Step& s) {
  Chain best;
  if (!shortest_chain(ChainKind::xy, 0, best)) return false;
  s = chain_step(Technique::xy_chain, best);
  return true;
}

bool Explainer::aic(Step& s) {
  Chain best;
  if (!shortest_chain(ChainKind::any, 0, best)) return false;
  s = chain_step(Technique::aic, best);
  return true;
}

// ---- forcing chains ----------------------------------------------------------------------

bool Explainer::forcing_chain(Step& s) {
  const Geometry& g = geometry();
  std::vector<Board> branches;
  std::vector<Candidate> assumed;
  // Runs one set of branches (the candidates of a cell, or the places of a digit in a house).
  bool deep = false;
  // The length bonus of a forcing chain: cells its branches fill before they conclude.
  auto filled = [&](const Board& b) {
    int n = 0;
    for (int i = 0; i < 81; ++i) n += b.value[i] && !board_.value[i];
    return n;
  };
  // A candidate's branch is the same whether a cell or a house assumes it: each is
  // propagated once per pass (this cut the forcing-chain time by about a third).
  std::vector<Board>& memo = branch_memo_;
  std::vector<std::int8_t>& known = branch_known_;  // 0 not yet, 1 consistent, 2 contradiction
  memo.resize(729);
  auto try_branches = [&](const std::string& house) {
    branches.resize(assumed.size());
    for (std::size_t k = 0; k < assumed.size(); ++k) {
      const int node = assumed[k].cell * 9 + assumed[k].digit - 1;
      if (!known[node]) {
        memo[node] = board_;
        memo[node].place(assumed[k].cell, assumed[k].digit);
        known[node] = propagate(memo[node], deep) ? 1 : 2;
      }
      branches[k] = memo[node];
      if (known[node] == 2) {
        s = make(Technique::forcing_chain);
        s.score += (deep ? kDeepForcingChainExtra : 0) + chain_length_bonus(filled(branches[k]));
        s.used = {assumed[k]};
        s.eliminations = {assumed[k]};
        return true;
      }
    }
    Step t = make(Technique::forcing_chain);
    for (int i = 0; i < 81; ++i) {
      if (board_.value[i]) continue;
      const int v = branches[0].value[i];
      bool same = v != 0;
      Mask gone = board_.cand[i];
      for (const Board& b : branches) {
        same = same && b.value[i] == v;
        gone &= static_cast<Mask>(~(b.value[i] ? digit_bit(b.value[i]) : b.cand[i]));
      }
      if (same)
        t.placements.push_back(candidate(i, v));
      else
        for (Mask x = gone; x; x &= static_cast<Mask>(x - 1))
          t.eliminations.push_back(candidate(i, std::countr_zero(x) + 1));
    }
    if (t.placements.empty() && t.eliminations.empty()) return false;
    t.used = assumed;
    t.house = house;
    int length = 0;
    for (const Board& b : branches) length += filled(b);
    t.score += (deep ? kDeepForcingChainExtra : 0) + chain_length_bonus(length);
    s = std::move(t);
    return true;
  };
  // First with singles only in each branch, then with locked candidates too.
  for (int pass = 0; pass < 2; ++pass) {
    deep = pass == 1;
    known.assign(729, 0);
    for (int size = 2; size <= 4; ++size) {
      for (int i = 0; i < 81; ++i) {
        if (std::popcount(board_.cand[i]) != size) continue;
        assumed.clear();
        for (Mask x = board_.cand[i]; x; x &= static_cast<Mask>(x - 1))
          assumed.push_back(candidate(i, std::countr_zero(x) + 1));
        if (try_branches("")) return true;
      }
      for (int h = 0; h < 27; ++h)
        for (int d = 1; d <= 9; ++d) {
          const CellSet places = where_[d] & g.house_set[h];
          if (places.count() != size) continue;
          assumed.clear();
          places.each([&](int c) { assumed.push_back(candidate(c, d)); });
          if (try_branches(house_name(h))) return true;
        }
    }
  }
  return false;
}

}  // namespace sudoku::detail
