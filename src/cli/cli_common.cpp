#include "cli_common.hpp"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <filesystem>

#include "nqueens/jobs.hpp"
#include "nqueens/parallel.hpp"
#include "number_options.hpp"
#include "tool_io.hpp"

namespace nqueens::cli {

int parse_int_arg(const std::string& text, int lo, int hi, std::string_view what) {
  const std::string problem = tool_io::whole_number_problem(text, static_cast<std::uint64_t>(lo),
                                                            static_cast<std::uint64_t>(hi));
  if (!problem.empty()) throw UsageError(fmt::format("{} {}", what, problem));
  return static_cast<int>(*tool_io::parse_unsigned(text, static_cast<std::uint64_t>(hi)));
}

std::uint64_t parse_unsigned_arg(const std::string& text, std::uint64_t hi, std::string_view what) {
  if (const auto v = tool_io::parse_unsigned(text, hi)) return *v;
  throw UsageError(fmt::format("{} {}", what, tool_io::whole_number_problem(text, 0, hi)));
}

WholeArguments::WholeArguments(CLI::App* cmd, const std::string& name, const std::string& help)
    : cmd_(cmd), option_(cmd->add_option(name, first_, help)->allow_extra_args(false)) {
  cmd->allow_extras();
}

std::vector<std::string> WholeArguments::values() const {
  std::vector<std::string> out;
  if (option_->count() > 0) out.push_back(first_);
  bool literal = false;  // after "--" every argument is one, also "-x"
  for (std::string& extra : cmd_->remaining()) {
    if (!literal && extra == "--") {
      literal = true;
      continue;
    }
    if (!literal && extra.size() > 1 && extra[0] == '-')
      throw UsageError(fmt::format("unknown option {} (see nqueens {} --help)",
                                   tool_io::quote(extra), cmd_->get_name()));
    out.push_back(std::move(extra));
  }
  return out;
}

Format parse_format_arg(const std::string& name, int n) {
  const auto format = parse_format(name);
  if (!format)
    throw UsageError(fmt::format("--format must be perm, board, json or algebraic, got {}",
                                 tool_io::quote(name)));
  if (*format == Format::algebraic && n > kMaxAlgebraicN)
    throw UsageError(fmt::format("--format algebraic needs N <= {} (files a..z)", kMaxAlgebraicN));
  return *format;
}

void add_long_run_options(CLI::App* cmd, LongRunArgs& a) {
  cmd->add_option("--checkpoint", a.checkpoint,
                  "save progress to FILE as the run goes; resume from it if it exists (the same "
                  "record for nqueens count and nqueens-mpi)");
  a.checkpoint_seconds_option = tool_io::seconds_up_to(
      cmd->add_option("--checkpoint-seconds", a.checkpoint_seconds,
                      fmt::format("longest time between checkpoint writes (default {:g})",
                                  kDefaultCheckpointSeconds)),
      86400);
  cmd->add_option("--shard", a.shard,
                  "count only slice I of K of the job list (I/K); the result goes to the "
                  "--checkpoint file (default nqueens-N-shard-I-of-K.record) for `merge`");
  cmd->add_option("--method", a.method,
                  "auto (default: the faster for this N and CPU), backtrack or join; a "
                  "--checkpoint or shard record resumes only with the method that wrote it")
      ->type_name("METHOD")
      ->check(CLI::IsMember({"auto", "backtrack", "join"}, CLI::ignore_case));
  a.table_memory_option =
      tool_io::whole_number(
          cmd->add_option(
              "--table-memory", a.table_memory,
              fmt::format("MiB the join's tables of partial halves may take (default {}; 226 at "
                          "N = 22, 53 at N = 21); with less the join searches each half "
                          "instead: the same counts, slower, and --method auto takes the "
                          "backtracker",
                          kDefaultTableMemory >> 20)),
          0, std::uint64_t{1} << 30)
          ->type_name("MIB");
  tool_io::whole_number_text(
      cmd->add_option("--job-depth", a.job_depth,
                      "rows each job fixes, 2..8 (default: up to 5 by N; implies --method "
                      "backtrack): deeper lists have more, smaller jobs, for many shards"))
      ->type_name("ROWS");
  cmd->add_option("--job-log", a.job_log,
                  "append every finished job's index and counts to FILE (a folder: "
                  "FOLDER/nqueens-N-shard-I-of-K.log), fsync'd with each checkpoint; `merge "
                  "--compare A B` compares two logs job by job, and a run whose record is lost "
                  "resumes from its log")
      ->type_name("FILE");
  tool_io::percent(cmd->add_option("--verify-sample", a.verify_sample,
                                   "recount this percent (0..100) of the jobs, a seeded random "
                                   "sample, by a second method and stop with exit 1 naming the "
                                   "first job that differs"))
      ->type_name("PERCENT");
  tool_io::whole_number_text(
      cmd->add_option("--verify-seed", a.verify_seed,
                      "which jobs --verify-sample takes (default 1); the same seed takes the same "
                      "jobs in every run and shard"))
      ->type_name("SEED");
  cmd->add_option("--verify-by", a.verify_by,
                  "how --verify-sample recounts the backtracker's jobs: tier (default: another "
                  "kernel tier than the one counting, about 2x its time from AVX-512) or "
                  "reference (the plain search every tier is tested against, about 33x)")
      ->type_name("HOW")
      ->check(CLI::IsMember({"tier", "reference"}));
  cmd->add_flag("--progress", a.progress, "show progress on stderr even if not a terminal");
  cmd->add_flag("-q,--quiet", a.quiet, "no progress display");
}

void add_kernel_option(CLI::App* cmd, std::string& name) {
  std::string tiers;
  for (const KernelTier t : available_kernel_tiers())
    tiers += fmt::format(" {}", kernel_tier_name(t));
  cmd->add_option("--kernel", name,
                  fmt::format("CPU counting kernel: auto (default; on this CPU: {}) or one of{} "
                              "(also env NQUEENS_KERNEL)",
                              kernel_tier_name(best_kernel_tier()), tiers));
}

KernelTier resolve_kernel(const std::string& name) {
  try {
    if (!name.empty()) return parse_kernel_tier(name);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--kernel: ") + e.what());
  }
  try {
    return default_kernel_tier();
  } catch (const std::invalid_argument& e) {  // NQUEENS_KERNEL names no tier of this CPU
    throw UsageError(e.what());
  }
}

std::optional<InjectedFault> fault_from_environment() {
  const char* value = std::getenv("NQUEENS_TEST_FAULT");
  if (value == nullptr || *value == '\0') return std::nullopt;
  const std::string text = value;
  auto bad = [&] {
    return UsageError(fmt::format(
        "NQUEENS_TEST_FAULT (a test facility) must look like INDEX[:TOTAL[:HALF[:QUARTER]]], got "
        "{}",
        tool_io::quote(text)));
  };
  InjectedFault f;
  long long parts[4] = {0, 8, 0, 0};
  std::size_t k = 0;
  for (std::string_view rest = text;; ++k) {
    const std::size_t colon = rest.find(':');
    const std::string_view field = rest.substr(0, colon);
    auto [ptr, ec] = std::from_chars(field.data(), field.data() + field.size(), parts[k]);
    if (field.empty() || ec != std::errc() || ptr != field.data() + field.size()) throw bad();
    if (colon == std::string_view::npos) break;
    if (k == 3) throw bad();
    rest = rest.substr(colon + 1);
  }
  if (parts[0] < 0) throw bad();
  f.index = static_cast<std::uint64_t>(parts[0]);
  // Negative amounts wrap modulo 2^128, which is what subtracting them means.
  f.add = {static_cast<Count>(static_cast<__int128>(parts[1])),
           static_cast<Count>(static_cast<__int128>(parts[2])),
           static_cast<Count>(static_cast<__int128>(parts[3]))};
  return f;
}

RunOptions resolve_long_run(const LongRunArgs& a, int n) {
  RunOptions run;
  run.n = n;
  if (!a.shard.empty()) {
    try {
      run.shard = parse_shard(a.shard);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
  }
  run.checkpoint = a.checkpoint;
  if (run.checkpoint.empty() && !a.shard.empty())  // 1/1 too: every shard run writes its record
    run.checkpoint =
        fmt::format("nqueens-{}-shard-{}-of-{}.record", n, run.shard.index, run.shard.count);
  if (!(a.checkpoint_seconds > 0) || a.checkpoint_seconds > 86400)
    throw UsageError(
        fmt::format("--checkpoint-seconds must be in (0, 86400], got {}", a.checkpoint_seconds));
  if (a.given(a.checkpoint_seconds_option) && run.checkpoint.empty() && a.job_log.empty())
    throw UsageError(
        "--checkpoint-seconds needs a record or a log to write: --checkpoint FILE, --shard I/K "
        "or --job-log FILE");
  run.checkpoint_seconds = a.checkpoint_seconds;
  std::string method = a.method;  // any case: IsMember(ignore_case) checks but keeps it
  for (char& ch : method) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  const std::optional<CountMethod> parsed = parse_method(method);
  if (!parsed)
    throw UsageError(
        fmt::format("--method must be auto, backtrack or join, got {}", tool_io::quote(a.method)));
  run.method = *parsed;
  if (!a.job_depth.empty()) {
    run.depth = parse_int_arg(a.job_depth, 2, kMaxJobDepth, "--job-depth");
    if (run.method == CountMethod::join)
      throw UsageError("--job-depth sets the backtrack method's jobs; the join has its own");
    run.method = CountMethod::backtrack;  // the depth is the backtracker's
  }
  run.job_log = a.job_log;
  // A folder takes the log under the name a shard's record has, so that every task of an array
  // can be given the same option.
  std::error_code ec;
  if (!run.job_log.empty() && std::filesystem::is_directory(run.job_log, ec))
    run.job_log = (std::filesystem::path(run.job_log) /
                   (a.shard.empty() ? fmt::format("nqueens-{}.log", n)
                                    : fmt::format("nqueens-{}-shard-{}-of-{}.log", n,
                                                  run.shard.index, run.shard.count)))
                      .string();
  if (!run.job_log.empty() && run.job_log == run.checkpoint)
    throw UsageError("--job-log and --checkpoint must be different files");
  if (!a.verify_sample.empty()) {
    const auto p = tool_io::parse_decimal(a.verify_sample);
    if (!p || *p > 100)
      throw UsageError(fmt::format("--verify-sample must be a percentage from 0 to 100, got {}",
                                   tool_io::quote(a.verify_sample)));
    run.verify_percent = *p;
  }
  if (!a.verify_seed.empty())
    run.verify_seed = parse_unsigned_arg(a.verify_seed, UINT64_MAX, "--verify-seed");
  run.verify_by = a.verify_by == "reference" ? Recount::reference : Recount::tier;
  run.fault = fault_from_environment();
  run.table_memory = static_cast<std::size_t>(a.table_memory) << 20;
  return run;
}

int resolve_threads(int requested) {
  if (requested < 0 || requested > kMaxThreads)
    throw UsageError(fmt::format("--threads must be between 0 (all cores) and {}, got {}",
                                 kMaxThreads, requested));
  return requested == 0 ? hardware_threads() : requested;
}

void Output::flush() {
  // A failed write stops the command (exit 2) instead of computing output nobody receives.
  const std::string pending = std::move(buffer_);
  buffer_.clear();
  tool_io::write_all(file_, pending.data(), pending.size());
  tool_io::flush(file_);
}

Output::~Output() {
  // No throw here: a failed write leaves the error flag on the stream for main() to report.
  if (!buffer_.empty() && std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size())
    tool_io::last_write_errno() = errno;
  tool_io::flush_noexcept(file_);
}

}  // namespace nqueens::cli
