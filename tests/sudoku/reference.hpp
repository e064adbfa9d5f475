// The classic teaching Sudoku solver: scan backwards from the last cell for an empty one,
// try 1..N there, check row, column and box by looking at them, recurse, undo. Kept exactly
// that plain so it can vouch for the fast solvers. Counts solutions up to a limit.
#pragma once

#include <cstdint>
#include <vector>

#include "sudoku/grid.hpp"

namespace sudoku::reference {

class TeachingSolver {
 public:
  explicit TeachingSolver(const Grid& puzzle) : box_(puzzle.box()), n_(puzzle.size()) {
    mat_.assign(static_cast<std::size_t>(n_), std::vector<int>(static_cast<std::size_t>(n_)));
    for (int r = 0; r < n_; ++r)
      for (int c = 0; c < n_; ++c) mat_[r][c] = puzzle.at(r, c);
  }

  // Number of solutions up to `limit`; the first one is kept in `first`.
  std::uint64_t count(std::uint64_t limit) {
    limit_ = limit;
    found_ = 0;
    int i = n_ - 1, j = n_ - 1;
    if (!find_next_empty_cell(i, j)) {
      record();
      return found_;
    }
    fill(i, j);
    return found_;
  }

  Grid first{3};

 private:
  // findNextEmptyCell: walk back from (i, j) to the previous empty cell.
  bool find_next_empty_cell(int& i, int& j) const {
    while (mat_[i][j] != 0) {
      j = j - 1;
      if (j < 0) {
        j = n_ - 1;
        i = i - 1;
        if (i < 0) return false;
      }
    }
    return true;
  }

  bool is_valid(int row, int col, int k) const {
    for (int i = 0; i < n_; ++i)
      if (mat_[row][i] == k) return false;
    for (int i = 0; i < n_; ++i)
      if (mat_[i][col] == k) return false;
    int start_row = row / box_ * box_, start_col = col / box_ * box_;
    for (int i = 0; i < box_; ++i)
      for (int j = 0; j < box_; ++j)
        if (mat_[i + start_row][j + start_col] == k) return false;
    return true;
  }

  void record() {
    if (++found_ == 1) {
      first = Grid(box_);
      for (int r = 0; r < n_; ++r)
        for (int c = 0; c < n_; ++c) first.set(r, c, static_cast<std::uint8_t>(mat_[r][c]));
    }
  }

  // fillSudoku, counting instead of stopping at the first solution.
  // Returns true when the limit is reached.
  bool fill(int i, int j) {
    for (int k = 1; k <= n_; ++k) {
      if (!is_valid(i, j, k)) continue;
      mat_[i][j] = k;
      int ni = i, nj = j;
      if (!find_next_empty_cell(ni, nj)) {
        record();
        if (found_ >= limit_) {
          mat_[i][j] = 0;
          return true;
        }
      } else if (fill(ni, nj)) {
        mat_[i][j] = 0;
        return true;
      }
      mat_[i][j] = 0;
    }
    return false;
  }

  int box_, n_;
  std::vector<std::vector<int>> mat_;
  std::uint64_t limit_ = 2, found_ = 0;
};

}  // namespace sudoku::reference
