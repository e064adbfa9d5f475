// nqueens-mpi: `nqueens count` across the ranks of an MPI job, with the same output, the same
// checkpoint file and the same exact numbers.
//
//   mpirun -np 5 nqueens-mpi count 20 -j 32 --checkpoint n20.record
//
// Rank 0 hands out batches of job indices of the shared JobList and adds up the results; the
// other ranks count them on -j threads each (with -np 1, rank 0 counts alone). Before any work
// every rank checks its arguments and builds the job list, and rank 0 collects the verdicts
// and answers go or no-go, so bad arguments end every rank with one message from rank 0. The
// start and the end are bounded in time (docs/RELIABILITY.md, "MPI"): a rank that never
// starts or never finishes ends the job with one line instead of hanging it.
#include <mpi.h>
#include <sched.h>
#include <unistd.h>

#include <fmt/format.h>

#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <thread>

#include "cli_common.hpp"
#include "count_output.hpp"
#include "dispatcher.hpp"
#include "local_process.hpp"
#include "nqueens/parallel.hpp"
#include "nqueens/run.hpp"
#include "nqueens/version.hpp"
#include "number_options.hpp"
#include "progress.hpp"
#include "protocol.hpp"
#include "receive.hpp"
#include "roles.hpp"
#include "tool_io.hpp"
#include "watchdog.hpp"

