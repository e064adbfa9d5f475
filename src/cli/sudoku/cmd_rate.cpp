// sudoku rate: difficulty from the techniques a person needs.
#include <fmt/core.h>

#include <cmath>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "run_batch.hpp"
#include "sudoku/effort.hpp"
#include "sudoku/rate.hpp"

namespace sudoku::cli {

using json = nlohmann::json;

int run_rate(const Common& c) {
  return run_batch(c, [&](const PuzzleEntry& e) -> Record {
    if (!e.ok()) return invalid_record(c, e);
    sudoku::Rating r = sudoku::rate(e.grid);
    if (!r.solvable) {
      if (c.fmt() == Format::json)
        return {json{{"line", e.line}, {"status", "none"}}.dump() + "\n", 1};
      return {"no solution\n", 1};
    }
    if (c.fmt() == Format::json) {
      json uses = json::object();
      for (int t = 0; t < sudoku::kTechniqueCount; ++t)
        if (r.uses[static_cast<std::size_t>(t)])
          uses[std::string(sudoku::technique_name(static_cast<sudoku::Technique>(t)))] =
              r.uses[static_cast<std::size_t>(t)];
      // effort and rank: docs/SUDOKU.md, "Search effort and rank".
      const double effort = sudoku::search_effort(e.grid);
      return {json{{"line", e.line},
                   {"level", sudoku::level_name(r.level)},
                   {"level_number", static_cast<int>(r.level)},
                   {"score", r.score},
                   {"effort", std::round(effort * 1000) / 1000},
                   {"rank", std::round(sudoku::effort_rank(r.score, effort) * 1000) / 1000},
                   {"unique", r.unique},
                   {"techniques", uses}}
                      .dump() +
                  "\n",
              0};
    }
    return {fmt::format("{} {:.1f}\n", sudoku::level_name(r.level), r.score), 0};
  });
}

}  // namespace sudoku::cli
