// On a GPU: N = 4..18 counted by the CUDA kernel through run_count(), exactly as
// `nqueens count N --gpu` does, against OEIS A000170 / A002562. Without a usable device it
// prints why and exits 77, which ctest reports as skipped (SKIP_RETURN_CODE), not passed.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>

#include "gpu_count.hpp"
#include "nqueens/known_counts.hpp"
#include "nqueens/rank.hpp"
#include "nqueens/run.hpp"

int main() {
  const std::string why = nqueens::gpu::unavailable_reason();
  if (!why.empty()) {
    std::printf("skipped: %s\n", why.c_str());
    return 77;
  }
  std::printf("device: %s\n", nqueens::gpu::device_description().c_str());
  int failures = 0;
  try {
    for (int n = 1; n <= 18; ++n) {
      nqueens::RunOptions o;
      o.n = n;
      o.method = nqueens::CountMethod::backtrack;  // the GPU counts backtrack jobs
      o.depth = nqueens::gpu::launch_shape(n).depth;
      o.count_batch = nqueens::gpu::count_batch;
      o.batch_jobs = nqueens::gpu::launch_shape(n).batch_jobs;
      const nqueens::RunResult r = nqueens::run_count(o);
      const auto total = static_cast<std::uint64_t>(r.record.sum.total);
      const auto unique = static_cast<std::uint64_t>(r.record.sum.classes(n).unique());
      const bool ok =
          r.finished && total == nqueens::known::kTotal[n] && unique == nqueens::known::kUnique[n];
      std::printf("N=%2d total %llu unique %llu jobs %zu %.3f s %s\n", n,
                  static_cast<unsigned long long>(total), static_cast<unsigned long long>(unique),
                  r.record.shard_jobs(), r.seconds, ok ? "ok" : "WRONG");
      if (!ok) ++failures;
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
