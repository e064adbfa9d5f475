// The CUDA kernels and the device side of a chunk (see gpu_search.hpp for the per-lane search,
// gpu_warp_model.hpp for this loop modelled on the host, docs/GPU.md for the design):
//   expand_kernel  one thread per host job: its tasks `extra` rows deeper, appended from an
//                  atomic cursor (a job that does not fit the buffer is flagged, the host
//                  counts it again);
//   count_kernel   persistent warps: a lane takes the next task inside the loop when its task
//                  ends, one placement per iteration, tie candidates buffered per warp and
//                  classified together, each task's counts added to its host job's tally.
// A chunk is both launches and the copies on one stream; a device has two streams, so the next
// chunk's blocks take the SMs that the previous chunk's last warps leave.
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

#include "cuda/gpu_launch.hpp"

namespace nqueens::gpu {

namespace {

constexpr int kThreadsPerBlock = 128;
constexpr unsigned kFullMask = 0xffffffffu;
// Tasks a chunk's buffer holds (32 bytes each) and host jobs a chunk holds at most.
constexpr std::size_t kTaskCapacity = std::size_t{1} << 23;
constexpr std::size_t kMaxChunkJobs = std::size_t{1} << 20;

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string("CUDA error in ") + what + ": " +
                             cudaGetErrorString(status));
}

// Shared-memory words of one warp: its stack frames, board bytes, tie buffer and tie tallies.
__host__ __device__ constexpr int warp_words(int levels) {
  return levels * kWarp * 4 + (kBoardWords + kTieWords + 3) * kWarp;
}

__global__ void __launch_bounds__(kThreadsPerBlock)
    expand_kernel(int n, const PackedJob* __restrict__ jobs, unsigned count,
                  Task* __restrict__ tasks, unsigned long long capacity, unsigned long long* cursor,
                  std::uint8_t* __restrict__ overflow) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  const PackedJob job = jobs[i];
  const int extra = job.unused[0];
  unsigned long long mine = 0;
  expand_job(n, job, extra, i, [&](const Task&) { ++mine; });
  const unsigned long long start = atomicAdd(cursor, mine);
  if (start + mine > capacity) {  // no room: dead tasks in what it reserved, counted again later
    overflow[i] = 1;
    const Word full = shape_of(n).mask;
    for (unsigned long long k = start; k < capacity && k < start + mine; ++k)
      tasks[k] = Task{0, full, 0, i, {}};
    return;
  }
  overflow[i] = 0;
  unsigned long long k = start;
  expand_job(n, job, extra, i, [&](const Task& t) { tasks[k++] = t; });
}