namespace nqueens::mpi {

namespace {

using cli::UsageError;
using Clock = std::chrono::steady_clock;

struct Args {
  std::string n;
  int threads = 0;
  int coordinator_threads = 0;
  bool json = false;
  double overdue_after = Dispatcher::kOverdueSeconds;  // --overdue-after
  double start_timeout = kStartTimeoutSeconds;         // --start-timeout
  cli::LongRunArgs run;  // run.checkpoint: after parse(), the resolved record file
  std::string kernel;    // --kernel
};

// One rank's view of the command line, before the ranks agree to start.
struct Setup {
  int code = 0;         // exit code; non-zero: this rank refuses to start
  bool exit = false;    // end without counting (an error, or --help/--version was printed)
  std::string message;  // what is wrong (code != 0)
  Args args;
  int n = 0;
  int threads = 1;  // counting threads of this rank (resolved -j)
  Shard shard;
  CountMethod method = CountMethod::automatic;  // as asked; the list holds the one chosen
  RunOptions run;                               // the long-run options, checked
  JobList list;
  // Rank 0: the run's session (resumed or fresh, its record locked and written once) and the
  // progress bar it reports to.
  std::unique_ptr<cli::ProgressBar> bar;
  std::unique_ptr<RunSession> session;
};

int usable_cpus();

Setup parse(int argc, char** argv, int rank) {
  Setup s;
  Args& a = s.args;
  CLI::App app{
      "nqueens-mpi: count N-Queens solutions across the ranks of an MPI job "
      "(rank 0 hands out jobs, the other ranks count them)",
      "nqueens-mpi"};
  app.set_version_flag("--version", std::string("nqueens-mpi ") + kVersion);
  app.require_subcommand(1);
  CLI::App* cmd = app.add_subcommand(
      "count", "Count all solutions (OEIS A000170) and fundamental ones (A002562) for N x N");
  cmd->add_option("N", a.n, fmt::format("board size, 1..{}", kMaxCountN))->required();
  tool_io::whole_number(
      cmd->add_option("-j,--threads", a.threads,
                      "counting threads per rank (0: as many as the CPUs the rank is bound to)"),
      0, kMaxThreads);
  tool_io::whole_number(
      cmd->add_option("--coordinator-threads", a.coordinator_threads,
                      "with more than one rank: threads rank 0 also counts with (default 0: it "
                      "only hands out jobs)"),
      0, 4096);
  cmd->add_flag("--json", a.json, "one JSON object instead of text");
  tool_io::seconds_up_to(
      cmd->add_option("--overdue-after", a.overdue_after,
                      fmt::format("once no fresh jobs are left, a batch out this many seconds (and "
                                  "8 times its expected time) is counted again by a rank that "
                                  "asks, so a hung rank cannot stall the run (default {:g})",
                                  Dispatcher::kOverdueSeconds)),
      86400);
  tool_io::seconds_up_to(
      cmd->add_option("--start-timeout", a.start_timeout,
                      fmt::format("the longest rank 0 waits from its start for every rank to "
                                  "start (MPI_Init included) before it gives up with one line "
                                  "(default {:g})",
                                  kStartTimeoutSeconds)),
      86400);
  cli::add_long_run_options(cmd, a.run);  // rank 0 writes the record
  cli::add_kernel_option(cmd, a.kernel);  // each rank counts with it

  auto refuse = [&](int code, std::string message) -> Setup {
    s.code = code;
    s.exit = true;
    s.message = std::move(message);
    return std::move(s);  // parse returns right after a refusal
  };
  if (argc > 1 && argv[1][0] != '-' && std::string_view(argv[1]) != "count")
    return refuse(2, fmt::format("unknown command '{}' (see nqueens-mpi --help)", argv[1]));
  try {
    app.parse(argc, argv);
    const KernelTier tier = cli::resolve_kernel(a.kernel);  // bad input before any work
    s.n = cli::parse_int_arg(a.n, 1, kMaxCountN, "N");
    s.threads = a.threads == 0 ? usable_cpus() : cli::resolve_threads(a.threads);
    if (a.coordinator_threads < 0 || a.coordinator_threads > 4096)
      throw UsageError(fmt::format("--coordinator-threads must be between 0 and 4096, got {}",
                                   a.coordinator_threads));
    if (!(a.overdue_after > 0) || a.overdue_after > 86400)
      throw UsageError(
          fmt::format("--overdue-after must be in (0, 86400], got {}", a.overdue_after));
    s.run = cli::resolve_long_run(a.run, s.n);
    s.run.kernel = tier;
    s.shard = s.run.shard;
    s.method = s.run.method;
    a.run.checkpoint = s.run.checkpoint;
  } catch (const CLI::Success& e) {  // --help, --version: rank 0 prints them, all exit 0
    if (rank == 0) app.exit(e);
    s.exit = true;
    return s;
  } catch (const CLI::ParseError& e) {
    return refuse(2, fmt::format("{} (see nqueens-mpi --help)", e.what()));
  } catch (const UsageError& e) {
    return refuse(2, e.what());
  }

  try {
    s.list = make_jobs(s.n, s.method, s.run.depth, *s.run.kernel, s.run.table_memory);
  } catch (const std::invalid_argument& e) {
    return refuse(2, e.what());
  } catch (const std::bad_alloc&) {  // refused on every rank together, before any work
    return refuse(2, tool_io::kOutOfMemory);
  }
  if (rank == 0) {
    try {
      s.bar = std::make_unique<cli::ProgressBar>(
          cli::should_show_progress(a.run.progress, a.run.quiet));
      cli::ProgressBar* bar = s.bar.get();
      s.run.on_progress = [bar](const RunProgress& p) {
        bar->update(p.done, p.total, p.resumed, p.seconds);
      };
      s.run.stop = StopOnSignal::flag();
      SessionOptions options = session_options(s.run);
      if (s.run.verify_percent > 0) {
        // Rank 0 recounts the sample on threads of its own while it hands out jobs.
        const int n = s.n;
        const Recount by = s.run.verify_by;
        const KernelTier tier = *s.run.kernel;
        options.verify = {s.run.verify_percent, s.run.verify_seed,
                          [n, by, tier](const Job& job) { return recount_job(n, job, by, tier); },
                          recount_method(n, s.list.method, by, tier, s.run.table_memory),
                          usable_cpus()};
      }
      s.session = std::make_unique<RunSession>(s.list.id(), s.shard, std::move(options));
    } catch (const RecordError& e) {
      return refuse(2, e.what());
    } catch (const std::bad_alloc&) {
      return refuse(2, tool_io::kOutOfMemory);
    }
  }
  return s;
}

// Every rank's setup goes to rank 0, which decides for all: the first refusal wins, and a
// rank whose job list differs from rank 0's (another build of nqueens-mpi on that node)
// refuses too. Rank 0 prints the one message; returns whether to count. Point-to-point
// messages only (protocol.hpp, "The start"), so that rank 0 can stop waiting at `deadline`
// for a rank that never reports: it then names it and ends the job.
// Rank 0 also opens `local` (per rank, open_if_local: a pidfd for each rank on its node).
bool agree_to_start(Setup& s, int rank, int ranks, std::vector<int>& threads,
                    std::vector<int>& local, Clock::time_point deadline) {
  if (rank != 0) {
    // `--method auto` depends on the CPU, and a cluster's nodes may differ: every rank counts
    // with the method rank 0 chose (an explicit --method is the same everywhere anyway).
    const std::vector<std::uint64_t> method = receive_words(0, kTagMethod);
    if (method.size() == 1 && !s.exit && s.code == 0 && s.method == CountMethod::automatic &&
        static_cast<CountMethod>(method[0]) != s.list.method)
      s.list = make_jobs(s.n, static_cast<CountMethod>(method[0]), s.run.depth, *s.run.kernel,
                         s.run.table_memory);
    const ProcessIdentity me = this_process();
    const std::uint64_t mine[kHelloWords] = {static_cast<std::uint64_t>(s.code),
                                             s.exit ? 1u : 0u,
                                             static_cast<std::uint64_t>(s.threads),
                                             s.exit ? 0 : s.list.fingerprint(),
                                             static_cast<std::uint64_t>(usable_cpus()),
                                             me.pid,
                                             me.start_ticks,
                                             me.boot};
    std::string hello(reinterpret_cast<const char*>(mine), sizeof mine);
    hello += s.message;
    MPI_Send(hello.data(), static_cast<int>(hello.size()), MPI_BYTE, 0, kTagHello, MPI_COMM_WORLD);
    const std::vector<std::uint64_t> verdict = receive_words(0, kTagVerdict);
    if (verdict.size() != 2) throw std::runtime_error("malformed verdict from rank 0");
    s.code = static_cast<int>(verdict[0]);
    return verdict[1] == 0;
  }

  const std::uint64_t method = static_cast<std::uint8_t>(s.list.method);
  for (int r = 1; r < ranks; ++r)  // one word: buffered (eager), never waits for the rank
    MPI_Send(&method, 1, MPI_UINT64_T, r, kTagMethod, MPI_COMM_WORLD);

  struct Hello {
    bool heard = false;
    std::uint64_t words[kHelloWords] = {};
    std::string message;
  };
  std::vector<Hello> hellos(static_cast<std::size_t>(ranks));
  local.assign(static_cast<std::size_t>(ranks), -1);
  int missing = ranks - 1;
  std::string bytes;
  while (missing > 0) {
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, kTagHello, MPI_COMM_WORLD, &arrived, &status);
    if (!arrived) {
      if (Clock::now() >= deadline) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      continue;
    }
    int size = 0;
    MPI_Get_count(&status, MPI_BYTE, &size);
    bytes.resize(static_cast<std::size_t>(size));
    MPI_Recv(bytes.data(), size, MPI_BYTE, status.MPI_SOURCE, kTagHello, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    Hello& h = hellos[static_cast<std::size_t>(status.MPI_SOURCE)];
    if (h.heard || bytes.size() < sizeof h.words) throw std::runtime_error("malformed hello");
    h.heard = true;
    std::memcpy(h.words, bytes.data(), sizeof h.words);
    h.message = bytes.substr(sizeof h.words);
    local[static_cast<std::size_t>(status.MPI_SOURCE)] =
        open_if_local(ProcessIdentity{h.words[5], h.words[6], h.words[7]});
    --missing;
  }
  if (missing > 0) {  // the others wait for a verdict, not inside MPI_Finalize: abort is safe
    std::string list;
    for (int r = 1; r < ranks; ++r)
      if (!hellos[static_cast<std::size_t>(r)].heard)
        list += (list.empty() ? "" : ", ") + std::to_string(r);
    std::fprintf(stderr,
                 "nqueens-mpi: rank %s did not report within %g s of the start (stopped, or its "
                 "node does not answer; --start-timeout); nothing was counted\n",
                 list.c_str(), s.args.start_timeout);
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  int code = 0;
  bool exit = false;
  std::string message;
  if (s.exit) {
    code = s.code;
    exit = true;
    message = s.message;
  }
  const std::uint64_t fingerprint = s.exit ? 0 : s.list.fingerprint();
  for (int r = 1; r < ranks && !exit; ++r) {
    const Hello& h = hellos[static_cast<std::size_t>(r)];
    if (h.words[0] != 0) {
      code = static_cast<int>(h.words[0]);
      exit = true;
      message = fmt::format("rank {}: {}", r, h.message);
    } else if (h.words[1] != 0 || h.words[3] != fingerprint) {
      code = 2;
      exit = true;
      message = fmt::format(
          "rank {} was started with other arguments or another build of nqueens-mpi than rank 0 "
          "(its job list differs)",
          r);
    }
  }
  threads.resize(static_cast<std::size_t>(ranks));
  for (int r = 1; r < ranks; ++r)
    threads[static_cast<std::size_t>(r)] =
        static_cast<int>(hellos[static_cast<std::size_t>(r)].words[2]);
  // Threads beyond the CPUs a rank is bound to share them: say so once, it is a launch option.
  const int counting = ranks == 1 ? 0 : 1;
  for (int r = counting; r < ranks && !exit; ++r) {
    const std::uint64_t cpus = r == 0 ? static_cast<std::uint64_t>(usable_cpus())
                                      : hellos[static_cast<std::size_t>(r)].words[4];
    const std::uint64_t wanted = r == 0 ? static_cast<std::uint64_t>(s.threads)
                                        : hellos[static_cast<std::size_t>(r)].words[2];
    if (wanted > cpus) {
      std::fprintf(stderr,
                   "nqueens-mpi: warning: rank %d counts with %d threads but may run "
                   "on %d CPUs only; start it with `mpirun --bind-to none` (or `srun "
                   "--cpus-per-task`)\n",
                   r, static_cast<int>(wanted), static_cast<int>(cpus));
      break;
    }
  }
  const std::uint64_t verdict[2] = {static_cast<std::uint64_t>(code), exit ? 1u : 0u};
  for (int r = 1; r < ranks; ++r)
    MPI_Send(verdict, 2, MPI_UINT64_T, r, kTagVerdict, MPI_COMM_WORLD);
  if (!message.empty()) std::fprintf(stderr, "nqueens-mpi: %s\n", message.c_str());
  s.code = code;
  return !exit;
}

// CPUs this rank may run on: mpirun binds each rank to one core when it starts 1 or 2 of them,
// Slurm to its --cpus-per-task, so all cores of the node would be the wrong default.
int usable_cpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) != 0) return hardware_threads();
  return std::max(1, CPU_COUNT(&set));
}

