// Ranks 1..R-1 of nqueens-mpi: ask, count, answer with the counts and ask again.
#include <mpi.h>

#include <chrono>
#include <limits>
#include <stdexcept>

#include "protocol.hpp"
#include "receive.hpp"
#include "roles.hpp"

namespace nqueens::mpi {

namespace {

std::uint64_t word(Count c) {
  if (c > std::numeric_limits<std::uint64_t>::max())
    throw std::overflow_error("a job's count does not fit in 64 bits");
  return static_cast<std::uint64_t>(c);
}

}  // namespace

void count_for_coordinator(const JobList& list, int threads, KernelTier tier,
                           std::size_t table_memory) {
  std::vector<std::uint64_t> results{0};  // the first request returns nothing
  for (;;) {
    MPI_Send(results.data(), static_cast<int>(results.size()), MPI_UINT64_T, 0, kTagResults,
             MPI_COMM_WORLD);
    const std::vector<std::uint64_t> batch = receive_words(0, kTagWork);
    if (batch.empty()) {  // stop: acknowledge, then wait until every rank is ready
      MPI_Send(nullptr, 0, MPI_UINT64_T, 0, kTagReady, MPI_COMM_WORLD);
      receive_words(0, kTagGo);
      return;
    }
    std::vector<std::size_t> indices(batch.begin(), batch.end());
    for (std::size_t i : indices)
      if (i >= list.jobs.size()) throw std::runtime_error("rank 0 sent a job index out of range");
    results.assign(1, 0);
    results.reserve(1 + kResultWords * indices.size());
    const auto start = std::chrono::steady_clock::now();
    run_jobs(
        list, indices, threads,
        [&](std::size_t index, const SolutionCounts& c) {
          results.insert(results.end(), {index, word(c.total), word(c.fixed180), word(c.fixed90)});
          return true;
        },
        tier, table_memory);
    results[0] = static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                                std::chrono::steady_clock::now() - start)
                                                .count());
  }
}

}  // namespace nqueens::mpi
