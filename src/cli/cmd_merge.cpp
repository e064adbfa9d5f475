// nqueens merge FILES...: add up the records of `count --shard I/K` runs into the full count.
// Refuses unfinished shards, duplicates, gaps and records of different runs.
#include <fmt/format.h>

#include <map>
#include <memory>

#include "cli_common.hpp"
#include "count_output.hpp"
#include "nqueens/checkpoint.hpp"

namespace nqueens::cli {

namespace {

struct MergeArgs {
  std::unique_ptr<WholeArguments> arguments;  // the files as given
  std::vector<std::string> files;
  bool json = false;
};

int run_merge(const MergeArgs& a) {
  if (a.files.empty()) throw UsageError("merge needs the shard record files to add up");
  std::map<int, std::string> seen;  // shard index -> file
  RunRecord first;
  std::string first_file;
  SolutionCounts sum;
  std::size_t jobs = 0;
  for (const std::string& file : a.files) {
    RunRecord r;
    try {
      r = read_record(file);
    } catch (const RecordError& e) {
      throw UsageError(e.what());
    }
    if (first_file.empty()) {
      first = r;
      first_file = file;
    } else if (r.n != first.n) {
      throw UsageError(
          fmt::format("{} is for N = {} but {} is for N = {}", file, r.n, first_file, first.n));
    } else if (r.method != first.method || r.fingerprint != first.fingerprint ||
               r.jobs != first.jobs || r.shard.count != first.shard.count) {
      throw UsageError(
          fmt::format("{} and {} come from different runs (job lists or shard "
                      "counts differ)",
                      file, first_file));
    }
    if (!r.finished())
      throw UsageError(
          fmt::format("{} (shard {}/{}) is not finished: {} of {} jobs done; "
                      "run its count command again to finish it",
                      file, r.shard.index, r.shard.count, r.done_count(), r.shard_jobs()));
    if (auto [it, fresh] = seen.emplace(r.shard.index, file); !fresh)
      throw UsageError(fmt::format("shard {}/{} is given twice ({} and {})", r.shard.index,
                                   r.shard.count, it->second, file));
    sum += r.sum;
    jobs += r.shard_jobs();
  }
  for (int i = 1; i <= first.shard.count; ++i)
    if (!seen.count(i))
      throw UsageError(fmt::format("shard {}/{} is missing; the total needs all {} shards", i,
                                   first.shard.count, first.shard.count));
  CountReport report;
  report.n = first.n;
  report.counts = sum;
  report.method = method_name(first.method);
  report.jobs = jobs;
  report.merged = first.shard.count;
  print_count_report(report, a.json);
  return 0;
}

}  // namespace

void register_merge(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<MergeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "merge", "Add up the records of `count N --shard I/K` runs (all K of them) into the count");
  args->arguments = std::make_unique<WholeArguments>(cmd, "files", "shard record files");
  args->arguments->option()->required();
  cmd->add_flag("--json", args->json, "one JSON object instead of text");
  cmd->callback([args, &exit_code] {
    args->files = args->arguments->values();
    exit_code = run_merge(*args);
  });
}

}  // namespace nqueens::cli
