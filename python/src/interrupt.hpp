// Long calls from Python: the work runs on a worker thread with a stop flag while the calling
// thread, without the GIL, waits for it and every 20 ms takes the GIL to run Python's signal
// handlers. Ctrl-C (SIGINT, or _thread.interrupt_main()) sets the flag and the caller raises
// KeyboardInterrupt at once; the worker is left to notice the flag on its own (the counting
// engine checks it after every job, the enumerator whenever it backs up above its last rows)
// and ends detached. Not waiting for it matters twice: a count builds its job list before it
// first looks at the flag (about a second at N = 20 with the join method), and on a busy
// machine a preempted worker can take a scheduler time slice or more to run again (measured:
// 100-200 ms with a load of 11 on 2 cores when the caller joined it, 20-25 ms without).
//
// The work therefore owns everything it touches: it is taken by value and lives, with the
// flag and the result, in state shared with the worker. Waiting on the calling thread matters
// too: Python runs signal handlers only on the main thread, when PyErr_CheckSignals is called
// there.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <exception>
#include <future>
#include <memory>
#include <thread>
#include <type_traits>
#include <utility>

namespace nqueens_python {

namespace py = pybind11;

// How often the waiting thread looks for a signal: 20 ms keeps Ctrl-C well inside 0.1 s
// while costing nothing measurable (50 GIL round trips a second).
inline constexpr std::chrono::milliseconds kSignalPoll{20};

// Work stopped by Ctrl-C that is still winding down on a detached thread.
void begin_detached_work();
void end_detached_work();
// Waits until no such work is left (the tests call it).
void wait_for_detached_work();
// The same at interpreter exit (registered with atexit), so that the process does not exit
// under a thread that is still inside the library, but for at most kExitWait: a k-queens
// count stops only between its pieces, which take minutes each from N = 16 on, and a Ctrl-C
// followed by exit must not hang that long. False when it gave up.
inline constexpr std::chrono::seconds kExitWait{2};
bool wait_for_detached_work_at_exit();

// Calls work(stop) on a worker thread and returns its result; exceptions thrown by the work
// propagate as from a direct call. `stop` becomes true on Ctrl-C, and the Python exception is
// raised without waiting for the work. A caller may pass its own flag (a search that was given
// a pointer to it when it was made). Must be called with the GIL held.
template <class Work>
auto run_interruptible(Work work, std::shared_ptr<std::atomic<bool>> stop = nullptr)
    -> std::invoke_result_t<Work&, const std::atomic<bool>&> {
  using Result = std::invoke_result_t<Work&, const std::atomic<bool>&>;
  struct State {
    State(Work w, std::shared_ptr<std::atomic<bool>> s) : work(std::move(w)), stop(std::move(s)) {}
    Work work;
    std::shared_ptr<std::atomic<bool>> stop;
    std::promise<Result> result;
  };
  if (!stop) stop = std::make_shared<std::atomic<bool>>(false);
  auto state = std::make_shared<State>(std::move(work), std::move(stop));
  std::future<Result> done = state->result.get_future();
  bool interrupted = false;
  {
    py::gil_scoped_release release;
    begin_detached_work();
    std::thread worker([shared = state]() mutable {
      try {
        shared->result.set_value(shared->work(*shared->stop));
      } catch (...) {
        shared->result.set_exception(std::current_exception());
      }
      shared.reset();  // the work and what it owns go before the process may exit
      end_detached_work();
    });
    while (done.wait_for(kSignalPoll) != std::future_status::ready) {
      py::gil_scoped_acquire acquire;
      if (PyErr_CheckSignals() != 0) {  // a handler raised: the error is set on this thread
        interrupted = true;
        state->stop->store(true);
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
