#include "nqueens/checkpoint.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <map>
#include <sstream>

#include "nqueens/version.hpp"
#include "record_text.hpp"

namespace nqueens {

namespace {

using record_text::fnv1a;
using record_text::parse_count;
using record_text::parse_number;

constexpr const char* kTag = "nqueens-record";
constexpr int kFormatVersion = 3;
constexpr std::size_t kMaxRecordBytes = 64u << 20;  // far above any real record

std::string hex(std::uint64_t v) {
  char buf[17];
  auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, v, 16);
  return std::string(buf, ptr);
}

// Done jobs as ranges of positions within the shard, so a shard's progress compresses to a
// few ranges whatever the shard count.
std::string ranges_of(const DoneRanges& done) {
  std::string out;
  for (const auto& [first, last] : done.ranges()) {
    if (!out.empty()) out += ',';
    out += std::to_string(first);
    if (last > first) out += '-' + std::to_string(last);
  }
  return out;
}

// The most jobs a record may name: far above any list (N = 28 at depth 8 has about 7e9).
constexpr std::uint64_t kMaxRecordJobs = std::uint64_t{1} << 40;

}  // namespace

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  Shard s;
  if (slash == std::string::npos ||
      !parse_number(std::string_view(text).substr(0, slash), s.index) ||
      !parse_number(std::string_view(text).substr(slash + 1), s.count))
    throw std::invalid_argument("--shard must look like I/K (for example 3/8), got '" + text + "'");
  if (s.count < 1 || s.count > 1'000'000 || s.index < 1 || s.index > s.count)
    throw std::invalid_argument("--shard I/K needs 1 <= I <= K <= 1000000, got '" + text + "'");
  return s;
}

bool DoneRanges::contains(std::uint64_t p) const {
  auto it = ranges_.upper_bound(p);
  if (it == ranges_.begin()) return false;
  --it;
  return p <= it->second;
}

bool DoneRanges::insert(std::uint64_t p) {
  return insert_range(p, p);
}

bool DoneRanges::insert_range(std::uint64_t first, std::uint64_t last) {
  // The ranges that overlap or touch first..last merge into one.
  auto it = ranges_.upper_bound(first);
  if (it != ranges_.begin() && std::prev(it)->second + 1 >= first) --it;
  std::uint64_t lo = first, hi = last, overlap = 0;
  while (it != ranges_.end() && it->first <= hi + 1) {  // positions stay far below 2^64
    const std::uint64_t a = std::max(it->first, first), b = std::min(it->second, last);
    if (a <= b) overlap += b - a + 1;
    lo = std::min(lo, it->first);
    hi = std::max(hi, it->second);
    count_ -= it->second - it->first + 1;
    it = ranges_.erase(it);
  }
  ranges_.emplace(lo, hi);
  count_ += hi - lo + 1;
  return overlap == 0;
}

RunRecord RunRecord::start(const JobListId& id, Shard shard) {
  RunRecord r;
  r.list = id;
  r.shard = shard;
  return r;
}

void RunRecord::check_matches(const JobListId& id, Shard s, const std::string& path) const {
  if (list.n != id.n)
    throw RecordError(path + " is a record for N = " + std::to_string(list.n) +
                      ", not N = " + std::to_string(id.n));
  if (list.method != id.method)
    throw RecordError(path + " is a record of the " + method_name(list.method) +
                      " method, not of the " + method_name(id.method) +
                      " method; resume it with --method " + method_name(list.method));
  if (!(list == id))
    throw RecordError(path +
                      " was made from a different job list (another program version or "
                      "job depth); it cannot be resumed by this run");
  if (!(shard == s))
    throw RecordError(path + " is for shard " + std::to_string(shard.index) + "/" +
                      std::to_string(shard.count) + ", not " + std::to_string(s.index) + "/" +
                      std::to_string(s.count));
}

