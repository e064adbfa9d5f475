// nqueens-mpi: `nqueens count` across the ranks of an MPI job, with the same output, the same
// checkpoint file and the same exact numbers.
//
//   mpirun -np 5 nqueens-mpi count 20 -j 32 --checkpoint n20.record
//
// Rank 0 hands out batches of job indices of the shared JobList and adds up the results; the
// other ranks count them on -j threads each (with -np 1, rank 0 counts alone). Before any work
// every rank checks its arguments and builds the job list, and rank 0 gathers the verdicts and
// broadcasts go or no-go, so bad arguments end every rank with one message from rank 0.
#include <mpi.h>
#include <sched.h>

#include <fmt/format.h>

#include <cstdio>
#include <memory>

#include "cli_common.hpp"
#include "count_output.hpp"
#include "dispatcher.hpp"
#include "nqueens/parallel.hpp"
#include "nqueens/run.hpp"
#include "nqueens/version.hpp"
#include "number_options.hpp"
#include "progress.hpp"
#include "protocol.hpp"
#include "roles.hpp"
#include "tool_io.hpp"

namespace nqueens::mpi {

namespace {

using cli::UsageError;

struct Args {
  std::string n;
  int threads = 0;
  int coordinator_threads = 0;
  bool json = false;
  double overdue_after = Dispatcher::kOverdueSeconds;  // --overdue-after
  cli::LongRunArgs run;  // run.checkpoint: after parse(), the resolved record file
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
  cli::add_long_run_options(cmd, a.run);  // rank 0 writes the record

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
    s.n = cli::parse_int_arg(a.n, 1, kMaxCountN, "N");
    s.threads = a.threads == 0 ? usable_cpus() : cli::resolve_threads(a.threads);
    if (a.coordinator_threads < 0 || a.coordinator_threads > 4096)
      throw UsageError(fmt::format("--coordinator-threads must be between 0 and 4096, got {}",
                                   a.coordinator_threads));
    if (!(a.overdue_after > 0) || a.overdue_after > 86400)
      throw UsageError(
          fmt::format("--overdue-after must be in (0, 86400], got {}", a.overdue_after));
    const cli::LongRun run = cli::resolve_long_run(a.run, s.n);
    s.shard = run.shard;
    s.method = run.method;
    a.run.checkpoint = run.checkpoint;
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
    s.list = make_jobs(s.n, s.method);
  } catch (const std::invalid_argument& e) {
    return refuse(2, e.what());
  }
  if (rank == 0) {
    try {
      s.bar = std::make_unique<cli::ProgressBar>(
          cli::should_show_progress(a.run.progress, a.run.quiet));
      cli::ProgressBar* bar = s.bar.get();
      s.session = std::make_unique<RunSession>(
          s.list, s.shard,
          SessionOptions{
              a.run.checkpoint, a.run.checkpoint_seconds,
              [bar](const RunProgress& p) { bar->update(p.done, p.total, p.resumed, p.seconds); },
              StopOnSignal::flag()});
    } catch (const RecordError& e) {
      return refuse(2, e.what());
    }
  }
  return s;
}

// `--method auto` depends on the CPU, and a cluster's nodes may differ: every rank counts
// with the method rank 0 chose (an explicit --method is the same everywhere anyway).
void follow_rank0_method(Setup& s, int rank) {
  auto method = static_cast<std::uint8_t>(s.list.method);
  MPI_Bcast(&method, 1, MPI_UINT8_T, 0, MPI_COMM_WORLD);
  if (rank == 0 || s.exit || s.code != 0 || s.method != CountMethod::automatic) return;
  if (static_cast<CountMethod>(method) != s.list.method)
    s.list = make_jobs(s.n, static_cast<CountMethod>(method));
}

// Every rank's setup goes to rank 0, which decides for all: the first refusal wins, and a
// rank whose job list differs from rank 0's (another build of nqueens-mpi on that node)
// refuses too. Rank 0 prints the one message; returns whether to count.
bool agree_to_start(Setup& s, int rank, int ranks, std::vector<int>& threads) {
  constexpr std::size_t kWords = 5;
  const std::uint64_t mine[kWords] = {
      static_cast<std::uint64_t>(s.code), s.exit ? 1u : 0u, static_cast<std::uint64_t>(s.threads),
      s.exit ? 0 : s.list.fingerprint(), static_cast<std::uint64_t>(usable_cpus())};
  std::vector<std::uint64_t> all(rank == 0 ? kWords * static_cast<std::size_t>(ranks) : 0);
  MPI_Gather(mine, kWords, MPI_UINT64_T, all.data(), kWords, MPI_UINT64_T, 0, MPI_COMM_WORLD);

  int verdict[3] = {0, 0, -1};  // exit code, exit (0/1), rank whose message rank 0 prints
  std::string message;
  if (rank == 0) {
    if (s.exit) {
      verdict[0] = s.code;
      verdict[1] = 1;
      verdict[2] = s.code != 0 ? 0 : -1;
    }
    for (int r = 1; r < ranks && !verdict[1]; ++r) {
      const std::uint64_t* w = &all[kWords * static_cast<std::size_t>(r)];
      if (w[0] != 0) {
        verdict[0] = static_cast<int>(w[0]);
        verdict[1] = 1;
        verdict[2] = r;
      } else if (w[1] != 0 || w[3] != mine[3]) {
        verdict[0] = 2;
        verdict[1] = 1;
        message = fmt::format(
            "rank {} was started with other arguments or another build of "
            "nqueens-mpi than rank 0 (its job list differs)",
            r);
      }
    }
    threads.resize(static_cast<std::size_t>(ranks));
    for (int r = 1; r < ranks; ++r)
      threads[static_cast<std::size_t>(r)] =
          static_cast<int>(all[kWords * static_cast<std::size_t>(r) + 2]);
    // Threads beyond the CPUs a rank is bound to share them: say so once, it is a launch option.
    const int counting = ranks == 1 ? 0 : 1;
    for (int r = counting; r < ranks && !verdict[1]; ++r) {
      const std::uint64_t* w = &all[kWords * static_cast<std::size_t>(r)];
      if (w[2] > w[4]) {
        std::fprintf(stderr,
                     "nqueens-mpi: warning: rank %d counts with %d threads but may run "
                     "on %d CPUs only; start it with `mpirun --bind-to none` (or `srun "
                     "--cpus-per-task`)\n",
                     r, static_cast<int>(w[2]), static_cast<int>(w[4]));
        break;
      }
    }
  }
  MPI_Bcast(verdict, 3, MPI_INT, 0, MPI_COMM_WORLD);
  if (verdict[2] > 0) {  // the refusing rank tells rank 0 why
    if (rank == verdict[2])
      MPI_Send(s.message.data(), static_cast<int>(s.message.size()), MPI_CHAR, 0, kTagMessage,
               MPI_COMM_WORLD);
    if (rank == 0) {
      MPI_Status status;
      MPI_Probe(verdict[2], kTagMessage, MPI_COMM_WORLD, &status);
      int size = 0;
      MPI_Get_count(&status, MPI_CHAR, &size);
      std::string text(static_cast<std::size_t>(size), '\0');
      MPI_Recv(text.data(), size, MPI_CHAR, verdict[2], kTagMessage, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      message = fmt::format("rank {}: {}", verdict[2], text);
    }
  } else if (verdict[2] == 0) {
    message = s.message;
  }
  if (rank == 0 && !message.empty()) std::fprintf(stderr, "nqueens-mpi: %s\n", message.c_str());
  s.code = verdict[0];
  return verdict[1] == 0;
}

// CPUs this rank may run on: mpirun binds each rank to one core when it starts 1 or 2 of them,
// Slurm to its --cpus-per-task, so all cores of the node would be the wrong default.
int usable_cpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) != 0) return hardware_threads();
  return std::max(1, CPU_COUNT(&set));
}

