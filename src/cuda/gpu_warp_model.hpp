// The CUDA kernels of gpu_kernel.cu modelled on the host (internal): the expansion of host
// jobs into tasks and one warp's loop (refill, placement, tie buffer, flush, publish), run
// lane by lane in lock step with the device functions of gpu_search.hpp and the same shared-
// memory layout. tests/cuda/gpu_search_test.cpp runs whole counts through it, so everything
// but the CUDA launch itself is tested without a GPU; the kernel follows this loop phase by
// phase.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "cuda/gpu_pipeline.hpp"
#include "cuda/gpu_search.hpp"

namespace nqueens::gpu {

// What the model saw, for tests and node counts.
struct WarpStats {
  std::uint64_t iterations = 0;  // warp iterations (lock steps)
  std::uint64_t placements = 0;  // lane steps that placed a queen (nodes)
  std::uint64_t ties = 0;        // tie candidates buffered
  std::uint64_t flushes = 0;     // tie-buffer classifications
  std::uint64_t refills = 0;     // tasks taken
};

// The expansion kernel: job i's tasks `jobs[i].unused[0]` rows below it go to tasks[] from an
// atomic cursor; a job whose tasks do not fit the capacity is flagged in overflow[i] (its
// reserved places get tasks without candidates) and counted again by the host later. Returns
// the tasks written (<= capacity).
inline std::size_t expand_on_host(int n, std::span<const PackedJob> jobs, std::vector<Task>& tasks,
                                  std::size_t capacity, std::span<std::uint8_t> overflow) {
  const Shape s = shape_of(n);
  std::size_t wanted = 0;
  for (const PackedJob& j : jobs) expand_job(n, j, j.unused[0], 0, [&](const Task&) { ++wanted; });
  tasks.assign(std::min(wanted, capacity), Task{});
  std::size_t cursor = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const int extra = jobs[i].unused[0];
    std::size_t count = 0;
    expand_job(n, jobs[i], extra, 0, [&](const Task&) { ++count; });
    const std::size_t start = cursor;
    cursor += count;
    overflow[i] = start + count > capacity ? 1 : 0;
    if (overflow[i] != 0) {
      for (std::size_t k = start; k < std::min(start + count, tasks.size()); ++k)
        tasks[k] = Task{0, s.mask, 0, static_cast<std::uint32_t>(i), {}};
      continue;
    }
    std::size_t k = start;
    expand_job(n, jobs[i], extra, static_cast<std::uint32_t>(i),
               [&](const Task& t) { tasks[k++] = t; });
  }
  return std::min(cursor, capacity);
}

