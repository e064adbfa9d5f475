// A Sudoku grid of any supported size: 4x4 (box 2), 9x9 (box 3), 16x16 (box 4), 25x25 (box 5).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sudoku {

inline constexpr int kMinBox = 2;
inline constexpr int kMaxBox = 5;

// Row-major cells; 0 is an empty cell, 1..size() a digit.
class Grid {
 public:
  Grid() : Grid(3) {}
  explicit Grid(int box) : box_(box), cells_(static_cast<std::size_t>(box * box * box * box), 0) {}

  int box() const { return box_; }                    // 3 for 9x9
  int size() const { return box_ * box_; }            // digits and side length: 9 for 9x9
  int cell_count() const { return size() * size(); }  // 81 for 9x9

  std::uint8_t operator[](int i) const { return cells_[static_cast<std::size_t>(i)]; }
  std::uint8_t& operator[](int i) { return cells_[static_cast<std::size_t>(i)]; }
  std::uint8_t at(int row, int col) const { return (*this)[row * size() + col]; }
  void set(int row, int col, std::uint8_t digit) { (*this)[row * size() + col] = digit; }

  const std::uint8_t* data() const { return cells_.data(); }
  std::uint8_t* data() { return cells_.data(); }

  int clue_count() const;
  bool complete() const { return clue_count() == cell_count(); }

  friend bool operator==(const Grid&, const Grid&) = default;

 private:
  int box_;
  std::vector<std::uint8_t> cells_;
};

// The first rule broken by the givens, in words ("digit 5 repeated in row 3"), or nothing.
// Rows, columns and boxes are numbered from 1, boxes left to right, top to bottom.
std::optional<std::string> find_conflict(const Grid& grid);

// True when `solution` is complete, breaks no rule and keeps every given of `puzzle`.
bool is_solution_of(const Grid& solution, const Grid& puzzle);

// Box side for a board side (4 -> 2, 9 -> 3, 16 -> 4, 25 -> 5), 0 when unsupported.
int box_for_size(int size);

}  // namespace sudoku
