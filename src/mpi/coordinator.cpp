// Rank 0 of nqueens-mpi: one loop that answers requests, saves the record and reports
// progress, plus (with -np 1 or --coordinator-threads) a thread counting batches locally.
#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>
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
                     double min_overdue_seconds, RanksAtEnd& end, KernelTier tier,
                     std::size_t table_memory) {
  const auto t0 = Clock::now();
  end = RanksAtEnd{};
  const int ranks = static_cast<int>(threads.size());
  Dispatcher dispatcher(session.remaining_indices(), threads, min_overdue_seconds);
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
        run_jobs(
            list, batch, threads[0],
            [&](std::size_t index, const SolutionCounts& c) {
              results.push_back({index, c});
              return !stopping;
            },
            tier, table_memory);
        std::vector<JobResult> fresh;
        {
          std::lock_guard g(lock);
          fresh = dispatcher.finish(0, results, since(start));
        }
        for (const JobResult& j : fresh) session.record(j.index, list.jobs[j.index], j.counts);
      }
      local_done = true;
    });
  }

  // Ranks 1..R-1 (Roster: starting, counting, waiting, stopping, ready). A rank that asks while
  // nothing is left to hand out but other ranks still count waits for an answer: either all
  // jobs come in (then it is told to stop) or a batch becomes overdue and it counts that batch
  // again (Dispatcher, "Overdue batches").
  Roster roster(ranks, since(t0));
  // Sends never block: a batch over Open MPI's eager limit (4 KB on a node, 512 jobs) is only
  // delivered once the rank receives it, and a blocking send to a rank frozen since it asked
  // would stall rank 0 and every other rank with it. A rank has at most one message from rank
  // 0 on the way: it answers each before it gets the next, so the previous one is matched by
  // then and waiting for it costs nothing.
  struct Outgoing {
    MPI_Request request = MPI_REQUEST_NULL;
    std::vector<std::uint64_t> words;
  };
  std::vector<Outgoing> outgoing(static_cast<std::size_t>(ranks));
  auto send = [&](int rank, int tag, std::vector<std::uint64_t> words) {
    Outgoing& o = outgoing[static_cast<std::size_t>(rank)];
    MPI_Wait(&o.request, MPI_STATUS_IGNORE);
    o.words = std::move(words);
    MPI_Isend(o.words.data(), static_cast<int>(o.words.size()), MPI_UINT64_T, rank, tag,
              MPI_COMM_WORLD, &o.request);
  };
  auto answer = [&](int rank) {
    std::vector<std::size_t> batch;
    bool over = false;
    {
      std::lock_guard g(lock);
      batch = dispatcher.take(rank, since(t0));
      over = batch.empty() && dispatcher.all_done();
    }
    if (batch.empty() && !over) return;  // keep it waiting
    send(rank, kTagWork, std::vector<std::uint64_t>(batch.begin(), batch.end()));
    if (over)
      roster.told_to_stop(rank, since(t0));
    else
      roster.given_batch(rank, since(t0));
  };
  // Each message from a rank is received with MPI_Irecv and taken once complete, never with a
  // blocking receive: results over the eager limit are read from the sender's memory once
  // matched, and a rank killed on the way (kill -9, under `mpirun --enable-recovery`) leaves a
  // receive that never completes, which would stall rank 0 for good. Such a rank's batch is
  // counted again once it is overdue, like a frozen rank's. A rank has at most one message on
  // the way: it waits for rank 0's answer to each.
  struct Incoming {
    MPI_Request request = MPI_REQUEST_NULL;
    int tag = 0;
    std::vector<std::uint64_t> words;
  };
  std::vector<Incoming> incoming(static_cast<std::size_t>(ranks));
  auto take = [&](int from, Incoming& in) {
    if (in.tag == kTagReady) {
      roster.acknowledged(from);
      return;
    }
    if (in.tag != kTagResults)
      throw std::runtime_error("unexpected message from rank " + std::to_string(from));
    const std::vector<JobResult> results = decode_results(in.words);
    std::vector<JobResult> fresh;
    {
      std::lock_guard g(lock);
      fresh = dispatcher.finish(from, results, static_cast<double>(in.words[0]) * 1e-6);
    }
    for (const JobResult& j : fresh) session.record(j.index, list.jobs[j.index], j.counts);
    roster.asked(from);
    answer(from);
  };
  // Starts receiving a message that has arrived, and takes those that are complete; returns
  // whether anything happened.
  auto receive = [&] {
    bool moved = false;
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status);
    if (arrived) {
      Incoming& in = incoming[static_cast<std::size_t>(status.MPI_SOURCE)];
      if (in.request != MPI_REQUEST_NULL)
        throw std::runtime_error("two messages at once from rank " +
                                 std::to_string(status.MPI_SOURCE));
      int count = 0;
      MPI_Get_count(&status, MPI_UINT64_T, &count);
      in.words.resize(static_cast<std::size_t>(count));
      in.tag = status.MPI_TAG;
      MPI_Irecv(in.words.data(), count, MPI_UINT64_T, status.MPI_SOURCE, status.MPI_TAG,
                MPI_COMM_WORLD, &in.request);
      moved = true;
    }
    for (int r = 1; r < ranks; ++r) {
      Incoming& in = incoming[static_cast<std::size_t>(r)];
      if (in.request == MPI_REQUEST_NULL) continue;
      int complete = 0;
      MPI_Test(&in.request, &complete, MPI_STATUS_IGNORE);
      if (!complete) continue;
      take(r, in);
      moved = true;
    }
    return moved;
  };
  for (;;) {
    if (session.stop_requested()) {
      stopping = true;
      if (local.joinable() && ranks == 1) local.join();  // alone: let its jobs finish
      end.released = ranks == 1;
      return session.finish();
    }
    const bool arrived = ranks > 1 && receive();
    if (!arrived) {
      for (int r = 1; r < ranks; ++r)
        if (roster.state(r) == Roster::State::waiting) answer(r);
      bool over = false;
      {
        std::lock_guard g(lock);
        over = local_done && dispatcher.all_done();
        if (over) end.hung = roster.hung(dispatcher, since(t0), min_overdue_seconds);
      }
      if (over && roster.settled(end.hung)) break;
      // Sleep rather than block: Open MPI's blocking receive spins a core at 100%, which
      // would take a core from the counting threads of this node.
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    session.poll();
  }
  if (local.joinable()) local.join();
  // The final record is saved before any rank is released: from "go" on, a rank frozen inside
  // MPI_Finalize can keep the job from ending normally (docs/RELIABILITY.md, "MPI").
  RunResult result = session.finish();
  if (end.hung.empty()) {  // every rank is ready: all call MPI_Finalize together
    for (int r = 1; r < ranks; ++r) send(r, kTagGo, {});
    for (Outgoing& o : outgoing) MPI_Wait(&o.request, MPI_STATUS_IGNORE);
    end.released = true;
  }  // else the job ends with MPI_Abort, sends to the hung ranks never complete
  return result;
}

}  // namespace nqueens::mpi
