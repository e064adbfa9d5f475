// The messages between rank 0 (the coordinator) and the counting ranks of nqueens-mpi.
// Every message is an array of uint64 words; only job indices of the shared JobList travel
// (every rank builds the same list, checked by fingerprint before any work), never jobs.
//
//   worker -> 0, tag kTagResults: "here is my last batch, give me more"
//     +-----------+-------+-------+------+-----+-------+-----
//     | micros    | index | total | f180 | f90 | index | ...    4 words a finished job
//     +-----------+-------+-------+------+-----+-------+-----
//     micros: wall time the batch took on that rank (0 in the first request, which carries
//     no jobs); total, f180, f90: the job's SolutionCounts (one job's count always fits in
//     64 bits; the 128-bit sums are kept on rank 0 only).
//
//   0 -> worker, tag kTagWork: the next batch
//     +-------+-------+-----
//     | index | index | ...     job indices, in list order; no words at all means "stop"
//     +-------+-------+-----
//
//   worker -> 0, tag kTagReady, no words: "told to stop; waiting for go"
//   0 -> worker, tag kTagGo, no words: every rank is ready; all call MPI_Finalize (sent only
//   when no rank is hung: see Roster in dispatcher.hpp for why)
//
//   rank R -> 0, tag kTagMessage: the text of R's argument error (only when the go/no-go
//   step said R failed), so that rank 0 prints the one message.
#pragma once

#include <cstddef>
#include <cstdint>

namespace nqueens::mpi {

inline constexpr int kTagResults = 1;
inline constexpr int kTagWork = 2;
inline constexpr int kTagMessage = 3;
inline constexpr int kTagReady = 4;
inline constexpr int kTagGo = 5;

inline constexpr std::size_t kResultWords = 4;          // per finished job
inline constexpr std::size_t kMaxBatchJobs = 1u << 16;  // jobs per message (2.1 MB of results)

}  // namespace nqueens::mpi
