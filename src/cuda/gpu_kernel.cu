// The CUDA counting kernel: one thread per job, DFS stacks in shared memory, jobs handed out
// by a global atomic counter. The per-thread search is gpu_search.hpp, the same code the host
// tests run on the CPU; this file only launches it. See docs/ALGORITHMS.md, "GPU".
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

#include "cuda/gpu_launch.hpp"

namespace nqueens::gpu {

namespace {

// 128 threads x 48 stack words x 4 bytes = 24 KB of shared memory per block at N = 21
// (depth 7): 9 blocks fit an H100 SM, against 12 by registers (40 a thread).
constexpr int kThreadsPerBlock = 128;

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string("CUDA error in ") + what + ": " +
                             cudaGetErrorString(status));
}

// Persistent threads: each takes the next unclaimed job until none is left, so a thread that
// drew a small subtree simply takes another instead of idling until its block ends.
__global__ void __launch_bounds__(kThreadsPerBlock)
    count_jobs_kernel(int n, const PackedJob* __restrict__ jobs, unsigned long long count,
                      PackedTally* __restrict__ out, unsigned long long* next) {
  extern __shared__ Word stacks[];  // stack word (slot, field) of thread t at
                                    // [(slot * 4 + field) * blockDim.x + t]
  Word* mine = stacks + threadIdx.x;
  const int stride = static_cast<int>(blockDim.x);
  for (;;) {
    const unsigned long long i = atomicAdd(next, 1ull);
    if (i >= count) return;
    const PackedJob job = jobs[i];
    out[i] = count_packed_job(n, job, mine, stride);
  }
}

// The same persistent scheme for the prefix tables: one partial board per claim, no symmetry.
__global__ void __launch_bounds__(kThreadsPerBlock)
    count_all_below_kernel(int n, const Word* __restrict__ masks, unsigned long long count,
                           unsigned long long* __restrict__ out, unsigned long long* next) {
  for (;;) {
    const unsigned long long i = atomicAdd(next, 1ull);
    if (i >= count) return;
    out[i] = count_all_below(n, masks[3 * i], masks[3 * i + 1], masks[3 * i + 2]);
  }
}

// Device memory that frees itself, so an exception on the way out leaks nothing.
template <class T>
struct DeviceBuffer {
  T* ptr = nullptr;
  explicit DeviceBuffer(std::size_t count) {
    check(cudaMalloc(reinterpret_cast<void**>(&ptr), sizeof(T) * (count == 0 ? 1 : count)),
          "cudaMalloc");
  }
  ~DeviceBuffer() { cudaFree(ptr); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};

}  // namespace

std::string cuda_unavailable_reason() {
  int devices = 0;
  const cudaError_t status = cudaGetDeviceCount(&devices);
  if (status != cudaSuccess) {
    cudaGetLastError();  // clear the error for later calls
    if (status == cudaErrorNoDevice) return "no CUDA device available";
    if (status == cudaErrorInsufficientDriver)
      return "no CUDA device available (no NVIDIA driver, or one too old for CUDA " +
             std::to_string(CUDART_VERSION / 1000) + "." +
             std::to_string(CUDART_VERSION % 1000 / 10) + ")";
    return std::string("no CUDA device available (") + cudaGetErrorString(status) + ")";
  }
  if (devices == 0) return "no CUDA device available";
  cudaFuncAttributes attributes;
  const cudaError_t image = cudaFuncGetAttributes(&attributes, count_jobs_kernel);
  if (image != cudaSuccess) {
    cudaGetLastError();
    cudaDeviceProp p{};
    cudaGetDeviceProperties(&p, 0);
    return "CUDA device " + std::string(p.name) + " (compute " + std::to_string(p.major) + "." +
           std::to_string(p.minor) + ") cannot run this build's kernel (" +
           cudaGetErrorString(image) +
           "; rebuild with -DCMAKE_CUDA_ARCHITECTURES=" + std::to_string(p.major * 10 + p.minor) +
           ")";
  }
  return "";
}

std::string cuda_device_description() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    cudaGetLastError();
    return "";
  }
  cudaDeviceProp p{};
  if (cudaGetDeviceProperties(&p, 0) != cudaSuccess) return "";
  return std::string(p.name) + ", " + std::to_string(p.multiProcessorCount) + " SMs, compute " +
         std::to_string(p.major) + "." + std::to_string(p.minor);
}

