#include "nqueens/enumerate.hpp"

#include <bit>
#include <cstring>
#include <stdexcept>
#include <string>

#include "bits.hpp"
#include "nqueens/rank.hpp"  // is_canonical_fast

namespace nqueens {

namespace {

bool canonical(const std::uint8_t* cols, int n) {
  int s[kMaxListN];
  for (int r = 0; r < n; ++r) s[r] = cols[r];
  return is_canonical_fast(s, n);
}

}  // namespace

Enumerator::Enumerator(int n, EnumerateOptions options)
    : n_(n), options_(options), solution_(static_cast<std::size_t>(n > 0 ? n : 0)) {
  if (n < 1 || n > kMaxListN)
    throw std::invalid_argument("N must be between 1 and " + std::to_string(kMaxListN) +
                                " for listing, got " + std::to_string(n));
  mask_ = kernels::column_mask<std::uint64_t>(n);
  todo_[0] = mask_;
  // A canonical representative is the smallest of its 8 images, and mirroring turns a
  // first column c into N-1-c, so it starts in the left half.
  if (options_.unique && n_ > 1) todo_[0] &= (std::uint64_t{1} << ((n_ + 1) / 2)) - 1;
}

bool Enumerator::next() {
  return next_batch(cols_, 1) == 1;
}

std::size_t Enumerator::next_batch(std::uint8_t* out, std::size_t max) {
  const std::size_t got = search(out, max);
  if (got > 0) {
    const std::uint8_t* last = out + (got - 1) * static_cast<std::size_t>(n_);
    for (int r = 0; r < n_; ++r) solution_[static_cast<std::size_t>(r)] = last[r];
  }
  return got;
}

// The state of the level being searched (row, its candidates left, the three attack masks)
// stays in locals; a level is written to the arrays only when the search descends below it,
// and the arrays are read only when it backs up. A candidate whose queen would leave the next
// row no free square is skipped without descending, and the last row is never a level of its
// own: below row N-2 at most one column is free, so a solution is complete as soon as a queen
// in row N-2 leaves the last row a square.
//
// The last rows are not made branch-free nor a row's dead ends removed before it is entered:
// this search already runs at the speed of a plain recursive search that only counts its
// nodes, so what is left to pay is the search itself, not its bookkeeping.
std::size_t Enumerator::search(std::uint8_t* out, std::size_t max) {
  if (done_ || max == 0) return 0;
  const int n = n_;
  if (n == 1) {
    out[0] = 0;
    done_ = true;
    return 1;
  }
  const int last = n - 1;
  const std::uint64_t mask = mask_;
  const bool unique = options_.unique;
  const std::atomic<bool>* const stop = options_.stop;
  int row = row_;
  std::uint64_t todo = todo_[row], l = left_[row], d = down_[row], r = right_[row];
  std::size_t got = 0;
  for (;;) {
    if (todo == 0) {
      if (row == 0) break;
      --row;
      todo = todo_[row];
      l = left_[row];
      d = down_[row];
      r = right_[row];
      // The stop flag is read only when the search backs up above its last 5 rows: often
      // enough to stop within microseconds, and no measurable cost.
      if (row < last - 4 && stop != nullptr && stop->load(std::memory_order_relaxed)) break;
      continue;
    }
    const std::uint64_t bit = todo & (0 - todo);
    todo ^= bit;
    const std::uint64_t cl = (l | bit) << 1, cd = d | bit, cr = (r | bit) >> 1;
    const std::uint64_t child = mask & ~(cl | cd | cr);
    if (child == 0) continue;
    cols_[row] = static_cast<std::uint8_t>(std::countr_zero(bit));
    if (row + 1 == last) {
      cols_[last] = static_cast<std::uint8_t>(std::countr_zero(child));
      if (unique && !canonical(cols_, n)) continue;
      if (out != cols_)
        std::memcpy(out + got * static_cast<std::size_t>(n), cols_, static_cast<std::size_t>(n));
      if (++got == max) {
        row_ = row;
        todo_[row] = todo;
        left_[row] = l;
        down_[row] = d;
        right_[row] = r;
        return got;
      }
      continue;
    }
    todo_[row] = todo;
    left_[row] = l;
    down_[row] = d;
    right_[row] = r;
    ++row;
    todo = child;
    l = cl;
    d = cd;
    r = cr;
  }
  done_ = true;
  return got;
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
