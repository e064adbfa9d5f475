#include "sudoku/grid.hpp"

#include <string>

namespace sudoku {

int Grid::clue_count() const {
  int n = 0;
  for (std::uint8_t v : cells_) n += v != 0;
  return n;
}

int box_for_size(int size) {
  for (int b = kMinBox; b <= kMaxBox; ++b)
    if (b * b == size) return b;
  return 0;
}

std::optional<std::string> find_conflict(const Grid& grid) {
  const int n = grid.size(), b = grid.box();
  for (int i = 0; i < grid.cell_count(); ++i)
    if (grid[i] > n) return "value " + std::to_string(grid[i]) + " out of range";
  // One pass per house kind keeps the message about the first rule broken in reading order.
  for (int r = 0; r < n; ++r) {
    std::uint32_t seen = 0;
    for (int c = 0; c < n; ++c)
      if (int v = grid.at(r, c)) {
        if (seen >> v & 1)
          return "digit " + std::to_string(v) + " repeated in row " + std::to_string(r + 1);
        seen |= 1u << v;
      }
  }
  for (int c = 0; c < n; ++c) {
    std::uint32_t seen = 0;
    for (int r = 0; r < n; ++r)
      if (int v = grid.at(r, c)) {
        if (seen >> v & 1)
          return "digit " + std::to_string(v) + " repeated in column " + std::to_string(c + 1);
        seen |= 1u << v;
      }
  }
  for (int k = 0; k < n; ++k) {
    std::uint32_t seen = 0;
    for (int i = 0; i < n; ++i)
      if (int v = grid.at(k / b * b + i / b, k % b * b + i % b)) {
        if (seen >> v & 1)
          return "digit " + std::to_string(v) + " repeated in box " + std::to_string(k + 1);
        seen |= 1u << v;
      }
  }
  return std::nullopt;
}

bool is_solution_of(const Grid& solution, const Grid& puzzle) {
  if (solution.box() != puzzle.box() || !solution.complete()) return false;
  for (int i = 0; i < puzzle.cell_count(); ++i)
    if (puzzle[i] != 0 && puzzle[i] != solution[i]) return false;
  return !find_conflict(solution).has_value();
}

}  // namespace sudoku
