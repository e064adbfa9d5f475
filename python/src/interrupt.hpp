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
#include <condition_variable>
#include <exception>
#include <future>
#include <memory>
#include <mutex>
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

// Work stopped by Ctrl-C that is still winding down on a detached thread (see below).
void begin_detached_work();
void end_detached_work();
// Waits until no such work is left (registered with atexit, so the process does not exit
// under a thread that is still inside the library).
void wait_for_detached_work();

// Like run_interruptible, for work whose first phase ignores the stop flag for longer than a
// tenth of a second (a count builds its job list before it checks the flag between jobs: about
// a second at N = 20 with the join method). On Ctrl-C the worker is left to notice the flag
// on its own and the caller raises at once. The work must therefore own everything it uses:
// it is taken by value, and the flag and the result live in state shared with the worker.
template <class Work>
auto run_interruptible_detachable(Work work)
    -> std::invoke_result_t<Work&, const std::atomic<bool>&> {
  using Result = std::invoke_result_t<Work&, const std::atomic<bool>&>;
  struct State {
    explicit State(Work w) : work(std::move(w)) {}
    std::atomic<bool> stop{false};
    Work work;
    std::promise<Result> result;
  };
  auto state = std::make_shared<State>(std::move(work));
  std::future<Result> done = state->result.get_future();
  bool interrupted = false;
  {
    py::gil_scoped_release release;
    begin_detached_work();
    std::thread worker([state] {
      try {
        state->result.set_value(state->work(state->stop));
      } catch (...) {
        state->result.set_exception(std::current_exception());
      }
      end_detached_work();
    });
    while (done.wait_for(kSignalPoll) != std::future_status::ready) {
      py::gil_scoped_acquire acquire;
      if (PyErr_CheckSignals() != 0) {
        interrupted = true;
        state->stop.store(true);
        break;
      }
    }
    if (interrupted)
      worker.detach();
    else
      worker.join();
  }
  if (interrupted) throw py::error_already_set();
  return done.get();
}

}  // namespace nqueens_python
