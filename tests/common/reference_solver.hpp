// The classic teaching algorithm, kept obviously correct to cross-check the fast kernels: a
// matrix backtracker with an isQueenSafe scan (column above, both diagonals).
#pragma once

#include <vector>

namespace nqueens::reference {

inline bool is_queen_safe(const std::vector<std::vector<int>>& mat, int row, int col, int n) {
  for (int i = 0; i < row; i++)
    if (mat[i][col] == 1) return false;
  for (int i = row - 1, j = col - 1; i >= 0 && j >= 0; i--, j--)
    if (mat[i][j] == 1) return false;
  for (int i = row - 1, j = col + 1; i >= 0 && j < n; i--, j++)
    if (mat[i][j] == 1) return false;
  return true;
}

inline void place(std::vector<std::vector<int>>& mat, int i, int n,
                  std::vector<std::vector<int>>& out) {
  if (i == n) {
    std::vector<int> cols(n);
    for (int r = 0; r < n; r++)
      for (int c = 0; c < n; c++)
        if (mat[r][c] == 1) cols[r] = c;
    out.push_back(cols);
    return;
  }
  for (int j = 0; j < n; j++) {
    if (is_queen_safe(mat, i, j, n)) {
      mat[i][j] = 1;
      place(mat, i + 1, n, out);
      mat[i][j] = 0;
    }
  }
}

// Every solution of the N x N board, as the 0-based column of each row's queen.
inline std::vector<std::vector<int>> all_solutions(int n) {
  std::vector<std::vector<int>> mat(n, std::vector<int>(n, 0)), out;
  place(mat, 0, n, out);
  return out;
}

}  // namespace nqueens::reference
