// nqueens count N: total and fundamental solutions from one symmetry-reduced search, with
// progress, checkpoints (--checkpoint) and shards (--shard I/K, added up by `nqueens merge`).
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "cli_common.hpp"
#include "count_output.hpp"
#include "nqueens/count.hpp"
#include "nqueens/kernel_tier.hpp"
#include "nqueens/parallel.hpp"
#include "nqueens/run.hpp"
#include "number_options.hpp"
#include "progress.hpp"
#include "tool_io.hpp"
#if defined(NQUEENS_HAVE_CUDA)
#include "gpu_count.hpp"  // count --gpu (src/cuda)
#endif

namespace nqueens::cli {

namespace {

struct CountArgs {
  std::string n;
  int threads = 0;
  bool json = false;
  LongRunArgs run;
  bool gpu = false;    // --gpu: the CUDA backend (src/cuda)
  std::string gpus;    // --gpus LIST: device numbers (implies --gpu)
  std::string queens;  // --queens K (cmd_count_kqueens.cpp)
  bool table = false;  // --table: every K = 0..N
  std::string kernel;  // --kernel NAME: force a counting kernel tier (nqueens/kernel_tier.hpp)
};

// --gpus LIST: device numbers separated by commas ("0,2"), each once. Checked here, where a
// build without CUDA checks it too.
std::vector<int> parse_gpu_list(const std::string& text) {
  std::vector<int> devices;
  const auto bad = [&] {
    return UsageError(fmt::format(
        "--gpus: expected device numbers separated by commas, each once (e.g. 0,2), got {}",
        tool_io::quote(text)));
  };
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string item = text.substr(at, comma - at);
    if (item.empty() || item.size() > 4 ||
        item.find_first_not_of("0123456789") != std::string::npos)
      throw bad();
    const int device = std::stoi(item);
    if (std::find(devices.begin(), devices.end(), device) != devices.end()) throw bad();
    devices.push_back(device);
    at = comma + 1;
  }
  return devices;
}

#if defined(NQUEENS_HAVE_CUDA)
// --gpu: the CPU's own job list counted by the CUDA backend on the chosen devices (all when
// none are named); run_count records each finished job as it records threads' jobs.
std::unique_ptr<gpu::GpuCount> use_gpu(RunOptions& o, const std::vector<int>& devices) {
  if (o.n > gpu::kMaxCountGpuN)
    throw UsageError(fmt::format("--gpu counts N up to {}, got {}", gpu::kMaxCountGpuN, o.n));
  const char* option = devices.empty() ? "--gpu" : "--gpus";
  if (const std::string why = gpu::unavailable_reason(devices); !why.empty())
    throw UsageError(fmt::format("{}: {}", option, why));
  std::unique_ptr<gpu::GpuCount> gpus;
  try {
    gpus = std::make_unique<gpu::GpuCount>(o.n, devices, o.kernel);
  } catch (const std::runtime_error& e) {
    throw UsageError(fmt::format("{}: {}", option, e.what()));
  }
  gpu::GpuCount* g = gpus.get();
  o.count_jobs = [g](const JobList& list, std::span<const std::size_t> remaining,
                     const std::function<bool(std::size_t, const SolutionCounts&)>& record) {
    g->count(list, remaining, record);
  };
  return gpus;
}
#endif

int run_count_command(const CountArgs& a) {
  const bool gpu = a.gpu || !a.gpus.empty();
  const std::vector<int> devices = a.gpus.empty() ? std::vector<int>{} : parse_gpu_list(a.gpus);
  if (gpu && (!a.queens.empty() || a.table))
    throw UsageError("--gpu counts N queens on the N x N board only, not --queens or --table");
  if (!a.queens.empty() || a.table) {
    // The k-queens count is one short in-memory run: options of the long count would be
    // silently ignored, so they are refused.
    if (a.table && !a.queens.empty())
      throw UsageError("--table counts every K = 0..N; give --queens K or --table, not both");
    const char* what = a.table ? "--table" : "--queens";
    if (!a.run.shard.empty()) throw UsageError(fmt::format("{} cannot be split: no --shard", what));
    if (!a.run.checkpoint.empty())
      throw UsageError(fmt::format("{} keeps no record: no --checkpoint", what));
    if (!a.run.job_log.empty() || !a.run.verify_sample.empty() || !a.run.job_depth.empty())
      throw UsageError(
          fmt::format("{} is one short count: no --job-log, --verify-sample or --job-depth", what));
    if (a.run.method != "auto") throw UsageError(fmt::format("{} has no --method", what));
    if (!a.kernel.empty()) throw UsageError(fmt::format("{} has no --kernel", what));
    if (a.run.given(a.run.checkpoint_seconds_option))
      throw UsageError(fmt::format("{} keeps no record: no --checkpoint-seconds", what));
    if (a.run.given(a.run.table_memory_option))
      throw UsageError(fmt::format("{} has no --table-memory (the join's tables)", what));
    return run_count_k_queens({a.n, a.queens, a.table, a.threads, a.json});
  }
  const KernelTier tier = resolve_kernel(a.kernel);  // bad input before any work
  const int n = parse_int_arg(a.n, 1, kMaxCountN, "N");
  const int threads = resolve_threads(a.threads);
  RunOptions o = resolve_long_run(a.run, n);
  o.threads = threads;
  o.kernel = tier;
#if defined(NQUEENS_HAVE_CUDA)
  std::unique_ptr<gpu::GpuCount> gpus;
#endif
  if (gpu) {
    if (o.method == CountMethod::join)
      throw UsageError("--gpu counts with the backtrack method only, not --method join");
    o.method = CountMethod::backtrack;
#if defined(NQUEENS_HAVE_CUDA)
    gpus = use_gpu(o, devices);
#else
    throw UsageError(fmt::format(
        "{}: this nqueens was built without CUDA (configure with -DNQUEENS_CUDA=ON where nvcc is "
        "installed)",
        a.gpus.empty() ? "--gpu" : "--gpus"));
#endif
  }

  ProgressBar bar(should_show_progress(a.run.progress, a.run.quiet));
  o.on_progress = [&](const RunProgress& p) {
#if defined(NQUEENS_HAVE_CUDA)
    if (gpus) return bar.update(p.done, p.total, p.resumed, p.seconds, gpus->rates());
#endif
    bar.update(p.done, p.total, p.resumed, p.seconds);
  };
  StopOnSignal stop_on_signal;
  o.stop = stop_on_signal.flag();

  RunResult r;
  try {
    AbandonAfterStop abandon(o.stop, "nqueens", o.checkpoint);
    r = run_count(o);
  } catch (const RecordError& e) {
    throw UsageError(e.what());
  } catch (const std::invalid_argument& e) {  // e.g. --method join beyond its largest N
    throw UsageError(e.what());
  } catch (const std::runtime_error& e) {  // a CUDA error: the record keeps what was counted
    if (!gpu) throw;
    throw UsageError(
        fmt::format("--gpu: {}{}", e.what(), o.checkpoint.empty() ? "" : "; the record resumes"));
  }
  bar.finish();

  // A failed check prints no result: the counts are not to be trusted.
  if (!r.check_failure.empty()) throw CheckFailed(r.check_failure);
  if (!r.finished) {
    print_interrupted("nqueens", r.record.done_count(), r.record.shard_jobs(), o.checkpoint);
    if (!r.save_error.empty()) throw UsageError(r.save_error);
    return 130;
  }

  CountReport report;
  report.n = o.n;
  report.counts = r.record.sum;
  report.method = method_name(r.record.list.method);
  report.seconds = r.seconds;
  report.threads = o.threads;
  report.jobs = r.record.shard_jobs();
  report.resumed = r.resumed;
  report.resumed_from = r.resumed_from;
  report.shard = o.shard;
  report.record = o.checkpoint;
  report.job_log = o.job_log;
  report.verify_percent = o.verify_percent;
  report.verify_seed = o.verify_seed;
  report.verified = r.verified;
  report.verify_method = r.verify_method;
  report.class_split_checked = o.shard.count == 1;
  if (!gpu) report.kernel = kernel_tier_name(tier);
  print_count_report(report, a.json);
  // The counts above are exact; only the record on disk could not be brought up to date.
  if (!r.save_error.empty()) throw UsageError(r.save_error);
  return 0;
}

}  // namespace