std::string to_text(const RunRecord& r) {
  std::ostringstream body;
  body << kTag << ' ' << kFormatVersion << '\n'
       << "program " << kVersion << '\n'
       << "n " << r.list.n << '\n'
       << "method " << method_name(r.list.method) << '\n'
       << "depth " << r.list.depth << '\n'
       << "jobs " << r.list.jobs << '\n'
       << "fingerprint " << hex(r.list.fingerprint) << '\n'
       << "shard " << r.shard.index << ' ' << r.shard.count << '\n'
       << "done " << ranges_of(r.done) << '\n'
       << "solutions " << to_string(r.sum.total) << ' ' << to_string(r.sum.fixed180) << ' '
       << to_string(r.sum.fixed90) << '\n';
  if (r.job_log_bytes) body << "job-log " << *r.job_log_bytes << '\n';
  std::string text = body.str();
  text += "checksum " + hex(fnv1a(text)) + '\n';
  return text;
}

RunRecord parse_record(const std::string& text, const std::string& path) {
  auto bad = [&](const std::string& why) -> RecordError {
    return RecordError(path + " is not a usable nqueens record: " + why);
  };
  // An earlier format is named before the checksum is looked at: its checksum holds, and "the
  // file was changed" would mislead.
  if (text.rfind(std::string(kTag) + " 2\n", 0) == 0)
    throw RecordError(path +
                      " is a record of format 2, made by an earlier nqueens whose jobs were "
                      "identified differently; finish it with that version, or delete it to "
                      "start afresh");
  const auto sum_at = text.rfind("checksum ");
  if (sum_at == std::string::npos || (sum_at != 0 && text[sum_at - 1] != '\n'))
    throw bad("no checksum line (truncated?)");
  std::uint64_t stored = 0;
  std::string_view sum_line = std::string_view(text).substr(sum_at + 9);
  if (!sum_line.empty() && sum_line.back() == '\n') sum_line.remove_suffix(1);
  if (!parse_number(sum_line, stored, 16)) throw bad("malformed checksum line");
  if (stored != fnv1a(std::string_view(text).substr(0, sum_at)))
    throw bad("checksum mismatch (the file was changed or damaged)");

  std::map<std::string, std::string> fields;
  std::istringstream in(text.substr(0, sum_at));
  std::string line;
  bool first = true;
  while (std::getline(in, line)) {
    const auto sp = line.find(' ');
    const std::string key = line.substr(0, sp);
    const std::string value = sp == std::string::npos ? "" : line.substr(sp + 1);
    if (first) {
      if (key != kTag) throw bad("it does not start with '" + std::string(kTag) + "'");
      if (value != std::to_string(kFormatVersion))
        throw bad("format version " + value + " is not " + std::to_string(kFormatVersion));
      first = false;
      continue;
    }
    fields[key] = value;
  }
  for (const char* k :
       {"program", "n", "method", "depth", "jobs", "fingerprint", "shard", "done", "solutions"})
    if (!fields.count(k)) throw bad(std::string("missing field '") + k + "'");
  if (fields["program"] != kVersion)
    throw RecordError(path + " was written by nqueens " + fields["program"] + ", this is " +
                      kVersion + "; finish it with that version");

  RunRecord r;
  JobListId& list = r.list;
  if (!parse_number(fields["n"], list.n) || list.n < 1 || list.n > kMaxCountN) throw bad("bad n");
  const std::optional<CountMethod> method = parse_method(fields["method"]);
  if (!method || *method == CountMethod::automatic) throw bad("bad method");  // a list has one
  list.method = *method;
  if (!parse_number(fields["depth"], list.depth) || list.depth < 0 || list.depth > kMaxJobDepth)
    throw bad("bad depth");
  if (!parse_number(fields["jobs"], list.jobs) || list.jobs > kMaxRecordJobs)
    throw bad("bad job count");
  if (!parse_number(fields["fingerprint"], list.fingerprint, 16)) throw bad("bad fingerprint");
  {
    std::istringstream s(fields["shard"]);
    std::string a, b, extra;
    s >> a >> b >> extra;
    try {
      r.shard = parse_shard(a + "/" + b);
    } catch (const std::invalid_argument&) {
      throw bad("bad shard");
    }
    if (!extra.empty()) throw bad("bad shard");
  }
  {
    std::string_view rest = fields["done"];
    while (!rest.empty()) {
      const auto comma = rest.find(',');
      std::string_view range = rest.substr(0, comma);
      rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
      const auto dash = range.find('-');
      std::uint64_t lo = 0, hi = 0;
      if (!parse_number(range.substr(0, dash), lo) ||
          (dash != std::string_view::npos && !parse_number(range.substr(dash + 1), hi)))
        throw bad("bad done range '" + std::string(range) + "'");
      if (dash == std::string_view::npos) hi = lo;
      if (hi < lo || hi >= r.shard_jobs()) throw bad("done range out of bounds");
      if (!r.done.insert_range(lo, hi)) throw bad("done ranges overlap");
    }
  }
  {
    std::istringstream s(fields["solutions"]);
    std::string c[3], extra;
    s >> c[0] >> c[1] >> c[2] >> extra;
    if (!parse_count(c[0], r.sum.total) || !parse_count(c[1], r.sum.fixed180) ||
        !parse_count(c[2], r.sum.fixed90) || !extra.empty())
      throw bad("bad solutions line");
  }
  if (fields.count("job-log")) {
    std::uint64_t bytes = 0;
    if (!parse_number(fields["job-log"], bytes)) throw bad("bad job-log line");
    r.job_log_bytes = bytes;
  }
  return r;
}

