#include "progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

namespace nqueens::cli {

std::string format_duration(double s) {
  if (s < 0) s = 0;
  const auto t = static_cast<long long>(s + 0.5);
  if (t < 60) return fmt::format("{}s", t);
  if (t < 3600) return fmt::format("{}m{:02}s", t / 60, t % 60);
  if (t < 86400) return fmt::format("{}h{:02}m", t / 3600, (t % 3600) / 60);
  return fmt::format("{}d{:02}h", t / 86400, (t % 86400) / 3600);
}

void ProgressBar::update(std::size_t done, std::size_t total, std::size_t resumed, double seconds,
                         const std::string& note) {
  if (!enabled_) return;
  constexpr int kWidth = 24;
  const double fraction = total == 0 ? 1.0 : static_cast<double>(done) / static_cast<double>(total);
  const int filled = static_cast<int>(fraction * kWidth);
  const double fresh = static_cast<double>(done - resumed);
  const double rate = seconds > 0 ? fresh / seconds : 0;
  std::string eta = "?";
  if (rate > 0) eta = format_duration(static_cast<double>(total - done) / rate);
  if (done == total) eta = "0s";
  std::fprintf(stderr, "\r[%s%s] %zu/%zu jobs %5.1f%% %.0f jobs/s ETA %s%s%s   ",
               std::string(static_cast<std::size_t>(filled), '#').c_str(),
               std::string(static_cast<std::size_t>(kWidth - filled), '.').c_str(), done, total,
               100 * fraction, rate, eta.c_str(), note.empty() ? "" : "  ", note.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressBar::finish() {
  if (drawn_) std::fputc('\n', stderr);
  drawn_ = false;
}

bool should_show_progress(bool force, bool quiet) {
  if (quiet) return false;
  return force || ::isatty(STDERR_FILENO) == 1;
}

}  // namespace nqueens::cli
