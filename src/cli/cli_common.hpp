// Shared pieces of the nqueens command line: argument checks, errors, buffered output.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "nqueens/checkpoint.hpp"
#include "nqueens/format.hpp"
#include "nqueens/jobs.hpp"
#include "nqueens/kernel_tier.hpp"
#include "nqueens/run.hpp"

namespace nqueens::cli {

// Bad usage or bad input: main() prints "nqueens: <message>" on stderr and exits 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A check of the counts failed (a class split or a recounted job disagrees): main() prints
// "nqueens: <message>" and exits kExitCheckFailed; no result is printed.
inline constexpr int kExitCheckFailed = 1;
struct CheckFailed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Parses a board size given as text, enforcing [lo, hi] (0 <= lo); `what` names it in the
// message. Decimal digits only (tool_io::parse_unsigned, as every numeric option).
int parse_int_arg(const std::string& text, int lo, int hi, std::string_view what);

// Parses a count or seed option (--limit, --from, --seed): decimal digits only, 0..hi; a
// sign, a fraction or a number past hi is a UsageError naming `what` (no wrap-around).
std::uint64_t parse_unsigned_arg(const std::string& text, std::uint64_t hi, std::string_view what);

// Positional arguments taken whole and in order (verify's placements, merge's files). A vector
// option would not do: CLI11 reads an argument "[a,b]" as a list syntax of its own and cuts it at
// the commas (the JSON placement '[2,4,1,3]' became four malformed ones). So the option takes
// the first argument as it is (allow_extra_args off, which turns that syntax off) and the
// subcommand keeps the rest, verbatim, as its extras; an extra that looks like an option is
// refused as CLI11 would refuse it.
class WholeArguments {
 public:
  WholeArguments(CLI::App* cmd, const std::string& name, const std::string& help);
  WholeArguments(const WholeArguments&) = delete;
  WholeArguments& operator=(const WholeArguments&) = delete;
  CLI::Option* option() const { return option_; }
  // After parsing: every argument given, in order. Throws UsageError for an unknown option.
  std::vector<std::string> values() const;

 private:
  CLI::App* cmd_;
  CLI::Option* option_;
  std::string first_;
};

// Parses --format NAME for a board of size n: one clear UsageError for an unknown name or for
// algebraic notation on a board wider than a..z.
Format parse_format_arg(const std::string& name, int n);

// The options of a long count, shared by `nqueens count` and `nqueens-mpi count`:
// --checkpoint, --checkpoint-seconds, --shard, --method, --table-memory, --job-depth,
// --job-log, --verify-sample, --verify-seed, --progress, -q.
struct LongRunArgs {
  std::string checkpoint;
  std::string shard;
  double checkpoint_seconds = kDefaultCheckpointSeconds;
  std::string method = "auto";  // --method
  bool progress = false;
  bool quiet = false;
  std::uint64_t table_memory = kDefaultTableMemory >> 20;  // --table-memory, MiB
  const CLI::Option* checkpoint_seconds_option = nullptr;  // given or not
  const CLI::Option* table_memory_option = nullptr;
  bool given(const CLI::Option* option) const { return option != nullptr && option->count() > 0; }
  std::string job_depth;           // --job-depth
  std::string job_log;             // --job-log
  std::string verify_sample;       // --verify-sample, percent
  std::string verify_seed;         // --verify-seed
  std::string verify_by = "tier";  // --verify-by
};
void add_long_run_options(CLI::App* cmd, LongRunArgs& args);

// Those options checked, as the run options of a count of the N x N board (RunOptions, its
// defaults where an option is not given): the shard, the record file (a shard gets a default
// name when none is given), the checkpoint interval (refused without a record or a log to
// write), the method and job depth, the table memory (--table-memory, MiB, as bytes), the
// verify sample (0..100 percent) and its seed, and the test facility NQUEENS_TEST_FAULT. Throws
// UsageError with one sentence.
RunOptions resolve_long_run(const LongRunArgs& args, int n);

// --kernel NAME, the counting kernel tier of `nqueens count` and `nqueens-mpi count`: the help
// names the tiers this CPU has and the default.
void add_kernel_option(CLI::App* cmd, std::string& name);
// The tier --kernel names (given: `name` not empty), else default_kernel_tier() (NQUEENS_KERNEL,
// else the fastest). A bad name or NQUEENS_KERNEL is a UsageError with one line, before any work.
KernelTier resolve_kernel(const std::string& name);

// NQUEENS_TEST_FAULT=INDEX[:TOTAL[:HALF[:QUARTER]]], a test facility: the counts job INDEX
// reports get TOTAL (default 8), HALF and QUARTER added (signed), so that tests can see the
// checks catch a wrong count. Unset or empty: none. Throws UsageError for a malformed value.
std::optional<InjectedFault> fault_from_environment();

// Threads from -j: 0 means all cores; negative or absurd values are usage errors.
int resolve_threads(int requested);

// Collects output and writes it in large blocks (listing millions of boards is I/O bound).
class Output {
 public:
  explicit Output(std::FILE* f = stdout) : file_(f) { buffer_.reserve(1 << 16); }
  ~Output();
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  void line(std::string_view s) {
    buffer_.append(s);
    buffer_.push_back('\n');
    if (buffer_.size() >= (1 << 16)) flush();
  }
  void flush();  // throws tool_io::OutputError if the output cannot be written

 private:
  std::FILE* file_;
  std::string buffer_;
};

// Each subcommand registers itself; the callback it sets on its CLI::App runs the command and
// stores the exit code in `exit_code`.
void register_count(CLI::App& app, int& exit_code);
void register_merge(CLI::App& app, int& exit_code);
void register_list(CLI::App& app, int& exit_code);
void register_verify(CLI::App& app, int& exit_code);
// `serve` is the program nqueens-serve beside nqueens: listed by register_serve, run by
// run_serve_program (argv as main's, argv[1] == "serve"), which replaces this process by it
// and returns only when it cannot (the exit code then, its message printed).
void register_serve(CLI::App& app);
int run_serve_program(int argc, char** argv);
void register_render(CLI::App& app, int& exit_code);
void register_trace(CLI::App& app, int& exit_code);
void register_find(CLI::App& app, int& exit_code);
void register_complete(CLI::App& app, int& exit_code);
struct KQueensCountArgs {
  std::string n, queens;
  bool table;
  int threads;
  bool json;
};
int run_count_k_queens(const KQueensCountArgs& args);  // count N --queens K / --table

}  // namespace nqueens::cli
