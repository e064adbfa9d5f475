// Placements of queens, the 8 symmetries of the square, and symmetry classes.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace nqueens {

// A square on an N x N board. Rows and columns count from 0; row 0 is printed first in
// board diagrams and is rank 1 in algebraic notation.
struct Square {
  int row = 0;
  int col = 0;
  friend bool operator==(const Square&, const Square&) = default;
  friend auto operator<=>(const Square&, const Square&) = default;
};

// One queen per row: solution[row] is the 0-based column of that row's queen. Every
// N-Queens solution has this form; the CLI prints it 1-based.
using Solution = std::vector<int>;

// Any set of queens on an N x N board (what `verify` reads): zero, one or several per row.
struct Placement {
  int n = 0;
  std::vector<Square> queens;
};

Placement to_placement(const Solution& solution);

// The 8 symmetries of the square (the dihedral group D4). Rotations are clockwise.
enum class Transform : std::uint8_t {
  identity,
  rotate90,
  rotate180,
  rotate270,
  mirror_columns,  // left <-> right
  mirror_rows,     // top <-> bottom
  transpose,       // main diagonal (row 0, col 0) .. (n-1, n-1)
  anti_transpose,  // the other diagonal
};
inline constexpr std::array<Transform, 8> kAllTransforms = {
    Transform::identity,  Transform::rotate90,       Transform::rotate180,
    Transform::rotate270, Transform::mirror_columns, Transform::mirror_rows,
    Transform::transpose, Transform::anti_transpose};

std::string_view name(Transform t);

constexpr Square apply(Transform t, Square s, int n) {
  const int m = n - 1;
  switch (t) {
    case Transform::identity:
      return s;
    case Transform::rotate90:
      return {s.col, m - s.row};
    case Transform::rotate180:
      return {m - s.row, m - s.col};
    case Transform::rotate270:
      return {m - s.col, s.row};
    case Transform::mirror_columns:
      return {s.row, m - s.col};
    case Transform::mirror_rows:
      return {m - s.row, s.col};
    case Transform::transpose:
      return {s.col, s.row};
    case Transform::anti_transpose:
      return {m - s.col, m - s.row};
  }
  return s;
}

// The image of a one-per-row solution under t (again one per row, because each transform
// maps rows to rows or rows to columns, and a solution has one queen per column too).
// Requires a permutation (every column used once).
Solution apply(Transform t, const Solution& solution);

// The lexicographically smallest of the 8 images: the representative `list --unique` prints.
Solution canonical_form(const Solution& solution);
bool is_canonical(const Solution& solution);

// How many distinct boards the 8 transforms make of this solution: 1 (only N = 1), 2, 4 or 8.
int symmetry_class_size(const Solution& solution);

}  // namespace nqueens
