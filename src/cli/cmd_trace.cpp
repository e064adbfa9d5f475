// nqueens trace N: the backtracking search of the lecture notes, one line per step.
#include <fmt/format.h>

#include <limits>

#include "cli_common.hpp"
#include "nqueens/trace.hpp"
#include "number_options.hpp"

namespace nqueens::cli {

namespace {

struct TraceArgs {
  std::string n;
  std::string limit = "1000";
  std::string from = "0";
  bool no_rejects = false;
  bool boards = false;
  bool json = false;
};

std::string board_text(const Tracer& t) {
  std::string s;
  for (int r = 0; r < t.n(); ++r) {
    for (int c = 0; c < t.n(); ++c) {
      if (c > 0) s += ' ';
      s += r < t.placed() && t.queens()[r] == c ? 'Q' : '.';
    }
    if (r + 1 < t.n()) s += '\n';
  }
  return s;
}

int run_trace(const TraceArgs& a) {
  const int n = parse_int_arg(a.n, 1, kMaxTraceN, "N");
  if (a.boards && a.json)
    throw UsageError("--boards draws diagrams in the text output; --json has none");
  constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<long long>::max());
  const std::uint64_t limit = parse_unsigned_arg(a.limit, kMax, "--limit");
  const std::uint64_t from = parse_unsigned_arg(a.from, kMax, "--from");
  Output out;
  Tracer t(n);
  t.skip(from);
  std::uint64_t shown = 0;
  TraceStep s;
  while ((limit == 0 || shown < limit) && t.next(s)) {
    if (a.no_rejects && s.kind == StepKind::reject) continue;
    ++shown;
    if (a.json) {
      std::string line =
          fmt::format(R"({{"i":{},"kind":"{}","row":{},"col":{},"nodes":{},"solutions":{})",
                      s.index, name(s.kind), s.row + 1, s.col + 1, s.nodes, s.solutions);
      if (s.kind == StepKind::reject)
        line +=
            fmt::format(R"(,"by":[{},{}],"line":"{}")", s.by.row + 1, s.by.col + 1, name(s.line));
      out.line(line + "}");
    } else {
      out.line(describe(s));
      if (a.boards && s.kind != StepKind::reject) {
        out.line(board_text(t));
        out.line("");
      }
    }
  }
  return 0;
}

}  // namespace

void register_trace(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<TraceArgs>();
  CLI::App* cmd = app.add_subcommand(
      "trace", "Print the backtracking search step by step (place, reject, solution, undo)");
  tool_io::whole_number_text(
      cmd->add_option("N", args->n, fmt::format("board size, 1..{}", kMaxTraceN)))
      ->required();
  tool_io::whole_number_text(
      cmd->add_option("--limit", args->limit, "print at most K steps (default 1000; 0: all)"));
  tool_io::whole_number_text(cmd->add_option("--from", args->from, "skip the first S steps"));
  cmd->add_flag("--no-rejects", args->no_rejects, "leave out the squares ruled out by an attack");
  cmd->add_flag("--boards", args->boards, "draw the board after each place/undo");
  cmd->add_flag("--json", args->json, "one JSON object per step (NDJSON), rows/cols 1-based");
  cmd->callback([args, &exit_code] { exit_code = run_trace(*args); });
}

}  // namespace nqueens::cli
