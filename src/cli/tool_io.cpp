#include "tool_io.hpp"

#include <sys/resource.h>
#include <sys/stat.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <iostream>
#if __has_include(<ext/stdio_filebuf.h>)
#include <ext/stdio_filebuf.h>
#define TOOL_IO_STDIO_FILEBUF 1
#endif

namespace tool_io {

std::string quote(std::string_view text, std::size_t max_bytes) {
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

std::string one_line(std::string_view message, std::size_t max_bytes) {
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

std::optional<std::uint64_t> parse_unsigned(std::string_view text, std::uint64_t max) {
  std::uint64_t v = 0;
  if (text.empty() || text.front() < '0' || text.front() > '9') return std::nullopt;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size() || v > max) return std::nullopt;
  return v;
}

std::string whole_number_problem(std::string_view text, std::uint64_t lo, std::uint64_t hi) {
  if (const auto v = parse_unsigned(text, hi); v && *v >= lo) return {};
  const std::string_view digits = text.substr(!text.empty() && text.front() == '-' ? 1 : 0);
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos)
    return "must be a whole number (decimal digits only), got " + quote(text);
  return "must be between " + std::to_string(lo) + " and " + std::to_string(hi) + ", got " +
         quote(text);
}

std::optional<double> parse_decimal(std::string_view text) {
  std::size_t digits = 0, points = 0;
  for (const char c : text) {
    if (c >= '0' && c <= '9')
      ++digits;
    else if (c == '.')
      ++points;
    else
      return std::nullopt;
  }
  if (digits == 0 || points > 1) return std::nullopt;
  double v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  return v;
}

std::optional<std::string> unreadable_input(const std::string& path) {
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

#if defined(TOOL_IO_STDIO_FILEBUF)
struct StandardInput::Buffer {
  __gnu_cxx::stdio_filebuf<char> buffer{0, std::ios::in, std::size_t{1} << 16};
  std::istream stream{&buffer};
};
StandardInput::StandardInput() : buffer_(std::make_unique<Buffer>()), stream_(&buffer_->stream) {}
#else
struct StandardInput::Buffer {};
StandardInput::StandardInput() : stream_(&std::cin) {
  std::ios::sync_with_stdio(false);
}
#endif
StandardInput::~StandardInput() = default;

std::optional<std::uint64_t> memory_available() {
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

void write_all(std::FILE* f, const char* data, std::size_t size) {
  if (size != 0 && std::fwrite(data, 1, size, f) != size)
    throw OutputError(std::string("cannot write output: ") + std::strerror(errno));
}

void flush(std::FILE* f) {
  if (std::fflush(f) != 0)
    throw OutputError(std::string("cannot write output: ") + std::strerror(errno));
  if (std::ferror(f)) throw OutputError("cannot write output: a write failed");
}

int& last_write_errno() {
  static int value = 0;
  return value;
}

void flush_noexcept(std::FILE* f) noexcept {
  if (std::fflush(f) != 0) last_write_errno() = errno;
}

bool stdout_failed() {
  return std::ferror(stdout) != 0;
}

int finish_stdout(const char* tool, int exit_code) {
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
