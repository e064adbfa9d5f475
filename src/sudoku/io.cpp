#include "sudoku/io.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <string>

#include "sudoku/solve.hpp"

namespace sudoku {
namespace {

bool is_separator(char c) {
  return c == ' ' || c == '\t' || c == '|' || c == '-' || c == '+';
}

std::string printable(char c) {
  if (c >= 0x20 && c < 0x7f) return std::string("'") + c + "'";
  static const char* hex = "0123456789abcdef";
  auto u = static_cast<unsigned char>(c);
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

// Collects the cells of one text line. Returns the error, if any.
std::optional<std::string> collect_cells(std::string_view text, int size, std::string& cells) {
  cells.clear();
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (is_separator(c)) continue;
    int v = cell_value(c, size);
    if (v < 0) return "bad character " + printable(c) + " at column " + std::to_string(i + 1);
    cells.push_back(static_cast<char>(v));
  }
  return std::nullopt;
}

// A 9x9 line of exactly 81 cells without separators, the form of every puzzle file we
// benchmark, read straight into `out` without the general path's cell list; the house check is
// the 9x9 solver's (givens_repeat9), and the general find_conflict runs only to word an error.
// False when the line is not of that form (the general path then reads it). On puzzles2_17_clue
// this took reading and parsing from 27% to 14% of the CPU time of `sudoku count -j 1`.
bool read_plain_line9(std::string_view text, PuzzleEntry& entry, SolverTier tier) {
  if (text.size() != 81) return false;
  std::uint8_t cells[81];
  std::uint32_t bad = 0;
  for (int i = 0; i < 81; ++i) {
    const unsigned v = static_cast<unsigned char>(text[static_cast<std::size_t>(i)]) - '0';
    // '.' is '0' - 2: wraps to a large value, mapped to 0 below.
    const unsigned value = v == static_cast<unsigned>('.' - '0') ? 0 : v;
    bad |= value > 9;
    cells[i] = static_cast<std::uint8_t>(value);
  }
  if (bad) return false;
  if (entry.grid.box() != 3) entry.grid = Grid(3);
  std::memcpy(entry.grid.data(), cells, 81);
  // The solver's digit words answer whether a digit repeats in a house; a byte loop OR-ing
  // each digit into its row, column and box was a quarter of `count -j 1` on a file of
  // solved grids (0.1 us a line).
  const bool repeated = givens_repeat9(cells, tier);
  entry.error.clear();
  if (repeated)
    if (auto e = find_conflict(entry.grid)) entry.error = *e;
  return true;
}

}  // namespace

int cell_value(char c, int size) {
  int v = -1;
  if (c == '.' || c == '0') return 0;
  if (c >= '1' && c <= '9')
    v = c - '0';
  else if (c >= 'A' && c <= 'P')
    v = c - 'A' + 10;
  else if (c >= 'a' && c <= 'p')
    v = c - 'a' + 10;
  return v <= size ? v : -1;
}

char cell_char(int value) {
  if (value <= 0) return '.';
  if (value <= 9) return static_cast<char>('0' + value);
  return static_cast<char>('A' + value - 10);
}

std::optional<std::string> parse_puzzle(std::string_view text, int box, Grid& out) {
  const int size = box * box;
  std::string cells;
  if (auto err = collect_cells(text, size, cells)) return err;
  if (static_cast<int>(cells.size()) != size * size)
    return "wrong length: " + std::to_string(cells.size()) + " cells, expected " +
           std::to_string(size * size);
  out = Grid(box);
  for (int i = 0; i < size * size; ++i)
    out[i] = static_cast<std::uint8_t>(cells[static_cast<std::size_t>(i)]);
  return find_conflict(out);
}

bool PuzzleReader::next(PuzzleEntry& entry) {
  const int size = box_ * box_;
  // The line buffer is kept from call to call (one per thread): a fresh one costs a heap
  // allocation per puzzle line. Nothing in it carries over; each line is read anew.
  static thread_local std::string line;
  std::string cells, rows;  // rows: cells of a multi-line grid read so far
  std::size_t grid_start = 0;
  int grid_rows = 0;
  auto finish_grid_error = [&](PuzzleEntry& e) {
    e.line = grid_start;
    e.error =
        "incomplete grid: " + std::to_string(grid_rows) + " of " + std::to_string(size) + " rows";
  };
  while (true) {
    if (has_pending_) {
      line.swap(pending_);
      has_pending_ = false;
    } else if (!std::getline(in_, line)) {
      if (grid_rows > 0) {
        finish_grid_error(entry);
        return true;
      }
      return false;
    }
    ++line_no_;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::string_view text = line;
    if (!text.empty() && text[0] == '#') continue;
    if (box_ == 3 && grid_rows == 0 && read_plain_line9(text, entry, tier_)) {
      seen_data_ = true;
      entry.line = line_no_;
      return true;
    }
    if (auto comma = text.find(','); comma != std::string_view::npos) text = text.substr(0, comma);
    bool first_data = !seen_data_;
    auto err = collect_cells(text, size, cells);
    if (!err && cells.empty()) {  // blank or separator line
      if (grid_rows > 0 && line.find_first_not_of(" \t\r") == std::string::npos) {
        // a blank line inside a grid ends it early
        finish_grid_error(entry);
        return true;
      }
      continue;
    }
    seen_data_ = true;
    // A CSV header ("quizzes,solutions") names its columns in words; a first line with cells
    // in it ('.', digits) is a malformed puzzle and is reported as one.
    const bool words_only =
        std::any_of(text.begin(), text.end(),
                    [](char ch) { return std::isalpha(static_cast<unsigned char>(ch)); }) &&
        std::all_of(text.begin(), text.end(), [](char ch) {
          return std::isalpha(static_cast<unsigned char>(ch)) || ch == '_' || ch == '-' ||
                 ch == ' ' || ch == '"';
        });
    if (first_data && words_only && line.find(',') != std::string::npos &&
        (err || static_cast<int>(cells.size()) != size * size))
      continue;  // CSV header
    if (grid_rows > 0 && (err || static_cast<int>(cells.size()) != size)) {
      // The grid was cut short; this line starts over on the next call.
      pending_ = line;
      has_pending_ = true;
      --line_no_;
      finish_grid_error(entry);
      return true;
    }
    entry = PuzzleEntry{};
    if (err) {
      entry.line = line_no_;
      entry.error = *err;
      return true;
    }
    if (static_cast<int>(cells.size()) == size * size) {
      entry.line = line_no_;
      if (auto e = parse_puzzle(text, box_, entry.grid)) entry.error = *e;
      return true;
    }
    if (static_cast<int>(cells.size()) == size) {
      if (grid_rows == 0) {
        grid_start = line_no_;
        rows.clear();
      }
      rows += cells;
      if (++grid_rows == size) {
        entry.line = grid_start;
        entry.grid = Grid(box_);
        for (int i = 0; i < size * size; ++i)
          entry.grid[i] = static_cast<std::uint8_t>(rows[static_cast<std::size_t>(i)]);
        if (auto e = find_conflict(entry.grid)) entry.error = *e;
        return true;
      }
      continue;
    }
    entry.line = line_no_;
    entry.error = "wrong length: " + std::to_string(cells.size()) + " cells, expected " +
                  std::to_string(size * size);
    return true;
  }
}

std::string to_line(const Grid& grid) {
  std::string s(static_cast<std::size_t>(grid.cell_count()), '.');
  for (int i = 0; i < grid.cell_count(); ++i) s[static_cast<std::size_t>(i)] = cell_char(grid[i]);
  return s;
}

std::string to_text(const Grid& grid) {
  const int n = grid.size(), b = grid.box();
  std::string sep;
  for (int k = 0; k < b; ++k) {
    if (k) sep += "+";
    sep += std::string(static_cast<std::size_t>(2 * b + 1), '-');
  }
  sep.erase(0, 1);  // rows start and end with a cell, not a space
  sep.pop_back();
  std::string s;
  for (int r = 0; r < n; ++r) {
    if (r && r % b == 0) s += sep + "\n";
    for (int c = 0; c < n; ++c) {
      if (c && c % b == 0) s += " |";
      if (c) s += ' ';
      s += cell_char(grid.at(r, c));
    }
    s += '\n';
  }
  return s;
}

}  // namespace sudoku
