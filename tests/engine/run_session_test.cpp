// RunSession, the one pipeline of every long run: resume, lock, save, final-save failure, the
// verify sample.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <string>

#include "nqueens/checkpoint.hpp"
#include "nqueens/jobs.hpp"
#include "nqueens/known_counts.hpp"
#include "nqueens/run.hpp"

namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
  const fs::path d =
      fs::temp_directory_path() / ("nqueens-session-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

nqueens::SessionOptions saving_to(const std::string& file, double seconds = 10) {
  nqueens::SessionOptions o;
  o.checkpoint = file;
  o.checkpoint_seconds = seconds;
  return o;
}

TEST(RunSession, ResumesWhereARecordLeftOff) {
  const fs::path dir = fresh_dir("resume");
  const std::string file = (dir / "n10.record").string();
  const nqueens::JobList list = nqueens::make_jobs(10, nqueens::CountMethod::backtrack);
  {
    nqueens::RunSession s(list.id(), {}, saving_to(file, 0));
    const auto todo = s.remaining_indices();
    ASSERT_EQ(todo.size(), list.jobs.size());
    for (std::size_t k = 0; k < todo.size() / 2; ++k)
      s.record(todo[k], list.jobs[todo[k]], nqueens::count_job(10, list.jobs[todo[k]]));
  }  // no finish: as if killed after the last save
  nqueens::RunSession s(list.id(), {}, saving_to(file, 0));
  EXPECT_EQ(s.resumed(), list.jobs.size() / 2);
  for (nqueens::ShardJob j; s.next_job(j);) {
    EXPECT_EQ(j.job, list.jobs[j.index]);
    EXPECT_GE(j.index, list.jobs.size() / 2);
    s.record(j, nqueens::count_job(10, j.job));
  }
  const nqueens::RunResult r = s.finish();
  EXPECT_TRUE(r.finished);
  EXPECT_TRUE(r.save_error.empty());
  EXPECT_EQ(r.record.sum.total, nqueens::known::kTotal[10]);
  EXPECT_EQ(nqueens::read_record(file).sum.total, nqueens::known::kTotal[10]);
  fs::remove_all(dir);
}

TEST(RunSession, ASecondSessionOnTheSameRecordIsRefused) {
  const fs::path dir = fresh_dir("lock");
  const std::string file = (dir / "n8.record").string();
  const nqueens::JobList list = nqueens::make_jobs(8, nqueens::CountMethod::backtrack);
  {
    nqueens::RunSession first(list.id(), {}, saving_to(file));
    try {
      nqueens::RunSession second(list.id(), {}, saving_to(file));
      FAIL() << "two sessions on one record";
    } catch (const nqueens::RecordError& e) {
      EXPECT_NE(std::string(e.what()).find("in use"), std::string::npos) << e.what();
    }
  }
  nqueens::RunSession again(list.id(), {},
                            saving_to(file));  // the lock went with the first session
  SUCCEED();
  fs::remove_all(dir);
}

TEST(RunSession, TheLockFileLastsAsLongAsTheSession) {
  const fs::path dir = fresh_dir("lockfile");
  const std::string file = (dir / "n8.record").string();
  const nqueens::JobList list = nqueens::make_jobs(8, nqueens::CountMethod::backtrack);
  {
    nqueens::RunSession s(list.id(), {}, saving_to(file));
    EXPECT_TRUE(fs::exists(file + ".lock"));
    for (nqueens::ShardJob j; s.next_job(j);) s.record(j, nqueens::count_job(8, j.job));
    EXPECT_TRUE(s.finish().finished);
  }
  EXPECT_FALSE(fs::exists(file + ".lock"));
  EXPECT_TRUE(fs::exists(file));
  {
    std::FILE* stale = std::fopen((file + ".lock").c_str(), "w");  // left by a kill -9
    ASSERT_NE(stale, nullptr);
    std::fclose(stale);
    nqueens::RunSession s(list.id(), {}, saving_to(file));
    EXPECT_EQ(s.resumed(), list.jobs.size());
  }
  EXPECT_FALSE(fs::exists(file + ".lock"));
  fs::remove_all(dir);
}

TEST(RunSession, ALinkOrFifoAtTheRecordsPathsIsNeitherFollowedNorWaitedOn) {
  const fs::path dir = fresh_dir("links");
  const std::string file = (dir / "n8.record").string();
  const std::string victim = (dir / "victim").string();
  {
    std::FILE* f = std::fopen(victim.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs("keep me\n", f);
    std::fclose(f);
  }
  const nqueens::JobList list = nqueens::make_jobs(8, nqueens::CountMethod::backtrack);
  // A symlink planted at FILE.tmp: the record is written beside it, the victim is untouched.
  fs::create_symlink(victim, file + ".tmp");
  nqueens::write_record(nqueens::RunRecord::start(list.id(), {}), file);
  EXPECT_EQ(fs::file_size(victim), 8u);
  EXPECT_FALSE(fs::is_symlink(file));
  EXPECT_EQ(nqueens::read_record(file).list.jobs, list.jobs.size());
  // A symlink at FILE.lock is refused.
  const std::string other = (dir / "other.record").string();
  fs::create_symlink(victim, other + ".lock");
  EXPECT_THROW(nqueens::RunSession(list.id(), {}, saving_to(other)), nqueens::RecordError);
  EXPECT_EQ(fs::file_size(victim), 8u);
  // A FIFO as the record (to resume from, or to merge) or as its lock: refused, not waited on.
  const std::string fifo = (dir / "fifo.record").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_THROW(nqueens::read_record(fifo), nqueens::RecordError);
  EXPECT_THROW(nqueens::RunSession(list.id(), {}, saving_to(fifo)), nqueens::RecordError);
  const std::string fifo_lock = (dir / "locked.record").string();
  ASSERT_EQ(::mkfifo((fifo_lock + ".lock").c_str(), 0600), 0);
  EXPECT_THROW(nqueens::RunSession(list.id(), {}, saving_to(fifo_lock)), nqueens::RecordError);
  EXPECT_THROW(nqueens::read_record("/dev/zero"), nqueens::RecordError);
  fs::remove_all(dir);
}

TEST(RunSession, DuplicateResultsCountOnce) {
  const nqueens::JobList list = nqueens::make_jobs(9, nqueens::CountMethod::backtrack);
  nqueens::RunSession s(list.id(), {}, {});
  for (std::size_t i : s.remaining_indices()) {
    const auto c = nqueens::count_job(9, list.jobs[i]);
    s.record(i, list.jobs[i], c);
    s.record(i, list.jobs[i], c);  // the same job back from a re-issued batch
  }
  EXPECT_EQ(s.finish().record.sum.total, nqueens::known::kTotal[9]);
}

TEST(RunSession, AFailedFinalSaveKeepsTheExactResult) {
  const fs::path dir = fresh_dir("final");
  const std::string file = (dir / "n9.record").string();
  const nqueens::JobList list = nqueens::make_jobs(9, nqueens::CountMethod::backtrack);
  nqueens::RunSession s(list.id(), {}, saving_to(file, 3600));
  for (nqueens::ShardJob j; s.next_job(j);) s.record(j, nqueens::count_job(9, j.job));
  fs::remove_all(dir);  // the folder is gone: the final save cannot succeed
  const nqueens::RunResult r = s.finish();
  EXPECT_TRUE(r.finished);
  EXPECT_EQ(r.record.sum.total, nqueens::known::kTotal[9]);
  EXPECT_NE(r.save_error.find("cannot write"), std::string::npos) << r.save_error;
}

TEST(RunSession, AFailedWriteLeavesNoTemporaryFile) {
  const fs::path dir = fresh_dir("tmp");
  const std::string file = (dir / "n8.record").string();
  const nqueens::RunRecord rec =
      nqueens::RunRecord::start(nqueens::make_jobs(8, nqueens::CountMethod::backtrack).id(), {});
  // A file-size limit of a few bytes makes the write fail part way, as a full disk would.
  std::signal(SIGXFSZ, SIG_IGN);
  rlimit old{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
  rlimit tiny = old;
  tiny.rlim_cur = 16;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &tiny), 0);
  EXPECT_THROW(nqueens::write_record(rec, file), nqueens::RecordError);
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &old), 0);
  std::signal(SIGXFSZ, SIG_DFL);
  EXPECT_FALSE(fs::exists(file + ".tmp"));
  EXPECT_FALSE(fs::exists(file));
  fs::remove_all(dir);
}