void write_record(const RunRecord& record, const std::string& path) {
  const std::string text = to_text(record);
  const std::string tmp = path + ".tmp";
  // Any failure removes FILE.tmp, so a full disk never leaves an empty or partial one behind.
  auto fail = [&](const std::string& what, int fd) {
    const std::string why = std::strerror(errno);
    if (fd >= 0) ::close(fd);
    ::unlink(tmp.c_str());
    throw RecordError(what + ": " + why);
  };
  // FILE.tmp is made new (O_EXCL) and never through a link (O_NOFOLLOW), so a symlink planted
  // there cannot redirect the write to its target. One left by a run killed mid-write is removed
  // first: unlink removes a link itself, never what it points to.
  ::unlink(tmp.c_str());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) throw RecordError("cannot write " + tmp + ": " + std::strerror(errno));
  std::size_t off = 0;
  while (off < text.size()) {
    const ssize_t w = ::write(fd, text.data() + off, text.size() - off);
    if (w < 0) {
      if (errno == EINTR) continue;
      fail("cannot write " + tmp, fd);
    }
    off += static_cast<std::size_t>(w);
  }
  // fsync before rename: after a power cut the file holds the old or the new record.
  if (::fsync(fd) != 0) fail("cannot write " + tmp, fd);
  if (::close(fd) != 0) fail("cannot write " + tmp, -1);
  if (std::rename(tmp.c_str(), path.c_str()) != 0) fail("cannot replace " + path, -1);
}

RunRecord read_record(const std::string& path) {
  // Opened without blocking and checked to be a regular file before any read: a FIFO would
  // block for ever, a device (/dev/zero) never ends, a directory reads as empty.
  const int fd = record_text::open_regular(path, O_RDONLY);
  if (fd < 0 && errno == EISDIR) throw RecordError("cannot read " + path + ": it is a directory");
  if (fd < 0 && errno == EINVAL)
    throw RecordError("cannot read " + path + ": it is not a regular file");
  if (fd < 0) throw RecordError("cannot read " + path + ": " + std::strerror(errno));
  std::string text;
  char buf[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      const int e = errno;
      ::close(fd);
      throw RecordError("cannot read " + path + ": " + std::strerror(e));
    }
    if (got == 0) break;
    text.append(buf, static_cast<std::size_t>(got));
    if (text.size() > kMaxRecordBytes) {
      ::close(fd);
      throw RecordError(path + " is too large to be a record");
    }
  }
  ::close(fd);
  return parse_record(text, path);
}

}  // namespace nqueens
