// Counting speed: the library's total + unique count against the plain bitboard backtracker
// (bench/baseline.hpp: one queen per row, masks, mirror halving, one thread), same run.
// N = 12..18; the baseline needs about 27 s at N = 17 and 3 minutes at N = 18 on this
// machine, so pick sizes with a filter:
//
//   build/release/bench/count_bench --benchmark_repetitions=3
//     --benchmark_report_aggregates_only=true --benchmark_filter='/(16|17|18)'
//
// Compare the medians: Baseline/N against Count/N/1 (one thread) and Count/N/1 against
// Count/N/2 (two threads). Times are wall clock (UseRealTime, which the 2-thread runs
// need); on a shared machine also read the CPU column of the 1-thread runs, which is the
// thread's own CPU time. bench/kernel_bench prints thread CPU time for all of them.
#include <benchmark/benchmark.h>

#include "baseline.hpp"
#include "nqueens/count.hpp"
#include "nqueens/known_counts.hpp"

namespace {

void Baseline(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  for (auto _ : state) {
    const std::uint64_t total = nqueens::bench::baseline_count(n);
    if (total != nqueens::known::kTotal[n]) state.SkipWithError("baseline miscounted");
    benchmark::DoNotOptimize(total);
  }
}

void Count(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const int threads = static_cast<int>(state.range(1));
  for (auto _ : state) {
    const nqueens::CountResult r = nqueens::count_solutions({n, threads});
    if (r.total() != nqueens::known::kTotal[n] || r.unique() != nqueens::known::kUnique[n])
      state.SkipWithError("count miscounted");
    benchmark::DoNotOptimize(r.classes);
  }
}

}  // namespace

BENCHMARK(Baseline)->DenseRange(12, 18)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(Count)
    ->ArgsProduct({benchmark::CreateDenseRange(12, 18, 1), {1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_MAIN();
