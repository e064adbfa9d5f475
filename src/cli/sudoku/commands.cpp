// Shared pieces of the `sudoku` command line (commands.hpp).
#include "commands.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "nqueens/parallel.hpp"  // hardware_threads

namespace sudoku::cli {

int Common::thread_count() const {
  return threads > 0 ? threads : nqueens::hardware_threads();
}

Record invalid_record(const Common& c, const PuzzleEntry& e) {
  if (c.fmt() == Format::json)
    return {
        nlohmann::json{{"line", e.line}, {"status", "invalid"}, {"error", e.error}}.dump() + "\n",
        2};
  return {fmt::format("invalid: line {}: {}\n", e.line, e.error), 2};
}

Record unsupported_record(const Common& c, const PuzzleEntry& e, std::string_view why) {
  if (c.fmt() == Format::json)
    return {nlohmann::json{{"line", e.line}, {"status", "invalid"}, {"error", why}}.dump() + "\n",
            2};
  return {fmt::format("invalid: {}\n", why), 2};
}

std::string_view status_name(std::uint64_t solutions, std::uint64_t limit) {
  if (solutions == 0) return "none";
  if (solutions == 1) return at_limit(solutions, limit) ? "solvable" : "unique";
  return "multiple";
}

}  // namespace sudoku::cli
