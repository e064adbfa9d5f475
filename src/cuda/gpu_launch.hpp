// The CUDA side of the GPU backend (internal): the only functions gpu_kernel.cu exports, in
// plain C++17 so that nothing else in the project is compiled by nvcc.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "cuda/gpu_counter.hpp"
#include "cuda/gpu_search.hpp"

namespace nqueens::gpu {

// The CUDA devices this process sees; 0 when there is none. `why` (when not null) gets one
// sentence when none can be used: "no CUDA device available (...)".
int cuda_device_count(std::string* why = nullptr);

// "" when `device` can run the kernels, else one sentence saying why not (no driver, no such
// device, or a device too old for the compiled architectures).
std::string cuda_unavailable_reason(int device);

// "NVIDIA H100 80GB HBM3, 132 SMs, compute 9.0" (empty when there is no such device).
std::string cuda_device_description(int device);

// A ChunkCounter on `device` for boards of N: two streams, pinned double buffers, the
// expansion kernel and the persistent counting kernel. Throws std::runtime_error naming the
// CUDA error.
std::unique_ptr<ChunkCounter> make_cuda_counter(int device, int n);

// count_all_below() of `count` partial boards on device 0: masks[3 * i .. 3 * i + 2] are board
// i's left, down and right masks; out[i] its solutions. Blocks until done; throws
// std::runtime_error naming the CUDA error.
void count_all_below_on_device(int n, const Word* masks, std::size_t count, std::uint64_t* out);

}  // namespace nqueens::gpu
