// The rater. 9x9 puzzles go to the explainer (explain.cpp). Other sizes go to the
// human-style solver below: each step applies the easiest technique that makes progress
// (singles, locked candidates, naked/hidden pairs and triples), and guesses when none does.
#include "sudoku/rate.hpp"

#include <algorithm>
#include <bit>
#include <vector>

#include "explain_engine.hpp"
#include "sudoku/solve.hpp"

namespace sudoku {
namespace {

class HumanSolver {
 public:
  HumanSolver(const Grid& puzzle, const Grid& solution)
      : b_(puzzle.box()), n_(puzzle.size()), solution_(solution), val_(puzzle) {
    all_ = (1u << n_) - 1;
    cand_.assign(static_cast<std::size_t>(n_ * n_), all_);
    for (int h = 0; h < 3 * n_; ++h) {
      std::vector<int> cells;
      for (int k = 0; k < n_; ++k) {
        if (h < n_)
          cells.push_back(h * n_ + k);
        else if (h < 2 * n_)
          cells.push_back(k * n_ + (h - n_));
        else {
          int q = h - 2 * n_;
          cells.push_back((q / b_ * b_ + k / b_) * n_ + q % b_ * b_ + k % b_);
        }
      }
      houses_.push_back(cells);
    }
    for (int i = 0; i < n_ * n_; ++i)
      if (val_[i]) place(i, val_[i]);
  }

  void run(Rating& rating) {
    while (!val_.complete()) {
      Technique t;
      if (full_house())
        t = Technique::full_house;
      else if (hidden_single())
        t = Technique::hidden_single;
      else if (naked_single())
        t = Technique::naked_single;
      else if (pointing())
        t = Technique::pointing;
      else if (claiming())
        t = Technique::claiming;
      else if (naked_subset(2))
        t = Technique::naked_pair;
      else if (hidden_subset(2))
        t = Technique::hidden_pair;
      else if (naked_subset(3))
        t = Technique::naked_triple;
      else if (hidden_subset(3))
        t = Technique::hidden_triple;
      else {
        guess();
        t = Technique::guess;
      }
      ++rating.uses[static_cast<int>(t)];
    }
  }

 private:
  int row(int i) const { return i / n_; }
  int col(int i) const { return i % n_; }
  int box(int i) const { return row(i) / b_ * b_ + col(i) / b_; }

  void place(int i, int v) {
    val_[i] = static_cast<std::uint8_t>(v);
    const std::uint32_t bit = 1u << (v - 1);
    cand_[static_cast<std::size_t>(i)] = bit;
    for (int j = 0; j < n_ * n_; ++j)
      if (j != i && (row(j) == row(i) || col(j) == col(i) || box(j) == box(i)))
        cand_[static_cast<std::size_t>(j)] &= ~bit;
  }
  std::uint32_t& cand(int i) { return cand_[static_cast<std::size_t>(i)]; }

