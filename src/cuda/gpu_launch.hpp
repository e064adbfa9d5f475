// The CUDA side of the GPU backend (internal): the only functions gpu_kernel.cu exports, in
// plain C++ so that nothing else in the project is compiled by nvcc.
#pragma once

#include <cstddef>
#include <string>

#include "cuda/gpu_search.hpp"

namespace nqueens::gpu {

// "" when device 0 can run the kernel, else one sentence saying why not (no driver, no
// device, or a device too old for the compiled architectures).
std::string cuda_unavailable_reason();

// "NVIDIA H100 80GB HBM3, 132 SMs, compute 9.0" (empty when there is none).
std::string cuda_device_description();

// Counts jobs[0..count) on device 0 into out[0..count): one thread per job, jobs handed out
// by a global atomic counter, each thread's DFS stack (stack_words(n, depth) words) in shared
// memory. Blocks until done. Throws std::runtime_error naming the CUDA error.
void launch_on_device(int n, int depth, const PackedJob* jobs, std::size_t count, PackedTally* out);

// count_all_below() of `count` partial boards on device 0: masks[3 * i .. 3 * i + 2] are board
// i's left, down and right masks; out[i] its solutions. Blocks until done; throws
// std::runtime_error naming the CUDA error.
void count_all_below_on_device(int n, const Word* masks, std::size_t count, std::uint64_t* out);

}  // namespace nqueens::gpu
