#include "nqueens/run.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <vector>

namespace nqueens {

RunResult run_count(const RunOptions& o) {
  using clock = std::chrono::steady_clock;
  const auto t0 = clock::now();
  auto since = [&](clock::time_point t) {
    return std::chrono::duration<double>(clock::now() - t).count();
  };

  const JobList list = make_jobs(o.n, o.method, o.depth);
  if (o.count_batch && list.method != CountMethod::backtrack)
    throw std::invalid_argument("a batch backend (the GPU) counts backtrack jobs only");
  RunResult result;
  if (!o.checkpoint.empty() && std::filesystem::exists(o.checkpoint)) {
    result.record = read_record(o.checkpoint);
    result.record.check_matches(list, o.shard, o.checkpoint);
    result.resumed = result.record.done_count();
  } else {
    result.record = RunRecord::start(list, o.shard);
  }
  RunRecord& rec = result.record;

  RunProgress progress;
  progress.total = rec.shard_jobs();
  progress.done = progress.resumed = result.resumed;
  auto last_save = clock::now();
  auto last_report = clock::time_point{};
  auto report = [&](bool force) {
    if (!o.on_progress) return;
    if (!force && since(last_report) < 0.1) return;
    last_report = clock::now();
    progress.seconds = since(t0);
    o.on_progress(progress);
  };
  report(true);

  const std::vector<std::size_t> todo = rec.remaining();
  auto record = [&](std::size_t index, const SolutionCounts& counts) {
    rec.done[index] = true;
    rec.sum += counts;
    ++progress.done;
    if (!o.checkpoint.empty() && since(last_save) >= o.checkpoint_seconds) {
      write_record(rec, o.checkpoint);
      last_save = clock::now();
    }
    report(false);
    return !(o.stop && o.stop->load());
  };
  if (o.count_batch) {  // a batch backend (GPU): record each batch's jobs as threads would
    const std::size_t step = o.batch_jobs > 0 ? o.batch_jobs : 65536;
    std::vector<SolutionCounts> counts;
    for (std::size_t first = 0; first < todo.size(); first += step) {
      if (o.stop && o.stop->load()) break;
      const auto batch =
          std::span<const std::size_t>(todo).subspan(first, std::min(step, todo.size() - first));
      counts.assign(batch.size(), SolutionCounts{});
      o.count_batch(list, batch, counts);
      for (std::size_t k = 0; k < batch.size(); ++k) record(batch[k], counts[k]);
    }
  } else {
    run_jobs(list, todo, o.threads, record);
  }
  if (!o.checkpoint.empty()) write_record(rec, o.checkpoint);
  report(true);
  result.finished = rec.finished();
  result.seconds = since(t0);
  return result;
}

}  // namespace nqueens