__global__ void __launch_bounds__(kThreadsPerBlock)
    count_kernel(int n, const Task* __restrict__ tasks,
                 const unsigned long long* __restrict__ cursor, unsigned long long capacity,
                 int levels, PackedTally* __restrict__ tallies, unsigned long long* next) {
  extern __shared__ Frame shared[];
  const int lane = static_cast<int>(threadIdx.x & 31u);
  const int warp = static_cast<int>(threadIdx.x >> 5);
  Word* const base = reinterpret_cast<Word*>(shared) + warp * warp_words(levels);
  Word* const board = base + levels * kWarp * 4;
  Word* const ties = board + kBoardWords * kWarp;
  Word* const tie_tally = ties + kTieWords * kWarp;
  const LaneMemory m{reinterpret_cast<Frame*>(base) + lane, board + lane};
  const Shape s = shape_of(n);
  const unsigned long long count = *cursor < capacity ? *cursor : capacity;
  const unsigned below = (1u << lane) - 1;
  for (int k = 0; k < 3; ++k) tie_tally[k * kWarp + lane] = 0;
  LaneState st{};
  bool drained = false;
  int tie_count = 0;

  // Every lane classifies one buffered tie candidate; the counts go to its lane's tallies.
  auto flush = [&] {
    __syncwarp();
    if (lane < tie_count) {
      const int size = classify_tie(n, ties + lane);
      if (size != 0)
        atomicAdd(&tie_tally[tally_index(size) * kWarp + ties[kBoardWords * kWarp + lane]], 1u);
    }
    tie_count = 0;
    __syncwarp();
  };

  for (;;) {
    unsigned busy = __ballot_sync(kFullMask, st.top != 0);
    if (busy != kFullMask && !drained) {  // refill: the idle lanes claim the next tasks together
      const unsigned need = ~busy;
      const int leader = __ffs(static_cast<int>(need)) - 1;
      unsigned long long first = 0;
      if (lane == leader) first = atomicAdd(next, static_cast<unsigned long long>(__popc(need)));
      first = __shfl_sync(kFullMask, first, leader);
      if (first + static_cast<unsigned>(__popc(need)) >= count) drained = true;
      if (st.top == 0) {
        const unsigned long long index = first + static_cast<unsigned>(__popc(need & below));
        if (index < count) start_task(s, tasks[index], m, st);
      }
      busy = __ballot_sync(kFullMask, st.top != 0);
    }
    if (busy == 0) {
      if (drained) break;
      continue;
    }
    bool tie = false, ended = false;
    if (st.top != 0) {
      tie = step(s, m, st);
      ended = st.top == 0;
    }
    if (__ballot_sync(kFullMask, tie || ended) == 0) continue;  // the common case: one vote
    const unsigned tied = __ballot_sync(kFullMask, tie);
    if (tied != 0) {
      if (tie_count + __popc(tied) > kWarp) flush();
      if (tie) copy_tie(board + lane, ties + tie_count + __popc(tied & below), lane);
      tie_count += __popc(tied);
    }
    if (__ballot_sync(kFullMask, ended) != 0) {
      if (tie_count > 0) flush();
      if (ended) {  // the task's counts to its host job
        PackedTally* t = tallies + st.slot;
        const Word t2 = tie_tally[lane], t4 = tie_tally[kWarp + lane];
        const unsigned long long t8 = st.s8 + tie_tally[2 * kWarp + lane];
        if (t2 != 0) atomicAdd(reinterpret_cast<unsigned long long*>(&t->size2), t2);
        if (t4 != 0) atomicAdd(reinterpret_cast<unsigned long long*>(&t->size4), t4);
        if (t8 != 0) atomicAdd(reinterpret_cast<unsigned long long*>(&t->size8), t8);
        tie_tally[lane] = tie_tally[kWarp + lane] = tie_tally[2 * kWarp + lane] = 0;
      }
    }
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
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t count) {
    check(cudaMalloc(reinterpret_cast<void**>(&ptr), sizeof(T) * (count == 0 ? 1 : count)),
          "cudaMalloc");
  }
  ~DeviceBuffer() { cudaFree(ptr); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};

// Pinned host memory, so that copies run asynchronously on the chunk's stream.
template <class T>
struct PinnedBuffer {
  T* ptr = nullptr;
  explicit PinnedBuffer(std::size_t count) {
    check(cudaMallocHost(reinterpret_cast<void**>(&ptr), sizeof(T) * (count == 0 ? 1 : count)),
          "cudaMallocHost");
  }
  ~PinnedBuffer() { cudaFreeHost(ptr); }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
};

// The buffers of one chunk in flight.
struct ChunkBuffers {
  cudaStream_t stream = nullptr;
  DeviceBuffer<PackedJob> jobs{kMaxChunkJobs};
  DeviceBuffer<Task> tasks;
  DeviceBuffer<PackedTally> tallies{kMaxChunkJobs};
  DeviceBuffer<std::uint8_t> overflow{kMaxChunkJobs};
  DeviceBuffer<unsigned long long> counters{2};  // the expansion cursor, the task cursor
  PinnedBuffer<PackedJob> host_jobs{kMaxChunkJobs};
  PinnedBuffer<PackedTally> host_tallies{kMaxChunkJobs};
  PinnedBuffer<std::uint8_t> host_overflow{kMaxChunkJobs};
  PinnedBuffer<unsigned long long> host_counters{2};
  std::size_t count = 0;
  explicit ChunkBuffers(std::size_t capacity) : tasks(capacity) {
    check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreate");
  }
  ~ChunkBuffers() {
    if (stream) {
      cudaStreamSynchronize(stream);
      cudaStreamDestroy(stream);
    }
  }
};

class CudaChunkCounter : public ChunkCounter {
 public:
  CudaChunkCounter(int device, int n) : device_(device), n_(n) {
    check(cudaSetDevice(device), "cudaSetDevice");
    check(cudaGetDeviceProperties(&props_, device), "cudaGetDeviceProperties");
    // Two task buffers in at most an eighth of the device's memory.
    capacity_ = kTaskCapacity;
    while (capacity_ > (std::size_t{1} << 16) &&
           2 * capacity_ * sizeof(Task) > props_.totalGlobalMem / 8)
      capacity_ /= 2;
    for (int b = 0; b < 2; ++b) buffers_[b] = new ChunkBuffers(capacity_);
  }
  ~CudaChunkCounter() override {
    cudaSetDevice(device_);
    for (ChunkBuffers* b : buffers_) delete b;
  }
  std::string name() const override { return "GPU " + std::to_string(device_); }
  std::size_t task_capacity() const override { return capacity_; }
  std::size_t max_jobs() const override { return kMaxChunkJobs; }

  void start(int b, const PackedJob* jobs, std::size_t count) override {
    check(cudaSetDevice(device_), "cudaSetDevice");
    ChunkBuffers& c = *buffers_[b];
    c.count = count;
    if (count == 0) return;
    int shallowest = kTaskRows;
    for (std::size_t i = 0; i < count; ++i) {
      c.host_jobs.ptr[i] = jobs[i];
      shallowest = std::min(shallowest, jobs[i].depth + jobs[i].unused[0]);
    }
    const int levels = n_ - 1 - shallowest > 1 ? n_ - 1 - shallowest : 1;
    check(cudaMemcpyAsync(c.jobs.ptr, c.host_jobs.ptr, sizeof(PackedJob) * count,
                          cudaMemcpyHostToDevice, c.stream),
          "cudaMemcpyAsync (jobs)");
    check(cudaMemsetAsync(c.counters.ptr, 0, 2 * sizeof(unsigned long long), c.stream),
          "cudaMemsetAsync");
    check(cudaMemsetAsync(c.tallies.ptr, 0, sizeof(PackedTally) * count, c.stream),
          "cudaMemsetAsync");
    const unsigned expand_blocks =
        static_cast<unsigned>((count + kThreadsPerBlock - 1) / kThreadsPerBlock);
    expand_kernel<<<expand_blocks, kThreadsPerBlock, 0, c.stream>>>(
        n_, c.jobs.ptr, static_cast<unsigned>(count), c.tasks.ptr, capacity_, c.counters.ptr,
        c.overflow.ptr);
    check(cudaGetLastError(), "expand_kernel launch");

    // Block size: 128 threads, halved while the warps' shared memory does not fit.
    int block = kThreadsPerBlock;
    auto shared_bytes = [&](int threads) {
      return static_cast<std::size_t>(warp_words(levels)) * sizeof(Word) * (threads / kWarp);
    };
    while (block > kWarp && shared_bytes(block) > props_.sharedMemPerBlockOptin) block /= 2;
    const std::size_t shared = shared_bytes(block);
    if (shared > props_.sharedMemPerBlockOptin)
      throw std::runtime_error("the search stacks do not fit the GPU's shared memory");
    if (shared > 48 * 1024)
      check(cudaFuncSetAttribute(count_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 static_cast<int>(shared)),
            "cudaFuncSetAttribute");
    int per_sm = 0;
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, count_kernel, block, shared),
          "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    if (per_sm < 1) per_sm = 1;
    const unsigned blocks = static_cast<unsigned>(per_sm * props_.multiProcessorCount);
    count_kernel<<<blocks, block, shared, c.stream>>>(n_, c.tasks.ptr, c.counters.ptr, capacity_,
                                                      levels, c.tallies.ptr, c.counters.ptr + 1);
    check(cudaGetLastError(), "count_kernel launch");
    check(cudaMemcpyAsync(c.host_tallies.ptr, c.tallies.ptr, sizeof(PackedTally) * count,
                          cudaMemcpyDeviceToHost, c.stream),
          "cudaMemcpyAsync (counts)");
    check(cudaMemcpyAsync(c.host_overflow.ptr, c.overflow.ptr, count, cudaMemcpyDeviceToHost,
                          c.stream),
          "cudaMemcpyAsync (overflow)");
    check(cudaMemcpyAsync(c.host_counters.ptr, c.counters.ptr, sizeof(unsigned long long),
                          cudaMemcpyDeviceToHost, c.stream),
          "cudaMemcpyAsync (cursor)");
  }

  std::size_t wait(int b, PackedTally* tallies, std::uint8_t* overflow) override {
    ChunkBuffers& c = *buffers_[b];
    if (c.count == 0) return 0;
    check(cudaSetDevice(device_), "cudaSetDevice");
    check(cudaStreamSynchronize(c.stream), "count_kernel");
    for (std::size_t i = 0; i < c.count; ++i) {
      tallies[i] = c.host_tallies.ptr[i];
      overflow[i] = c.host_overflow.ptr[i];
    }
    return static_cast<std::size_t>(c.host_counters.ptr[0]);
  }

 private:
  int device_, n_;
  cudaDeviceProp props_{};
  std::size_t capacity_ = 0;
  ChunkBuffers* buffers_[2] = {nullptr, nullptr};
};

}  // namespace

