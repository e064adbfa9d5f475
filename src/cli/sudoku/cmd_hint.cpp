// sudoku hint: the next step a person would take, only that one.
#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "run_batch.hpp"
#include "step_output.hpp"
#include "sudoku/explain.hpp"

namespace sudoku::cli {

using json = nlohmann::json;

int run_hint(const Common& c) {
  return run_batch(c, [&](const PuzzleEntry& e) -> Record {
    if (!e.ok()) return invalid_record(c, e);
    if (e.grid.box() != 3) return unsupported_record(c, e, "hint is 9x9 only");
    const bool complete = e.grid.complete() && !find_conflict(e.grid);
    const std::optional<Step> s = complete ? std::nullopt : next_step(e.grid);
    if (!s) {
      const char* status = complete ? "solved" : "none";
      if (c.fmt() == Format::json)
        return {json{{"line", e.line}, {"status", status}}.dump() + "\n", complete ? 0 : 1};
      return {complete ? "solved\n" : "no solution\n", complete ? 0 : 1};
    }
    if (c.fmt() == Format::json)
      return {json{{"line", e.line}, {"status", "step"}, {"step", step_json(*s)}}.dump() + "\n", 0};
    return {describe(*s) + "\n", 0};
  });
}

}  // namespace sudoku::cli