TEST(RunSession, StopFlagEndsTheRunUnfinished) {
  std::atomic<bool> stop{true};
  nqueens::RunOptions o;
  o.n = 12;
  o.threads = 2;
  o.stop = &stop;
  const nqueens::RunResult r = nqueens::run_count(o);
  EXPECT_FALSE(r.finished);
  EXPECT_LE(r.record.done_count(), 2u) << "each thread finishes at most its job in flight";
}

// A second method that disagrees stops the run, names the job and records nothing of it; the
// same with the session's own recount threads (the GPU and MPI way).
TEST(VerifySample, AJobThatDoesNotCheckStopsTheRun) {
  for (const int threads : {0, 2}) {
    const nqueens::JobListId list = nqueens::describe_jobs(10, nqueens::CountMethod::backtrack);
    nqueens::SessionOptions o;
    o.verify.percent = 100;
    o.verify.method = "a doubting recount";
    o.verify.threads = threads;
    o.verify.recount = [](const nqueens::Job& job) {
      nqueens::SolutionCounts c = nqueens::count_job(10, job);
      if (job.cols[1] == 5 && job.cols[2] == 1) c.total += 8;
      return c;
    };
    nqueens::RunSession s(list, {}, o);
    for (nqueens::ShardJob j; s.next_job(j);)
      if (!s.record(j, nqueens::count_job(10, j.job))) break;
    const nqueens::RunResult r = s.finish();
    EXPECT_FALSE(r.finished);
    EXPECT_NE(r.check_failure.find("does not check"), std::string::npos) << r.check_failure;
    EXPECT_NE(r.check_failure.find("a doubting recount"), std::string::npos) << r.check_failure;
  }
}

TEST(VerifySample, TheSampleIsSeededAndAboutItsShare) {
  std::uint64_t in = 0, again = 0;
  for (std::uint64_t i = 0; i < 100000; ++i) {
    in += nqueens::in_verify_sample(i, 1, 7);
    again += nqueens::in_verify_sample(i, 1, 7) == nqueens::in_verify_sample(i, 1, 7);
  }
  EXPECT_EQ(again, 100000u);
  EXPECT_GT(in, 850u);
  EXPECT_LT(in, 1150u);
  EXPECT_FALSE(nqueens::in_verify_sample(5, 0, 7));
  EXPECT_TRUE(nqueens::in_verify_sample(5, 100, 7));
  std::uint64_t differ = 0;
  for (std::uint64_t i = 0; i < 1000; ++i)
    differ += nqueens::in_verify_sample(i, 50, 1) != nqueens::in_verify_sample(i, 50, 2);
  EXPECT_GT(differ, 300u);  // another seed takes other jobs
}

}  // namespace