void launch_on_device(int n, int depth, const PackedJob* jobs, std::size_t count,
                      PackedTally* out) {
  if (count == 0) return;
  check(cudaSetDevice(0), "cudaSetDevice");
  cudaDeviceProp p{};
  check(cudaGetDeviceProperties(&p, 0), "cudaGetDeviceProperties");

  // Shared memory per block for the stacks; halve the block for very deep stacks (N near
  // 32 with a shallow list) until it fits what the device allows.
  const std::size_t words = static_cast<std::size_t>(stack_words(n, depth));
  int block = kThreadsPerBlock;
  auto shared_bytes = [&](int threads) {
    return words * sizeof(Word) * static_cast<std::size_t>(threads);
  };
  while (block > 32 && shared_bytes(block) > p.sharedMemPerBlockOptin) block /= 2;
  const std::size_t shared = shared_bytes(block);
  if (shared > p.sharedMemPerBlockOptin)
    throw std::runtime_error("the job stacks do not fit the GPU's shared memory");
  if (shared > 48 * 1024)
    check(cudaFuncSetAttribute(count_jobs_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               static_cast<int>(shared)),
          "cudaFuncSetAttribute");
  int per_sm = 0;
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, count_jobs_kernel, block, shared),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  if (per_sm < 1) per_sm = 1;
  const std::size_t wanted = (count + static_cast<std::size_t>(block) - 1) / block;
  const std::size_t resident = static_cast<std::size_t>(per_sm) * p.multiProcessorCount;
  const unsigned blocks = static_cast<unsigned>(wanted < resident ? wanted : resident);

  DeviceBuffer<PackedJob> d_jobs(count);
  DeviceBuffer<PackedTally> d_out(count);
  DeviceBuffer<unsigned long long> d_next(1);
  check(cudaMemcpy(d_jobs.ptr, jobs, sizeof(PackedJob) * count, cudaMemcpyHostToDevice),
        "cudaMemcpy (jobs)");
  check(cudaMemset(d_next.ptr, 0, sizeof(unsigned long long)), "cudaMemset");
  count_jobs_kernel<<<blocks, block, shared>>>(n, d_jobs.ptr, count, d_out.ptr, d_next.ptr);
  check(cudaGetLastError(), "kernel launch");
  check(cudaDeviceSynchronize(), "kernel");
  check(cudaMemcpy(out, d_out.ptr, sizeof(PackedTally) * count, cudaMemcpyDeviceToHost),
        "cudaMemcpy (counts)");
}

void count_all_below_on_device(int n, const Word* masks, std::size_t count, std::uint64_t* out) {
  if (count == 0) return;
  check(cudaSetDevice(0), "cudaSetDevice");
  cudaDeviceProp p{};
  check(cudaGetDeviceProperties(&p, 0), "cudaGetDeviceProperties");
  int per_sm = 0;
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, count_all_below_kernel,
                                                      kThreadsPerBlock, 0),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  if (per_sm < 1) per_sm = 1;
  const std::size_t wanted = (count + kThreadsPerBlock - 1) / kThreadsPerBlock;
  const std::size_t resident = static_cast<std::size_t>(per_sm) * p.multiProcessorCount;
  const unsigned blocks = static_cast<unsigned>(wanted < resident ? wanted : resident);

  DeviceBuffer<Word> d_masks(3 * count);
  DeviceBuffer<unsigned long long> d_out(count);
  DeviceBuffer<unsigned long long> d_next(1);
  check(cudaMemcpy(d_masks.ptr, masks, sizeof(Word) * 3 * count, cudaMemcpyHostToDevice),
        "cudaMemcpy (boards)");
  check(cudaMemset(d_next.ptr, 0, sizeof(unsigned long long)), "cudaMemset");
  count_all_below_kernel<<<blocks, kThreadsPerBlock>>>(n, d_masks.ptr, count, d_out.ptr,
                                                       d_next.ptr);
  check(cudaGetLastError(), "kernel launch");
  check(cudaDeviceSynchronize(), "kernel");
  static_assert(sizeof(unsigned long long) == sizeof(std::uint64_t));
  check(cudaMemcpy(out, d_out.ptr, sizeof(std::uint64_t) * count, cudaMemcpyDeviceToHost),
        "cudaMemcpy (counts)");
}

}  // namespace nqueens::gpu
