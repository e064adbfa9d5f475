#include "gpu_count.hpp"

#include <fmt/format.h>
#include <cstdint>
#include <stdexcept>

#include "cuda/gpu_launch.hpp"
#include "cuda/gpu_pipeline.hpp"
#include "nqueens/rank.hpp"

namespace nqueens::gpu {

std::string unavailable_reason(const std::vector<int>& devices) {
  std::string why;
  const int visible = cuda_device_count(&why);
  if (visible == 0) return why;
  if (devices.empty()) {
    for (int d = 0; d < visible; ++d)
      if (std::string r = cuda_unavailable_reason(d); !r.empty()) return r;
    return "";
  }
  for (const int d : devices)
    if (std::string r = cuda_unavailable_reason(d); !r.empty()) return r;
  return "";
}

std::string device_description(int device) {
  return cuda_device_description(device);
}

GpuCount::GpuCount(int n, const std::vector<int>& devices, std::optional<KernelTier> kernel)
    : devices_(devices), kernel_(kernel) {
  if (n < 1 || n > kMaxCountGpuN)
    throw std::invalid_argument(fmt::format("--gpu counts N up to {}, got {}", kMaxCountGpuN, n));
  if (devices_.empty())
    for (int d = 0, visible = cuda_device_count(); d < visible; ++d) devices_.push_back(d);
  progress_ = std::make_unique<DeviceProgress[]>(devices_.size());
  for (std::size_t i = 0; i < devices_.size(); ++i) {
    counters_.push_back(make_cuda_counter(devices_[i], n));
    progress_[i].name = counters_.back()->name();
  }
}

GpuCount::~GpuCount() = default;

void GpuCount::count(const JobList& list, std::span<const std::size_t> remaining,
                     const std::function<bool(std::size_t, const SolutionCounts&)>& record) {
  std::vector<ChunkCounter*> devices;
  for (const auto& c : counters_) devices.push_back(c.get());
  PipelineOptions options;
  options.kernel = kernel_;
  run_pipeline(list, remaining, devices, record, options,
               std::span<DeviceProgress>(progress_.get(), devices_.size()));
}

std::string GpuCount::rates() const {
  std::string out;
  for (std::size_t i = 0; i < devices_.size(); ++i) {
    const double seconds = progress_[i].busy_seconds.load();
    const double rate = seconds > 0 ? static_cast<double>(progress_[i].jobs.load()) / seconds : 0;
    out += fmt::format("{}{} {:.0f} jobs/s", out.empty() ? "" : ", ", progress_[i].name, rate);
  }
  return out;
}

std::vector<std::uint64_t> count_prefix_subtrees(int n, int depth) {
  if (n < 4 || n > 32 || depth < 1 || depth > n - 3)
    throw std::invalid_argument("gpu::count_prefix_subtrees needs 4 <= N <= 32, 1 <= depth <= N-3");
  const int split = depth + 2;  // rows fixed per GPU thread: millions of threads from N = 16
  const Word full = n == 32 ? ~Word{0} : (Word{1} << n) - 1;
  std::size_t size = 1;
  for (int r = 0; r < depth; ++r) size *= static_cast<std::size_t>(n);

  // The partial boards of `split` rows below the prefixes with c0 <= (N-1)/2, in DFS order,
  // with the index of the prefix each one lies below.
  std::vector<Word> masks;
  std::vector<std::size_t> owner;
  int cols[32];
  auto descend = [&](auto&& self, int row, Word left, Word down, Word right) -> void {
    if (row == split) {
      std::size_t prefix = 0;
      for (int r = 0; r < depth; ++r) prefix = prefix * static_cast<std::size_t>(n) + cols[r];
      masks.insert(masks.end(), {left, down, right});
      owner.push_back(prefix);
      return;
    }
    Word todo = full & ~(left | down | right);
    if (row == 0) todo &= (Word{1} << ((n + 1) / 2)) - 1;
    for (; todo != 0; todo &= todo - 1) {
      const Word bit = todo & (0u - todo);
      cols[row] = column_of(bit);
      self(self, row + 1, ((left | bit) << 1) & full, down | bit, (right | bit) >> 1);
    }
  };
  descend(descend, 0, 0, 0, 0);

  std::vector<std::uint64_t> below(owner.size());
  count_all_below_on_device(n, masks.data(), owner.size(), below.data());
  std::vector<std::uint64_t> counts(size, 0);
  for (std::size_t i = 0; i < owner.size(); ++i) counts[owner[i]] += below[i];
  fill_mirror_prefixes(n, depth, counts);  // c0 > (N-1)/2 from the mirror prefixes
  return counts;
}

}  // namespace nqueens::gpu
