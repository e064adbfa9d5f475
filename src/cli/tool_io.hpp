// What both command-line tools (`nqueens`, `sudoku`) do the same way at their edges: standard
// output that cannot be written is an error (one line on stderr, exit 2), and input echoed in a
// message is escaped and shortened. Header-only so that both tools include the one copy:
//
//   #include "tool_io.hpp"            // src/cli (nqueens); "cli/tool_io.hpp" from src/cli/sudoku
//   int code = run_the_command();
//   return tool_io::finish_stdout("nqueens", code);   // flush + close checked: 2 if lost
//
//   throw UsageError("bad column " + tool_io::quote(token));   // 'a\x00b', at most 40 bytes shown
#pragma once

#include <sys/resource.h>
#include <sys/stat.h>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tool_io {

// Standard output failed (disk full, closed pipe end, /dev/full): the run's data is lost, so the
// run must not look successful.
struct OutputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// `text` quoted for a one-line message: in single quotes, control bytes, quotes, backslashes
// and non-ASCII bytes as \xNN, at most `max_bytes` of the input shown, then "... (N bytes)".
// A NUL cannot cut the message short and a 10 MB token prints as one short line.
inline std::string quote(std::string_view text, std::size_t max_bytes = 40) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "'";
  const std::size_t shown = text.size() > max_bytes ? max_bytes : text.size();
  for (std::size_t i = 0; i < shown; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\'' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c >= 0x7f) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '\'';
  if (shown < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

// A whole message made safe for one line of stderr: control bytes escaped (a newline cannot
// start a second line), at most `max_bytes` kept. For messages built elsewhere (CLI11, the
// libraries) that may carry raw input.
inline std::string one_line(std::string_view message, std::size_t max_bytes = 400) {
  std::string out;
  const std::size_t shown = message.size() > max_bytes ? max_bytes : message.size();
  for (std::size_t i = 0; i < shown; ++i) {
    const auto c = static_cast<unsigned char>(message[i]);
    if (c < 0x20 || c == 0x7f) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  if (shown < message.size()) out += "... (message shortened)";
  return out;
}

// A whole number in 0..max written in decimal digits only: no sign, no spaces, no wrap-around
// ("-1" and "18446744073709551616" are not numbers here, where strtoull would take them).
inline std::optional<std::uint64_t> parse_unsigned(std::string_view text, std::uint64_t max) {
  std::uint64_t v = 0;
  if (text.empty() || text.front() < '0' || text.front() > '9') return std::nullopt;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size() || v > max) return std::nullopt;
  return v;
}

// Why `path` ("-" = standard input) cannot be read as input, or nullopt if it can be opened
// for reading: a closed standard input, a directory (open() succeeds on one, and a reader then
// saw "no puzzles" and exited 0), a missing file.
inline std::optional<std::string> unreadable_input(const std::string& path) {
  struct stat st {};
  if (path == "-") {
    if (fstat(0, &st) != 0)
      return "cannot read standard input: " + std::string(std::strerror(errno));
    if (S_ISDIR(st.st_mode)) return "cannot read standard input: it is a directory";
    return std::nullopt;
  }
  if (stat(path.c_str(), &st) != 0)
    return "cannot open " + quote(path, 200) + ": " + std::strerror(errno);
  if (S_ISDIR(st.st_mode)) return "cannot read " + quote(path, 200) + ": it is a directory";
  return std::nullopt;
}

// Bytes this process can still get, the least of: MemAvailable in /proc/meminfo, the cgroup's
// memory.max minus memory.current, and RLIMIT_AS / RLIMIT_DATA (both counted from zero, a
// little generous). nullopt when none of them can be read. A command that knows its size up
// front checks it here, so that it fails with one line instead of std::bad_alloc or the OOM
// killer half way through.
inline std::optional<std::uint64_t> memory_available() {
  std::optional<std::uint64_t> least;
  auto consider = [&](std::uint64_t bytes) {
    if (!least || bytes < *least) least = bytes;
  };
  {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::uint64_t kib = 0;
    while (meminfo >> key >> kib) {
      if (key == "MemAvailable:") {
        consider(kib * 1024);
        break;
      }
      meminfo.ignore(1 << 10, '\n');
    }
  }
  {
    std::ifstream max_file("/sys/fs/cgroup/memory.max"),
        current_file("/sys/fs/cgroup/memory.current");
    std::string max_text;
    std::uint64_t current = 0;
    if (max_file >> max_text && max_text != "max" && current_file >> current)
      if (const auto max = parse_unsigned(max_text, ~std::uint64_t{0}))
        consider(*max > current ? *max - current : 0);
  }
  for (const int resource : {RLIMIT_AS, RLIMIT_DATA}) {
    rlimit limit{};
    if (getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
      consider(static_cast<std::uint64_t>(limit.rlim_cur));
  }
  return least;
}

// Writes `size` bytes to `f`; throws OutputError if they cannot all be written.
inline void write_all(std::FILE* f, const char* data, std::size_t size) {
  if (size != 0 && std::fwrite(data, 1, size, f) != size)
    throw OutputError(std::string("cannot write output: ") + std::strerror(errno));
}

// Flushes `f`; throws OutputError if what was buffered, or anything earlier, was lost.
inline void flush(std::FILE* f) {
  if (std::fflush(f) != 0)
    throw OutputError(std::string("cannot write output: ") + std::strerror(errno));
  if (std::ferror(f)) throw OutputError("cannot write output: a write failed");
}

// The errno of the last failed write that could not throw (a destructor's flush), so that the
// final message can still say why ("No space left on device").
inline int& last_write_errno() {
  static int value = 0;
  return value;
}

// Flushes without throwing (for destructors); a failure is left in the stream's error flag.
inline void flush_noexcept(std::FILE* f) noexcept {
  if (std::fflush(f) != 0) last_write_errno() = errno;
}

// True if a write to standard output has failed (an exception thrown while writing, e.g. by
// fmt::print, is then reported as lost output, exit 2).
inline bool stdout_failed() {
  return std::ferror(stdout) != 0;
}

// The last step of main(): flushes and closes standard output. Returns `exit_code` if all was
// written; otherwise prints "<tool>: cannot write output: <reason>" and returns 2.
inline int finish_stdout(const char* tool, int exit_code) {
  std::string reason;
  if (std::fflush(stdout) != 0)
    reason = std::strerror(errno);
  else if (std::ferror(stdout))
    reason = last_write_errno() != 0 ? std::strerror(last_write_errno()) : "a write failed";
  if (std::fclose(stdout) != 0 && reason.empty()) reason = std::strerror(errno);
  if (reason.empty()) return exit_code;
  std::fprintf(stderr, "%s: cannot write output: %s\n", tool, reason.c_str());
  return 2;
}

}  // namespace tool_io
