// The per-job log (nqueens/job_log.hpp): writing, reading with every check, comparing.
#include "nqueens/job_log.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <string_view>
#include <vector>

#include "base/tunables.hpp"
#include "nqueens/version.hpp"
#include "record_text.hpp"

namespace nqueens {

namespace {

using record_text::fnv1a;
using record_text::open_regular;
using record_text::parse_count;
using record_text::parse_number;

constexpr std::string_view kTag = "nqueens-job-log";
constexpr int kFormatVersion = 1;

void append_hex(std::string& out, std::uint64_t v) {
  char buf[16];
  for (int i = 15; i >= 0; --i, v >>= 4) buf[i] = "0123456789abcdef"[v & 15];
  out.append(buf, 16);
}

void append_count(std::string& out, Count c) {
  if (c <= UINT64_MAX) {  // every job's count: 64-bit digits, not 128-bit divisions by 10
    char buf[20];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, static_cast<std::uint64_t>(c));
    out.append(buf, end);
    return;
  }
  char buf[40];
  char* p = buf + sizeof buf;
  do {
    *--p = static_cast<char>('0' + static_cast<int>(c % 10));
    c /= 10;
  } while (c != 0);
  out.append(p, static_cast<std::size_t>(buf + sizeof buf - p));
}

// The check of an entry whose fields (index and three counts) are `fields`: FNV-1a over the
// previous check in hex, a space and the fields.
std::uint64_t entry_check(std::uint64_t previous, std::string_view fields) {
  char prefix[17];
  for (int i = 15; i >= 0; --i, previous >>= 4) prefix[i] = "0123456789abcdef"[previous & 15];
  prefix[16] = ' ';
  return fnv1a(fields, fnv1a(std::string_view(prefix, sizeof prefix)));
}

std::string header_text(const JobListId& list, Shard shard) {
  std::string h = std::string(kTag) + ' ' + std::to_string(kFormatVersion) + '\n';
  h += "program " + std::string(kVersion) + '\n';
  h += "n " + std::to_string(list.n) + '\n';
  h += std::string("method ") + method_name(list.method) + '\n';
  h += "depth " + std::to_string(list.depth) + '\n';
  h += "jobs " + std::to_string(list.jobs) + '\n';
  h += "fingerprint ";
  char buf[17];
  auto [end, ec] = std::to_chars(buf, buf + 16, list.fingerprint, 16);
  h.append(buf, end);
  h += '\n';
  h += "shard " + std::to_string(shard.index) + ' ' + std::to_string(shard.count) + '\n';
  return h;
}

std::string open_error(const std::string& path, const char* verb) {
  const int e = errno;
  if (e == EINVAL) return std::string("cannot ") + verb + " " + path + ": not a regular file";
  return std::string("cannot ") + verb + " " + path + ": " + std::strerror(e);
}

// Reads a file line by line in blocks, within `limit` bytes.
class LineReader {
 public:
  LineReader(int fd, std::uint64_t limit) : fd_(fd), limit_(limit) {}
  // The next line without its '\n'; false at the end. `complete` is false for a last line
  // that has no '\n' (a cut file).
  bool next(std::string_view& line, bool& complete) {
    for (;;) {
      const std::size_t nl = buffer_.find('\n', start_);
      if (nl != std::string::npos) {
        line = std::string_view(buffer_).substr(start_, nl - start_);
        consumed_ += nl + 1 - start_;
        start_ = nl + 1;
        complete = true;
        return true;
      }
      if (!fill()) {
        if (start_ == buffer_.size()) return false;
        line = std::string_view(buffer_).substr(start_);
        consumed_ += buffer_.size() - start_;
        start_ = buffer_.size();
        complete = false;
        return true;
      }
    }
  }
  std::uint64_t consumed() const { return consumed_; }
  int error() const { return error_; }

 private:
  int fd_;
  std::uint64_t limit_, read_ = 0, consumed_ = 0;
  std::string buffer_;
  std::size_t start_ = 0;
  int error_ = 0;
  bool fill() {
    if (read_ >= limit_) return false;
    buffer_.erase(0, start_);
    start_ = 0;
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uint64_t>(tune::kJobLogBlockBytes, limit_ - read_));
    const std::size_t old = buffer_.size();
    buffer_.resize(old + want);
    ssize_t got;
    do got = ::read(fd_, buffer_.data() + old, want);
    while (got < 0 && errno == EINTR);
    if (got <= 0) {
      if (got < 0) error_ = errno;
      buffer_.resize(old);
      return false;
    }
    buffer_.resize(old + static_cast<std::size_t>(got));
    read_ += static_cast<std::uint64_t>(got);
    return true;
  }
};

// Splits a line at single spaces into at most `max` fields; false if it has more.
template <std::size_t N>
bool split(std::string_view line, std::array<std::string_view, N>& out, std::size_t& count) {
  count = 0;
  while (!line.empty()) {
    if (count == N) return false;
    const auto sp = line.find(' ');
    out[count++] = line.substr(0, sp);
    line = sp == std::string_view::npos ? std::string_view{} : line.substr(sp + 1);
  }
  return true;
}

}  // namespace

