// The backtracking search of the lecture notes, one step at a time: which square
// is tried, which earlier queen rules it out and along which line, each placement and each
// undo. `nqueens trace N` prints these steps and the web page animates them.
//
//   nqueens::Tracer t(4);
//   for (nqueens::TraceStep s; t.next(s);) std::puts(nqueens::describe(s).c_str());
//
// The search fills rows top to bottom and tries columns left to right, so solutions appear in
// the same lexicographic order as `nqueens list N`. For each square it tests the column
// first, then the diagonal (row - col constant), then the anti-diagonal (row + col constant),
// and names the queen found first on that line (the one in the highest row).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "nqueens/solution.hpp"
#include "nqueens/verify.hpp"

namespace nqueens {

inline constexpr int kMaxTraceN = 32;

enum class StepKind : std::uint8_t {
  place,     // a queen goes on (row, col): a new node of the search tree
  reject,    // (row, col) is attacked by the queen on `by` along `line`; nothing is placed
  solution,  // all N rows are filled: the queens form solution #`solutions`
  undo,      // the queen on (row, col) is taken back (the backtrack)
};
std::string_view name(StepKind kind);  // "place", "reject", "solution", "undo"

struct TraceStep {
  StepKind kind = StepKind::place;
  int row = 0;  // the square of the step (for `solution`: the last queen placed)
  int col = 0;
  Square by{};                  // reject only: the attacking queen
  Line line = Line::column;     // reject only: column, diagonal or anti_diagonal
  std::uint64_t index = 0;      // 0-based number of this step
  std::uint64_t nodes = 0;      // placements so far, this one included
  std::uint64_t solutions = 0;  // solutions so far, this one included
};

class Tracer {
 public:
  // Throws std::invalid_argument unless 1 <= n <= kMaxTraceN.
  explicit Tracer(int n);
  // Produces the following step; false once the search is over.
  bool next(TraceStep& step);
  // Skips `count` steps (as many calls to next()); returns how many there were.
  std::uint64_t skip(std::uint64_t count);
  int n() const { return n_; }
  // Column of the queen in each row 0..placed()-1.
  const int* queens() const { return cols_; }
  int placed() const { return row_; }

 private:
  int n_;
  int row_ = 0;  // the row being filled
  int col_ = 0;  // the next column to try in it
  bool solution_shown_ = false;
  bool done_ = false;
  std::uint64_t steps_ = 0, nodes_ = 0, solutions_ = 0;
  int cols_[kMaxTraceN] = {};
  // Row of the queen on each column / diagonal, -1 if none.
  int col_owner_[kMaxTraceN];
  int diag_owner_[2 * kMaxTraceN];
  int anti_owner_[2 * kMaxTraceN];
};

// One line for a terminal: "#12 place   row 3 col 1" (1-based rows and columns), with the
// attacker for rejects: "reject  row 2 col 2  (column of the queen at row 1 col 2)".
std::string describe(const TraceStep& step);

}  // namespace nqueens
