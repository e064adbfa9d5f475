#include "local_process.hpp"

#include <poll.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

namespace nqueens::mpi {

namespace {

// Field 22 of /proc/PID/stat: when the process started, in clock ticks since boot (0 if unknown).
std::uint64_t start_ticks(std::uint64_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t name_end = stat.rfind(')');  // the command name may hold spaces
  if (name_end == std::string::npos) return 0;
  std::istringstream fields(stat.substr(name_end + 2));
  std::string field;
  for (int i = 3; i <= 22 && fields >> field; ++i)
    if (i == 22) return std::stoull(field);
  return 0;
}

std::uint64_t boot_hash() {
  std::ifstream in("/proc/sys/kernel/random/boot_id");
  std::string id;
  if (!std::getline(in, id) || id.empty()) return 0;
  std::uint64_t h = 14695981039346656037ull;  // FNV-1a
  for (unsigned char c : id) h = (h ^ c) * 1099511628211ull;
  return h == 0 ? 1 : h;
}

}  // namespace

ProcessIdentity this_process() {
  ProcessIdentity id;
  id.pid = static_cast<std::uint64_t>(getpid());
  try {
    id.start_ticks = start_ticks(id.pid);
  } catch (const std::exception&) {
    return {};
  }
  id.boot = id.start_ticks == 0 ? 0 : boot_hash();
  return id;
}

int open_if_local(const ProcessIdentity& id) {
  if (id.boot == 0 || id.boot != boot_hash() || id.pid == 0) return -1;
  const long fd = syscall(SYS_pidfd_open, static_cast<pid_t>(id.pid), 0);
  if (fd < 0) return -1;
  // Checked after the pidfd is open: the pid cannot name another process while it is held.
  bool same = false;
  try {
    same = start_ticks(id.pid) == id.start_ticks;
  } catch (const std::exception&) {
  }
  if (!same) {
    close(static_cast<int>(fd));
    return -1;
  }
  return static_cast<int>(fd);
}

std::vector<std::size_t> wait_for_exits(const std::vector<int>& pidfds, double seconds) {
  using Steady = std::chrono::steady_clock;
  const auto deadline = Steady::now() + std::chrono::duration_cast<Steady::duration>(
                                            std::chrono::duration<double>(seconds));
  std::vector<char> gone(pidfds.size(), 0);
  for (;;) {
    std::vector<pollfd> waiting;
    std::vector<std::size_t> positions;
    for (std::size_t i = 0; i < pidfds.size(); ++i)
      if (pidfds[i] >= 0 && !gone[i]) {
        waiting.push_back({pidfds[i], POLLIN, 0});
        positions.push_back(i);
      }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Steady::now()).count();
    if (waiting.empty() || left <= 0) return positions;
    const int ready = poll(waiting.data(), waiting.size(), static_cast<int>(left));
    if (ready < 0 && errno != EINTR) return positions;
    for (std::size_t k = 0; k < waiting.size(); ++k)
      if (waiting[k].revents != 0) gone[positions[k]] = 1;  // POLLIN: the process has ended
  }
}

}  // namespace nqueens::mpi
