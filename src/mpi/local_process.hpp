// The processes of the job that run on rank 0's node, watched through pidfds: at the end of a
// run rank 0 waits for them to be gone before it prints the result, and ends the job itself
// when one stays (docs/RELIABILITY.md, "MPI": a rank frozen after it joined MPI_Finalize's
// barrier is seen by no MPI call, but a process on the same node can be watched).
#pragma once

#include <cstdint>
#include <vector>

namespace nqueens::mpi {

// What names a process across nodes: its pid alone does not (every node has a pid 1234), so
// also when it started (clock ticks since boot) and a hash of the kernel's boot id.
struct ProcessIdentity {
  std::uint64_t pid = 0;
  std::uint64_t start_ticks = 0;
  std::uint64_t boot = 0;  // 0: not known (no /proc), then never taken for a local process
};

ProcessIdentity this_process();

// A pidfd for the process `id` names when it runs on this node (same boot, same pid, same
// start), else -1 (another node, another pid namespace, already gone, or no pidfd support).
int open_if_local(const ProcessIdentity& id);

// Waits until each pidfd's process has ended or `seconds` have passed; returns the positions in
// `pidfds` of those still running (-1 entries are skipped).
std::vector<std::size_t> wait_for_exits(const std::vector<int>& pidfds, double seconds);

}  // namespace nqueens::mpi
