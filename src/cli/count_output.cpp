#include "count_output.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "nqueens/known_counts.hpp"

namespace nqueens::cli {

std::string json_string(std::string_view text) {
  return nlohmann::json(std::string(text))
      .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void print_count_report(const CountReport& r, bool json) {
  const bool partial = r.shard.count > 1;
  // A shard's sums are exact, but its share of the symmetry classes is not defined: classes
  // come from the whole board's counts (SolutionCounts::classes), so a shard reports its
  // solutions and fixed points and `merge` reports the classes.
  const ClassCounts c = r.counts.classes(r.n);
  if (json) {
    std::string extra;
    if (partial)
      extra += fmt::format(",\"shard\":\"{}/{}\",\"partial\":true", r.shard.index, r.shard.count);
    if (!r.record.empty()) extra += fmt::format(",\"record\":{}", json_string(r.record));
    if (r.resumed) extra += fmt::format(",\"resumed_jobs\":{}", r.resumed);
    if (r.merged) extra += fmt::format(",\"merged_shards\":{}", r.merged);
    if (!r.kernel.empty()) extra += fmt::format(",\"kernel\":{}", json_string(r.kernel));
    if (!r.method.empty()) extra += fmt::format(",\"method\":{}", json_string(r.method));
    if (!r.job_log.empty()) extra += fmt::format(",\"job_log\":{}", json_string(r.job_log));
    if (r.verify_percent > 0)
      extra += fmt::format(",\"verified_jobs\":{},\"verify_method\":{},\"verify_sample\":{}",
                           r.verified, json_string(r.verify_method), r.verify_percent);
    if (r.class_split_checked) extra += ",\"class_split_checked\":true";
    if (partial) {
      fmt::print(
          "{{\"n\":{},\"total\":{},\"fixed180\":{},\"fixed90\":{},\"seconds\":{:.6f},"
          "\"threads\":{},\"jobs\":{}{}}}\n",
          r.n, to_string(r.counts.total), to_string(r.counts.fixed180), to_string(r.counts.fixed90),
          r.seconds, r.threads, r.jobs, extra);
      return;
    }
    fmt::print(
        "{{\"n\":{},\"total\":{},\"unique\":{},\"classes\":{{\"8\":{},\"4\":{},\"2\":{},\"1\":{}}},"
        "\"seconds\":{:.6f},\"threads\":{},\"jobs\":{}{}}}\n",
        r.n, to_string(c.total()), to_string(c.unique()), to_string(c.size8), to_string(c.size4),
        to_string(c.size2), to_string(c.size1), r.seconds, r.threads, r.jobs, extra);
    return;
  }
  if (partial)
    fmt::print("shard: {}/{} (partial sums; `nqueens merge` adds all shards)\n", r.shard.index,
               r.shard.count);
  if (partial) {
    fmt::print("n: {}\ntotal: {}\nfixed by the half turn: {}\nfixed by the quarter turn: {}\n", r.n,
               to_string(r.counts.total), to_string(r.counts.fixed180),
               to_string(r.counts.fixed90));
  } else {
    fmt::print("n: {}\ntotal: {}\nunique: {}\n", r.n, to_string(c.total()), to_string(c.unique()));
    fmt::print("classes: {} of 8, {} of 4, {} of 2", to_string(c.size8), to_string(c.size4),
               to_string(c.size2));
    if (c.size1 != 0) fmt::print(", {} of 1", to_string(c.size1));
    fmt::print("\n");
  }
  if (r.class_split_checked)
    fmt::print("checked: the class split agrees with the solutions fixed by the turns ({})\n",
               r.n <= known::kMaxKnownFixedPointN ? "OEIS A032522, A033148" : "counted");
  if (r.merged) {
    fmt::print("merged: {} shard{}, {} jobs\n", r.merged, r.merged == 1 ? "" : "s", r.jobs);
    return;
  }
  if (r.verify_percent > 0)
    fmt::print("verified: {} jobs recounted by {}, all agree ({}% sample, seed {})\n", r.verified,
               r.verify_method, r.verify_percent, r.verify_seed);
  if (!r.job_log.empty()) fmt::print("job log: {}\n", r.job_log);
  fmt::print("seconds: {:.3f} ({} threads, {} jobs", r.seconds, r.threads, r.jobs);
  if (!r.method.empty()) fmt::print(", {} method", r.method);
  if (r.resumed)
    fmt::print(", {} resumed from {}", r.resumed,
               r.resumed_from.empty() ? r.record : r.resumed_from);
  fmt::print(")\n");
  if (!r.record.empty() && !r.resumed) fmt::print("record: {}\n", r.record);
}

void print_interrupted(const char* tool, std::size_t done, std::size_t total,
                       const std::string& checkpoint) {
  if (checkpoint.empty())
    std::fprintf(stderr,
                 "%s: interrupted after %zu of %zu jobs; nothing saved "
                 "(use --checkpoint FILE to be able to resume)\n",
                 tool, done, total);
  else
    std::fprintf(stderr,
                 "%s: interrupted after %zu of %zu jobs; saved in %s, run the same "
                 "command to resume\n",
                 tool, done, total, checkpoint.c_str());
}

AbandonAfterStop::AbandonAfterStop(const std::atomic<bool>* stop, const char* tool,
                                   std::string checkpoint) {
  watcher_ = std::thread([this, stop, tool, checkpoint = std::move(checkpoint)] {
    using namespace std::chrono;
    std::unique_lock guard(lock_);
    // Wait for the stop request (or the end of the count), polling the signal-set flag.
    while (!finished_ && !stop->load()) done_.wait_for(guard, milliseconds(50));
    if (finished_) return;
    if (done_.wait_for(guard, duration<double>(kStopGraceSeconds), [this] { return finished_; }))
      return;
    std::fflush(stdout);
    if (checkpoint.empty() || !std::filesystem::exists(checkpoint))
      std::fprintf(stderr,
                   "%s: interrupted; the jobs in flight were abandoned and nothing was saved%s\n",
                   tool,
                   checkpoint.empty() ? " (use --checkpoint FILE to be able to resume)"
                                      : " yet (the job list was still being built)");
    else
      std::fprintf(stderr,
                   "%s: interrupted; the jobs in flight were abandoned, %s keeps every job up to "
                   "its last save, run the same command to resume\n",
                   tool, checkpoint.c_str());
    std::fflush(stderr);
    std::_Exit(130);
  });
}

AbandonAfterStop::~AbandonAfterStop() {
  {
    std::lock_guard guard(lock_);
    finished_ = true;
  }
  done_.notify_all();
  watcher_.join();
}

}  // namespace nqueens::cli
