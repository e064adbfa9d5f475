// Single-thread timing of the counting kernels on whole boards: the scalar kernel
// (kernels/count_kernel.hpp), the vector kernel (kernels/count_frontier_*.cpp, what count_job
// runs), the library's count_solutions on one thread, and the plain mirror-halving
// backtracker of baseline.hpp. Prints the median of several runs of thread CPU time, measured
// in one process so that the columns compare on a shared, noisy machine.
//
//   kernel_bench [N ...] [--runs R] [--vector-only] [--no-scalar]   default: N = 14 15 16, R = 5
//   (--vector-only times only the vector kernel: quick A/B of kernel changes; --no-scalar
//   skips the slow scalar column, for N >= 17)
//   kernel_bench --tiers [N ...] [--runs R]   every kernel tier this CPU has (avx512, avx2,
//   neon, scalar: nqueens/kernel_tier.hpp) and the scalar reference search, each on all jobs of
//   N (total + unique), against the plain backtracker (total only) in the same process; then
//   count_solutions on one thread under each tier, by the method `count` picks there
//
// The last columns time count_solutions on 1 and on 2 threads by the wall clock (what
// threads buy can only be seen there); on a shared machine they are only as good as the
// machine is idle.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "baseline.hpp"
#include "kernels/count_frontier.hpp"
#include "nqueens/count.hpp"
#include "nqueens/jobs.hpp"
#include "nqueens/kernel_tier.hpp"

