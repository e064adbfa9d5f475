// Every performance threshold and size of the libraries, in one place, each with its value and
// why (CaDiCaL's options.hpp, Kluev's Cfg). Changing one changes speed or memory, never a
// result, unless its line says so; the measurements behind them are in CHANGELOG.md and
// bench/results/. Limits of what a function accepts (kMaxCountN, kMaxThreads, ...) are not
// tunables: they stay with the function, in its header.
//
// Constants only, so that a tier file may include this anywhere (base/isa.hpp).
#pragma once

namespace nqueens::tune {

// ---- Counting: the frontier search (src/kernels/frontier_search.hpp) ----

// States per row buffer (32 rows x 2048 states x 16 bytes: about 1 MiB per thread and tier);
// 4,096 and 8,192 were level.
inline constexpr int kFrontierCapacity = 2048;

// Per tier (count_frontier_<tier>.cpp): on how many of the last rows, 1..4, the dead-end tests
// look for an open square (`prune_rows`; the column cover tests every row left from six rows
// left), and whether a lane that runs out of candidates takes the next state (`refill`, an
// expanding load).
struct FrontierTier {
  int prune_rows;
  bool refill;
};
// 3 rows were 7% slower, 5 rows 3%; without refill, half-empty vectors cost more than the expand.
inline constexpr FrontierTier kFrontierAvx512 = {4, true};
// With refilled lanes 4 rows are slightly faster than 3 (3 paid best without refill).
inline constexpr FrontierTier kFrontierAvx2 = {4, true};
// As the AVX2 tier with 8 lanes and no refill; NEON's speed cannot be measured here (qemu), so
// its refill is not written.
inline constexpr FrontierTier kFrontierNeon = {3, false};
// 3 or 2 rows were slower; refilling the one lane (a select for the mispredicted loop exit) was
// slower too, even with the next state loaded a step ahead.
inline constexpr FrontierTier kFrontierScalar = {4, false};

// ---- Counting: the method `--method auto` takes (src/engine/jobs.cpp, choose_method) ----

// Per kernel tier, the N where the half-board join counts faster than that tier's backtracker:
// from..to (99: up to the join's own limit), odd N too or even N only, and with or without
// needing its tables within the run's table memory. bench/method_choice.py measures both methods
// per N and checks the choice on the machine it runs on.
struct AutoJoin {
  int from, to;
  bool odd;
  bool with_tables_only;
};
// Even N = 18 and 20 only: at 18 the join was level on the Xeon and 1.31x on a Zen 4; at 16, 17
// and 19 the backtracker was 1.8x, 3.7x and 1.4x faster.
inline constexpr AutoJoin kAutoJoinAvx512 = {18, 20, false, false};
// From N = 18 with tables (1.6x at 18, 1.4x at 19); the searched join loses to this backtracker.
inline constexpr AutoJoin kAutoJoinAvx2 = {18, 99, true, true};
// NEON's speed cannot be measured here (qemu) and the join's vector loops are x86 only.
inline constexpr AutoJoin kAutoJoinNeon = {20, 99, true, false};
// The join beats the scalar backtracker from N = 16 on, tables or not (4.4x at N = 16).
inline constexpr AutoJoin kAutoJoinScalar = {16, 99, true, false};

// The join's table memory (4 GiB unless a run asks for less) is a per-run option with a public
// default, kDefaultTableMemory in nqueens/count.hpp, so it is defined there and not here.

// ---- Find: the min-conflicts local search (src/kernels/local_search.cpp) ----

// Random tries per row for a conflict-free column while the start is built greedily; a row
// without one keeps a random column for the repair. Part of what a seed gives: changing it
// changes the solution `find --random --seed S` prints.
inline constexpr int kLocalSearchStartTries = 32;

// ---- Long runs (src/engine/run.cpp, src/engine/job_log.cpp) ----

// The most jobs run_count hands a job backend (the GPU) at once, taken from the streamed shard
// as a list of their own (16 bytes a job: 64 MiB), so that a shard's memory stays bounded
// however many jobs it has; N = 28's whole list at the default depth (2.66M jobs) is one chunk.
inline constexpr unsigned long kBackendChunkJobs = 1ul << 22;

// A job log is written in blocks of this many bytes (about 1,500 entries), and at every
// checkpoint; one write per entry cost a system call per job.
inline constexpr unsigned long kJobLogBlockBytes = 1ul << 16;

// Jobs of the verify sample waiting for a session's own recount threads, per thread: a GPU or
// MPI loop that hands sampled jobs over faster than they are recounted waits beyond this.
inline constexpr int kVerifyQueuePerThread = 4;

// ---- Sudoku: the 9x9 solver (src/sudoku/solve9_search.hpp) ----

// A propagation round that starts with this many pending words or more hands the rest to every
// rule at once (`propagate_all`): 2 and 5 were slower on serg or the hardest set, and short
// propagations pay for the whole state's iterations.
inline constexpr int kSudokuPropagateAllFrom = 3;

}  // namespace nqueens::tune
