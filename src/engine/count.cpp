#include "nqueens/count.hpp"

#include <chrono>

#include "nqueens/jobs.hpp"

namespace nqueens {

CountResult count_solutions(const CountOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const JobList list = make_jobs(options.n, options.method);

  CountResult result;
  result.n = options.n;
  result.jobs = list.jobs.size();
  result.threads = options.threads > 0 ? options.threads : hardware_threads();
  result.method = list.method;
  result.classes = run_jobs(list, list.all_indices(), result.threads).classes(options.n);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace nqueens
