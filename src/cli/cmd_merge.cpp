// nqueens merge FILES...: add up the records (or job logs) of `count --shard I/K` runs into the
// full count, refusing unfinished shards, duplicates, gaps and files of different runs; and
// nqueens merge --compare A B: two job logs of one list, job by job.
#include <fmt/format.h>

#include <map>
#include <memory>

#include "cli_common.hpp"
#include "count_output.hpp"
#include "nqueens/checkpoint.hpp"
#include "nqueens/fixed_points.hpp"
#include "nqueens/job_log.hpp"

namespace nqueens::cli {

namespace {

struct MergeArgs {
  std::unique_ptr<WholeArguments> arguments;  // the files as given
  std::vector<std::string> files;
  bool json = false;
  bool compare = false;
};

// One shard's part, from its record or its job log.
struct Part {
  JobListId list;
  Shard shard;
  SolutionCounts sum;
  std::uint64_t done = 0;
};

Part read_part(const std::string& file) {
  try {
    if (looks_like_job_log(file)) {
      const JobLogSummary s = read_job_log(file);
      return {s.list, s.shard, s.sum, s.entries};
    }
    const RunRecord r = read_record(file);
    return {r.list, r.shard, r.sum, r.done_count()};
  } catch (const RecordError& e) {
    throw UsageError(e.what());
  }
}

int run_compare(const MergeArgs& a) {
  if (a.files.size() != 2)
    throw UsageError(
        fmt::format("merge --compare takes two job logs, got {} files", a.files.size()));
  const std::string &first = a.files[0], &second = a.files[1];
  for (const std::string& f : a.files)
    if (!looks_like_job_log(f))
      throw UsageError(
          fmt::format("{} is not a job log (merge --compare compares the files of "
                      "`count --job-log`)",
                      f));
  JobLogComparison c;
  try {
    c = compare_job_logs(first, second);
  } catch (const RecordError& e) {
    throw UsageError(e.what());
  }
  auto describe = [&](std::uint64_t index) {
    const auto job = find_job(c.list.n, c.list.method, c.list.depth, index);
    return job ? describe_job(*job) : std::string("not in the list");
  };
  auto three = [](const SolutionCounts& s) {
    return fmt::format("{} {} {}", to_string(s.total), to_string(s.fixed180), to_string(s.fixed90));
  };
  const bool same = c.differing == 0 && c.only_first == 0 && c.only_second == 0;
  if (a.json) {
    std::string extra;
    if (c.differing > 0)
      extra = fmt::format(
          ",\"first_difference\":{{\"job\":{},\"description\":{},\"first\":\"{}\",\"second\":\"{}"
          "\"}}",
          c.first_difference_a.index, json_string(describe(c.first_difference_a.index)),
          three(c.first_difference_a.counts), three(c.first_difference_b.counts));
    fmt::print(
        "{{\"n\":{},\"same\":{},\"common_jobs\":{},\"differing_jobs\":{},\"only_first\":{},"
        "\"only_second\":{}{}}}\n",
        c.list.n, same ? "true" : "false", c.common, c.differing, c.only_first, c.only_second,
        extra);
  } else if (same) {
    fmt::print("same: {} and {} agree on all {} jobs\n", first, second, c.common);
  } else {
    if (c.differing > 0)
      fmt::print(
          "differ: job {} ({}) counted {} in {} and {} in {} (solutions, fixed by the half "
          "turn, by the quarter turn); {} of {} common jobs differ\n",
          c.first_difference_a.index, describe(c.first_difference_a.index),
          three(c.first_difference_a.counts), first, three(c.first_difference_b.counts), second,
          c.differing, c.common);
    if (c.only_first + c.only_second > 0)
      fmt::print("missing: {} jobs only in {}, {} only in {} (the first: job {}, {})\n",
                 c.only_first, first, c.only_second, second, c.first_missing,
                 describe(c.first_missing));
  }
  return same ? 0 : 1;
}

int run_merge(const MergeArgs& a) {
  if (a.compare) return run_compare(a);
  if (a.files.empty()) throw UsageError("merge needs the shard record files to add up");
  std::map<int, std::string> seen;  // shard index -> file
  Part first;
  std::string first_file;
  SolutionCounts sum;
  std::uint64_t jobs = 0;
  for (const std::string& file : a.files) {
    const Part p = read_part(file);
    if (first_file.empty()) {
      first = p;
      first_file = file;
    } else if (p.list.n != first.list.n) {
      throw UsageError(fmt::format("{} is for N = {} but {} is for N = {}", file, p.list.n,
                                   first_file, first.list.n));
    } else if (!(p.list == first.list) || p.shard.count != first.shard.count) {
      throw UsageError(
          fmt::format("{} and {} come from different runs (job lists or shard "
                      "counts differ)",
                      file, first_file));
    }
    const std::uint64_t shard_jobs = p.shard.size(p.list.jobs);
    if (p.done != shard_jobs)
      throw UsageError(
          fmt::format("{} (shard {}/{}) is not finished: {} of {} jobs done; "
                      "run its count command again to finish it",
                      file, p.shard.index, p.shard.count, p.done, shard_jobs));
    if (auto [it, fresh] = seen.emplace(p.shard.index, file); !fresh)
      throw UsageError(fmt::format("shard {}/{} is given twice ({} and {})", p.shard.index,
                                   p.shard.count, it->second, file));
    sum += p.sum;
    jobs += shard_jobs;
  }
  for (int i = 1; i <= first.shard.count; ++i)
    if (!seen.count(i))
      throw UsageError(fmt::format("shard {}/{} is missing; the total needs all {} shards", i,
                                   first.shard.count, first.shard.count));
  if (const std::string why = check_class_split(first.list.n, sum); !why.empty())
    throw CheckFailed(why);
  CountReport report;
  report.n = first.list.n;
  report.counts = sum;
  report.method = method_name(first.list.method);
  report.jobs = static_cast<std::size_t>(jobs);
  report.merged = first.shard.count;
  report.class_split_checked = true;
  print_count_report(report, a.json);
  return 0;
}

}  // namespace

void register_merge(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<MergeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "merge",
      "Add up the records or job logs of `count N --shard I/K` runs (all K of them) into the "
      "count; with --compare, compare two job logs job by job");
  args->arguments =
      std::make_unique<WholeArguments>(cmd, "files", "shard record files or job logs");
  args->arguments->option()->required();
  cmd->add_flag("--json", args->json, "one JSON object instead of text");
  cmd->add_flag("--compare", args->compare,
                "compare two job logs of one job list: name the first job (lowest index) whose "
                "counts differ; exit 0 when they agree, 1 when they differ");
  cmd->callback([args, &exit_code] {
    args->files = args->arguments->values();
    exit_code = run_merge(*args);
  });
}

}  // namespace nqueens::cli
