// The GPU backend of `nqueens count --gpu` (internal; built when NQUEENS_CUDA is on, which
// defines NQUEENS_HAVE_CUDA for its users). It counts the CPU's own job list, so run_count()
// keeps progress, checkpoints, shards and the stop flag as on the CPU, and a GPU run's record
// resumes with or without --gpu:
//
//   gpu::GpuCount gpus(20, {});          // every visible GPU; {0, 2}: those two
//   RunOptions o;  o.n = 20;  o.method = CountMethod::backtrack;
//   o.count_jobs = [&](auto& list, auto remaining, auto& record) { gpus.count(list, remaining,
//   record); }; run_count(o);
//
// Only this header is the backend's interface (the target exports src/cuda, nothing else of
// src/); the other headers of src/cuda are its inside (docs/GPU.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "nqueens/count.hpp"
#include "nqueens/jobs.hpp"

namespace nqueens::gpu {

// The largest N the GPU counts (two bits of a row word carry the tie flags).
inline constexpr int kMaxCountGpuN = 30;

// "" when every listed device (every visible one for an empty list) can count, else one
// sentence saying why not: "no CUDA device available ...", "no CUDA device 5 (this machine has
// 2: 0..1)", or a device too old for the build.
std::string unavailable_reason(const std::vector<int>& devices);

// The device's name, SM count and compute capability ("" when there is none).
std::string device_description(int device = 0);

class ChunkCounter;
struct DeviceProgress;

// A count on a set of GPUs: one dynamic queue of the CPU's host jobs feeds every device (heavy
// jobs first, two chunks in flight per device).
class GpuCount {
 public:
  // Opens the devices (every visible one for an empty list); `kernel` is the run's kernel tier
  // (RunOptions::kernel), for the jobs counted on the host. Throws std::runtime_error naming
  // the CUDA error, std::invalid_argument for N out of range.
  GpuCount(int n, const std::vector<int>& devices, std::optional<KernelTier> kernel = std::nullopt);
  ~GpuCount();
  GpuCount(const GpuCount&) = delete;
  GpuCount& operator=(const GpuCount&) = delete;

  // RunOptions::count_jobs: counts the remaining jobs, record(index, counts) for each. Throws
  // std::runtime_error naming a CUDA error (what was recorded stays recorded).
  void count(const JobList& list, std::span<const std::size_t> remaining,
             const std::function<bool(std::size_t, const SolutionCounts&)>& record);

  // Each device's rate so far: "GPU 0 1.2k jobs/s, GPU 2 1.1k jobs/s".
  std::string rates() const;

 private:
  std::vector<std::unique_ptr<ChunkCounter>> counters_;
  std::unique_ptr<DeviceProgress[]> progress_;
  std::vector<int> devices_;
  std::optional<KernelTier> kernel_;
};

// All solutions below every prefix of `depth` queens, as nqueens::count_prefix_subtrees(n,
// depth, false) returns them (result[(c0 * n + c1) * n + ...], zero where queens attack), counted
// on GPU 0: the prefixes with c0 <= (N-1)/2 are cut two rows deeper into partial boards, one
// GPU thread each; the mirror prefixes copy their counts. For the random-access tables of large
// N (tools/rank_table_gen --gpu). Requires 4 <= N <= 32 and 1 <= depth <= N - 3.
// Throws std::invalid_argument outside that range, std::runtime_error on a CUDA error.
std::vector<std::uint64_t> count_prefix_subtrees(int n, int depth);

}  // namespace nqueens::gpu
