// Shared pieces of the `sudoku` command line: the options every subcommand takes, the output
// record of one puzzle, and what each subcommand runs (one file per subcommand, cmd_*.cpp).
// The options themselves are declared with CLI11 in main.cpp only: CLI11 is header-only and
// cost about 25 s of compile time in every file that included it (docs/ARCHITECTURE.md,
// "Build").
// Conventions (docs/SUDOKU.md): data on stdout, errors on stderr; exit 0 ok, 1 a puzzle
// without solution (solve), 2 bad usage or bad input (after every good puzzle was handled).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "sudoku/io.hpp"
#include "sudoku/solve.hpp"

namespace sudoku::cli {

enum class Format { line, grid, json };

// The options every subcommand shares: board size, output format, threads, input file; and the
// 9x9 solver tier, an option of the subcommands whose work is the solver (solve, count, bench).
struct Common {
  int size = 9;
  std::string format = "line";
  bool json = false;
  int threads = 0;
  std::string input = "-";
  std::string kernel;  // --kernel: a tier name or "auto" (checked while parsing); empty: none

  // The run's solver tier: --kernel, else default_solver_tier() (SUDOKU_KERNEL, else the
  // fastest).
  SolverTier tier() const {
    return kernel.empty() ? default_solver_tier() : parse_solver_tier(kernel);
  }

  int box() const { return sudoku::box_for_size(size); }
  Format fmt() const {
    if (json || format == "json") return Format::json;
    return format == "grid" ? Format::grid : Format::line;
  }
  int thread_count() const;
};

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

// "none", "unique" or "multiple" for `solutions` found by a count that stopped at `limit`; a
// count stopped at a limit of 1 found "at least 1": "solvable" (unique or not is unknown).
std::string_view status_name(std::uint64_t solutions, std::uint64_t limit = ~std::uint64_t{0});
// Whether a count that found `solutions` stopped at `limit` ("2+", "1+": at least that many).
inline bool at_limit(std::uint64_t solutions, std::uint64_t limit) {
  return solutions >= limit;
}

// What each subcommand runs once its options are parsed (main.cpp); the result is the exit
// status. Exceptions become "sudoku: ..." with exit 1 there.
int run_solve(const Common& c);
int run_rate(const Common& c);
int run_explain(const Common& c);
int run_hint(const Common& c);

struct CountArgs {
  Common common;
  std::uint64_t limit = 2;
};
int run_count(const CountArgs& a);

struct GenerateArgs {
  Common common;
  int count = 1;
  int attempts = 20000;
  std::string difficulty = "any";
  std::string symmetry = "none";
  std::string seed_text;  // --seed, 0..2^64-1 (default: random)
  bool no_minimal = false;
};
// Puzzles one `generate` prints. They are streamed (memory does not grow with -n); the cap
// keeps a slip of the finger from running for days (9x9: about 3,000 a second on one core).
// More are made by several runs: puzzle i uses seed + i.
constexpr int kMaxGenerateCount = 1'000'000;
int run_generate(const GenerateArgs& a);

struct BenchArgs {
  Common common;
  int repeat = 5;
  std::uint64_t limit = 2;
  bool reference = false;
};
int run_bench(const BenchArgs& a);

}  // namespace sudoku::cli