bool looks_like_job_log(const std::string& path) {
  const int fd = open_regular(path, O_RDONLY);
  if (fd < 0) return false;
  char buf[kTag.size()];
  const ssize_t got = ::read(fd, buf, sizeof buf);
  ::close(fd);
  return got == static_cast<ssize_t>(sizeof buf) && std::string_view(buf, sizeof buf) == kTag;
}

JobLogSummary read_job_log(const std::string& path,
                           const std::function<void(const JobLogEntry&)>& on_entry,
                           std::uint64_t limit) {
  const int fd = open_regular(path, O_RDONLY);
  if (fd < 0) throw RecordError(open_error(path, "read"));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  auto bad = [&](std::uint64_t line, const std::string& why) {
    return RecordError(path + " is not a usable job log: " +
                       (line > 0 ? "line " + std::to_string(line) + ": " : std::string()) + why);
  };

  LineReader in(fd, limit);
  JobLogSummary s;
  std::string header;
  std::string_view line;
  bool complete = true;
  std::uint64_t number = 0;
  // The header: eight lines in a fixed order, then `start`.
  const char* keys[] = {"program", "n", "method", "depth", "jobs", "fingerprint", "shard", "start"};
  std::string values[8];
  for (int k = -1; k < 8; ++k) {
    if (!in.next(line, complete) || !complete)
      throw bad(number + 1, in.error() ? std::strerror(in.error()) : "the header is cut short");
    ++number;
    const auto sp = line.find(' ');
    const std::string_view key = line.substr(0, sp);
    const std::string_view value = sp == std::string_view::npos ? "" : line.substr(sp + 1);
    if (k == -1) {
      if (key != kTag) throw bad(0, "it does not start with '" + std::string(kTag) + "'");
      if (value != std::to_string(kFormatVersion))
        throw bad(1, "format version " + std::string(value) + " is not " +
                         std::to_string(kFormatVersion));
    } else {
      if (key != keys[k]) throw bad(number, "expected '" + std::string(keys[k]) + "'");
      values[k] = std::string(value);
    }
    if (k < 7) {
      header.append(line);
      header += '\n';
    }
  }
  if (!parse_number(values[1], s.list.n) || s.list.n < 1 || s.list.n > kMaxCountN)
    throw bad(3, "bad n");
  const std::optional<CountMethod> method = parse_method(values[2]);
  if (!method || *method == CountMethod::automatic) throw bad(4, "bad method");  // a list has one
  s.list.method = *method;
  if (!parse_number(values[3], s.list.depth) || s.list.depth < 0 || s.list.depth > kMaxJobDepth)
    throw bad(5, "bad depth");
  if (!parse_number(values[4], s.list.jobs)) throw bad(6, "bad job count");
  if (!parse_number(values[5], s.list.fingerprint, 16)) throw bad(7, "bad fingerprint");
  {
    const auto sp = values[6].find(' ');
    if (sp == std::string::npos ||
        !parse_number(std::string_view(values[6]).substr(0, sp), s.shard.index) ||
        !parse_number(std::string_view(values[6]).substr(sp + 1), s.shard.count) ||
        s.shard.count < 1 || s.shard.index < 1 || s.shard.index > s.shard.count)
      throw bad(8, "bad shard");
  }
  std::uint64_t check = 0;
  if (!parse_number(values[7], check, 16) || values[7].size() != 16) throw bad(9, "bad start");
  if (check != fnv1a(header)) throw bad(9, "the header's check does not match (it was changed)");

  const std::uint64_t shard_jobs = s.shard.size(s.list.jobs);
  std::array<std::string_view, 5> f;
  std::size_t fields = 0;
  while (in.next(line, complete)) {
    ++number;
    if (!complete)
      throw bad(number, "the last entry is cut short (the log is truncated after byte " +
                            std::to_string(in.consumed() - line.size()) + ")");
    JobLogEntry e;
    std::uint64_t stored = 0;
    if (!split(line, f, fields) || fields != 5 || !parse_number(f[0], e.index) ||
        !parse_count(f[1], e.counts.total) || !parse_count(f[2], e.counts.fixed180) ||
        !parse_count(f[3], e.counts.fixed90) || f[4].size() != 16 ||
        !parse_number(f[4], stored, 16))
      throw bad(number, "malformed entry");
    const std::string_view body = line.substr(0, line.size() - 17);
    check = entry_check(check, body);
    if (stored != check)
      throw bad(number, "the entry's check does not match (it was changed, or an entry before it)");
    if (e.index >= s.list.jobs || !s.shard.owns(e.index))
      throw bad(number, "job " + std::to_string(e.index) + " is not in shard " +
                            std::to_string(s.shard.index) + "/" + std::to_string(s.shard.count));
    if (!s.done.insert(s.shard.position_of(e.index)))
      throw bad(number, "job " + std::to_string(e.index) + " is logged twice");
    s.sum += e.counts;
    ++s.entries;
    if (on_entry) on_entry(e);
  }
  if (in.error()) throw RecordError("cannot read " + path + ": " + std::strerror(in.error()));
  if (s.entries > shard_jobs) throw bad(0, "more entries than the shard has jobs");
  s.bytes = in.consumed();
  s.check = check;
  return s;
}

