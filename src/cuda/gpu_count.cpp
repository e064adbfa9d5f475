#include "gpu_count.hpp"

#include "gpu_batch.hpp"
#include "gpu_launch.hpp"

namespace nqueens::gpu {

LaunchShape launch_shape(int n) {
  return {job_depth(n), kBatchJobs};
}

std::string unavailable_reason() {
  return cuda_unavailable_reason();
}

std::string device_description() {
  return cuda_device_description();
}

void count_batch(const JobList& list, std::span<const std::size_t> indices,
                 std::span<SolutionCounts> out) {
  count_batch_with(
      list, indices, out,
      [](int n, int depth, std::span<const PackedJob> jobs, std::span<PackedTally> tallies) {
        launch_on_device(n, depth, jobs.data(), jobs.size(), tallies.data());
      });
}

}  // namespace nqueens::gpu