// The counting kernel's loop for one warp over tasks[0..count), adding each task's counts to
// tallies[task.slot]. `levels` is the stack slots a lane needs (N-1 - the shallowest task row).
inline void count_warp_on_host(int n, std::span<const Task> tasks, int levels,
                               std::span<PackedTally> tallies, WarpStats* stats = nullptr) {
  const Shape s = shape_of(n);
  std::vector<Frame> frames(static_cast<std::size_t>(std::max(levels, 1)) * kWarp,
                            Frame{0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef});
  std::vector<Word> board(kBoardWords * kWarp, 0xdeadbeef);
  std::vector<Word> ties(kTieWords * kWarp, 0xdeadbeef);
  std::vector<Word> tie_tally(3 * kWarp, 0);
  LaneState lane[kWarp] = {};
  auto memory = [&](int l) { return LaneMemory{frames.data() + l, board.data() + l}; };
  WarpStats local;
  std::size_t next = 0;  // the global task cursor
  bool drained = false;
  int tie_count = 0;
  auto flush = [&] {  // every lane classifies one buffered entry
    ++local.flushes;
    for (int e = 0; e < tie_count; ++e) {
      const int size = classify_tie(n, ties.data() + e);
      const Word src = ties[kBoardWords * kWarp + e];
      if (size != 0) ++tie_tally[tally_index(size) * kWarp + src];
    }
    tie_count = 0;
  };
  for (;;) {
    // Refill: the lanes without a task claim the next ones together.
    if (!drained) {
      int need = 0;
      for (int l = 0; l < kWarp; ++l) need += lane[l].top == 0 ? 1 : 0;
      if (need > 0) {
        const std::size_t base = next;
        next += static_cast<std::size_t>(need);
        if (next >= tasks.size()) drained = true;
        int rank = 0;
        for (int l = 0; l < kWarp; ++l) {
          if (lane[l].top != 0) continue;
          const std::size_t index = base + static_cast<std::size_t>(rank++);
          if (index < tasks.size()) {
            start_task(s, tasks[index], memory(l), lane[l]);
            ++local.refills;
          }
        }
      }
    }
    bool any = false;
    for (int l = 0; l < kWarp; ++l) any = any || lane[l].top != 0;
    if (!any) {
      if (drained) break;
      continue;
    }
    ++local.iterations;
    // One placement per busy lane.
    bool tie[kWarp] = {}, ended[kWarp] = {};
    int new_ties = 0;
    for (int l = 0; l < kWarp; ++l) {
      if (lane[l].top == 0) continue;
      ++local.placements;
      tie[l] = step(s, memory(l), lane[l]);
      ended[l] = lane[l].top == 0;
      new_ties += tie[l] ? 1 : 0;
    }
    // Tie candidates to the buffer, classified together first if they would not fit.
    if (new_ties > 0) {
      if (tie_count + new_ties > kWarp) flush();
      for (int l = 0; l < kWarp; ++l)
        if (tie[l]) {
          copy_tie(board.data() + l, ties.data() + tie_count++, l);
          ++local.ties;
        }
    }
    // Ended tasks publish their counts, after the buffered ties are classified.
    bool any_ended = false;
    for (int l = 0; l < kWarp; ++l) any_ended = any_ended || ended[l];
    if (any_ended) {
      if (tie_count > 0) flush();
      for (int l = 0; l < kWarp; ++l) {
        if (!ended[l]) continue;
        PackedTally& t = tallies[lane[l].slot];
        t.size2 += tie_tally[0 * kWarp + l];
        t.size4 += tie_tally[1 * kWarp + l];
        t.size8 += lane[l].s8 + tie_tally[2 * kWarp + l];
        tie_tally[0 * kWarp + l] = tie_tally[1 * kWarp + l] = tie_tally[2 * kWarp + l] = 0;
      }
    }
  }
  if (stats) {
    stats->iterations += local.iterations;
    stats->placements += local.placements;
    stats->ties += local.ties;
    stats->flushes += local.flushes;
    stats->refills += local.refills;
  }
}

// Stack slots a lane needs when the shallowest task row is `depth`: frames for the rows
// depth .. N-2.
inline int stack_levels(int n, int depth) {
  return std::max(n - 1 - depth, 1);
}

// A ChunkCounter that runs the model: expansion, then one warp over the chunk's tasks.
class HostChunkCounter : public ChunkCounter {
 public:
  HostChunkCounter(int n, std::size_t capacity, std::string name = "host model")
      : n_(n), capacity_(capacity), name_(std::move(name)) {}
  std::string name() const override { return name_; }
  std::size_t task_capacity() const override { return capacity_; }
  std::size_t max_jobs() const override { return std::size_t{1} << 20; }
  void start(int b, const PackedJob* jobs, std::size_t count) override {
    jobs_[b].assign(jobs, jobs + count);
  }
  std::size_t wait(int b, PackedTally* tally_out, std::uint8_t* overflow_out) override {
    const std::vector<PackedJob>& jobs = jobs_[b];
    const std::span<PackedTally> tallies(tally_out, jobs.size());
    const std::span<std::uint8_t> overflow(overflow_out, jobs.size());
    std::size_t requested = 0;
    int depth = kTaskRows;
    for (const PackedJob& j : jobs) {
      expand_job(n_, j, j.unused[0], 0, [&](const Task&) { ++requested; });
      depth = std::min(depth, j.depth + j.unused[0]);
    }
    const std::size_t count = expand_on_host(n_, jobs, tasks_, capacity_, overflow);
    for (PackedTally& t : tallies) t = PackedTally{0, 0, 0};
    count_warp_on_host(n_, std::span<const Task>(tasks_.data(), count), stack_levels(n_, depth),
                       tallies, &stats);
    ++chunks;
    for (const std::uint8_t o : overflow) overflowed += o;
    return requested;
  }
  WarpStats stats;
  std::size_t chunks = 0, overflowed = 0;

 private:
  int n_;
  std::size_t capacity_;
  std::string name_;
  std::vector<PackedJob> jobs_[2];
  std::vector<Task> tasks_;
};

}  // namespace nqueens::gpu
