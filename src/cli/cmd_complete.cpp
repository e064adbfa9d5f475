// nqueens complete N --fixed a1,c5 [--blocked ...]: finish a partly filled board.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>

#include "cli_common.hpp"
#include "nqueens/complete.hpp"
#include "nqueens/format.hpp"
#include "number_options.hpp"
#include "tool_io.hpp"

namespace nqueens::cli {

namespace {

struct CompleteArgs {
  std::string n;
  std::string fixed, blocked, board;
  bool count = false, all = false;
  long long limit = -1;
  CLI::Option* limit_option = nullptr;  // given or not: --limit needs --all
  std::string format = "perm";
  CLI::Option* format_option = nullptr;  // given or not: --count prints a number
};

// A board diagram: one line per row, 'Q' a fixed queen, 'x' a blocked square, '.' empty;
// spaces ignored, blank lines and '#' comments skipped. Read from FILE or stdin ("-") a line at
// a time (each at most tool_io::kMaxLineBytes); the squares listed are held as the problem's
// (8 bytes each) and checked against the memory available as they grow.
CompletionProblem read_board(const std::string& path) {
  tool_io::InputLines input(path, tool_io::kMaxLineBytes);
  const std::string name = path == "-" ? "stdin" : tool_io::quote(path, 200);
  const std::optional<std::uint64_t> available = tool_io::memory_available();
  CompletionProblem p;
  std::string line;
  int row = 0;
  while (std::getline(input.stream(), line)) {
    std::string cells;
    for (char c : line)
      if (c != ' ' && c != '\t' && c != '\r') cells += c;
    if (cells.empty() || cells[0] == '#') continue;
    if (p.n == 0) {
      if (cells.size() > static_cast<std::size_t>(kMaxCompleteN))
        throw UsageError(fmt::format("board row 1 has {} squares; complete takes N up to {}",
                                     cells.size(), kMaxCompleteN));
      p.n = static_cast<int>(cells.size());
    }
    if (row == p.n)
      throw UsageError(fmt::format(
          "the board has more than {} rows of {} squares; it must be square", p.n, p.n));
    if (static_cast<int>(cells.size()) != p.n)
      throw UsageError(
          fmt::format("board row {} has {} squares, expected {}", row + 1, cells.size(), p.n));
    for (int c = 0; c < p.n; ++c) {
      const char ch = cells[static_cast<std::size_t>(c)];
      if (ch == 'Q' || ch == 'q')
        p.fixed.push_back({row, c});
      else if (ch == 'x' || ch == 'X')
        p.blocked.push_back({row, c});
      else if (ch != '.')
        throw UsageError(fmt::format("board row {} has {}, expected Q, x or .", row + 1,
                                     tool_io::quote(std::string(1, ch))));
    }
    ++row;
    // Squares listed take 8 bytes each, and the search's own tables about as much again.
    const std::uint64_t listed = (p.fixed.size() + p.blocked.size()) * sizeof(Square) * 2;
    if (available && listed > *available)
      throw UsageError(
          fmt::format("the board in {} lists more squares than the memory "
                      "available holds ({:.1f} GB)",
                      name, static_cast<double>(*available) / 1e9));
  }
  if (const auto why = input.read_error()) throw UsageError(*why);
  if (p.n == 0) throw UsageError("the board is empty");
  if (row != p.n)
    throw UsageError(
        fmt::format("the board has {} rows of {} squares; it must be square", row, p.n));
  return p;
}

int run_complete(const CompleteArgs& a) {
  parse_format_arg(a.format, 0);  // an unknown name fails before a board is read from stdin
  if (a.count && a.all) throw UsageError("--count and --all exclude each other");
  if (a.count && a.format_option != nullptr && a.format_option->count() > 0)
    throw UsageError("--count prints a number: no --format");
  if (a.limit_option != nullptr && a.limit_option->count() > 0 && !a.all)
    throw UsageError("--limit needs --all (without it complete prints one completion)");
  if (a.limit < -1) throw UsageError(fmt::format("--limit must be 0 or more, got {}", a.limit));
  CompletionProblem p;
  if (!a.board.empty()) {
    if (a.board != "-") {
      std::error_code ec;
      if (std::filesystem::is_directory(a.board, ec))
        throw UsageError(fmt::format("cannot read board file {}: it is a directory",
                                     tool_io::quote(a.board, 200)));
    }
    p = read_board(a.board);
    if (!a.n.empty() && parse_int_arg(a.n, 1, kMaxCompleteN, "N") != p.n)
      throw UsageError(fmt::format("N = {} but the board is {}x{}", a.n, p.n, p.n));
  } else {
    if (a.n.empty()) throw UsageError("give N, or a board with --board FILE ('-' = stdin)");
    p.n = parse_int_arg(a.n, 1, kMaxCompleteN, "N");
  }
  try {
    for (Square s : parse_square_list(a.fixed, p.n)) p.fixed.push_back(s);
    for (Square s : parse_square_list(a.blocked, p.n)) p.blocked.push_back(s);
    check_problem(p);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  const Format format = parse_format_arg(a.format, p.n);
  // The search's memory (its blocked rows, per-row state) and a completion's line, checked
  // before any work: a lack ends with one line, not std::bad_alloc half way.
  const std::uint64_t needed = completion_memory(p) + static_cast<std::uint64_t>(p.n) *
                                                          (format == Format::board ? 2 * p.n : 8);
  if (const auto available = tool_io::memory_available(); available && needed > *available)
    throw UsageError(fmt::format(
        "complete N = {} needs about {:.2f} GB of memory here, and only {:.2f} GB is available",
        p.n, static_cast<double>(needed) / 1e9, static_cast<double>(*available) / 1e9));

  if (a.count) {
    const int open = p.n - static_cast<int>(p.fixed.size());
    if (open > max_count_open_rows(p.n))
      throw UsageError(fmt::format(
          "complete --count at N = {} takes boards with at most {} open rows (rows without a "
          "fixed queen), this one has {}: a count walks every completion one by one",
          p.n, max_count_open_rows(p.n), open));
    try {
      fmt::print("{}\n", count_completions(p, {kMaxCompletionCountWork, false}));
    } catch (const CompletionBudgetError& e) {
      std::fprintf(stderr,
                   "nqueens: the count gave up after %llu units of search work (about 3 minutes "
                   "of one core) with %llu completions counted; there are at least that many\n",
                   static_cast<unsigned long long>(e.work),
                   static_cast<unsigned long long>(e.found));
      return 1;
    }
    return 0;
  }
  if (!a.all) {  // one completion: restarts and local search, not the plain enumeration
    std::optional<Solution> s;
    try {
      s = find_completion(p);
    } catch (const CompletionBudgetError& e) {
      std::fprintf(stderr, "nqueens: %s\n", e.what());
      return 1;
    }
    if (s) {
      std::fputs((format_solution(*s, format) + "\n").c_str(), stdout);
      return 0;
    }
    std::fprintf(stderr,
                 "nqueens: no completion exists: the %zu fixed queens%s cannot be "
                 "extended to a solution of the %dx%d board\n",
                 p.fixed.size(), p.blocked.empty() ? "" : " and the blocked squares", p.n, p.n);
    return 1;
  }
  Output out;
  long long index = 0;
  const long long limit = a.all ? a.limit : 1;
  // Until the first completion the search has find_completion's budget (a hard instance gives
  // up as `complete N` does); after it, completions stream until --limit or the end. Lines of
  // big boards are written as they come.
  try {
    if (limit != 0)
      for_each_completion(p,
                          [&](const Solution& s) {
                            ++index;
                            if (format == Format::board && index > 1) out.line("");
                            const std::string line = format_solution(s, format);
                            out.line(line);
                            if (line.size() >= 4096) out.flush();
                            return limit < 0 || index < limit;
                          },
                          {kMaxCompletionWork, true});
  } catch (const CompletionBudgetError&) {
    out.flush();
    std::fprintf(stderr,
                 "nqueens: no completion found and none ruled out within %llu units of search "
                 "work; the search gave up\n",
                 static_cast<unsigned long long>(kMaxCompletionWork));
    return 1;
  }
  out.flush();
  if (index == 0 && limit != 0) {
    std::fprintf(stderr,
                 "nqueens: no completion exists: the %zu fixed queens%s cannot be "
                 "extended to a solution of the %dx%d board\n",
                 p.fixed.size(), p.blocked.empty() ? "" : " and the blocked squares", p.n, p.n);
    return 1;
  }
  return 0;
}

}  // namespace

void register_complete(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<CompleteArgs>();
  CLI::App* cmd = app.add_subcommand(
      "complete",
      "Complete a board that already has queens: print one solution that keeps them (exit 1 "
      "if none exists), --count them, or --all of them");
  tool_io::whole_number_text(cmd->add_option(
      "N", args->n, fmt::format("board size, 1..{} (optional with --board)", kMaxCompleteN)));
  cmd->add_option(
      "--fixed", args->fixed,
      "queens already placed: algebraic 'a1,c5' (N <= 26) or 1-based row:col '1:1,5:3'");
  cmd->add_option("--blocked", args->blocked, "squares that must stay empty, same syntax");
  cmd->add_option("--board", args->board,
                  "read the board from FILE ('-' = stdin): Q fixed queen, x blocked, . empty");
  cmd->add_flag("--count", args->count, "print the number of completions");
  cmd->add_flag("--all", args->all, "print every completion (streamed; see --limit)");
  args->limit_option = tool_io::whole_number(
      cmd->add_option("--limit", args->limit, "with --all: stop after K completions"), 0,
      std::numeric_limits<long long>::max());
  args->format_option =
      cmd->add_option("--format", args->format, "perm (default), board, json or algebraic");
  cmd->callback([args, &exit_code] { exit_code = run_complete(*args); });
}

}  // namespace nqueens::cli