// Whether mpirun keeps the job running when a rank dies (`mpirun --enable-recovery`, which
// Open MPI passes to the ranks in this variable); by default it ends every rank.
bool mpirun_recovers() {
  const char* v = std::getenv("OMPI_MCA_orte_enable_recovery");
  return v != nullptr && (std::string_view(v) == "1" || std::string_view(v) == "true");
}

// One line on stderr as SIGTERM arrives, written by the signal handler itself (then the
// handler in place, StopOnSignal's, runs): mpirun ends a job with SIGTERM to every rank and
// SIGKILL a few milliseconds later, too soon for the count loop to notice and speak. The record
// on disk is always a complete earlier one, so the line can promise the resume before the final
// save. One at a time (the handler reads the line through a global).
class SayOnSigterm {
 public:
  explicit SayOnSigterm(std::string line) {
    line_ = std::move(line);
    said_ = 0;
    struct sigaction mine {};
    mine.sa_handler = handle;
    sigemptyset(&mine.sa_mask);
    sigaction(SIGTERM, &mine, &previous_);
  }
  ~SayOnSigterm() { sigaction(SIGTERM, &previous_, nullptr); }
  SayOnSigterm(const SayOnSigterm&) = delete;
  SayOnSigterm& operator=(const SayOnSigterm&) = delete;
  bool said() const { return said_ != 0; }

