// The prefix tables behind SolutionIndex (src/engine/include/nqueens/rank_tables.hpp), counted on
// every core: each prefix's subtree is one independent piece of work for the engine's parallel_for.
#include <stdexcept>
#include <vector>

#include "nqueens/parallel.hpp"
#include "nqueens/rank_tables.hpp"

namespace nqueens {

std::vector<std::uint64_t> count_prefix_subtrees(int n, int depth, bool unique, int threads,
                                                 KernelTier tier) {
  if (n < 2 || n > 32 || depth < 2 || depth > kMaxPrefixDepth || depth > n)
    throw std::invalid_argument("count_prefix_subtrees needs 2 <= N <= 32 and depth 2 to 4");
  std::size_t size = 1;
  for (int r = 0; r < depth; ++r) size *= static_cast<std::size_t>(n);
  std::vector<std::uint64_t> counts(size, 0);
  // Mirror prefixes (N-1-c...) have equal counts, so only the smaller of each pair is counted
  // for all solutions; a canonical solution is at most its column mirror, so the unique list
  // has nothing below c0 > (N-1)/2.
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < size; ++i) {
    int c[kMaxPrefixDepth];
    prefix_columns(n, depth, i, c);
    if (unique ? 2 * c[0] <= n - 1 : i <= mirror_prefix(n, depth, i)) todo.push_back(i);
  }
  parallel_for(todo.size(), threads, [&](std::size_t j) {
    int c[kMaxPrefixDepth];
    prefix_columns(n, depth, todo[j], c);
    counts[todo[j]] = count_prefix_subtree(n, c, depth, unique, tier);
  });
  if (!unique) fill_mirror_prefixes(n, depth, counts);
  return counts;
}

std::vector<std::uint64_t> count_prefix_subtrees(int n, bool unique) {
  return count_prefix_subtrees(n, 2, unique);
}

}  // namespace nqueens
