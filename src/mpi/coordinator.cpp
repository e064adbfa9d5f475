// Rank 0 of nqueens-mpi: one loop that answers requests, saves the record and reports
// progress, plus (with -np 1 or --coordinator-threads) a thread counting batches locally.
#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "dispatcher.hpp"
#include "protocol.hpp"
#include "roles.hpp"

namespace nqueens::mpi {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

std::vector<JobResult> decode_results(const std::vector<std::uint64_t>& words) {
  std::vector<JobResult> out;
  if (words.empty() || (words.size() - 1) % kResultWords != 0)
    throw std::runtime_error("malformed result message");
  for (std::size_t i = 1; i < words.size(); i += kResultWords) {
    JobResult r;
    r.index = words[i];
    r.counts.total = words[i + 1];
    r.counts.fixed180 = words[i + 2];
    r.counts.fixed90 = words[i + 3];
    out.push_back(r);
  }
  return out;
}

}  // namespace

RunResult coordinate(const JobList& list, RunSession& session, const std::vector<int>& threads,
                     double min_overdue_seconds, std::vector<int>& stragglers) {
  const auto t0 = Clock::now();
  const int ranks = static_cast<int>(threads.size());
  Dispatcher dispatcher(session.remaining(), threads, min_overdue_seconds);
  std::mutex lock;  // guards dispatcher between this loop and the local counting thread
  std::atomic<bool> stopping{false};
  std::atomic<bool> local_done{threads[0] <= 0};

  // Rank 0's own threads take batches like any rank, without messages.
  std::jthread local;
  if (!local_done) {
    local = std::jthread([&] {
      std::vector<JobResult> results;
      while (!stopping) {
        std::vector<std::size_t> batch;
        {
          std::lock_guard g(lock);
          batch = dispatcher.take(0, since(t0));
        }
        if (batch.empty()) break;
        results.clear();
        const auto start = Clock::now();
        run_jobs(list, batch, threads[0], [&](std::size_t index, const SolutionCounts& c) {
          results.push_back({index, c});
          return !stopping;
        });
        std::vector<JobResult> fresh;
        {
          std::lock_guard g(lock);
          fresh = dispatcher.finish(0, results, since(start));
        }
        for (const JobResult& j : fresh) session.record(j.index, j.counts);
      }
      local_done = true;
    });
  }

  std::vector<char> listening(static_cast<std::size_t>(ranks), 1);  // not yet told to stop
  listening[0] = 0;
  auto still_listening = [&] { return std::count(listening.begin(), listening.end(), 1); };
  // A rank that asks while nothing is left to hand out but other ranks still count waits for
  // an answer: either all jobs come in (then it is told to stop) or a batch becomes overdue
  // and it counts that batch again (Dispatcher, "Overdue batches").
  std::vector<char> waiting(static_cast<std::size_t>(ranks), 0);
  // Ranks out with a batch (asked, were answered, have not come back yet).
  auto out_with_a_batch = [&](int r) {
    return listening[static_cast<std::size_t>(r)] && !waiting[static_cast<std::size_t>(r)];
  };
  // Every job is in, and the ranks still out hold only work others have finished: hung, and no
  // longer needed.
  auto only_stragglers_left = [&] {
    std::lock_guard g(lock);
    if (!dispatcher.all_done()) return false;
    bool any = false;
    for (int r = 1; r < ranks; ++r) {
      if (!out_with_a_batch(r)) continue;
      if (!dispatcher.holds_only_finished_work(r)) return false;
      any = true;
    }
    return any;
  };
  auto send = [](int rank, const std::vector<std::size_t>& batch) {
    const std::vector<std::uint64_t> words(batch.begin(), batch.end());
    MPI_Send(words.data(), static_cast<int>(words.size()), MPI_UINT64_T, rank, kTagWork,
             MPI_COMM_WORLD);
  };
  auto answer = [&](int rank, std::vector<std::size_t> batch) {
    bool stop = false;
    if (batch.empty()) {
      {
        std::lock_guard g(lock);
        if (!dispatcher.all_done()) return;  // keep it waiting
      }
      // A rank told to stop goes into MPI_Finalize, which waits for every rank; with another
      // rank hung, Open MPI 4.1's mpirun then cannot end the job on MPI_Abort (it hangs for
      // good). So nobody is told to stop while a rank is still out: if that rank is hung, the
      // waiting ranks are ended with it (run_rank0).
      for (int r = 1; r < ranks; ++r)
        if (r != rank && out_with_a_batch(r)) return;
      stop = true;
    }
    send(rank, batch);
    waiting[static_cast<std::size_t>(rank)] = 0;
    if (stop) listening[static_cast<std::size_t>(rank)] = 0;
  };
  auto answer_waiting = [&] {
    for (int r = 1; r < ranks; ++r) {
      if (!waiting[static_cast<std::size_t>(r)]) continue;
      std::vector<std::size_t> batch;
      {
        std::lock_guard g(lock);
        batch = dispatcher.take(r, since(t0));
      }
      answer(r, std::move(batch));
    }
  };
  std::vector<std::uint64_t> words;
  while (still_listening() > 0 || !local_done) {
    if (session.stop_requested()) {
      stopping = true;
      if (local.joinable() && still_listening() == 0) local.join();  // alone: let its jobs finish
      return session.finish();
    }
    int arrived = 0;
    MPI_Status status;
    if (still_listening() > 0)
      MPI_Iprobe(MPI_ANY_SOURCE, kTagResults, MPI_COMM_WORLD, &arrived, &status);
    if (arrived) {
      int count = 0;
      MPI_Get_count(&status, MPI_UINT64_T, &count);
      words.resize(static_cast<std::size_t>(count));
      MPI_Recv(words.data(), count, MPI_UINT64_T, status.MPI_SOURCE, kTagResults, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      const std::vector<JobResult> results = decode_results(words);
      std::vector<JobResult> fresh;
      std::vector<std::size_t> batch;
      {
        std::lock_guard g(lock);
        fresh = dispatcher.finish(status.MPI_SOURCE, results, static_cast<double>(words[0]) * 1e-6);
        batch = dispatcher.take(status.MPI_SOURCE, since(t0));
      }
      for (const JobResult& j : fresh) session.record(j.index, j.counts);
      waiting[static_cast<std::size_t>(status.MPI_SOURCE)] = 1;
      answer(status.MPI_SOURCE, std::move(batch));
    } else {
      answer_waiting();
      if (local_done && still_listening() > 0 && only_stragglers_left()) break;
      // Sleep rather than block: Open MPI's blocking receive spins a core at 100%, which
      // would take a core from the counting threads of this node.
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    session.poll();
  }
  if (local.joinable()) local.join();
  stragglers.clear();
  for (int r = 1; r < ranks; ++r)
    if (out_with_a_batch(r)) stragglers.push_back(r);
  return session.finish();
}

}  // namespace nqueens::mpi
