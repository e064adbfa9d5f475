// Checking a placement: is it a solution, and if not, which queens attack each other.
// Linear time; memory besides the input about 2 bytes a queen plus 6 bits a line of the board
// (8 bytes a queen more for a placement with two queens in one row), so it checks boards with
// millions of queens.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "nqueens/solution.hpp"

namespace nqueens {

enum class Line : std::uint8_t { square, row, column, diagonal, anti_diagonal };
std::string_view name(Line line);  // "same square", "row", "column", "diagonal", ...

// Two queens on one line. `first` is the earlier queen on that line in input order.
struct Attack {
  Square first;
  Square second;
  Line line;
};

struct VerifyResult {
  bool valid = false;  // exactly N queens, on the board, none attacking another
  int n = 0;
  std::size_t queens = 0;
  std::vector<Square> off_board;      // squares outside the N x N board
  std::vector<Attack> attacks;        // the first `max_reported` attacking pairs found
  std::uint64_t attacking_pairs = 0;  // all of them: sum over lines of C(queens on line, 2)
};

VerifyResult verify(const Placement& placement, std::size_t max_reported = 8);
// The same, free to reorder the queens of `placement` (it sorts them in place to find queens
// sharing a square, where the const overload sorts a copy: 8 bytes a queen less).
VerifyResult verify(Placement&& placement, std::size_t max_reported = 8);
// The same for one queen per row, given by its columns (what a perm line is): N is the number
// of columns, and a column outside 0..N-1 is a queen off the board. Half the memory of a
// Placement, and no square can hold two queens.
VerifyResult verify_columns(const Solution& columns, std::size_t max_reported = 8);
bool is_solution(const Solution& solution);

// One human-readable sentence for an invalid result ("queens a1 and d4 share a diagonal"),
// squares in algebraic notation when N <= 26, else as (row, column) 1-based.
std::string describe(const VerifyResult& result);

}  // namespace nqueens
