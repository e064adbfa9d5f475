// The general solver: any box size 2..5 (4x4 to 25x25). Candidates are bit masks (bit v-1 for
// digit v); placing a digit removes it from the cell's peers, and a peer left with one
// candidate is placed at once. Hidden singles are found per house with two accumulators
// (seen once / seen twice); locked candidates (pointing and claiming) on 16x16 and 25x25.
// The search branches on the cell with the fewest candidates.
// Not the 9x9 fast path (solve9_search.hpp); it is also the engine for generating and for tests.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <random>

#include "sudoku/grid.hpp"

namespace sudoku::detail {

template <int B>
class GeneralSolver {
 public:
  static constexpr int N = B * B;
  static constexpr int NN = N * N;
  static constexpr int kPeers = 2 * (N - 1) + (B - 1) * (B - 1);
  static constexpr std::uint32_t kAll = N == 32 ? ~0u : (1u << N) - 1;

  std::uint64_t limit = 2;
  std::uint64_t solutions = 0;
  std::uint64_t guesses = 0;
  std::uint64_t max_guesses = 0;  // 0: no budget; else the search stops (gave_up) past it
  bool gave_up = false;
  std::mt19937_64* rng = nullptr;                // shuffles digit order when set
  bool use_locked = B > 3;                       // locked candidates (pays off from 16x16)
  std::function<bool(const Grid&)> on_solution;  // return false to stop
  Grid first{B};

  // Runs the search; the count is in `solutions`.
  void run(const Grid& puzzle) {
    State s;
    s.cand.fill(kAll);
    s.val.fill(0);
    for (int i = 0; i < NN; ++i)
      if (int v = puzzle[i]) {
        if (v > N || !(s.cand[i] >> (v - 1) & 1u) || !assign(s, i, v)) return;
      }
    search(s);
  }

 private:
  struct State {
    std::array<std::uint32_t, NN> cand;
    std::array<std::uint8_t, NN> val;
  };
  struct Tables {
    std::array<std::array<std::uint16_t, kPeers>, NN> peers;
    std::array<std::array<std::uint16_t, N>, 3 * N> houses;
    Tables() {
      for (int i = 0; i < NN; ++i) {
        int r = i / N, c = i % N, k = 0;
        for (int j = 0; j < NN; ++j) {
          int r2 = j / N, c2 = j % N;
          if (j != i && (r2 == r || c2 == c || (r2 / B == r / B && c2 / B == c / B)))
            peers[i][k++] = static_cast<std::uint16_t>(j);
        }
      }
      for (int h = 0; h < N; ++h)
        for (int k = 0; k < N; ++k) {
          houses[h][k] = static_cast<std::uint16_t>(h * N + k);
          houses[N + h][k] = static_cast<std::uint16_t>(k * N + h);
          houses[2 * N + h][k] =
              static_cast<std::uint16_t>((h / B * B + k / B) * N + h % B * B + k % B);
        }
    }
  };
  static const Tables& tables() {
    static const Tables t;
    return t;
  }

  // Places v at cell i and everything that follows by naked singles. False on contradiction.
  static bool assign(State& s, int i, int v) {
    const std::uint32_t bit = 1u << (v - 1);
    s.val[i] = static_cast<std::uint8_t>(v);
    s.cand[i] = bit;
    for (std::uint16_t p : tables().peers[i]) {
      std::uint32_t& c = s.cand[p];
      if (!(c & bit)) continue;
      c &= ~bit;
      if (c == 0) return false;
      if (!s.val[p] && (c & (c - 1)) == 0 && !assign(s, p, std::countr_zero(c) + 1)) return false;
    }
    return true;
  }

  // Hidden singles to a fixed point. False on contradiction.
  static bool hidden_singles(State& s) {
    bool progress = true;
    while (progress) {
      progress = false;
      for (const auto& house : tables().houses) {
        std::uint32_t once = 0, twice = 0, placed = 0;
        for (std::uint16_t i : house) {
          twice |= once & s.cand[i];
          once |= s.cand[i];
          if (s.val[i]) placed |= s.cand[i];
        }
        if (once != kAll) return false;
        std::uint32_t hidden = once & ~twice & ~placed;
        while (hidden) {
          std::uint32_t bit = hidden & (~hidden + 1);
          hidden &= hidden - 1;
          for (std::uint16_t i : house)
            if (s.cand[i] & bit) {
              if (s.val[i]) break;  // placed meanwhile by a chain of naked singles
              if (!assign(s, i, std::countr_zero(bit) + 1)) return false;
              progress = true;
              break;
            }
        }
      }
    }
    return true;
  }

  // Removes `bits` from unplaced cell i; a cell left with one candidate is placed. False on
  // contradiction. Sets `changed` when something was removed.
  static bool eliminate(State& s, int i, std::uint32_t bits, bool& changed) {
    std::uint32_t& c = s.cand[i];
    if (s.val[i] || !(c & bits)) return true;
    c &= ~bits;
    changed = true;
    if (c == 0) return false;
    if ((c & (c - 1)) == 0) return assign(s, i, std::countr_zero(c) + 1);
    return true;
  }