JobLogWriter::JobLogWriter(const std::string& path, const JobListId& list, Shard shard,
                           const JobLogSummary* resume)
    : path_(path) {
  // Never through a link: one planted at the log's path cannot redirect the writes.
  fd_ = open_regular(path, O_WRONLY | O_CREAT | O_NOFOLLOW);
  if (fd_ < 0 && errno == ELOOP)
    throw RecordError("cannot use " + path + " as a job log: it is a symbolic link");
  if (fd_ < 0) throw RecordError(open_error(path, "write"));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int e = errno;
    ::close(fd_);
    if (e == EWOULDBLOCK)
      throw RecordError(path + " is in use by another running count (it is locked)");
    throw RecordError("cannot lock " + path + ": " + std::strerror(e));
  }
  const std::uint64_t keep = resume ? resume->bytes : 0;
  if (::ftruncate(fd_, static_cast<off_t>(keep)) != 0 ||
      ::lseek(fd_, static_cast<off_t>(keep), SEEK_SET) < 0) {
    const int e = errno;
    ::close(fd_);
    throw RecordError("cannot write " + path + ": " + std::strerror(e));
  }
  written_ = keep;
  if (resume) {
    check_ = resume->check;
    return;
  }
  const std::string header = header_text(list, shard);
  check_ = fnv1a(header);
  buffer_ = header + "start ";
  append_hex(buffer_, check_);
  buffer_ += '\n';
}

JobLogWriter::~JobLogWriter() {
  if (fd_ >= 0) ::close(fd_);  // what is buffered is dropped: a record never counts it
}

void JobLogWriter::add(std::uint64_t index, const SolutionCounts& c) {
  const std::size_t start = buffer_.size();
  append_count(buffer_, index);
  buffer_ += ' ';
  append_count(buffer_, c.total);
  buffer_ += ' ';
  append_count(buffer_, c.fixed180);
  buffer_ += ' ';
  append_count(buffer_, c.fixed90);
  check_ = entry_check(check_, std::string_view(buffer_).substr(start));
  buffer_ += ' ';
  append_hex(buffer_, check_);
  buffer_ += '\n';
  if (buffer_.size() >= tune::kJobLogBlockBytes) write_buffer();
}

void JobLogWriter::write_buffer() {
  std::size_t off = 0;
  while (off < buffer_.size()) {
    const ssize_t w = ::write(fd_, buffer_.data() + off, buffer_.size() - off);
    if (w < 0) {
      if (errno == EINTR) continue;
      throw RecordError("cannot write " + path_ + ": " + std::strerror(errno));
    }
    off += static_cast<std::size_t>(w);
  }
  written_ += buffer_.size();
  buffer_.clear();
}

std::uint64_t JobLogWriter::sync() {
  write_buffer();
  if (::fsync(fd_) != 0) throw RecordError("cannot write " + path_ + ": " + std::strerror(errno));
  return written_;
}

JobLogComparison compare_job_logs(const std::string& a, const std::string& b) {
  std::vector<JobLogEntry> ea, eb;
  const JobLogSummary sa = read_job_log(a, [&](const JobLogEntry& e) { ea.push_back(e); });
  const JobLogSummary sb = read_job_log(b, [&](const JobLogEntry& e) { eb.push_back(e); });
  if (!(sa.list == sb.list))
    throw RecordError(a + " and " + b + " are logs of different job lists (N, method, depth or " +
                      "fingerprint differ); they cannot be compared job by job");
  auto by_index = [](const JobLogEntry& x, const JobLogEntry& y) { return x.index < y.index; };
  std::sort(ea.begin(), ea.end(), by_index);
  std::sort(eb.begin(), eb.end(), by_index);
  JobLogComparison c;
  c.list = sa.list;
  bool missing = false;
  auto note_missing = [&](std::uint64_t index) {
    if (!missing || index < c.first_missing) c.first_missing = index;
    missing = true;
  };
  std::size_t i = 0, j = 0;
  while (i < ea.size() || j < eb.size()) {
    if (j == eb.size() || (i < ea.size() && ea[i].index < eb[j].index)) {
      ++c.only_first;
      note_missing(ea[i++].index);
    } else if (i == ea.size() || eb[j].index < ea[i].index) {
      ++c.only_second;
      note_missing(eb[j++].index);
    } else {
      ++c.common;
      if (!(ea[i].counts == eb[j].counts) && c.differing++ == 0) {
        c.first_difference_a = ea[i];
        c.first_difference_b = eb[j];
      }
      ++i, ++j;
    }
  }
  return c;
}

}  // namespace nqueens
