// What the record (checkpoint.cpp) and the job log (job_log.cpp) share to write and read their
// text files: the FNV-1a check, strict number readers and an open that takes regular files
// only. Internal to the engine.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>

#include "nqueens/count_types.hpp"

namespace nqueens::record_text {

// FNV-1a over `s`, continuing from `h` (the offset basis by default).
inline std::uint64_t fnv1a(std::string_view s, std::uint64_t h = 0xcbf29ce484222325ull) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

// The whole of `s` as a number in `base`; false for anything else (a sign, spaces, overflow).
template <typename T>
bool parse_number(std::string_view s, T& out, int base = 10) {
  if (s.empty()) return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out, base);
  return ec == std::errc() && ptr == s.data() + s.size();
}

// A 128-bit count in decimal digits; a 39-digit number above 2^128 - 1 is refused, never kept
// modulo 2^128.
inline bool parse_count(std::string_view s, Count& out) {
  if (s.empty() || s.size() > 39) return false;
  out = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    const auto digit = static_cast<unsigned>(c - '0');
    if (out > (~Count{0} - digit) / 10) return false;
    out = out * 10 + digit;
  }
  return true;
}

// Opens a file that must be a regular file (never blocks on a FIFO; a device such as /dev/zero
// or a directory is refused); -1 and errno otherwise (EISDIR for a directory, EINVAL for
// another kind of file).
inline int open_regular(const std::string& path, int flags) {
  const int fd = ::open(path.c_str(), flags | O_CLOEXEC | O_NONBLOCK, 0644);
  if (fd < 0) return -1;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
    return -1;
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

}  // namespace nqueens::record_text