int run_rank0(Setup& s, std::vector<int> threads) {
  const Args& a = s.args;
  const int ranks = static_cast<int>(threads.size());
  // Alone, rank 0 counts with -j threads; with workers, with --coordinator-threads.
  threads[0] = ranks == 1 ? s.threads : a.coordinator_threads;
  int total_threads = 0;
  for (int t : threads) total_threads += t;

  RanksAtEnd end;
  RunResult r;
  {
    StopOnSignal stop_on_signal;  // the session was given its flag
    cli::AbandonAfterStop abandon(StopOnSignal::flag(), "nqueens-mpi", a.run.checkpoint);
    r = coordinate(s.list, *s.session, threads, a.overdue_after, end);
  }
  s.session.reset();  // releases the record's lock
  s.bar->finish();
  if (!r.finished) {
    cli::print_interrupted("nqueens-mpi", r.record.done_count(), r.record.shard_jobs(),
                           a.run.checkpoint);
    if (!r.save_error.empty()) std::fprintf(stderr, "nqueens-mpi: %s\n", r.save_error.c_str());
    std::fflush(stderr);
    if (ranks > 1) MPI_Abort(MPI_COMM_WORLD, 130);  // the workers are counting, not listening
    return 130;
  }
  cli::CountReport report;
  report.n = s.n;
  report.counts = r.record.sum;
  report.method = method_name(s.list.method);
  report.seconds = r.seconds;
  report.threads = total_threads;
  report.jobs = r.record.shard_jobs();
  report.resumed = r.resumed;
  report.shard = s.shard;
  report.record = a.run.checkpoint;
  try {
    cli::print_count_report(report, a.json);
  } catch (const std::exception&) {
    if (!tool_io::stdout_failed()) throw;  // lost output: finish_stdout says so, exit 2
  }
  tool_io::flush_noexcept(stdout);  // a failure (and its errno) is reported at the end
  int code = 0;
  if (!r.save_error.empty()) {  // the counts above are exact; the record is not up to date
    std::fprintf(stderr, "nqueens-mpi: %s\n", r.save_error.c_str());
    code = 2;
  }
  if (!end.released) {
    code = tool_io::finish_stdout("nqueens-mpi", code);  // checked before the abort too
    // The result above is complete, but some ranks were not released into MPI_Finalize: hung
    // ones (their batches were counted again by other ranks; they cannot be told to stop), or
    // any rank still out when rank 0 was asked to stop. End the job.
    if (!end.hung.empty()) {
      std::string list;
      for (int rank : end.hung) list += (list.empty() ? "" : ", ") + std::to_string(rank);
      std::fprintf(stderr,
                   "nqueens-mpi: rank(s) %s stopped answering; their work was redone by other "
                   "ranks, ending them\n",
                   list.c_str());
    }
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, code);
  }
  return code;
}

}  // namespace

}  // namespace nqueens::mpi

int main(int argc, char** argv) {
  using namespace nqueens::mpi;
  int provided = 0;
  // FUNNELED: only the main thread calls MPI; the counting threads never do.
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);

  int code = 0;
  try {
    Setup s = parse(argc, argv, rank);
    follow_rank0_method(s, rank);
    std::vector<int> threads;
    if (agree_to_start(s, rank, ranks, threads)) {
      if (rank == 0)
        code = run_rank0(s, threads);
      else
        count_for_coordinator(s.list, s.threads);
    } else {
      code = s.code;
    }
  } catch (const std::exception& e) {
    // Past the go/no-go step the other ranks cannot be told politely: abort them all.
    if (rank == 0)
      std::fprintf(stderr, "nqueens-mpi: %s\n", e.what());
    else
      std::fprintf(stderr, "nqueens-mpi: rank %d: internal error: %s\n", rank, e.what());
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  // Rank 0 alone writes standard output (the result, --help, --version): output that cannot be
  // written (a full disk, /dev/full) is one line on stderr and exit 2, as with `nqueens`.
  if (rank == 0) code = tool_io::finish_stdout("nqueens-mpi", code);
  return code;
}