namespace {

using namespace nqueens;

// CPU time of the calling thread: on a shared machine wall time mostly measures the others.
double thread_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

double seconds_of(const auto& run) {
  const double t0 = thread_seconds();
  run();
  return thread_seconds() - t0;
}

double wall_seconds_of(const auto& run) {
  const auto t0 = std::chrono::steady_clock::now();
  run();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::uint64_t total_of(const kernels::Tally& t) {
  return 2 * t.size2 + 4 * t.size4 + 8 * t.size8;
}

// One table row per N: thread CPU seconds (median of `runs`) of the baseline, the scalar
// reference search and every available tier, each with its speed-up over the baseline.
int run_tiers(const std::vector<int>& sizes, int runs) {
  const std::vector<KernelTier> tiers = available_kernel_tiers();
  std::printf("thread CPU seconds, median of %d; (x): baseline / column\n", runs);
  std::printf("%3s %11s %17s", "N", "baseline s", "reference s");
  for (const KernelTier t : tiers)
    std::printf(" %17s", (std::string(kernel_tier_name(t)) + " s").c_str());
  std::printf("\n");
  for (const int n : sizes) {
    if (n < 4 || n > 31) continue;
    const JobList list = make_jobs(n);
    std::vector<kernels::JobStart> starts;
    for (const Job& job : list.jobs) starts.push_back(kernels::job_start(n, job));
    std::vector<double> baseline, reference;
    std::vector<std::vector<double>> tier_times(tiers.size());
    std::uint64_t want = 0, got = 0;
    for (int r = 0; r < runs; ++r) {
      baseline.push_back(seconds_of([&] { want = bench::baseline_count(n); }));
      reference.push_back(seconds_of([&] {
        got = 0;
        for (const auto& s : starts) got += total_of(kernels::count_scalar(s));
      }));
      if (got != want) return std::fprintf(stderr, "N=%d: reference total differs\n", n), 1;
      for (std::size_t i = 0; i < tiers.size(); ++i) {
        tier_times[i].push_back(seconds_of([&] {
          got = 0;
          for (const auto& s : starts) got += total_of(kernels::count_with_tier(tiers[i], s));
        }));
        if (got != want)
          return std::fprintf(stderr, "N=%d: %s total differs\n", n,
                              std::string(kernel_tier_name(tiers[i])).c_str()),
                 1;
      }
    }
    const double b = median(baseline);
    std::printf("%3d %11.3f %9.3f (%5.2fx)", n, b, median(reference), b / median(reference));
    for (const auto& times : tier_times)
      std::printf(" %9.3f (%5.2fx)", median(times), b / median(times));
    std::printf("\n");
    std::fflush(stdout);
  }
  // What users run: count_solutions on one thread under each tier, by the method `count`
  // picks for that tier and N (choose_method, src/base/tunables.hpp: the join from N = 16 on the
  // scalar tier, for instance), total + unique, against the same baseline.
  std::printf(
      "count -j 1 under each tier (the method it picks), thread CPU seconds, median of %d\n", runs);
  std::printf("%3s %11s", "N", "baseline s");
  for (const KernelTier t : tiers)
    std::printf(" %27s", (std::string(kernel_tier_name(t)) + " s").c_str());
  std::printf("\n");
  for (const int n : sizes) {
    if (n < 4 || n > 31) continue;
    std::vector<double> baseline;
    std::vector<std::vector<double>> tier_times(tiers.size());
    std::vector<CountMethod> methods(tiers.size());
    std::uint64_t want = 0;
    for (int r = 0; r < runs; ++r) {
      baseline.push_back(seconds_of([&] { want = bench::baseline_count(n); }));
      for (std::size_t i = 0; i < tiers.size(); ++i) {
        CountResult result;
        tier_times[i].push_back(seconds_of(
            [&] { result = count_solutions({.n = n, .threads = 1, .kernel = tiers[i]}); }));
        methods[i] = result.method;
        if (result.total() != want)
          return std::fprintf(stderr, "N=%d: count under %s differs\n", n,
                              std::string(kernel_tier_name(tiers[i])).c_str()),
                 1;
      }
    }
    const double b = median(baseline);
    std::printf("%3d %11.3f", n, b);
    for (std::size_t i = 0; i < tiers.size(); ++i) {
      const double t = median(tier_times[i]);
      std::printf(" %9.3f (%5.2fx, %-9s)", t, b / t, method_name(methods[i]));
    }
    std::printf("\n");
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes;
  int runs = 5;
  bool vector_only = false, no_scalar = false, tiers = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--tiers")
      tiers = true;
    else if (arg == "--runs" && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
    else if (arg == "--vector-only")
      vector_only = true;
    else if (arg == "--no-scalar")
      no_scalar = true;
    else
      sizes.push_back(std::atoi(arg.c_str()));
  }
  if (sizes.empty()) sizes = {14, 15, 16};
  if (tiers) return run_tiers(sizes, runs);

  std::printf("vector column: the %s kernel tier\n",
              std::string(kernel_tier_name(default_kernel_tier())).c_str());
  std::printf("thread CPU seconds, median of %d:\n", runs);
  std::printf("%3s %10s %10s %10s %11s %9s %9s | %9s %9s %7s\n", "N", "scalar s", "vector s",
              "count s", "baseline s", "scal/vec", "base/cnt", "1thr wall", "2thr wall", "2t/1t");
  for (const int n : sizes) {
    if (n < 4 || n > 31) continue;
    const JobList list = make_jobs(n);
    std::vector<kernels::JobStart> starts;
    for (const Job& job : list.jobs) starts.push_back(kernels::job_start(n, job));

    std::vector<double> scalar, vector, count, baseline, wall1, wall2;
    std::uint64_t totals[5] = {};
    for (int r = 0; r < runs; ++r) {
      vector.push_back(seconds_of([&] {
        totals[1] = 0;
        for (const auto& s : starts)
          totals[1] += total_of(kernels::count_with_tier(default_kernel_tier(), s));
      }));
      if (vector_only) continue;
      if (!no_scalar)
        scalar.push_back(seconds_of([&] {
          totals[0] = 0;
          for (const auto& s : starts) totals[0] += total_of(kernels::count_scalar(s));
        }));
      count.push_back(seconds_of([&] {
        totals[2] = static_cast<std::uint64_t>(count_solutions({n, 1}).total());
      }));
      baseline.push_back(seconds_of([&] { totals[3] = bench::baseline_count(n); }));
      wall1.push_back(wall_seconds_of([&] {
        totals[2] = static_cast<std::uint64_t>(count_solutions({n, 1}).total());
      }));
      wall2.push_back(wall_seconds_of([&] {
        totals[4] = static_cast<std::uint64_t>(count_solutions({n, 2}).total());
      }));
    }
    if (vector_only) {
      std::printf("%3d %10s %10.4f   total %llu\n", n, "-", median(vector),
                  static_cast<unsigned long long>(totals[1]));
      continue;
    }
    if ((!no_scalar && totals[0] != totals[1]) || totals[1] != totals[2] ||
        totals[1] != totals[3] || totals[1] != totals[4]) {
      std::fprintf(stderr, "N=%d: totals differ\n", n);
      return 1;
    }
    const double v = median(vector), c = median(count), b = median(baseline);
    const double w1 = median(wall1), w2 = median(wall2);
    if (no_scalar)
      std::printf("%3d %10s %10.4f %10.4f %11.4f %9s %8.2fx | %9.4f %9.4f %6.2fx\n", n, "-", v, c,
                  b, "-", b / c, w1, w2, w1 / w2);
    else
      std::printf("%3d %10.4f %10.4f %10.4f %11.4f %8.2fx %8.2fx | %9.4f %9.4f %6.2fx\n", n,
                  median(scalar), v, c, b, median(scalar) / v, b / c, w1, w2, w1 / w2);
    std::fflush(stdout);
  }
  return 0;
}
