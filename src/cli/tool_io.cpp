#include "tool_io.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <istream>
#include <vector>

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

// A streambuf over a file descriptor that hands on each block read() returns, up to the point
// where a line would pass max_line bytes; asked for more of that line, it throws InputError.
struct InputLines::Buffer : std::streambuf {
  Buffer(int fd, bool own, std::size_t max_line, std::string name)
      : fd(fd), own(own), max_line(max_line), name(std::move(name)), block(std::size_t{1} << 16) {}
  ~Buffer() override {
    if (own) ::close(fd);
  }

  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (too_long)
      throw InputError(name + " line " + std::to_string(line) + " is longer than " +
                       std::to_string(max_line) + " bytes, the most a line may have here");
    ssize_t got = 0;
    do {
      got = ::read(fd, block.data(), block.size());
    } while (got < 0 && errno == EINTR);
    if (got <= 0) {
      if (got < 0) read_errno = errno;
      return traits_type::eof();
    }
    // Hand on the block up to the first byte that would make a line longer than max_line.
    const char* const begin = block.data();
    const char* const end = begin + got;
    const char* at = begin;
    while (at < end) {
      const auto* newline = static_cast<const char*>(std::memchr(at, '\n', end - at));
      const char* stop = newline != nullptr ? newline : end;
      const auto bytes = static_cast<std::size_t>(stop - at);
      if (line_bytes + bytes > max_line) {
        at += max_line - line_bytes;
        line_bytes = max_line;
        too_long = true;
        break;
      }
      line_bytes += bytes;
      at = stop;
      if (newline != nullptr) {
        line_bytes = 0;
        ++line;
        ++at;
      }
    }
    char* const base = block.data();
    setg(base, base, base + (at - begin));
    if (at == begin)  // the block starts past the cap: nothing more of this line
      throw InputError(name + " line " + std::to_string(line) + " is longer than " +
                       std::to_string(max_line) + " bytes, the most a line may have here");
    return traits_type::to_int_type(*gptr());
  }

  int fd;
  bool own;
  std::size_t max_line;
  std::string name;  // "stdin" or the quoted path, for messages
  std::vector<char> block;
  std::size_t line_bytes = 0;  // bytes of the current line handed on so far
  std::uint64_t line = 1;      // the line those bytes belong to
  bool too_long = false;       // the next read of this line throws
  int read_errno = 0;
};

InputLines::InputLines(const std::string& path, std::size_t max_line) {
  int fd = 0;
  if (path != "-") {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw InputError("cannot open " + quote(path, 200) + ": " + std::strerror(errno));
  }
  buffer_ = std::make_unique<Buffer>(fd, path != "-", max_line,
                                     path == "-" ? std::string("stdin") : quote(path, 200));
  stream_ = std::make_unique<std::istream>(buffer_.get());
  stream_->exceptions(std::ios::badbit);  // InputError out of every read, not a silent badbit
}

InputLines::~InputLines() = default;

std::istream& InputLines::stream() {
  return *stream_;
}

std::optional<std::string> InputLines::read_error() const {
  if (buffer_->read_errno == 0) return std::nullopt;
  return "cannot read " + buffer_->name + ": " + std::strerror(buffer_->read_errno);
}

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
