// nqueens count N: total and fundamental solutions from one symmetry-reduced search.
#include <fmt/format.h>

#include "cli_common.hpp"
#include "nqueens/count.hpp"

namespace nqueens::cli {

namespace {

struct CountArgs {
  std::string n;
  int threads = 0;
  bool json = false;
};

int run_count(const CountArgs& a) {
  CountOptions opt;
  opt.n = parse_int_arg(a.n, 1, kMaxCountN, "N");
  opt.threads = resolve_threads(a.threads);
  const CountResult r = count_solutions(opt);
  const ClassCounts& c = r.classes;
  if (a.json) {
    fmt::print(
        "{{\"n\":{},\"total\":{},\"unique\":{},\"classes\":{{\"8\":{},\"4\":{},\"2\":{},\"1\":{}}},"
        "\"seconds\":{:.6f},\"threads\":{},\"jobs\":{}}}\n",
        r.n, to_string(r.total()), to_string(r.unique()), to_string(c.size8), to_string(c.size4),
        to_string(c.size2), to_string(c.size1), r.seconds, r.threads, r.jobs);
  } else {
    fmt::print("n: {}\ntotal: {}\nunique: {}\n", r.n, to_string(r.total()), to_string(r.unique()));
    fmt::print("classes: {} of 8, {} of 4, {} of 2", to_string(c.size8), to_string(c.size4),
               to_string(c.size2));
    if (c.size1 != 0) fmt::print(", {} of 1", to_string(c.size1));
    fmt::print("\nseconds: {:.3f} ({} threads, {} jobs)\n", r.seconds, r.threads, r.jobs);
  }
  return 0;
}

}  // namespace

void register_count(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<CountArgs>();
  CLI::App* cmd = app.add_subcommand(
      "count", "Count all solutions (OEIS A000170) and fundamental ones (A002562) for N x N");
  cmd->add_option("N", args->n, fmt::format("board size, 1..{}", kMaxCountN))->required();
  cmd->add_option("-j,--threads", args->threads, "worker threads (0: all cores)");
  cmd->add_flag("--json", args->json, "one JSON object instead of text");
  cmd->callback([args, &exit_code] { exit_code = run_count(*args); });
}

}  // namespace nqueens::cli
