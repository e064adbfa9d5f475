// Text forms of solutions and placements, shared by the CLI, the web API and library users.
//
//   perm       1-based column of the queen in each row:    "1 5 8 6 3 7 2 4"
//   board      a diagram, row 0 first, 'Q' queen, '.' empty: "Q . . . . . . ." (N lines)
//   json       {"n":8,"solution":[1,5,8,6,3,7,2,4]}  (1-based columns, one object per line)
//   algebraic  chess squares, file = column (a = column 1), rank = row: "a1 e2 h3 f4 c5 g6 b7 d8"
//              (N <= 26)
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nqueens/solution.hpp"

namespace nqueens {

enum class Format { perm, board, json, algebraic };

std::optional<Format> parse_format(std::string_view name);
std::string_view name(Format format);

inline constexpr int kMaxAlgebraicN = 26;

std::string format_solution(const Solution& solution, Format format);
std::string format_placement(const Placement& placement, Format format);
std::string square_name(Square s, int n);  // "e2" when N <= 26, else "(2,5)" 1-based

// Parses one line in the perm, json or algebraic form (a perm may also be written without
// separators when N <= 9, "15863724"). N is the number of queens listed. On failure returns
// nullopt and sets `error` to one sentence.
std::optional<Placement> parse_placement_line(std::string_view line, std::string& error);

// True if the line is in the perm or json form (or malformed, but not algebraic): it lists one
// column per row, and parse_columns_line reads it into a Solution, 4 bytes a queen instead of
// a Placement's 8 (what `nqueens verify` does with long lines; check it with verify_columns).
bool is_columns_line(std::string_view line);
std::optional<Solution> parse_columns_line(std::string_view line, std::string& error);
// The same for a line the caller gives up: it is let go of as it is read, so that a long line
// and its columns are never both held whole (`nqueens verify`: 2.2 times a line of one-digit
// columns at most, instead of 3).
std::optional<Solution> parse_owned_columns_line(std::string&& line, std::string& error);

// True if the line looks like a row of a board diagram ('Q'/'q' and '.', spaces ignored).
bool is_board_row(std::string_view line);
// Parses the rows of a board diagram (N rows of N cells). On failure sets `error`.
std::optional<Placement> parse_board(const std::vector<std::string>& rows, std::string& error);

}  // namespace nqueens
