// A one-line progress display on stderr for long counts:
//   [#########...........]  1234/45025 jobs  2.7%  310 jobs/s  ETA 2m13s
// Redrawn in place with '\r'; shown only when stderr is a terminal (or when forced).
#pragma once

#include <cstddef>
#include <string>

namespace nqueens::cli {

std::string format_duration(double seconds);  // "45s", "2m13s", "3h05m", "12d04h"

class ProgressBar {
 public:
  // enabled: whether to draw at all (see should_show_progress).
  explicit ProgressBar(bool enabled) : enabled_(enabled) {}
  ~ProgressBar() { finish(); }
  // done includes `resumed` jobs taken from a checkpoint; the rate counts only new ones.
  // `note` follows the line (the GPU's per-device rates).
  void update(std::size_t done, std::size_t total, std::size_t resumed, double seconds,
              const std::string& note = "");
  void finish();  // ends the line

 private:
  bool enabled_;
  bool drawn_ = false;
};

// --progress forces it, --quiet hides it, otherwise only when stderr is a terminal.
bool should_show_progress(bool force, bool quiet);

}  // namespace nqueens::cli
