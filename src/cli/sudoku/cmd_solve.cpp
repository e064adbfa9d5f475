// sudoku solve: one solution per puzzle, in input order; exit 1 when a puzzle has none.
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "run_batch.hpp"
#include "sudoku/solve.hpp"

namespace sudoku::cli {

using json = nlohmann::json;

int run_solve(const Common& c) {
  const SolverTier tier = c.tier();
  return run_batch(c, [&](const PuzzleEntry& e) -> Record {
    if (!e.ok()) return invalid_record(c, e);
    sudoku::SolveResult r = sudoku::solve(e.grid, 2, tier);
    int status = r.solutions ? 0 : 1;
    switch (c.fmt()) {
      case Format::json: {
        json j{{"line", e.line},
               {"puzzle", sudoku::to_line(e.grid)},
               {"status", status_name(r.solutions)},
               {"solutions", r.solutions},
               {"guesses", r.guesses}};
        j["solution"] = r.solutions ? json(sudoku::to_line(r.solution)) : json(nullptr);
        return {j.dump() + "\n", status};
      }
      case Format::grid:
        if (!r.solutions) return {"no solution\n\n", status};
        return {sudoku::to_text(r.solution) + "\n", status};
      default:
        if (!r.solutions) return {"no solution\n", status};
        return {sudoku::to_line(r.solution) + "\n", status};
    }
  });
}

}  // namespace sudoku::cli
