#include "dispatcher.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace nqueens::mpi {

Dispatcher::Dispatcher(std::vector<std::size_t> todo, std::vector<int> threads,
                       double min_overdue_seconds)
    : todo_(std::move(todo)),
      finished_(todo_.size(), 0),
      threads_(std::move(threads)),
      total_threads_(std::max(1, std::accumulate(threads_.begin(), threads_.end(), 0))),
      min_overdue_seconds_(min_overdue_seconds),
      rate_(threads_.size(), 0.0),
      batch_(threads_.size()) {}

std::vector<std::size_t> Dispatcher::take(int rank, double now) {
  const auto r = static_cast<std::size_t>(rank);
  Batch& mine = batch_[r];
  if (!mine.positions.empty())
    throw std::logic_error("rank " + std::to_string(rank) +
                           " asked for work before returning its batch");
  if (threads_[r] <= 0) return {};
  const auto t = static_cast<double>(threads_[r]);
  const std::size_t left = todo_.size() - next_;
  if (left > 0) {
    const double want = rate_[r] > 0 ? rate_[r] * kBatchSeconds : 4 * t;
    const double guided = std::ceil(static_cast<double>(left) * t / (2.0 * total_threads_));
    const double size = std::clamp(std::min(want, guided), t, static_cast<double>(kMaxBatchJobs));
    const std::size_t n = std::min(left, static_cast<std::size_t>(size));
    mine.positions.resize(n);
    std::iota(mine.positions.begin(), mine.positions.end(), next_);
    next_ += n;
  } else {
    // Nothing fresh: help with the most overdue batch of another rank, if there is one.
    Batch* late = nullptr;
    double worst = 0;
    for (std::size_t o = 0; o < batch_.size(); ++o) {
      Batch& b = batch_[o];
      if (o == r || b.positions.empty() || b.reissued) continue;
      const double limit = std::max(min_overdue_seconds_, kOverdueFactor * b.expected);
      const double late_by = now - b.started - limit;
      if (late_by > 0 && late_by > worst) {
        worst = late_by;
        late = &b;
      }
    }
    if (late == nullptr) return {};
    late->reissued = true;
    for (std::size_t p : late->positions)
      if (!finished_[p]) mine.positions.push_back(p);
    if (mine.positions.empty()) return {};
  }
  mine.started = now;
  mine.reissued = false;
  mine.expected = rate_[r] > 0 ? static_cast<double>(mine.positions.size()) / rate_[r] : 0;
  std::vector<std::size_t> jobs(mine.positions.size());
  for (std::size_t k = 0; k < jobs.size(); ++k) jobs[k] = todo_[mine.positions[k]];
  return jobs;
}

std::size_t Dispatcher::position(std::size_t index, const Batch& b) const {
  // todo_ is in list order and a batch's positions ascend, so its indices ascend too.
  const auto it = std::lower_bound(b.positions.begin(), b.positions.end(), index,
                                   [&](std::size_t p, std::size_t i) { return todo_[p] < i; });
  if (it == b.positions.end() || todo_[*it] != index) return todo_.size();
  return *it;
}

std::vector<JobResult> Dispatcher::finish(int rank, std::span<const JobResult> results,
                                          double seconds) {
  Batch& batch = batch_[static_cast<std::size_t>(rank)];
  std::vector<JobResult> fresh;
  for (const JobResult& j : results) {
    const std::size_t p = position(j.index, batch);
    if (p == todo_.size())
      throw std::logic_error("rank " + std::to_string(rank) + " returned job " +
                             std::to_string(j.index) + ", which it was not counting");
    if (finished_[p]) continue;  // counted by another rank too, and that copy came first
    finished_[p] = 1;
    ++done_;
    fresh.push_back(j);
  }
  if (!results.empty() && seconds > 0) {
    double& rate = rate_[static_cast<std::size_t>(rank)];
    const double now = static_cast<double>(results.size()) / seconds;
    rate = rate > 0 ? 0.5 * rate + 0.5 * now : now;  // smoothed: job sizes vary along the list
  }
  batch.positions.clear();
  batch.reissued = false;
  return fresh;
}

std::size_t Dispatcher::in_flight() const {
  std::size_t n = 0;
  for (const Batch& b : batch_)
    for (std::size_t p : b.positions) n += finished_[p] ? 0 : 1;
  return n;
}

bool Dispatcher::holds_only_finished_work(int rank) const {
  const Batch& b = batch_[static_cast<std::size_t>(rank)];
  if (b.positions.empty()) return false;
  return std::all_of(b.positions.begin(), b.positions.end(),
                     [&](std::size_t p) { return finished_[p] != 0; });
}

Roster::Roster(int ranks, double start)
    : entries_(static_cast<std::size_t>(std::max(ranks, 1)), Entry{State::starting, start}) {
  entries_[0].state = State::ready;  // rank 0 coordinates; it is never waited for
}

const Roster::Entry& Roster::entry(int rank) const {
  if (rank <= 0 || static_cast<std::size_t>(rank) >= entries_.size())
    throw std::logic_error("no counting rank " + std::to_string(rank));
  return entries_[static_cast<std::size_t>(rank)];
}

void Roster::set(int rank, State s, double now) {
  entry(rank);  // checks the rank
  entries_[static_cast<std::size_t>(rank)] = Entry{s, now};
}

void Roster::acknowledged(int rank) {
  const Entry& e = entry(rank);
  if (e.state != State::stopping)
    throw std::logic_error("rank " + std::to_string(rank) + " acknowledged a stop it was not told");
  set(rank, State::ready, e.since);
}

bool Roster::all_ready() const {
  return std::all_of(entries_.begin(), entries_.end(),
                     [](const Entry& e) { return e.state == State::ready; });
}

std::vector<int> Roster::hung(const Dispatcher& dispatcher, double now, double patience) const {
  std::vector<int> out;
  for (std::size_t r = 1; r < entries_.size(); ++r) {
    const Entry& e = entries_[r];
    const int rank = static_cast<int>(r);
    const bool silent = now - e.since > patience;
    if ((e.state == State::counting && dispatcher.holds_only_finished_work(rank)) ||
        ((e.state == State::starting || e.state == State::stopping) && silent))
      out.push_back(rank);
  }
  return out;
}

bool Roster::settled(const std::vector<int>& hung) const {
  for (std::size_t r = 1; r < entries_.size(); ++r)
    if (entries_[r].state != State::ready &&
        std::find(hung.begin(), hung.end(), static_cast<int>(r)) == hung.end())
      return false;
  return true;
}

}  // namespace nqueens::mpi
