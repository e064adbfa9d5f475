// A deadline for a step of nqueens-mpi that blocks inside MPI and cannot be polled: MPI_Init
// (a rank that never starts keeps every other rank inside it) and MPI_Finalize (a rank that
// never gets there keeps every other rank inside it). See docs/RELIABILITY.md, "MPI".
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace nqueens::mpi {

// Runs `on_expiry` on a thread of its own unless disarm() is called within `seconds`. The
// action is expected to end the process (_exit, MPI_Abort).
class Watchdog {
 public:
  Watchdog(double seconds, std::function<void()> on_expiry)
      : thread_([this, seconds, action = std::move(on_expiry)] {
          std::unique_lock guard(lock_);
          if (changed_.wait_for(guard, std::chrono::duration<double>(seconds),
                                [this] { return disarmed_; }))
            return;
          fired_ = true;
          guard.unlock();
          action();
        }) {}
  ~Watchdog() {
    disarm();
    thread_.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  // Stops the deadline. Returns false when the action has started already: the caller must
  // then leave the ending to it (wait_for_the_end) instead of going on.
  bool disarm() {
    std::lock_guard guard(lock_);
    if (fired_) return false;
    disarmed_ = true;
    changed_.notify_all();
    return true;
  }

  // For the caller whose disarm() came too late: the action ends the process.
  [[noreturn]] static void wait_for_the_end() {
    for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
  }

 private:
  std::mutex lock_;
  std::condition_variable changed_;
  bool disarmed_ = false;
  bool fired_ = false;
  std::thread thread_;  // last: it reads the members above
};

}  // namespace nqueens::mpi
