// The engine's one parallel loop: every threaded search in the toolkit (counting jobs, k
// queens, rank tables, Sudoku batches) hands its independent pieces to parallel_for.
//
//   nqueens::parallel_for(items.size(), threads, [&](std::size_t i) { work(items[i]); });
//
// Indices are handed out one by one, in increasing order, to whichever thread is free
// (subtrees differ in size by 10x or more, so static splitting would leave cores idle). The
// first exception any call throws stops handing out further indices and is rethrown to the
// caller once every thread has finished; `work` returning false (when it returns bool) stops
// the loop the same way, without an error.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace nqueens {

// Hardware threads of this machine (at least 1).
int hardware_threads();

// The most threads any command or request may ask for (-j / threads=): more than any
// machine has, small enough that creating them cannot exhaust the process.
inline constexpr int kMaxThreads = 1024;

// Runs work(i) for every i in [0, count) on min(threads, count) threads (threads <= 0: every
// hardware thread); the calling thread is one of them. Returns true if every index ran.
template <class Work>
bool parallel_for(std::size_t count, int threads, Work&& work) {
  if (threads <= 0) threads = hardware_threads();
  const std::size_t used = std::min<std::size_t>(static_cast<std::size_t>(threads), count);
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex lock;
  std::exception_ptr error;
  auto run = [&] {
    try {
      while (!stop.load(std::memory_order_relaxed)) {
        const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
        if (i >= count) return;
        if constexpr (std::is_same_v<std::invoke_result_t<Work&, std::size_t>, bool>) {
          if (!work(i)) stop = true;
        } else {
          work(i);
        }
      }
    } catch (...) {
      std::lock_guard guard(lock);
      if (!error) error = std::current_exception();
      stop = true;
    }
  };
  if (used <= 1) {
    run();
  } else {
    std::vector<std::jthread> pool;
    try {
      pool.reserve(used - 1);
      for (std::size_t t = 1; t < used; ++t) pool.emplace_back(run);
    } catch (...) {  // no thread to be had: stop the ones started, they join below
      stop = true;
      throw;
    }
    run();
  }  // the jthreads join here
  if (error) std::rethrow_exception(error);
  return !stop.load();
}

}  // namespace nqueens