  bool full_house() {
    for (const auto& h : houses_) {
      int empty = -1, count = 0;
      for (int i : h)
        if (!val_[i]) ++count, empty = i;
      if (count == 1) {
        place(empty, solution_[empty]);
        return true;
      }
    }
    return false;
  }
  bool hidden_single() {
    // Boxes first: people scan boxes before lines.
    for (int pass = 0; pass < 2; ++pass)
      for (int hi = 0; hi < 3 * n_; ++hi) {
        bool is_box = hi >= 2 * n_;
        if (is_box != (pass == 0)) continue;
        const auto& h = houses_[static_cast<std::size_t>(hi)];
        for (int v = 1; v <= n_; ++v) {
          int where = -1, count = 0;
          for (int i : h)
            if (!val_[i] && (cand(i) >> (v - 1) & 1))
              ++count, where = i;
            else if (val_[i] == v)
              count = 2;
          if (count == 1) {
            place(where, v);
            return true;
          }
        }
      }
    return false;
  }
  bool naked_single() {
    for (int i = 0; i < n_ * n_; ++i)
      if (!val_[i] && std::popcount(cand(i)) == 1) {
        place(i, std::countr_zero(cand(i)) + 1);
        return true;
      }
    return false;
  }
  // A digit's places in a box all in one line: remove it from the rest of that line.
  bool pointing() {
    for (int q = 0; q < n_; ++q)
      for (int v = 1; v <= n_; ++v) {
        const std::uint32_t bit = 1u << (v - 1);
        int r = -1, c = -1, count = 0;
        for (int i : houses_[static_cast<std::size_t>(2 * n_ + q)])
          if (!val_[i] && (cand(i) & bit)) {
            r = count == 0 ? row(i) : (r == row(i) ? r : -2);
            c = count == 0 ? col(i) : (c == col(i) ? c : -2);
            ++count;
          }
        if (count < 2) continue;
        bool progress = false;
        for (int j = 0; j < n_ * n_; ++j)
          if (!val_[j] && box(j) != q && (row(j) == r || col(j) == c) && (cand(j) & bit)) {
            cand(j) &= ~bit;
            progress = true;
          }
        if (progress) return true;
      }
    return false;
  }
  // A digit's places in a line all in one box: remove it from the rest of that box.
  bool claiming() {
    for (int hi = 0; hi < 2 * n_; ++hi)
      for (int v = 1; v <= n_; ++v) {
        const std::uint32_t bit = 1u << (v - 1);
        int q = -1, count = 0;
        for (int i : houses_[static_cast<std::size_t>(hi)])
          if (!val_[i] && (cand(i) & bit)) {
            q = count == 0 ? box(i) : (q == box(i) ? q : -2);
            ++count;
          }
        if (count < 2 || q < 0) continue;
        bool progress = false;
        for (int j : houses_[static_cast<std::size_t>(2 * n_ + q)]) {
          bool in_line = hi < n_ ? row(j) == hi : col(j) == hi - n_;
          if (!val_[j] && !in_line && (cand(j) & bit)) {
            cand(j) &= ~bit;
            progress = true;
          }
        }
        if (progress) return true;
      }
    return false;
  }
  // k cells of a house whose candidates together are k digits: those digits leave the rest.
  bool naked_subset(int k) {
    for (const auto& h : houses_) {
      std::vector<int> open;
      for (int i : h)
        if (!val_[i] && std::popcount(cand(i)) <= k) open.push_back(i);
      if (static_cast<int>(open.size()) < k) continue;
      std::vector<int> pick(static_cast<std::size_t>(k));
      bool found = false;
      auto rec = [&](auto&& self, int start, int depth, std::uint32_t uni) -> void {
        if (found) return;
        if (depth == k) {
          if (std::popcount(uni) != k) return;
          bool progress = false;
          for (int j : h) {
            if (val_[j] || std::find(pick.begin(), pick.end(), j) != pick.end()) continue;
            if (cand(j) & uni) {
              cand(j) &= ~uni;
              progress = true;
            }
          }
          found = progress;
          return;
        }
        for (int s = start; s < static_cast<int>(open.size()); ++s) {
          std::uint32_t u = uni | cand(open[static_cast<std::size_t>(s)]);
          if (std::popcount(u) > k) continue;
          pick[static_cast<std::size_t>(depth)] = open[static_cast<std::size_t>(s)];
          self(self, s + 1, depth + 1, u);
        }
      };
      rec(rec, 0, 0, 0);
      if (found) return true;
    }
    return false;
  }
  // k digits of a house that fit only in the same k cells: those cells lose other digits.
  bool hidden_subset(int k) {
    for (const auto& h : houses_) {
      std::vector<int> digits;
      std::vector<std::uint32_t> where;  // bit m: h[m] can hold the digit
      for (int v = 1; v <= n_; ++v) {
        std::uint32_t w = 0;
        bool placed = false;
        for (int m = 0; m < n_; ++m) {
          int i = h[static_cast<std::size_t>(m)];
          if (val_[i] == v) placed = true;
          if (!val_[i] && (cand(i) >> (v - 1) & 1)) w |= 1u << m;
        }
        if (!placed && std::popcount(w) <= k) {
          digits.push_back(v);
          where.push_back(w);
        }
      }
      if (static_cast<int>(digits.size()) < k) continue;
      bool found = false;
      std::uint32_t digit_set = 0;
      auto rec = [&](auto&& self, int start, int depth, std::uint32_t uni) -> void {
        if (found) return;
        if (depth == k) {
          if (std::popcount(uni) != k) return;
          bool progress = false;
          for (int m = 0; m < n_; ++m)
            if (uni >> m & 1) {
              int i = h[static_cast<std::size_t>(m)];
              if (cand(i) & ~digit_set) {
                cand(i) &= digit_set;
                progress = true;
              }
            }
          found = progress;
          return;
        }
        for (int s = start; s < static_cast<int>(digits.size()); ++s) {
          std::uint32_t u = uni | where[static_cast<std::size_t>(s)];
          if (std::popcount(u) > k) continue;
          std::uint32_t bit = 1u << (digits[static_cast<std::size_t>(s)] - 1);
          digit_set |= bit;
          self(self, s + 1, depth + 1, u);
          digit_set &= ~bit;
          if (found) return;
        }
      };
      rec(rec, 0, 0, 0);
      if (found) return true;
    }
    return false;
  }
  void guess() {
    int best = -1, best_n = n_ + 1;
    for (int i = 0; i < n_ * n_; ++i)
      if (!val_[i] && std::popcount(cand(i)) < best_n) best_n = std::popcount(cand(i)), best = i;
    place(best, solution_[best]);
  }

