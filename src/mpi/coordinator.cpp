// Rank 0 of nqueens-mpi: one loop that answers requests, saves the record and reports
// progress, plus (with -np 1 or --coordinator-threads) a thread counting batches locally.
#include <mpi.h>

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

CoordinatorResult coordinate(const JobList& list, RunRecord record, const CoordinatorOptions& o) {
  const auto t0 = Clock::now();
  const std::size_t resumed = record.done_count();
  Dispatcher dispatcher(std::move(record), o.threads);
  std::mutex lock;  // guards dispatcher between this loop and the local counting thread
  std::atomic<bool> stopping{false};
  std::atomic<bool> local_done{o.threads[0] <= 0};

  // Rank 0's own threads take batches like any rank, without messages.
  std::jthread local;
  if (!local_done) {
    local = std::jthread([&] {
      std::vector<JobResult> results;
      while (!stopping) {
        std::vector<std::size_t> batch;
        {
          std::lock_guard g(lock);
          batch = dispatcher.take(0);
        }
        if (batch.empty()) break;
        results.clear();
        const auto start = Clock::now();
        run_jobs(list, batch, o.threads[0], [&](std::size_t index, const SolutionCounts& c) {
          results.push_back({index, c});
          return !stopping;
        });
        std::lock_guard g(lock);
        dispatcher.finish(0, results, since(start));
      }
      local_done = true;
    });
  }

  RunProgress progress;
  progress.total = dispatcher.record().shard_jobs();
  progress.resumed = resumed;
  auto last_save = Clock::now();
  auto last_report = Clock::time_point{};
  std::size_t saved_done = dispatcher.done();
  auto save = [&] {  // caller holds `lock`
    if (o.checkpoint.empty()) return;
    write_record(dispatcher.record(), o.checkpoint);
    saved_done = dispatcher.done();
    last_save = Clock::now();
  };
  auto report = [&](bool force) {
    if (!o.on_progress || (!force && since(last_report) < 0.1)) return;
    last_report = Clock::now();
    {
      std::lock_guard g(lock);
      progress.done = dispatcher.done();
    }
    progress.seconds = since(t0);
    o.on_progress(progress);
  };
  report(true);

  int listening = o.ranks - 1;  // ranks not yet told to stop
  std::vector<std::uint64_t> words;
  while (listening > 0 || !local_done) {
    if (o.stop && o.stop->load()) {
      stopping = true;
      if (local.joinable() && listening == 0) local.join();  // alone: let its jobs finish
      std::lock_guard g(lock);
      save();
      return {dispatcher.record(), false, since(t0)};
    }
    int arrived = 0;
    MPI_Status status;
    if (listening > 0) MPI_Iprobe(MPI_ANY_SOURCE, kTagResults, MPI_COMM_WORLD, &arrived, &status);
    if (arrived) {
      int count = 0;
      MPI_Get_count(&status, MPI_UINT64_T, &count);
      words.resize(static_cast<std::size_t>(count));
      MPI_Recv(words.data(), count, MPI_UINT64_T, status.MPI_SOURCE, kTagResults, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      const std::vector<JobResult> results = decode_results(words);
      std::vector<std::size_t> batch;
      {
        std::lock_guard g(lock);
        dispatcher.finish(status.MPI_SOURCE, results, static_cast<double>(words[0]) * 1e-6);
        batch = dispatcher.take(status.MPI_SOURCE);
      }
      const std::vector<std::uint64_t> send(batch.begin(), batch.end());
      MPI_Send(send.data(), static_cast<int>(send.size()), MPI_UINT64_T, status.MPI_SOURCE,
               kTagWork, MPI_COMM_WORLD);
      if (batch.empty()) --listening;
    } else {
      // Sleep rather than block: Open MPI's blocking receive spins a core at 100%, which
      // would take a core from the counting threads of this node.
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (!o.checkpoint.empty() && since(last_save) >= o.checkpoint_seconds) {
      std::lock_guard g(lock);
      if (dispatcher.done() != saved_done) save();
    }
    report(false);
  }
  if (local.joinable()) local.join();
  std::lock_guard g(lock);
  save();
  progress.done = dispatcher.done();
  progress.seconds = since(t0);
  if (o.on_progress) o.on_progress(progress);
  return {dispatcher.record(), dispatcher.record().finished(), since(t0)};
}

}  // namespace nqueens::mpi
