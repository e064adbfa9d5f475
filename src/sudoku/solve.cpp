#include "sudoku/solve.hpp"

#include "general_solver.hpp"

namespace sudoku {

SolveResult solve_general(const Grid& puzzle, std::uint64_t limit) {
  SolveResult r;
  r.solution = Grid(puzzle.box());
  if (limit == 0) return r;
  detail::with_general_solver(puzzle.box(), [&](auto& s) {
    s.limit = limit;
    s.run(puzzle);
    r.solutions = s.solutions;
    r.guesses = s.guesses;
    if (s.solutions) r.solution = s.first;
    return 0;
  });
  return r;
}

SolveResult solve(const Grid& puzzle, std::uint64_t limit, SolverTier tier) {
  if (puzzle.box() != 3) return solve_general(puzzle, limit);
  SolveResult r;
  r.solution = Grid(3);
  r.solutions = solve9(puzzle.data(), limit, r.solution.data(), &r.guesses, tier);
  if (r.solutions == 0) r.solution = Grid(3);
  return r;
}

std::uint64_t count_solutions(const Grid& puzzle, std::uint64_t limit, SolverTier tier) {
  if (puzzle.box() == 3) return solve9(puzzle.data(), limit, nullptr, nullptr, tier);
  return solve_general(puzzle, limit).solutions;
}

std::uint64_t enumerate_solutions(const Grid& puzzle,
                                  const std::function<bool(const Grid&)>& on_solution) {
  return detail::with_general_solver(puzzle.box(), [&](auto& s) {
    s.limit = ~std::uint64_t{0};
    s.on_solution = on_solution;
    s.run(puzzle);
    return s.solutions;
  });
}

}  // namespace sudoku