  int b_, n_;
  std::uint32_t all_;
  const Grid& solution_;
  Grid val_;
  std::vector<std::uint32_t> cand_;
  std::vector<std::vector<int>> houses_;
};

}  // namespace

std::string_view level_name(Level level) {
  static constexpr std::string_view kNames[] = {"easy", "medium", "hard", "expert", "extreme"};
  return kNames[static_cast<int>(level) - 1];
}

bool parse_level(std::string_view text, Level& level) {
  for (int l = 1; l <= 5; ++l)
    if (text == level_name(static_cast<Level>(l)) ||
        (text.size() == 1 && text[0] == static_cast<char>('0' + l))) {
      level = static_cast<Level>(l);
      return true;
    }
  return false;
}

Level level_for_score(double score) {
  // Thresholds a hair below the boundary so 2.5999... from sums still lands at 2.6.
  if (score < 1.55) return Level::easy;
  if (score < 2.55) return Level::medium;
  if (score < 3.95) return Level::hard;
  if (score < 6.95) return Level::expert;
  return Level::extreme;
}

Rating rate(const Grid& puzzle) {
  Rating rating;
  if (find_conflict(puzzle)) return rating;
  if (puzzle.box() == 3) {
    const Explanation e = explain(puzzle);
    if (!e.solvable) return rating;
    rating.solvable = true;
    rating.unique = e.unique;
    for (const Step& s : e.steps) ++rating.uses[static_cast<std::size_t>(s.technique)];
    rating.score = e.score;
    rating.hardest = e.hardest;
    rating.level = level_for_score(e.score);
    return rating;
  }
  SolveResult solved = solve(puzzle, 2);
  if (solved.solutions == 0) return rating;
  rating.solvable = true;
  rating.unique = solved.solutions == 1;
  HumanSolver(puzzle, solved.solution).run(rating);
  for (int t = 0; t < kTechniqueCount; ++t)
    if (rating.uses[static_cast<std::size_t>(t)] &&
        detail::technique_score(static_cast<Technique>(t)) > rating.score) {
      rating.score = detail::technique_score(static_cast<Technique>(t));
      rating.hardest = static_cast<Technique>(t);
    }
  rating.level = level_for_score(rating.score);
  return rating;
}

}  // namespace sudoku
