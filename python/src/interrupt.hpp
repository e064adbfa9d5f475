// Long calls from Python: the work runs on a worker thread with a stop flag while the calling
// thread, without the GIL, waits for it and every 20 ms takes the GIL to run Python's signal
// handlers. Ctrl-C (SIGINT, or _thread.interrupt_main()) then sets the flag, the work returns
// at its next check (the counting engine checks after every job, a few milliseconds), and the
// caller re-raises KeyboardInterrupt. Waiting on the calling thread matters: Python runs signal
// handlers only on the main thread, and only when someone calls PyErr_CheckSignals there.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <exception>
#include <future>
#include <optional>
#include <thread>
#include <type_traits>
#include <utility>

namespace nqueens_python {

namespace py = pybind11;

// How often the waiting thread looks for a signal: 20 ms keeps Ctrl-C well inside 0.1 s
// while costing nothing measurable (50 GIL round trips a second).
inline constexpr std::chrono::milliseconds kSignalPoll{20};

// Calls work(stop) on a worker thread and returns its result. `stop` becomes true when a
// signal handler raised (KeyboardInterrupt); the work should return soon after, and its
// result is then discarded and the Python exception propagates. Exceptions thrown by the work
// propagate as they would from a direct call. Must be called with the GIL held.
// run_interruptible_with takes the flag from the caller, for work that keeps it (a search
// that was given a pointer to it when it was made).
template <class Work>
auto run_interruptible_with(std::atomic<bool>& stop, Work&& work)
    -> std::invoke_result_t<Work&, const std::atomic<bool>&> {
  using Result = std::invoke_result_t<Work&, const std::atomic<bool>&>;
  std::packaged_task<Result()> task([&] { return work(stop); });
  std::future<Result> done = task.get_future();
  bool interrupted = false;
  {
    py::gil_scoped_release release;
    std::thread worker(std::move(task));
    while (done.wait_for(kSignalPoll) != std::future_status::ready) {
      py::gil_scoped_acquire acquire;
      if (PyErr_CheckSignals() != 0) {  // a handler raised: the error is set on this thread
        interrupted = true;
        stop.store(true);
        break;
      }
    }
    worker.join();
  }
  if (interrupted) {
    done.wait();
    throw py::error_already_set();
  }
  return done.get();
}

template <class Work>
auto run_interruptible(Work&& work) -> std::invoke_result_t<Work&, const std::atomic<bool>&> {
  std::atomic<bool> stop{false};
  return run_interruptible_with(stop, std::forward<Work>(work));
}

}  // namespace nqueens_python
