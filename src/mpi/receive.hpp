// Waiting for a message without spinning a core: Open MPI's blocking receive polls at 100%,
// which would take a core from the counting threads of the node.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

namespace nqueens::mpi {

// The status of the next message from `source` with `tag` once one has arrived (MPI_Iprobe,
// sleeping 20 us to 1 ms between polls).
inline MPI_Status probe_sleeping(int source, int tag) {
  MPI_Status status;
  int arrived = 0;
  for (auto pause = std::chrono::microseconds(20);;) {
    MPI_Iprobe(source, tag, MPI_COMM_WORLD, &arrived, &status);
    if (arrived) return status;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(1000));
  }
}

// The next message of uint64 words from `source` with `tag`.
inline std::vector<std::uint64_t> receive_words(int source, int tag) {
  MPI_Status status = probe_sleeping(source, tag);
  int count = 0;
  MPI_Get_count(&status, MPI_UINT64_T, &count);
  std::vector<std::uint64_t> words(static_cast<std::size_t>(count));
  MPI_Recv(words.data(), count, MPI_UINT64_T, status.MPI_SOURCE, tag, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  return words;
}

}  // namespace nqueens::mpi
