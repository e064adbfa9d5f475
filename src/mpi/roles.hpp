// The two roles of an nqueens-mpi rank once the arguments are accepted (see protocol.hpp for
// the messages and docs/ALGORITHMS.md, "MPI", for the whole protocol).
#pragma once

#include <cstddef>
#include <vector>

#include "nqueens/jobs.hpp"
#include "nqueens/run.hpp"

namespace nqueens::mpi {

// How the counting ranks were left when coordinate() returned.
struct RanksAtEnd {
  // Every rank was sent "go" and calls MPI_Finalize (or there is none). When false, the
  // caller must end the job with MPI_Abort once the result is out: a rank in MPI_Finalize
  // waits for every other rank.
  bool released = false;
  std::vector<int> hung;  // the ranks given up as hung (Roster::hung), for the message
};

// Rank 0: hands out the session's remaining jobs to every rank that asks (and to rank 0's own
// threads when threads[0] > 0) and records every result in `session`, which saves and
// reports (nqueens/run.hpp). Returns when every job is in and every rank is either ready to
// finish (then all are sent "go") or hung, or at once when the session's stop flag is set
// (the other ranks are then not released).
// `min_overdue_seconds`: the least time a batch is out before another rank may count it too
// (Dispatcher, "Overdue batches"; --overdue-after), and how long a silent rank is waited for
// once every job is in (Roster). The final record is saved before any rank is released.
// Rank 0's own threads count with kernel tier `tier` and the run's table memory (count_job).
RunResult coordinate(const JobList& list, RunSession& session, const std::vector<int>& threads,
                     double min_overdue_seconds, RanksAtEnd& end, KernelTier tier,
                     std::size_t table_memory);

// Ranks 1..R-1: ask rank 0 for batches and count them on `threads` threads until told to stop,
// with kernel tier `tier` and the run's table memory, then acknowledge and wait for "go"
// (protocol.hpp).
void count_for_coordinator(const JobList& list, int threads, KernelTier tier,
                           std::size_t table_memory);

}  // namespace nqueens::mpi
