#include "dispatcher.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace nqueens::mpi {

Dispatcher::Dispatcher(RunRecord record, std::vector<int> threads)
    : record_(std::move(record)),
      todo_(record_.remaining()),
      done_(record_.done_count()),
      threads_(std::move(threads)),
      total_threads_(std::max(1, std::accumulate(threads_.begin(), threads_.end(), 0))),
      rate_(threads_.size(), 0.0),
      batch_(threads_.size()) {}

std::vector<std::size_t> Dispatcher::take(int rank) {
  const auto r = static_cast<std::size_t>(rank);
  if (!batch_[r].empty())
    throw std::logic_error("rank " + std::to_string(rank) +
                           " asked for work before returning its batch");
  const std::size_t left = todo_.size() - next_;
  if (left == 0 || threads_[r] <= 0) return {};
  const auto t = static_cast<double>(threads_[r]);
  const double want = rate_[r] > 0 ? rate_[r] * kBatchSeconds : 4 * t;
  const double guided = std::ceil(static_cast<double>(left) * t / (2.0 * total_threads_));
  const double size = std::clamp(std::min(want, guided), t, static_cast<double>(kMaxBatchJobs));
  const std::size_t n = std::min(left, static_cast<std::size_t>(size));
  batch_[r].assign(todo_.begin() + static_cast<std::ptrdiff_t>(next_),
                   todo_.begin() + static_cast<std::ptrdiff_t>(next_ + n));
  next_ += n;
  return batch_[r];
}

void Dispatcher::finish(int rank, std::span<const JobResult> results, double seconds) {
  auto& batch = batch_[static_cast<std::size_t>(rank)];  // sorted: taken in list order
  for (const JobResult& j : results) {
    if (!std::binary_search(batch.begin(), batch.end(), j.index) || record_.done[j.index])
      throw std::logic_error("rank " + std::to_string(rank) + " returned job " +
                             std::to_string(j.index) + ", which it was not counting");
    record_.done[j.index] = true;
    record_.sum += j.counts;
    ++done_;
  }
  if (!results.empty() && seconds > 0) {
    double& rate = rate_[static_cast<std::size_t>(rank)];
    const double now = static_cast<double>(results.size()) / seconds;
    rate = rate > 0 ? 0.5 * rate + 0.5 * now : now;  // smoothed: job sizes vary along the list
  }
  batch.clear();
}

std::size_t Dispatcher::in_flight() const {
  std::size_t n = 0;
  for (const auto& b : batch_) n += b.size();
  return n;
}

}  // namespace nqueens::mpi
