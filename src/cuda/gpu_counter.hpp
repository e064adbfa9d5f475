// One device as the host pipeline (gpu_pipeline.hpp) sees it (internal; C++17, so that nvcc
// compiles gpu_kernel.cu's implementation without the rest of the project): it counts chunks
// of packed host jobs, two at a time. The CUDA one is make_cuda_counter (gpu_launch.hpp); the
// tests use the host model of gpu_warp_model.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "cuda/gpu_search.hpp"

namespace nqueens::gpu {

class ChunkCounter {
 public:
  virtual ~ChunkCounter() = default;
  virtual std::string name() const = 0;           // "GPU 0"
  virtual std::size_t task_capacity() const = 0;  // tasks one chunk may expand into
  virtual std::size_t max_jobs() const = 0;       // host jobs one chunk may hold
  // Starts counting jobs[0..count) in buffer b (0 or 1); a GPU returns at once.
  virtual void start(int b, const PackedJob* jobs, std::size_t count) = 0;
  // Waits for buffer b's chunk: per job its counts and whether its tasks overflowed the
  // capacity (1) or not (0). Returns the tasks the chunk expanded into, overflowed ones
  // included. Throws std::runtime_error naming a device error.
  virtual std::size_t wait(int b, PackedTally* tallies, std::uint8_t* overflow) = 0;
};

}  // namespace nqueens::gpu
