// nqueens count N: total and fundamental solutions from one symmetry-reduced search, with
// progress, checkpoints (--checkpoint) and shards (--shard I/K, added up by `nqueens merge`).
#include <fmt/format.h>

#include "cli_common.hpp"
#include "count_output.hpp"
#include "nqueens/count.hpp"
#include "nqueens/kernel_tier.hpp"
#include "nqueens/run.hpp"
#include "progress.hpp"
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
  std::string queens;  // --queens K (cmd_count_kqueens.cpp)
  bool table = false;  // --table: every K = 0..N
  std::string kernel;  // --kernel NAME: force a counting kernel tier (nqueens/kernel_tier.hpp)
};

// --gpu: the same kind of job list, deeper (jobs sized for one GPU thread each), counted in
// device batches by the CUDA backend; run_count records them as it records threads' jobs.
void use_gpu(RunOptions& o) {
#if defined(NQUEENS_HAVE_CUDA)
  if (const std::string why = gpu::unavailable_reason(); !why.empty())
    throw UsageError("--gpu: " + why);
  const gpu::LaunchShape shape = gpu::launch_shape(o.n);
  o.depth = shape.depth;
  o.batch_jobs = shape.batch_jobs;
  o.count_batch = gpu::count_batch;
#else
  (void)o;
  throw UsageError(
      "--gpu: this nqueens was built without CUDA (configure with -DNQUEENS_CUDA=ON "
      "where nvcc is installed)");
#endif
}

int run_count_command(const CountArgs& a) {
  if (a.gpu && (!a.queens.empty() || a.table))
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
    if (a.run.method != "auto") throw UsageError(fmt::format("{} has no --method", what));
    if (!a.kernel.empty()) throw UsageError(fmt::format("{} has no --kernel", what));
    return run_count_k_queens({a.n, a.queens, a.table, a.threads, a.json});
  }
  // The kernel tier: --kernel, else NQUEENS_KERNEL, else the fastest; a bad name is bad
  // input here, before any work (selected_kernel_tier throws for a bad NQUEENS_KERNEL).
  if (!a.kernel.empty()) {
    try {
      select_kernel_tier(a.kernel);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--kernel: ") + e.what());
    }
  }
  const KernelTier tier = selected_kernel_tier();
  RunOptions o;
  o.n = parse_int_arg(a.n, 1, kMaxCountN, "N");
  o.threads = resolve_threads(a.threads);
  const LongRun run = resolve_long_run(a.run, o.n);
  o.shard = run.shard;
  o.checkpoint = run.checkpoint;
  o.checkpoint_seconds = run.checkpoint_seconds;
  o.method = run.method;
  if (a.gpu) {
    if (run.method == CountMethod::join)
      throw UsageError("--gpu counts with the backtrack method only, not --method join");
    o.method = CountMethod::backtrack;
    use_gpu(o);
  }

  ProgressBar bar(should_show_progress(a.run.progress, a.run.quiet));
  o.on_progress = [&bar](const RunProgress& p) {
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
  }
  bar.finish();

  if (!r.finished) {
    print_interrupted("nqueens", r.record.done_count(), r.record.shard_jobs(), o.checkpoint);
    if (!r.save_error.empty()) throw UsageError(r.save_error);
    return 130;
  }

  CountReport report;
  report.n = o.n;
  report.counts = r.record.sum;
  report.method = method_name(r.record.method);
  report.seconds = r.seconds;
  report.threads = o.threads;
  report.jobs = r.record.shard_jobs();
  report.resumed = r.resumed;
  report.shard = o.shard;
  report.record = o.checkpoint;
  if (!a.gpu) report.kernel = kernel_tier_name(tier);
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
  cmd->add_option("N", args->n, fmt::format("board size, 1..{}", kMaxCountN))->required();
  cmd->add_option("-j,--threads", args->threads, "worker threads (0: all cores)");
  cmd->add_flag("--json", args->json, "one JSON object instead of text");
  cmd->add_option("--queens", args->queens,
                  "K: count placements of K non-attacking queens instead (N <= 20)");
  cmd->add_flag("--table", args->table, "with k queens: the whole row K = 0..N");
  add_long_run_options(cmd, args->run);
  cmd->add_flag("--gpu", args->gpu, "count on the CUDA GPU (device 0); exit 2 if there is none");
  std::string tiers;
  for (const KernelTier t : available_kernel_tiers())
    tiers += fmt::format(" {}", kernel_tier_name(t));
  cmd->add_option("--kernel", args->kernel,
                  fmt::format("CPU counting kernel: auto (default; on this CPU: {}) or one of{} "
                              "(also env NQUEENS_KERNEL)",
                              kernel_tier_name(best_kernel_tier()), tiers));
  cmd->callback([args, &exit_code] { exit_code = run_count_command(*args); });
}

}  // namespace nqueens::cli