int cuda_device_count(std::string* why) {
  int devices = 0;
  const cudaError_t status = cudaGetDeviceCount(&devices);
  if (status != cudaSuccess) {
    cudaGetLastError();  // clear the error for later calls
    if (why) {
      if (status == cudaErrorNoDevice)
        *why = "no CUDA device available";
      else if (status == cudaErrorInsufficientDriver)
        *why = "no CUDA device available (no NVIDIA driver, or one too old for CUDA " +
               std::to_string(CUDART_VERSION / 1000) + "." +
               std::to_string(CUDART_VERSION % 1000 / 10) + ")";
      else
        *why = std::string("no CUDA device available (") + cudaGetErrorString(status) + ")";
    }
    return 0;
  }
  if (devices == 0 && why) *why = "no CUDA device available";
  return devices;
}

std::string cuda_unavailable_reason(int device) {
  std::string why;
  const int devices = cuda_device_count(&why);
  if (devices == 0) return why;
  if (device < 0 || device >= devices)
    return "no CUDA device " + std::to_string(device) + " (this machine has " +
           std::to_string(devices) + ": 0.." + std::to_string(devices - 1) + ")";
  if (cudaSetDevice(device) != cudaSuccess) {
    cudaGetLastError();
    return "CUDA device " + std::to_string(device) + " cannot be used";
  }
  cudaFuncAttributes attributes;
  const cudaError_t image = cudaFuncGetAttributes(&attributes, count_kernel);
  if (image != cudaSuccess) {
    cudaGetLastError();
    cudaDeviceProp p{};
    cudaGetDeviceProperties(&p, device);
    return "CUDA device " + std::to_string(device) + " " + std::string(p.name) + " (compute " +
           std::to_string(p.major) + "." + std::to_string(p.minor) +
           ") cannot run this build's kernel (" + cudaGetErrorString(image) +
           "; rebuild with -DCMAKE_CUDA_ARCHITECTURES=" + std::to_string(p.major * 10 + p.minor) +
           ")";
  }
  return "";
}

std::string cuda_device_description(int device) {
  std::string why;
  if (device < 0 || device >= cuda_device_count(&why)) return "";
  cudaDeviceProp p{};
  if (cudaGetDeviceProperties(&p, device) != cudaSuccess) {
    cudaGetLastError();
    return "";
  }
  return std::string(p.name) + ", " + std::to_string(p.multiProcessorCount) + " SMs, compute " +
         std::to_string(p.major) + "." + std::to_string(p.minor);
}

std::unique_ptr<ChunkCounter> make_cuda_counter(int device, int n) {
  return std::unique_ptr<ChunkCounter>(new CudaChunkCounter(device, n));
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