void register_count(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<CountArgs>();
  CLI::App* cmd = app.add_subcommand(
      "count", "Count all solutions (OEIS A000170) and fundamental ones (A002562) for N x N");
  tool_io::whole_number_text(
      cmd->add_option("N", args->n, fmt::format("board size, 1..{}", kMaxCountN)))
      ->required();
  tool_io::whole_number(
      cmd->add_option("-j,--threads", args->threads, "worker threads (0: all cores)"), 0,
      kMaxThreads);
  cmd->add_flag("--json", args->json, "one JSON object instead of text");
  tool_io::whole_number_text(cmd->add_option(
      "--queens", args->queens, "K: count placements of K non-attacking queens instead (N <= 20)"));
  cmd->add_flag("--table", args->table, "with k queens: the whole row K = 0..N");
  add_long_run_options(cmd, args->run);
  cmd->add_flag("--gpu", args->gpu,
                "count on every CUDA GPU of this machine; exit 2 if there is none");
  cmd->add_option("--gpus", args->gpus, "LIST: count on these CUDA GPUs (e.g. 0,2; implies --gpu)")
      ->check(  // given empty is not "not given"
          [](const std::string& text) {
            return text.empty() ? std::string("expected device numbers (e.g. 0,2), got ''")
                                : std::string();
          });
  add_kernel_option(cmd, args->kernel);
  cmd->callback([args, &exit_code] { exit_code = run_count_command(*args); });
}

}  // namespace nqueens::cli