 private:
  static void handle(int signal) {
    if (!said_) {
      said_ = 1;
      ssize_t ignored = write(STDERR_FILENO, line_.data(), line_.size());
      (void)ignored;
    }
    const auto previous = previous_.sa_handler;
    if (previous == SIG_IGN) return;
    if (previous != SIG_DFL && previous != nullptr) {
      previous(signal);
      return;
    }
    std::signal(signal, SIG_DFL);
    std::raise(signal);
  }
  static inline std::string line_;
  static inline volatile std::sig_atomic_t said_ = 0;
  static inline struct sigaction previous_ {};
};

// Runs the count on rank 0. When every rank is released into MPI_Finalize, returns 0 and sets
// `report` to print the result once MPI_Finalize is over (main); otherwise prints what there
// is to print and ends the job with MPI_Abort (or returns the exit code when alone).
int run_rank0(Setup& s, std::vector<int> threads, std::function<int()>& report) {
  const Args& a = s.args;
  const int ranks = static_cast<int>(threads.size());
  // Alone, rank 0 counts with -j threads; with workers, with --coordinator-threads.
  threads[0] = ranks == 1 ? s.threads : a.coordinator_threads;
  int total_threads = 0;
  for (int t : threads) total_threads += t;

  RanksAtEnd end;
  RunResult r;
  bool told = false;  // the SIGTERM line is out
  {
    StopOnSignal stop_on_signal;  // the session was given its flag
    std::optional<SayOnSigterm> say;
    if (ranks > 1 && !mpirun_recovers())
      say.emplace(fmt::format(
          "nqueens-mpi: ended by SIGTERM, which mpirun sends to every rank when one dies or "
          "when mpirun is stopped (`mpirun --enable-recovery` keeps counting without a dead "
          "rank); {}\n",
          a.run.checkpoint.empty()
              ? std::string("nothing saved (use --checkpoint FILE to be able to resume)")
              : fmt::format("the same command resumes from {}", a.run.checkpoint)));
    cli::AbandonAfterStop abandon(StopOnSignal::flag(), "nqueens-mpi", a.run.checkpoint);
    r = coordinate(s.list, *s.session, threads, a.overdue_after, end, *s.run.kernel,
                   s.run.table_memory);
    told = say && say->said();
  }
  s.session.reset();  // releases the record's lock
  s.bar->finish();
  if (!r.check_failure.empty()) {  // no result: the counts are not to be trusted
    std::fprintf(stderr, "nqueens-mpi: %s\n", r.check_failure.c_str());
    std::fflush(stderr);
    if (!end.released) MPI_Abort(MPI_COMM_WORLD, cli::kExitCheckFailed);
    return cli::kExitCheckFailed;
  }
  if (!r.finished) {
    if (!told)
      cli::print_interrupted("nqueens-mpi", r.record.done_count(), r.record.shard_jobs(),
                             a.run.checkpoint);
    if (!r.save_error.empty()) std::fprintf(stderr, "nqueens-mpi: %s\n", r.save_error.c_str());
    std::fflush(stderr);
    if (ranks > 1) MPI_Abort(MPI_COMM_WORLD, 130);  // the workers are counting, not listening
    return 130;
  }
  cli::CountReport counts;
  counts.n = s.n;
  counts.counts = r.record.sum;
  counts.method = method_name(s.list.method);
  counts.seconds = r.seconds;
  counts.threads = total_threads;
  counts.jobs = r.record.shard_jobs();
  counts.resumed = r.resumed;
  counts.resumed_from = r.resumed_from;
  counts.shard = s.shard;
  counts.record = a.run.checkpoint;
  counts.job_log = s.run.job_log;
  counts.verify_percent = s.run.verify_percent;
  counts.verify_seed = s.run.verify_seed;
  counts.verified = r.verified;
  counts.verify_method = r.verify_method;
  counts.class_split_checked = s.shard.count == 1;
  // Prints the result; the exit code: 2 when the final save failed (the counts are exact, the
  // record is not up to date). Runs once, on the main thread or on the watchdog's.
  report = [counts, json = a.json, save_error = r.save_error] {
    try {
      cli::print_count_report(counts, json);
    } catch (const std::exception& e) {
      if (!tool_io::stdout_failed()) {  // lost output is reported by finish_stdout, exit 2
        std::fprintf(stderr, "nqueens-mpi: internal error: %s\n", e.what());
        return 1;
      }
    }
    tool_io::flush_noexcept(stdout);  // a failure (and its errno) is reported at the end
    if (save_error.empty()) return 0;
    std::fprintf(stderr, "nqueens-mpi: %s\n", save_error.c_str());
    return 2;
  };
  if (end.released) return 0;  // main prints the result once MPI_Finalize is over

  // Some ranks were not released into MPI_Finalize: hung ones (their batches were counted
  // again by other ranks; they cannot be told to stop). The result is complete: print it, then
  // end the job, with no rank inside MPI_Finalize (where Open MPI 4.1's mpirun can hang).
  const int code = tool_io::finish_stdout("nqueens-mpi", report());  // checked before the abort
  report = nullptr;
  std::string list;
  for (int rank : end.hung) list += (list.empty() ? "" : ", ") + std::to_string(rank);
  std::fprintf(stderr,
               "nqueens-mpi: rank(s) %s stopped answering; their work was redone by other "
               "ranks, ending them\n",
               list.c_str());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, code);
  return code;
}

