// The classic row-by-row backtracking as a resumable state machine
// (src/kernels/include/nqueens/trace.hpp).
#include "nqueens/trace.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace nqueens {

std::string_view name(StepKind kind) {
  switch (kind) {
    case StepKind::place:
      return "place";
    case StepKind::reject:
      return "reject";
    case StepKind::solution:
      return "solution";
    case StepKind::undo:
      return "undo";
  }
  return "?";
}

Tracer::Tracer(int n) : n_(n) {
  if (n < 1 || n > kMaxTraceN)
    throw std::invalid_argument(fmt::format("N must be between 1 and {}, got {}", kMaxTraceN, n));
  std::fill(std::begin(col_owner_), std::end(col_owner_), -1);
  std::fill(std::begin(diag_owner_), std::end(diag_owner_), -1);
  std::fill(std::begin(anti_owner_), std::end(anti_owner_), -1);
}

bool Tracer::next(TraceStep& step) {
  if (done_ || (row_ == 0 && col_ == n_)) {  // every column of the top row tried: finished
    done_ = true;
    return false;
  }
  step = TraceStep{};
  auto take_back = [&](int row) {  // the queen of `row` leaves the board
    const int c = cols_[row];
    col_owner_[c] = diag_owner_[row - c + n_ - 1] = anti_owner_[row + c] = -1;
    step.kind = StepKind::undo;
    step.row = row;
    step.col = c;
    row_ = row;
    col_ = c + 1;
  };
  if (row_ == n_) {
    if (!solution_shown_) {
      solution_shown_ = true;
      ++solutions_;
      step.kind = StepKind::solution;
      step.row = n_ - 1;
      step.col = cols_[n_ - 1];
    } else {
      solution_shown_ = false;
      take_back(n_ - 1);
    }
  } else if (col_ == n_) {  // every column of this row tried: back to the row above
    take_back(row_ - 1);
  } else {
    const int r = row_, c = col_;
    step.row = r;
    step.col = c;
    const int owners[3] = {col_owner_[c], diag_owner_[r - c + n_ - 1], anti_owner_[r + c]};
    const Line lines[3] = {Line::column, Line::diagonal, Line::anti_diagonal};
    int hit = -1;
    for (int i = 0; i < 3; ++i)
      if (owners[i] >= 0 && (hit < 0 || owners[i] < owners[hit])) hit = i;
    if (hit >= 0) {
      step.kind = StepKind::reject;
      step.by = {owners[hit], cols_[owners[hit]]};
      step.line = lines[hit];
      ++col_;
    } else {
      step.kind = StepKind::place;
      ++nodes_;
      cols_[r] = c;
      col_owner_[c] = diag_owner_[r - c + n_ - 1] = anti_owner_[r + c] = r;
      ++row_;
      col_ = 0;
    }
  }
  step.index = steps_++;
  step.nodes = nodes_;
  step.solutions = solutions_;
  return true;
}

std::uint64_t Tracer::skip(std::uint64_t count) {
  TraceStep s;
  std::uint64_t done = 0;
  while (done < count && next(s)) ++done;
  return done;
}

std::string describe(const TraceStep& s) {
  std::string line = fmt::format("#{:<8} {:<8} row {:>2} col {:>2}", s.index + 1, name(s.kind),
                                 s.row + 1, s.col + 1);
  if (s.kind == StepKind::reject)
    line += fmt::format("  ({} of the queen at row {} col {})", name(s.line), s.by.row + 1,
                        s.by.col + 1);
  if (s.kind == StepKind::solution) line += fmt::format("  solution {}", s.solutions);
  return line;
}

}  // namespace nqueens
