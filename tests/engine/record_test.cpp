// Run records (checkpoints and shard results) at the library level.
#include <gtest/gtest.h>

#include <unistd.h>
#include <atomic>
#include <filesystem>

#include "nqueens/checkpoint.hpp"
#include "nqueens/known_counts.hpp"
#include "nqueens/run.hpp"

namespace nq = nqueens;

namespace {

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("nqueens-test-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

}  // namespace

TEST(Record, TextRoundTripKeepsEveryField) {
  const nq::JobListId list = nq::make_jobs(12).id();
  nq::RunRecord r = nq::RunRecord::start(list, nq::Shard{2, 3});
  for (std::uint64_t p = 0; p < r.shard_jobs(); p += 3)
    if (p % 7 != 0) r.done.insert(p);
  r.sum.total = nq::Count{1} << 70;  // beyond 64 bits
  r.sum.fixed180 = 5;
  const nq::RunRecord back = nq::parse_record(nq::to_text(r), "mem");
  EXPECT_EQ(back.list.n, 12);
  EXPECT_EQ(back.list, list);
  EXPECT_EQ(back.done, r.done);
  EXPECT_EQ(back.sum, r.sum);
  EXPECT_EQ(back.shard, r.shard);
  EXPECT_FALSE(back.job_log_bytes);
  EXPECT_NO_THROW(back.check_matches(list, nq::Shard{2, 3}, "mem"));
  EXPECT_THROW(back.check_matches(list, nq::Shard{1, 3}, "mem"), nq::RecordError);
  EXPECT_THROW(back.check_matches(nq::make_jobs(13).id(), nq::Shard{2, 3}, "mem"), nq::RecordError);
  r.job_log_bytes = 12345;
  EXPECT_EQ(nq::parse_record(nq::to_text(r), "mem").job_log_bytes, 12345u);
}

TEST(Record, DoneRangesMergeAndCount) {
  nq::DoneRanges d;
  EXPECT_TRUE(d.insert(5));
  EXPECT_TRUE(d.insert(7));
  EXPECT_FALSE(d.insert(5));
  EXPECT_TRUE(d.insert(6));  // joins 5 and 7
  EXPECT_EQ(d.ranges().size(), 1u);
  EXPECT_EQ(d.count(), 3u);
  EXPECT_TRUE(d.insert_range(0, 3));
  EXPECT_FALSE(d.insert_range(3, 10));  // 3, 5, 6, 7 were there
  EXPECT_EQ(d.count(), 11u);
  EXPECT_EQ(d.ranges().size(), 1u);
  EXPECT_TRUE(d.contains(10));
  EXPECT_FALSE(d.contains(11));
  EXPECT_TRUE(d.insert(20));
  EXPECT_EQ(d.ranges().size(), 2u);
  EXPECT_EQ(d.count(), 12u);
}

TEST(Record, AnEarlierFormatIsRefusedWithAClearLine) {
  std::string text = nq::to_text(nq::RunRecord::start(nq::make_jobs(9).id(), nq::Shard{}));
  text.replace(text.find("nqueens-record 3"), 16, "nqueens-record 2");
  try {
    nq::parse_record(text, "old.record");
    FAIL();
  } catch (const nq::RecordError& e) {
    EXPECT_NE(std::string(e.what()).find("old.record is a record of format 2"), std::string::npos)
        << e.what();
  }
}

TEST(Record, EveryDamagedByteIsDetected) {
  const std::string text = nq::to_text(nq::RunRecord::start(nq::make_jobs(9).id(), nq::Shard{}));
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    std::string bad = text;
    bad[i] = static_cast<char>(bad[i] ^ 0x01);
    EXPECT_THROW(nq::parse_record(bad, "mem"), nq::RecordError) << "byte " << i;
  }
  for (std::size_t len = 0; len < text.size() - 1; len += 7)
    EXPECT_THROW(nq::parse_record(text.substr(0, len), "mem"), nq::RecordError) << len;
}

TEST(Record, ShardsPartitionTheJobList) {
  const nq::JobList list = nq::make_jobs(13);
  for (int k : {1, 2, 5, 64}) {
    std::size_t covered = 0;
    for (int i = 1; i <= k; ++i) {
      const nq::RunRecord r = nq::RunRecord::start(list.id(), nq::Shard{i, k});
      covered += r.shard_jobs();
    }
    EXPECT_EQ(covered, list.jobs.size());
  }
  EXPECT_THROW(nq::parse_shard("0/3"), std::invalid_argument);
  EXPECT_THROW(nq::parse_shard("4/3"), std::invalid_argument);
  EXPECT_THROW(nq::parse_shard("3"), std::invalid_argument);
  EXPECT_EQ(nq::parse_shard("3/8"), (nq::Shard{3, 8}));
}

TEST(Run, StopSavesAndResumeFinishesWithTheExactCount) {
  const std::string path = temp_path("resume.rec");
  std::filesystem::remove(path);
  std::atomic<bool> stop{false};
  nq::RunOptions o;
  o.n = 14;
  o.threads = 2;
  o.checkpoint = path;
  o.stop = &stop;
  std::size_t seen = 0;
  o.on_progress = [&](const nq::RunProgress& p) {
    seen = p.done;
    stop = true;  // ask to stop as soon as the first report comes
  };
  const nq::RunResult first = nq::run_count(o);
  EXPECT_FALSE(first.finished);
  EXPECT_TRUE(std::filesystem::exists(path));

  o.stop = nullptr;
  o.on_progress = {};
  const nq::RunResult second = nq::run_count(o);
  EXPECT_TRUE(second.finished);
  EXPECT_EQ(second.resumed, first.record.done_count());
  EXPECT_EQ(second.record.sum.total, nq::known::kTotal[14]);
  EXPECT_EQ(second.record.sum.classes(14).unique(), nq::known::kUnique[14]);
  std::filesystem::remove(path);
  (void)seen;
}
