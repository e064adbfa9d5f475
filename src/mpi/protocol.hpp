// The messages between rank 0 (the coordinator) and the counting ranks of nqueens-mpi.
// Every rank builds the same JobList (checked by fingerprint before any work); only job
// indices and counts travel, never jobs.
//
// The start (rank 0 waits at most --start-timeout seconds from its start for every hello):
//   0 -> worker, tag kTagMethod, 1 word: the counting method rank 0 chose (`--method auto`
//     depends on the CPU, and every rank must build rank 0's list)
//   worker -> 0, tag kTagHello, bytes: 8 uint64 words (exit code, exit 0/1, counting threads,
//     job-list fingerprint, CPUs the rank may use, then its ProcessIdentity: pid, start ticks,
//     boot hash), then the text of its argument error, if any
//   0 -> worker, tag kTagVerdict, 2 words: exit code, exit (0: count, 1: end without counting)
//
// The count:
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
// The end:
//   worker -> 0, tag kTagReady, no words: "told to stop; waiting for go"
//   0 -> worker, tag kTagGo, no words: every rank is ready and the final record is saved; all
//   call MPI_Finalize (sent only when no rank is hung: see Roster in dispatcher.hpp for why)
#pragma once

#include <cstddef>
#include <cstdint>

namespace nqueens::mpi {

inline constexpr int kTagResults = 1;
inline constexpr int kTagWork = 2;
inline constexpr int kTagMethod = 3;
inline constexpr int kTagReady = 4;
inline constexpr int kTagGo = 5;
inline constexpr int kTagHello = 6;
inline constexpr int kTagVerdict = 7;

inline constexpr std::size_t kHelloWords = 8;  // before the error text

// --start-timeout's default: the longest rank 0 waits from its start for every rank's hello
// (MPI_Init included) before it gives up with one line. A counting rank gives up on MPI_Init
// kStartMarginSeconds later, so that rank 0's line comes first when rank 0 is not the one stuck.
inline constexpr double kStartTimeoutSeconds = 60;
inline constexpr double kStartMarginSeconds = 5;

inline constexpr std::size_t kResultWords = 4;          // per finished job
inline constexpr std::size_t kMaxBatchJobs = 1u << 16;  // jobs per message (2.1 MB of results)

}  // namespace nqueens::mpi
