// count_k_queens (src/engine/include/nqueens/kqueens.hpp): the prefixes of the k-queens search
// (src/kernels/kqueens_search.cpp) counted on every thread, then Burnside's lemma for the
// placements up to symmetry.
#include "nqueens/kqueens.hpp"

#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>

#include "kernels/kqueens_search.hpp"
#include "nqueens/parallel.hpp"

namespace nqueens {

namespace {

using u64 = std::uint64_t;

// False when stopped before every prefix was counted.
bool count_all(int n, int target, int threads, const std::atomic<bool>* stop,
               std::vector<u64>& total) {
  const std::vector<kernels::KQueensPrefix> prefixes = kernels::kqueens_prefixes(n, target);
  total.assign(static_cast<std::size_t>(n) + 1, 0);
  std::mutex lock;
  return parallel_for(prefixes.size(), threads, [&](std::size_t i) {
    const std::vector<u64> c = kernels::kqueens_count_prefix(n, target, prefixes[i]);
    std::lock_guard guard(lock);
    for (std::size_t k = 0; k < total.size(); ++k) total[k] += c[k];
    return stop == nullptr || !stop->load(std::memory_order_relaxed);
  });
}

}  // namespace

KQueensTable count_k_queens(const KQueensOptions& o) {
  if (o.n < 0 || o.n > kMaxKQueensN)
    throw std::invalid_argument(
        fmt::format("N must be between 0 and {} for k queens, got {}", kMaxKQueensN, o.n));
  if (o.k < -1 || o.k > o.n)
    throw std::invalid_argument(fmt::format("k must be between 0 and N = {}, got {}", o.n, o.k));
  const auto start = std::chrono::steady_clock::now();
  const int n = o.n;
  const auto size = static_cast<std::size_t>(n) + 1;
  KQueensTable t;
  t.n = n;
  t.k = o.k;
  if (n == 0) {
    t.total = {1};
  } else if (!count_all(n, o.k, o.threads, o.stop, t.total)) {
    t.finished = false;
    t.unique.assign(size, 0);
    return t;
  }
  std::vector<u64> rot90 =
      n == 0 ? std::vector<u64>{1} : kernels::kqueens_fixed_by(n, Transform::rotate90, o.k);
  std::vector<u64> rot180 =
      n == 0 ? std::vector<u64>{1} : kernels::kqueens_fixed_by(n, Transform::rotate180, o.k);
  t.unique.assign(size, 0);
  for (std::size_t k = 0; k < size; ++k) {
    if (o.k >= 0 && static_cast<int>(k) != o.k) {
      t.total[k] = 0;
      continue;
    }
    // Each of the 4 reflections fixes the empty board; the two axis mirrors fix a single
    // queen on the middle column/row (odd n), the two diagonal mirrors one on their diagonal.
    const u64 mirrors = k == 0   ? 4
                        : k == 1 ? 2 * static_cast<u64>(n) * (n % 2) + 2 * static_cast<u64>(n)
                                 : 0;
    const u64 sum = t.total[k] + 2 * rot90[k] + rot180[k] + mirrors;
    if (sum % 8 != 0) throw std::logic_error("Burnside sum not divisible by 8");
    t.unique[k] = sum / 8;
  }
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return t;
}

}  // namespace nqueens
