// Counting speed: the library's total + unique count against the plain bitboard backtracker
// (bench/baseline.hpp: one queen per row, masks, mirror halving, one thread), same run.
//
//   build/release/bench/count_bench --benchmark_repetitions=5
//     --benchmark_report_aggregates_only=true --benchmark_filter=/16
//
// Compare the medians: Baseline/N against Count/N/1 (one thread) and Count/N/1 against
// Count/N/2 (two threads).
#include <benchmark/benchmark.h>

#include "baseline.hpp"
#include "known_values.hpp"
#include "nqueens/count.hpp"

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

BENCHMARK(Baseline)->DenseRange(12, 16)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(Count)
    ->ArgsProduct({benchmark::CreateDenseRange(12, 16, 1), {1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_MAIN();
