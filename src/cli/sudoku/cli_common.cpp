// Shared pieces of the `sudoku` command line (cli_common.hpp).
#include "cli_common.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "nqueens/parallel.hpp"  // kMaxThreads (the same cap as nqueens -j), hardware_threads

namespace sudoku::cli {

int Common::thread_count() const {
  return threads > 0 ? threads : nqueens::hardware_threads();
}

void add_common(CLI::App* app, Common& c, bool with_input) {
  app->add_option("--size", c.size, "board side: 4, 9, 16 or 25")
      ->check(CLI::IsMember({4, 9, 16, 25}));
  app->add_option("--format", c.format, "output: line, grid or json (NDJSON)")
      ->check(CLI::IsMember({"line", "grid", "json"}));
  app->add_flag("--json", c.json, "same as --format json");
  // Checked while parsing: 100000 threads would fail half way with "Resource temporarily
  // unavailable" instead of a usage error.
  app->add_option("-j,--threads", c.threads, "worker threads (default: all cores)")
      ->check(CLI::Range(0, nqueens::kMaxThreads));
  if (with_input) app->add_option("file", c.input, "puzzle file, '-' for stdin (default)");
}

Record invalid_record(const Common& c, const PuzzleEntry& e) {
  using json = nlohmann::json;
  if (c.fmt() == Format::json)
    return {json{{"line", e.line}, {"status", "invalid"}, {"error", e.error}}.dump() + "\n", 2};
  return {fmt::format("invalid: line {}: {}\n", e.line, e.error), 2};
}

Record unsupported_record(const Common& c, const PuzzleEntry& e, std::string_view why) {
  using json = nlohmann::json;
  if (c.fmt() == Format::json)
    return {json{{"line", e.line}, {"status", "invalid"}, {"error", why}}.dump() + "\n", 2};
  return {fmt::format("invalid: {}\n", why), 2};
}

std::string_view status_name(std::uint64_t solutions) {
  return solutions == 0 ? "none" : solutions == 1 ? "unique" : "multiple";
}

}  // namespace sudoku::cli
