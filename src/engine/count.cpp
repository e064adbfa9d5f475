#include "nqueens/count.hpp"

#include <chrono>
#include <stdexcept>
#include <string>

#include "nqueens/fixed_points.hpp"
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
  const SolutionCounts sum = run_jobs(list, list.all_indices(), result.threads);
  // A whole count: its class split must agree with the solutions fixed by the turns.
  if (const std::string why = check_class_split(options.n, sum, result.threads); !why.empty())
    throw std::runtime_error(why);
  result.classes = sum.classes(options.n);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace nqueens
