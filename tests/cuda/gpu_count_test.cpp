// On a GPU: N = 1..19 counted by the CUDA kernels on every visible device through run_count(),
// exactly as `nqueens count N --gpu` does, against OEIS A000170 / A002562, and N = 14's class
// split job by job against the CPU kernel. Without a usable device it prints why and exits 77,
// which ctest reports as skipped (SKIP_RETURN_CODE), not passed.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <functional>
#include <span>
#include <vector>

#include "gpu_count.hpp"
#include "nqueens/jobs.hpp"
#include "nqueens/known_counts.hpp"
#include "nqueens/rank_tables.hpp"
#include "nqueens/run.hpp"

int main() {
  const std::string why = nqueens::gpu::unavailable_reason({});
  if (!why.empty()) {
    std::printf("skipped: %s\n", why.c_str());
    return 77;
  }
  std::printf("device: %s\n", nqueens::gpu::device_description(0).c_str());
  int failures = 0;
  try {
    for (int n = 1; n <= 19; ++n) {
      nqueens::gpu::GpuCount gpus(n, {});
      nqueens::RunOptions o;
      o.n = n;
      o.method = nqueens::CountMethod::backtrack;  // the GPU counts backtrack jobs
      o.count_jobs =
          [&](const nqueens::JobList& list, std::span<const std::size_t> remaining,
              const std::function<bool(std::size_t, const nqueens::SolutionCounts&)>& record) {
            gpus.count(list, remaining, record);
          };
      const nqueens::RunResult r = nqueens::run_count(o);
      const auto total = static_cast<std::uint64_t>(r.record.sum.total);
      const auto unique = static_cast<std::uint64_t>(r.record.sum.classes(n).unique());
      const bool ok =
          r.finished && total == nqueens::known::kTotal[n] && unique == nqueens::known::kUnique[n];
      std::printf("N=%2d total %llu unique %llu jobs %zu %.3f s %s  (%s)\n", n,
                  static_cast<unsigned long long>(total), static_cast<unsigned long long>(unique),
                  r.record.shard_jobs(), r.seconds, ok ? "ok" : "WRONG", gpus.rates().c_str());
      if (!ok) ++failures;
    }
    {  // every job of N = 14 against the CPU kernel, class split included
      const int n = 14;
      const nqueens::JobList list = nqueens::make_jobs(n);
      std::vector<nqueens::SolutionCounts> got(list.jobs.size());
      nqueens::gpu::GpuCount gpus(n, {});
      gpus.count(list, list.all_indices(), [&](std::size_t i, const nqueens::SolutionCounts& c) {
        got[i] = c;
        return true;
      });
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < list.jobs.size(); ++i)
        if (!(got[i] == nqueens::count_job(n, list.jobs[i]))) ++wrong;
      std::printf("N=14 job by job against count_job: %zu of %zu differ %s\n", wrong,
                  list.jobs.size(), wrong == 0 ? "ok" : "WRONG");
      if (wrong != 0) ++failures;
    }
    // The prefix tables of the random-access index, counted on the GPU, against the CPU.
    for (int n = 6; n <= 14; ++n)
      for (int depth = 1; depth <= std::min(n - 3, nqueens::kMaxPrefixDepth); ++depth) {
        const auto gpu = nqueens::gpu::count_prefix_subtrees(n, depth);
        const bool ok = depth < 2 ? gpu.size() == static_cast<std::size_t>(n)
                                  : gpu == nqueens::count_prefix_subtrees(n, depth, false);
        std::uint64_t sum = 0;
        for (const std::uint64_t c : gpu) sum += c;
        if (!ok || sum != nqueens::known::kTotal[n]) {
          std::printf("N=%2d prefix depth %d: GPU prefix counts differ (sum %llu) WRONG\n", n,
                      depth, static_cast<unsigned long long>(sum));
          ++failures;
        }
      }
    std::printf("prefix counts N = 6..14, depth 1..4: %s\n", failures == 0 ? "ok" : "WRONG");
  } catch (const std::exception& e) {
    std::printf("error: %s\n", e.what());
    return 1;
  }
  return failures == 0 ? 0 : 1;
}
