#include "nqueens/enumerate.hpp"

#include <bit>
#include <stdexcept>
#include <string>

namespace nqueens {

Enumerator::Enumerator(int n, EnumerateOptions options)
    : n_(n), options_(options), solution_(static_cast<std::size_t>(n > 0 ? n : 0)) {
  if (n < 1 || n > kMaxListN)
    throw std::invalid_argument("N must be between 1 and " + std::to_string(kMaxListN) +
                                " for listing, got " + std::to_string(n));
  mask_ = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
}

bool Enumerator::next() {
  while (advance()) {
    if (!options_.unique || is_canonical(solution_)) return true;
  }
  return false;
}

bool Enumerator::advance() {
  if (done_) return false;
  if (!started_) {
    started_ = true;
    row_ = 0;
    todo_[0] = mask_;
    // A canonical representative is the smallest of its 8 images, and mirroring turns a
    // first column c into N-1-c, so it starts in the left half.
    if (options_.unique && n_ > 1) todo_[0] &= (std::uint64_t{1} << ((n_ + 1) / 2)) - 1;
  } else {
    --row_;  // resume below the last solution: its last row had a single candidate
  }
  const int last = n_ - 1;
  const std::atomic<bool>* const stop = options_.stop;
  while (row_ >= 0) {
    if (todo_[row_] == 0) {
      --row_;
      // The stop flag is read only when the search backs up above its last 5 rows: often
      // enough to stop within microseconds, and no cost (N = 14: 0.29 s with or without the
      // test; testing on every backtrack cost 5%).
      if (row_ < last - 4 && stop != nullptr && stop->load(std::memory_order_relaxed)) break;
      continue;
    }
    const std::uint64_t bit = todo_[row_] & (0 - todo_[row_]);
    todo_[row_] ^= bit;
    solution_[static_cast<std::size_t>(row_)] = std::countr_zero(bit);
    if (row_ == last) {
      ++row_;  // next call steps back to `last` and tries its remaining candidates
      return true;
    }
    const std::uint64_t l = (left_[row_] | bit) << 1, d = down_[row_] | bit,
                        r = (right_[row_] | bit) >> 1;
    ++row_;
    left_[row_] = l;
    down_[row_] = d;
    right_[row_] = r;
    todo_[row_] = mask_ & ~(l | d | r);
  }
  done_ = true;
  return false;
}

std::uint64_t for_each_solution(int n, const std::function<bool(const Solution&)>& visit,
                                EnumerateOptions options) {
  Enumerator e(n, options);
  std::uint64_t visited = 0;
  while (e.next()) {
    ++visited;
    if (!visit(e.current())) break;
  }
  return visited;
}

}  // namespace nqueens