// Before MPI_Init: this process's rank as the launcher gave it (Open MPI's mpirun, PMIx or
// Slurm), 0 when none did (started alone).
int rank_from_launcher() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "SLURM_PROCID"})
    if (const char* v = std::getenv(name)) return std::atoi(v);
  return 0;
}

// Before MPI_Init (the command line is parsed after it): --start-timeout's value if it is a
// valid one, else the default (a bad value is refused with the usual message once MPI runs).
double start_timeout_from(int argc, char** argv) {
  const std::string_view option = "--start-timeout";
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i], value;
    if (arg == option && i + 1 < argc)
      value = argv[i + 1];
    else if (arg.size() > option.size() + 1 && arg.substr(0, option.size()) == option &&
             arg[option.size()] == '=')
      value = arg.substr(option.size() + 1);
    else
      continue;
    double seconds = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), seconds);
    if (error == std::errc() && end == value.data() + value.size() && seconds > 0 &&
        seconds <= 86400)
      return seconds;
    break;
  }
  return kStartTimeoutSeconds;
}

// The last meeting of every rank, before MPI_Finalize: a non-blocking barrier, polled. Returns
// false when `limit_seconds` (>= 0) pass before every rank has joined; a negative limit waits
// as long as it takes (rank 0 ends the job when it gives up).
bool meet_before_finalize(double limit_seconds) {
  MPI_Request request = MPI_REQUEST_NULL;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  const auto start = Clock::now();
  for (;;) {
    int done = 0;
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return true;
    if (limit_seconds >= 0 &&
        std::chrono::duration<double>(Clock::now() - start).count() > limit_seconds)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

// Rank 0, a rank overdue at the end: prints the result if there is one (`report`), says so in
// one line and exits with a non-zero code without an MPI call, which makes mpirun end every
// rank (an MPI_Abort there, with the overdue rank waiting, crashed mpirun itself).
[[noreturn]] void exit_for_an_overdue_rank(int code, std::function<int()>& report,
                                           double end_limit) {
  const bool printed = static_cast<bool>(report);
  if (printed) code = report();
  code = tool_io::finish_stdout("nqueens-mpi", code);
  const int exit_code = code == 0 ? 1 : code;
  std::fprintf(stderr,
               "nqueens-mpi: a rank did not finish within %g s of the end (stopped, or its node "
               "does not answer); exiting with code %d so that mpirun ends the job%s\n",
               end_limit, exit_code, printed ? " (the result above is complete)" : "");
  std::fflush(stderr);
  _exit(exit_code);
}

}  // namespace

}  // namespace nqueens::mpi

