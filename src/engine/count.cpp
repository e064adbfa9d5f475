// count_solutions: run_count (nqueens/run.hpp) with no record, no progress and no stop flag, so
// that a whole count takes the same path whichever API asks for it.
#include "nqueens/count.hpp"

#include <stdexcept>

#include "nqueens/parallel.hpp"
#include "nqueens/run.hpp"

namespace nqueens {

CountResult count_solutions(const CountOptions& options) {
  RunOptions run;
  run.n = options.n;
  run.threads = options.threads > 0 ? options.threads : hardware_threads();
  run.method = options.method;
  run.kernel = options.kernel;
  run.table_memory = options.table_memory;
  const RunResult r = run_count(run);
  // A whole count's class split is checked against the solutions fixed by the turns.
  if (!r.check_failure.empty()) throw std::runtime_error(r.check_failure);
  CountResult result;
  result.n = options.n;
  result.classes = r.record.sum.classes(options.n);
  result.jobs = r.record.shard_jobs();
  result.method = r.record.list.method;
  result.threads = run.threads;
  result.seconds = r.seconds;
  return result;
}

}  // namespace nqueens
