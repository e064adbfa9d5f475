#include "gpu_count.hpp"

#include <cstdint>
#include <stdexcept>

#include "gpu_batch.hpp"
#include "gpu_launch.hpp"
#include "nqueens/rank.hpp"

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
