// Single-thread timing of the counting kernels on whole boards: the scalar kernel
// (kernels/count_kernel.hpp), the vector kernel (kernels/count_frontier.cpp, what count_job
// runs), the library's count_solutions on one thread, and the plain mirror-halving
// backtracker of baseline.hpp. Prints the median of several runs of thread CPU time, measured
// in one process so that the columns compare on a shared, noisy machine.
//
//   kernel_bench [N ...] [--runs R] [--vector-only]   default: N = 14 15 16, R = 5
//   (--vector-only times only the vector kernel: quick A/B of kernel changes)
#include <algorithm>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../src/kernels/count_frontier.hpp"
#include "baseline.hpp"
#include "nqueens/count.hpp"
#include "nqueens/jobs.hpp"

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

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::uint64_t total_of(const kernels::Tally& t) { return 2 * t.size2 + 4 * t.size4 + 8 * t.size8; }

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes;
  int runs = 5;
  bool vector_only = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
    else if (arg == "--vector-only")
      vector_only = true;
    else
      sizes.push_back(std::atoi(arg.c_str()));
  }
  if (sizes.empty()) sizes = {14, 15, 16};

  std::printf("vector kernel in this build: %s\n",
              kernels::frontier_available(16) ? "AVX-512 frontier" : "no (scalar fallback)");
  std::printf("%3s %12s %12s %12s %12s %9s %9s\n", "N", "scalar s", "vector s", "count s",
              "baseline s", "scal/vec", "base/cnt");
  for (const int n : sizes) {
    if (n < 4 || n > 31) continue;
    const JobList list = make_jobs(n);
    std::vector<kernels::JobStart> starts;
    for (const Job& job : list.jobs) starts.push_back(kernels::job_start(n, job));

    std::vector<double> scalar, vector, count, baseline;
    std::uint64_t totals[4] = {};
    for (int r = 0; r < runs; ++r) {
      if (vector_only) {
        vector.push_back(seconds_of([&] {
          totals[1] = 0;
          for (const auto& s : starts) totals[1] += total_of(kernels::count_fastest(s));
        }));
        continue;
      }
      scalar.push_back(seconds_of([&] {
        totals[0] = 0;
        for (const auto& s : starts) totals[0] += total_of(kernels::count_scalar(s));
      }));
      vector.push_back(seconds_of([&] {
        totals[1] = 0;
        for (const auto& s : starts) totals[1] += total_of(kernels::count_fastest(s));
      }));
      count.push_back(seconds_of(
          [&] { totals[2] = static_cast<std::uint64_t>(count_solutions({n, 1}).total()); }));
      baseline.push_back(seconds_of([&] { totals[3] = bench::baseline_count(n); }));
    }
    if (vector_only) {
      std::printf("%3d %12s %12.4f   total %llu\n", n, "-", median(vector),
                  static_cast<unsigned long long>(totals[1]));
      continue;
    }
    if (totals[0] != totals[1] || totals[0] != totals[2] || totals[0] != totals[3]) {
      std::fprintf(stderr, "N=%d: totals differ\n", n);
      return 1;
    }
    const double s = median(scalar), v = median(vector), c = median(count), b = median(baseline);
    std::printf("%3d %12.4f %12.4f %12.4f %12.4f %8.2fx %8.2fx\n", n, s, v, c, b, s / v, b / c);
  }
  return 0;
}
