// Reading and writing puzzles.
//
// Input (one puzzle after another, each accepted form may be mixed in one stream):
//   - a line of size*size cells, e.g. 81 characters for 9x9;
//   - a grid of `size` lines of `size` cells each, e.g. 9 lines for 9x9;
//   - CSV: a line with commas takes its first field as the puzzle (Kaggle `quizzes,solutions`
//     and `puzzle,solution,...` files); a first line whose first field is not a puzzle is a
//     header and is skipped.
// Cells: '.' or '0' is empty; digits are '1'-'9', then 'A'-'P' (or 'a'-'p') for 10-25 on
// 16x16 and 25x25 boards. Spaces, tabs and the separators '|', '-', '+' are ignored, so a
// pretty-printed grid reads back. Blank lines and lines starting with '#' are skipped.
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <string_view>

#include "sudoku/grid.hpp"
#include "sudoku/solve.hpp"

namespace sudoku {

struct PuzzleEntry {
  std::size_t line = 0;  // 1-based line where the puzzle starts
  Grid grid;             // the puzzle; meaningless when `error` is set
  std::string error;     // why the entry is malformed; empty when it is fine
  bool ok() const { return error.empty(); }
};

class PuzzleReader {
 public:
  // `tier`: the 9x9 solver tier whose digit words check each 9x9 line (givens_repeat9).
  PuzzleReader(std::istream& in, int box = 3, SolverTier tier = default_solver_tier())
      : in_(in), box_(box), tier_(tier) {}
  // Reads the next puzzle or malformed entry; false at the end of the input.
  bool next(PuzzleEntry& entry);

 private:
  std::istream& in_;
  int box_;
  SolverTier tier_;
  std::size_t line_no_ = 0;
  bool seen_data_ = false;
  std::string pending_;  // a line that ended a short grid, read again next
  bool has_pending_ = false;
};

// Parses one puzzle written on one line (separators allowed). Returns the error, if any:
// wrong length, bad character, or a digit repeated in a row, column or box.
std::optional<std::string> parse_puzzle(std::string_view text, int box, Grid& out);

// Value of a cell character on a board of `size`: 0 empty, 1..size a digit, -1 not a cell.
int cell_value(char c, int size);
char cell_char(int value);  // 0 -> '.', 1..9 -> '1'..'9', 10.. -> 'A'..

std::string to_line(const Grid& grid);  // size*size characters, '.' for empty
std::string to_text(const Grid& grid);  // `size` lines with box separators, ending in '\n'

}  // namespace sudoku