int main(int argc, char** argv) {
  using namespace nqueens::mpi;
  const auto started = Clock::now();
  const double start_timeout = start_timeout_from(argc, argv);
  // MPI_Init returns on no rank until every rank has joined it: a rank stopped before or
  // inside it would keep every other rank waiting for ever, with no message.
  const int launch_rank = rank_from_launcher();
  int provided = 0;
  {
    const double limit = start_timeout + (launch_rank == 0 ? 0 : kStartMarginSeconds);
    Watchdog start_watch(limit, [limit, launch_rank] {
      const std::string who = launch_rank == 0 ? "" : fmt::format("rank {}: ", launch_rank);
      std::fprintf(stderr,
                   "nqueens-mpi: %sMPI_Init did not finish within %g s: a rank did not start "
                   "(stopped, or its node does not answer; --start-timeout); nothing was "
                   "counted\n",
                   who.c_str(), limit);
      std::fflush(stderr);
      _exit(2);  // MPI cannot abort before it is initialised; mpirun ends the other ranks
    });
    // FUNNELED: only the main thread calls MPI (the watchdogs' MPI_Abort excepted, see below).
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    if (!start_watch.disarm()) Watchdog::wait_for_the_end();
  }
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);

  int code = 0;
  double end_limit = Dispatcher::kOverdueSeconds;
  std::function<int()> report;  // rank 0, a finished count: prints the result, returns the code
  std::vector<int> local;       // rank 0: pidfds of the ranks on its node (-1: elsewhere)
  try {
    Setup s = parse(argc, argv, rank);
    if (s.code == 0 && !s.exit) end_limit = s.args.overdue_after;
    std::vector<int> threads;
    const auto deadline = started + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(start_timeout));
    if (agree_to_start(s, rank, ranks, threads, local, deadline)) {
      if (rank == 0)
        code = run_rank0(s, threads, report);
      else
        count_for_coordinator(s.list, s.threads, *s.run.kernel, s.run.table_memory);
    } else {
      code = s.code;
    }
  } catch (const std::exception& e) {
    // Past the go/no-go step the other ranks cannot be told politely: abort them all.
    const bool memory = dynamic_cast<const std::bad_alloc*>(&e) != nullptr;
    const std::string what = memory ? tool_io::kOutOfMemory : e.what();
    if (rank == 0)
      std::fprintf(stderr, "nqueens-mpi: %s\n", what.c_str());
    else
      std::fprintf(stderr, "nqueens-mpi: rank %d: %s%s\n", rank,
                   memory ? "" : "internal error: ", what.c_str());
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, memory ? 2 : 1);
  }
  // Every rank meets once more before MPI_Finalize, in a barrier rank 0 polls against its
  // deadline: a rank that stops after it was released is found while no rank is inside
  // MPI_Finalize (a rank inside it when the job ends made Open MPI 4.1's mpirun deadlock in
  // about 1 run in 10). Rank 0 then prints the result and exits non-zero without an MPI call,
  // and mpirun ends every rank: an MPI_Abort here crashed mpirun itself (exit 139) in 5 runs
  // of 30 with the stopped rank waiting.
  if (ranks > 1 && !meet_before_finalize(rank == 0 ? end_limit : -1))
    exit_for_an_overdue_rank(code, report, end_limit);
  if (rank == 0 && ranks > 1) {
    // MPI_Finalize returns once every rank has joined it. A rank that stops between the
    // barrier above and MPI_Finalize must not keep the job alive: after --overdue-after seconds
    // a watchdog thread of rank 0 prints the result and exits with a non-zero code, which makes
    // mpirun end every rank (no MPI call: the main thread is inside MPI_Finalize, where an
    // MPI_Abort crashed rank 0 in about 1 run in 5).
    Watchdog end_watch(end_limit, [&code, &report, end_limit] {
      exit_for_an_overdue_rank(code, report, end_limit);
    });
    MPI_Finalize();
    if (!end_watch.disarm()) Watchdog::wait_for_the_end();
    // Past MPI_Finalize's barrier a rank still has its teardown to do, and mpirun waits for
    // every process: one frozen now would hang the job for good. Rank 0 waits for the ranks
    // of its node to be gone before it prints the result; one that stays is ended by mpirun
    // once rank 0 exits with a non-zero code (mpirun's default: a rank's non-zero exit ends
    // the job). Ranks on other nodes cannot be watched (docs/RELIABILITY.md, "MPI").
    const std::vector<std::size_t> stuck = wait_for_exits(local, end_limit);
    if (!stuck.empty()) {
      if (report) code = report();
      report = nullptr;
      std::string list;
      for (std::size_t r : stuck) list += (list.empty() ? "" : ", ") + std::to_string(r);
      std::fprintf(stderr,
                   "nqueens-mpi: rank %s did not exit within %g s of the end (stopped?); "
                   "exiting with code 1 so that mpirun ends it%s\n",
                   list.c_str(), end_limit, code == 0 ? " (the result above is complete)" : "");
      if (code == 0) code = 1;
    }
  } else {
    MPI_Finalize();
  }
  // Rank 0 alone writes standard output (the result, --help, --version): output that cannot be
  // written (a full disk, /dev/full) is one line on stderr and exit 2, as with `nqueens`.
  if (rank == 0) {
    if (report) code = report();
    code = tool_io::finish_stdout("nqueens-mpi", code);
  }
  return code;
}
