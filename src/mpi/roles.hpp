// The two roles of an nqueens-mpi rank once the arguments are accepted (see protocol.hpp for
// the messages and docs/ALGORITHMS.md, "MPI", for the whole protocol).
#pragma once

#include <atomic>
#include <functional>
#include <string>

#include "nqueens/checkpoint.hpp"
#include "nqueens/run.hpp"

namespace nqueens::mpi {

struct CoordinatorOptions {
  int ranks = 1;
  std::vector<int> threads;  // counting threads per rank; threads[0] > 0: rank 0 counts too
  std::string checkpoint;    // "" for none
  double checkpoint_seconds = 10;
  std::function<void(const RunProgress&)> on_progress;  // at most ~10 times a second
  const std::atomic<bool>* stop = nullptr;  // true: save the record and return unfinished
};

struct CoordinatorResult {
  RunRecord record;
  bool finished = false;
  double seconds = 0;
};

// Rank 0: hands out the record's remaining jobs to every rank that asks (and to its own
// threads), adds up the results in the record, writes it to the checkpoint file at most
// every checkpoint_seconds and at the end. On `stop` it returns at once with the record saved;
// the caller must then end the other ranks (they are counting, not listening).
CoordinatorResult coordinate(const JobList& list, RunRecord record, const CoordinatorOptions& o);

// Ranks 1..R-1: ask rank 0 for batches and count them on `threads` threads until told to stop.
void count_for_coordinator(const JobList& list, int threads);

}  // namespace nqueens::mpi
