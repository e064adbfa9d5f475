// Shared pieces of the `sudoku` command line: the options every subcommand takes, the output
// record of one puzzle, and the registration of each subcommand (one file per subcommand).
// Conventions (docs/SUDOKU.md): data on stdout, errors on stderr; exit 0 ok, 1 a puzzle
// without solution (solve), 2 bad usage or bad input (after every good puzzle was handled).
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "sudoku/io.hpp"

namespace sudoku::cli {

enum class Format { line, grid, json };

// The options every subcommand shares: board size, output format, threads, input file.
struct Common {
  int size = 9;
  std::string format = "line";
  bool json = false;
  int threads = 0;
  std::string input = "-";

  int box() const { return sudoku::box_for_size(size); }
  Format fmt() const {
    if (json || format == "json") return Format::json;
    return format == "grid" ? Format::grid : Format::line;
  }
  int thread_count() const;
};

void add_common(CLI::App* app, Common& c, bool with_input);

// One output record per input entry, produced on worker threads, printed in input order.
struct Record {
  std::string out;  // text for stdout, including the trailing newline
  int status = 0;   // exit status this entry asks for (0, 1 or 2)
};

// The record for a malformed entry (status 2).
Record invalid_record(const Common& c, const PuzzleEntry& e);

// The record for a well-formed puzzle the subcommand does not handle (status 2), e.g.
// "explain is 9x9 only".
Record unsupported_record(const Common& c, const PuzzleEntry& e, std::string_view why);

// "none", "unique" or "multiple".
std::string_view status_name(std::uint64_t solutions);

// Each subcommand adds itself to `app`; when it is the one given, its parse callback stores
// the command to run in `command`, and main() runs it (exceptions become "sudoku: ..." exit 1).
using Command = std::function<int()>;
void register_solve(CLI::App& app, Command& command);
void register_count(CLI::App& app, Command& command);
void register_rate(CLI::App& app, Command& command);
void register_generate(CLI::App& app, Command& command);
void register_bench(CLI::App& app, Command& command);
void register_explain(CLI::App& app, Command& command);
void register_hint(CLI::App& app, Command& command);

}  // namespace sudoku::cli
