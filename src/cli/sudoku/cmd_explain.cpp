// sudoku explain: a human-style solution path, one step a line, and the rating it gives.
#include <fmt/core.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "run_batch.hpp"
#include "step_output.hpp"
#include "sudoku/explain.hpp"
#include "sudoku/rate.hpp"

namespace sudoku::cli {

using json = nlohmann::json;

int run_explain(const Common& c) {
  return run_batch(c, [&](const PuzzleEntry& e) -> Record {
    if (!e.ok()) return invalid_record(c, e);
    if (e.grid.box() != 3) return unsupported_record(c, e, "explain is 9x9 only");
    const Explanation x = explain(e.grid);
    if (!x.solvable) {
      if (c.fmt() == Format::json)
        return {json{{"line", e.line}, {"status", "none"}}.dump() + "\n", 1};
      return {"no solution\n\n", 1};
    }
    const Level level = level_for_score(x.score);
    if (c.fmt() == Format::json) {
      std::string out = json{
          {"line", e.line},
          {"puzzle", to_line(e.grid)},
          {"status", x.unique ? "unique" : "multiple"},
          {"score", std::round(x.score * 10) / 10},
          {"level", level_name(level)},
          {"hardest", technique_name(x.hardest)},
          {"guesses",
           x.guesses}}.dump();
      // "steps" sorts last, so it goes just before the closing brace.
      out.pop_back();
      out += R"(,"steps":[)";
      for (std::size_t i = 0; i < x.steps.size(); ++i) {
        if (i) out += ',';
        append_step_json(out, x.steps[i]);
      }
      out += "]}\n";
      return {out, 0};
    }
    std::string out = to_line(e.grid) + "\n";
    for (std::size_t i = 0; i < x.steps.size(); ++i)
      out += fmt::format("{:3}. {}\n", i + 1, describe(x.steps[i]));
    out += fmt::format("{} {:.1f} (hardest: {}; {} steps, {} guesses{})\n\n", level_name(level),
                       x.score, technique_name(x.hardest), x.steps.size(), x.guesses,
                       x.unique ? "" : "; several solutions");
    return {out, 0};
  });
}

}  // namespace sudoku::cli
