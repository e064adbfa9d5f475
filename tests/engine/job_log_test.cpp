// Job logs (nqueens/job_log.hpp): round trip, every damaged byte refused, one altered job among a
// million found by index, resuming from a record and its log or from the log alone.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "nqueens/job_log.hpp"
#include "nqueens/jobs.hpp"
#include "nqueens/known_counts.hpp"
#include "nqueens/run.hpp"

namespace {

namespace fs = std::filesystem;
namespace nq = nqueens;

fs::path log_dir(const std::string& name) {
  const fs::path d =
      fs::temp_directory_path() / ("nqueens-joblog-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void spill(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
}

nq::SolutionCounts fake_counts(std::uint64_t index) {
  return {index * 8 + 16, index % 3 == 0 ? 4u : 0u, 0};
}

TEST(JobLog, RoundTripKeepsEveryEntryInOrder) {
  const fs::path dir = log_dir("roundtrip");
  const nq::JobListId list = nq::describe_jobs(12, nq::CountMethod::backtrack);
  const nq::Shard shard{2, 5};
  const fs::path file = dir / "a.log";
  {
    nq::JobLogWriter w(file.string(), list, shard);
    for (std::uint64_t p : {3u, 0u, 7u}) w.add(shard.index_of(p), fake_counts(p));
    w.sync();
  }
  std::vector<std::uint64_t> seen;
  const nq::JobLogSummary s =
      nq::read_job_log(file.string(), [&](const nq::JobLogEntry& e) { seen.push_back(e.index); });
  EXPECT_EQ(s.list, list);
  EXPECT_EQ(s.shard, shard);
  EXPECT_EQ(s.entries, 3u);
  EXPECT_EQ(seen, (std::vector<std::uint64_t>{16, 1, 36}));
  EXPECT_TRUE(s.done.contains(7));
  EXPECT_EQ(s.sum.total, fake_counts(3).total + fake_counts(0).total + fake_counts(7).total);
  EXPECT_EQ(s.bytes, fs::file_size(file));
  EXPECT_FALSE(s.finished());
  EXPECT_TRUE(nq::looks_like_job_log(file.string()));
  fs::remove_all(dir);
}

TEST(JobLog, EveryDamagedByteIsRefused) {
  const fs::path dir = log_dir("damage");
  const fs::path file = dir / "a.log";
  {
    nq::JobLogWriter w(file.string(), nq::describe_jobs(9, nq::CountMethod::backtrack), {});
    for (std::uint64_t i = 0; i < 14; ++i) w.add(i, fake_counts(i));
    w.sync();
  }
  const std::string text = slurp(file);
  const fs::path bad = dir / "bad.log";
  for (std::size_t i = 0; i < text.size(); ++i) {
    std::string changed = text;
    changed[i] = static_cast<char>(changed[i] ^ 0x01);
    spill(bad, changed);
    EXPECT_THROW(nq::read_job_log(bad.string()), nq::RecordError) << "byte " << i;
  }
  // Cut anywhere but at the end of a line: refused; at a line's end: the lines before it.
  for (std::size_t len = 1; len < text.size(); ++len) {
    spill(bad, text.substr(0, len));
    if (text[len - 1] == '\n' && text.substr(0, len).find("start ") != std::string::npos)
      EXPECT_NO_THROW(nq::read_job_log(bad.string())) << len;
    else
      EXPECT_THROW(nq::read_job_log(bad.string()), nq::RecordError) << len;
  }
  // A line repeated, two lines swapped: the chain breaks.
  const std::size_t l10 = text.find('\n', text.find("\n9 ") + 1) + 1;
  const std::size_t l11 = text.find('\n', l10) + 1;
  spill(bad, text.substr(0, l11) + text.substr(l10));
  EXPECT_THROW(nq::read_job_log(bad.string()), nq::RecordError);
  const std::size_t l12 = text.find('\n', l11) + 1;
  spill(bad, text.substr(0, l10) + text.substr(l11, l12 - l11) + text.substr(l10, l11 - l10) +
                 text.substr(l12));
  EXPECT_THROW(nq::read_job_log(bad.string()), nq::RecordError);
  fs::remove_all(dir);
}

// The target of docs/RECORD.md: one altered job among a million entries, named by index.
TEST(JobLog, CompareFindsOneAlteredJobAmongAMillion) {
  const fs::path dir = log_dir("million");
  // N = 16 at 8 rows has 4.4M jobs; the logs hold the first million in a shuffled order.
  const nq::JobListId list = nq::describe_jobs(16, nq::CountMethod::backtrack, 8);
  ASSERT_GT(list.jobs, 1000000u);
  constexpr std::uint64_t kEntries = 1000000, kAltered = 765432;
  for (const char* name : {"a.log", "b.log"}) {
    nq::JobLogWriter w((dir / name).string(), list, {});
    const bool alter = std::string(name) == "b.log";
    for (std::uint64_t k = 0; k < kEntries; ++k) {
      const std::uint64_t index = (k * 7919) % kEntries;  // 7919 is prime: a permutation
      nq::SolutionCounts c = fake_counts(index);
      if (alter && index == kAltered) c.total += 8;
      w.add(index, c);
    }
    w.sync();
  }
  const nq::JobLogComparison c =
      nq::compare_job_logs((dir / "a.log").string(), (dir / "b.log").string());
  EXPECT_EQ(c.common, kEntries);
  EXPECT_EQ(c.differing, 1u);
  EXPECT_EQ(c.only_first + c.only_second, 0u);
  EXPECT_EQ(c.first_difference_a.index, kAltered);
  EXPECT_EQ(c.first_difference_b.counts.total, fake_counts(kAltered).total + 8);
  EXPECT_TRUE(nq::find_job(16, nq::CountMethod::backtrack, 8, kAltered));
  fs::remove_all(dir);
}

nq::SessionOptions with_log(const fs::path& record, const fs::path& log) {
  nq::SessionOptions o;
  o.checkpoint = record.string();
  o.job_log = log.string();
  o.checkpoint_seconds = 0;  // save after every job
  return o;
}

TEST(JobLog, ASessionResumesFromItsRecordAndLogOrFromTheLogAlone) {
  const fs::path dir = log_dir("resume");
  const nq::JobListId list = nq::describe_jobs(11, nq::CountMethod::backtrack);
  const fs::path rec = dir / "r.rec", log = dir / "r.log";
  {
    nq::RunSession s(list, {}, with_log(rec, log));
    nq::ShardJob j;
    for (int k = 0; k < 50 && s.next_job(j); ++k) s.record(j, nq::count_job(11, j.job));
  }  // killed: no finish
  // Entries logged after the last save are cut; here every job was saved.
  {
    nq::RunSession s(list, {}, with_log(rec, log));
    EXPECT_EQ(s.resumed(), 50u);
    nq::ShardJob j;
    for (int k = 0; k < 50 && s.next_job(j); ++k) s.record(j, nq::count_job(11, j.job));
  }
  fs::remove(rec);  // the record is lost: the log alone goes on
  nq::RunSession s(list, {}, with_log(rec, log));
  EXPECT_EQ(s.resumed(), 100u);
  for (nq::ShardJob j; s.next_job(j);) s.record(j, nq::count_job(11, j.job));
  const nq::RunResult r = s.finish();
  EXPECT_TRUE(r.finished);
  EXPECT_EQ(r.record.sum.total, nq::known::kTotal[11]);
  EXPECT_EQ(r.resumed_from, log.string());
  const nq::JobLogSummary summary = nq::read_job_log(log.string());
  EXPECT_TRUE(summary.finished());
  EXPECT_EQ(summary.sum, r.record.sum);
  fs::remove_all(dir);
}

TEST(JobLog, ALogThatDisagreesWithItsRecordIsRefused) {
  const fs::path dir = log_dir("disagree");
  const nq::JobListId list = nq::describe_jobs(10, nq::CountMethod::backtrack);
  const fs::path rec = dir / "r.rec", log = dir / "r.log";
  {
    nq::RunSession s(list, {}, with_log(rec, log));
    nq::ShardJob j;
    for (int k = 0; k < 20 && s.next_job(j); ++k) s.record(j, nq::count_job(10, j.job));
  }
  const std::string text = slurp(log);
  spill(log, text.substr(0, text.size() - 40));  // cut below the size the record names
  EXPECT_THROW(nq::RunSession(list, {}, with_log(rec, log)), nq::RecordError);
  fs::remove(log);
  EXPECT_THROW(nq::RunSession(list, {}, with_log(rec, log)), nq::RecordError);
  fs::remove_all(dir);
}

}  // namespace
