// A rank that stops (SIGSTOP) at a chosen point of the MPI start or end, for the tests of
// nqueens-mpi's bounded start and end (tests/mpi/stopped_rank_test.sh). Loaded into every rank
// with `mpirun -x LD_PRELOAD=libstop_rank.so`; it wraps MPI calls through the MPI profiling
// interface (PMPI_*), so nqueens-mpi itself has no test hook. Acts only in the rank named by
// NQUEENS_STOP_RANK, at the point named by NQUEENS_STOP_AT:
//   init      on entry to MPI_Init_thread (every other rank waits inside MPI_Init)
//   started   when MPI_Init_thread returns (the rank never reports to rank 0)
//   end       on entry to MPI_Ibarrier, the ranks' last meeting before MPI_Finalize
//   finalize  on entry to MPI_Finalize (every other rank waits inside MPI_Finalize)
//   exit      when MPI_Finalize returns (past its barrier: the others finish, mpirun waits)
#include <mpi.h>

#include <csignal>
#include <cstdlib>
#include <cstring>

namespace {

void stop_if(const char* point) {
  const char* rank = std::getenv("OMPI_COMM_WORLD_RANK");
  const char* want_rank = std::getenv("NQUEENS_STOP_RANK");
  const char* want_point = std::getenv("NQUEENS_STOP_AT");
  if (rank != nullptr && want_rank != nullptr && want_point != nullptr &&
      std::strcmp(rank, want_rank) == 0 && std::strcmp(point, want_point) == 0)
    std::raise(SIGSTOP);
}

}  // namespace

extern "C" int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  stop_if("init");
  const int code = PMPI_Init_thread(argc, argv, required, provided);
  stop_if("started");
  return code;
}

extern "C" int MPI_Ibarrier(MPI_Comm comm, MPI_Request* request) {
  stop_if("end");
  return PMPI_Ibarrier(comm, request);
}

extern "C" int MPI_Finalize() {
  stop_if("finalize");
  const int code = PMPI_Finalize();
  stop_if("exit");
  return code;
}
