// Checking a placement: is it a solution, and if not, which queens attack each other.
// O(N + queens) time and memory, so it checks boards with millions of queens.
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
bool is_solution(const Solution& solution);

// One human-readable sentence for an invalid result ("queens a1 and d4 share a diagonal"),
// squares in algebraic notation when N <= 26, else as (row, column) 1-based.
std::string describe(const VerifyResult& result);

}  // namespace nqueens