  // Locked candidates, one pass over every box-row and box-column intersection (segment):
  // a digit that a box can hold only in one segment leaves the rest of that row or column
  // (pointing); one that a row or column can hold only in one segment leaves the rest of
  // that box (claiming). False on contradiction; `changed` when anything was removed.
  static bool locked_candidates(State& s, bool& changed) {
    for (int dir = 0; dir < 2; ++dir) {  // 0: rows, 1: columns
      // at(l, k): the cell at position k of line l (row or column).
      auto at = [dir](int line, int k) { return dir == 0 ? line * N + k : k * N + line; };
      for (int band = 0; band < B; ++band) {  // B lines, B boxes along them
        std::uint32_t seg[B][B];              // seg[line][box]: candidates in the segment
        for (int l = 0; l < B; ++l)
          for (int x = 0; x < B; ++x) {
            std::uint32_t m = 0;
            for (int k = 0; k < B; ++k) m |= s.cand[at(band * B + l, x * B + k)];
            seg[l][x] = m;
          }
        for (int l = 0; l < B; ++l)
          for (int x = 0; x < B; ++x) {
            std::uint32_t other_lines = 0, other_boxes = 0;
            for (int t = 0; t < B; ++t) {
              if (t != l) other_lines |= seg[t][x];
              if (t != x) other_boxes |= seg[l][t];
            }
            // Only in this segment within its box: not elsewhere on the line.
            if (const std::uint32_t pointing = seg[l][x] & ~other_lines)
              for (int k = 0; k < N; ++k)
                if (k / B != x && !eliminate(s, at(band * B + l, k), pointing, changed))
                  return false;
            // Only in this segment within its line: not elsewhere in the box.
            if (const std::uint32_t claiming = seg[l][x] & ~other_boxes)
              for (int t = 0; t < B; ++t)
                if (t != l)
                  for (int k = 0; k < B; ++k)
                    if (!eliminate(s, at(band * B + t, x * B + k), claiming, changed)) return false;
          }
      }
    }
    return true;
  }

  // Hidden singles and locked candidates to a fixed point. False on contradiction.
  bool propagate(State& s) {
    for (;;) {
      if (!hidden_singles(s)) return false;
      if (!use_locked) return true;
      bool changed = false;
      if (!locked_candidates(s, changed)) return false;
      if (!changed) return true;
    }
  }

  // True when the search should stop.
  bool search(State& s) {
    if (!propagate(s)) return false;
    int best = -1, best_count = N + 1;
    if (B > 3) {
      // Fewest candidates, ties to the cell whose row, column and box have the most open
      // cells (the 9x9 fast path's rule; on 25x25 it cut the guesses of a hard case by
      // a large factor).
      std::array<int, N> row_open{}, col_open{}, box_open{};
      for (int i = 0; i < NN; ++i)
        if (!s.val[i]) {
          ++row_open[i / N];
          ++col_open[i % N];
          ++box_open[i / N / B * B + i % N / B];
        }
      int best_score = -1;
      for (int i = 0; i < NN; ++i)
        if (!s.val[i]) {
          const int n = std::popcount(s.cand[i]);
          if (n > best_count) continue;
          const int score = row_open[i / N] + col_open[i % N] + box_open[i / N / B * B + i % N / B];
          if (n < best_count || score > best_score) {
            best_count = n;
            best_score = score;
            best = i;
          }
        }
    } else {
      for (int i = 0; i < NN; ++i)
        if (!s.val[i]) {
          int n = std::popcount(s.cand[i]);
          if (n < best_count) {
            best_count = n;
            best = i;
            if (n == 2) break;
          }
        }
    }
    if (best < 0) {
      if (++solutions == 1)
        for (int i = 0; i < NN; ++i) first[i] = s.val[i];
      if (on_solution) {
        Grid g(B);
        for (int i = 0; i < NN; ++i) g[i] = s.val[i];
        if (!on_solution(g)) return true;
      }
      return solutions >= limit;
    }
    std::array<int, N> digits{};
    int n = 0;
    for (std::uint32_t c = s.cand[best]; c; c &= c - 1) digits[n++] = std::countr_zero(c) + 1;
    if (rng) std::shuffle(digits.begin(), digits.begin() + n, *rng);
    for (int k = 0; k < n; ++k) {
      State next = s;
      if (k + 1 < n && ++guesses > max_guesses && max_guesses != 0) {
        gave_up = true;
        return true;
      }
      if (assign(next, best, digits[k]) && search(next)) return true;
    }
    return false;
  }
};

// Runs `f` with a GeneralSolver<B> for the grid's box size.
template <class F>
decltype(auto) with_general_solver(int box, F&& f) {
  switch (box) {
    case 2: {
      GeneralSolver<2> s;
      return f(s);
    }
    case 3: {
      GeneralSolver<3> s;
      return f(s);
    }
    case 4: {
      GeneralSolver<4> s;
      return f(s);
    }
    default: {
      GeneralSolver<5> s;
      return f(s);
    }
  }
}

}  // namespace sudoku::detail
