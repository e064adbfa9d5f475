// sudoku bench: time solve + uniqueness check over a file on one thread (median of runs),
// optionally beside the general (reference) solver.
#include <fmt/core.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "commands.hpp"
#include "sudoku/io.hpp"
#include "sudoku/solve.hpp"
#include "tool_io.hpp"

namespace sudoku::cli {

namespace {

// The puzzles bench holds (every one is timed several times): about 100 bytes each for 9x9,
// and more than any benchmark set (49,151 in the largest the project keeps).
constexpr std::size_t kMaxBenchPuzzles = 1'000'000;

using json = nlohmann::json;

struct BenchRun {
  double seconds = 0;      // wall clock
  double cpu_seconds = 0;  // this thread's CPU time: what counts on a shared machine
  std::uint64_t guesses = 0, no_guess = 0, unique = 0, multiple = 0, none = 0;
};

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

template <class Solve>
BenchRun bench_once(const std::vector<Grid>& puzzles, Solve solve_one) {
  BenchRun r;
  const double c0 = thread_cpu_seconds();
  auto t0 = std::chrono::steady_clock::now();
  for (const Grid& g : puzzles) {
    std::uint64_t guesses = 0;
    std::uint64_t n = solve_one(g, guesses);
    r.guesses += guesses;
    r.no_guess += guesses == 0;
    r.unique += n == 1;
    r.multiple += n > 1;
    r.none += n == 0;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.cpu_seconds = thread_cpu_seconds() - c0;
  return r;
}

// The whole of `sudoku count -j 1 FILE` but the process start: read and parse the file, count
// up to `limit`, format each line as count does and write it to the null device. On easy sets
// reading, parsing and printing are a large share of the run, which the pre-parsed rows hide.
BenchRun pipeline_once(const Common& c, std::uint64_t limit, SolverTier tier) {
  BenchRun r;
  std::FILE* sink = std::fopen("/dev/null", "w");
  const double c0 = thread_cpu_seconds();
  auto t0 = std::chrono::steady_clock::now();
  tool_io::InputLines input(c.input, tool_io::kMaxLineBytes);
  sudoku::PuzzleReader reader(input.stream(), c.box(), tier);
  std::string buffer;
  for (PuzzleEntry e; reader.next(e);) {
    if (!e.ok()) continue;
    std::uint64_t guesses = 0, n = 0;
    if (e.grid.box() == 3) {
      n = sudoku::solve9(e.grid.data(), limit, nullptr, &guesses, tier);
    } else {
      const auto s = sudoku::solve(e.grid, limit, tier);
      n = s.solutions;
      guesses = s.guesses;
    }
    buffer += fmt::format("{} {}{}\n", status_name(n, limit), n, at_limit(n, limit) ? "+" : "");
    if (buffer.size() >= 1 << 16) {
      if (sink) std::fwrite(buffer.data(), 1, buffer.size(), sink);
      buffer.clear();
    }
    r.guesses += guesses;
    r.no_guess += guesses == 0;
    r.unique += n == 1;
    r.multiple += n > 1;
    r.none += n == 0;
  }
  if (sink) {
    std::fwrite(buffer.data(), 1, buffer.size(), sink);
    std::fclose(sink);
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.cpu_seconds = thread_cpu_seconds() - c0;
  return r;
}

}  // namespace

int run_bench(const BenchArgs& a) {
  const Common& c = a.common;
  const int repeat = a.repeat;
  const std::uint64_t limit = a.limit;
  const bool reference = a.reference;
  const SolverTier tier = c.tier();
  if (c.input == "-") {
    fmt::print(stderr, "sudoku: bench needs a FILE\n");
    return 2;
  }
  if (const auto why = tool_io::unreadable_input(c.input)) {
    fmt::print(stderr, "sudoku: {}\n", *why);
    return 2;
  }
  tool_io::InputLines input(c.input, tool_io::kMaxLineBytes);  // InputError: main, exit 2
  sudoku::PuzzleReader reader(input.stream(), c.box(), tier);
  std::vector<Grid> puzzles;
  int bad = 0;
  for (PuzzleEntry e; reader.next(e);) {
    if (e.ok() && puzzles.size() == kMaxBenchPuzzles) {
      fmt::print(stderr, "sudoku: bench holds its puzzles in memory, {} at most; {} has more\n",
                 kMaxBenchPuzzles, tool_io::quote(c.input, 200));
      return 2;
    }
    if (e.ok())
      puzzles.push_back(e.grid);
    else {
      fmt::print(stderr, "sudoku: line {}: {}\n", e.line, e.error);
      ++bad;
    }
  }
  if (const auto why = input.read_error()) {
    fmt::print(stderr, "sudoku: {}\n", *why);
    return 2;
  }
  if (puzzles.empty()) {
    fmt::print(stderr, "sudoku: no puzzles in {}\n", tool_io::quote(c.input, 200));
    return 2;
  }
  const bool nine = c.box() == 3;
  struct Row {
    std::string name;
    std::vector<BenchRun> runs;
  };
  std::vector<Row> rows;
  auto fast = [&](const Grid& g, std::uint64_t& guesses) {
    return nine ? sudoku::solve9(g.data(), limit, nullptr, &guesses, tier) : [&] {
      auto r = sudoku::solve(g, limit, tier);
      guesses = r.guesses;
      return r.solutions;
    }();
  };
  auto general = [&](const Grid& g, std::uint64_t& guesses) {
    auto r = sudoku::solve_general(g, limit);
    guesses = r.guesses;
    return r.solutions;
  };
  rows.push_back({nine ? "fast (solve9)" : "general", {}});
  rows.push_back({"read+solve+print", {}});
  for (int k = 0; k < repeat; ++k) {
    rows[0].runs.push_back(bench_once(puzzles, fast));
    rows[1].runs.push_back(pipeline_once(c, limit, tier));
  }
  if (reference && nine) {
    rows.push_back({"reference (general)", {}});
    for (int k = 0; k < std::max(1, repeat / 2); ++k)
      rows.back().runs.push_back(bench_once(puzzles, general));
  }
  const double n = static_cast<double>(puzzles.size());
  json out = json::array();
  if (c.fmt() != Format::json)
    fmt::print("{}: {} puzzles, {}x{}, limit {}, 1 thread, solver tier {}, median of {} runs\n",
               c.input, puzzles.size(), c.size, c.size, limit, sudoku::solver_tier_name(tier),
               repeat);
  if (c.fmt() != Format::json)
    fmt::print("{:<20} {:>10} {:>12} {:>10} {:>10} {:>9} {:>8} {:>8} {:>6}  {}\n", "solver",
               "puzzles/s", "per cpu-s", "us/puzzle", "guesses/p", "no_guess", "unique", "multiple",
               "none", "range puzzles/s");
  for (auto& row : rows) {
    std::vector<double> rates, cpu_rates;
    for (auto& r : row.runs) {
      rates.push_back(n / r.seconds);
      cpu_rates.push_back(n / r.cpu_seconds);
    }
    auto median_of = [](std::vector<double>& v) {
      std::sort(v.begin(), v.end());
      return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
    };
    const double median = median_of(rates), cpu_median = median_of(cpu_rates);
    const BenchRun& r = row.runs.front();
    if (c.fmt() == Format::json) {
      out.push_back(json{{"solver", row.name},
                         {"file", c.input},
                         {"puzzles", puzzles.size()},
                         {"limit", limit},
                         {"runs", row.runs.size()},
                         {"puzzles_per_s_median", median},
                         {"puzzles_per_cpu_s_median", cpu_median},
                         {"puzzles_per_s_min", rates.front()},
                         {"puzzles_per_s_max", rates.back()},
                         {"guesses_per_puzzle", static_cast<double>(r.guesses) / n},
                         {"no_guess_fraction", static_cast<double>(r.no_guess) / n},
                         {"unique", r.unique},
                         {"multiple", r.multiple},
                         {"none", r.none},
                         {"tier", sudoku::solver_tier_name(tier)}});
    } else {
      fmt::print(
          "{:<20} {:>10.0f} {:>12.0f} {:>10.2f} {:>10.3f} {:>8.1f}% {:>8} {:>8} {:>6}  "
          "{:.0f}..{:.0f}\n",
          row.name, median, cpu_median, 1e6 / median, static_cast<double>(r.guesses) / n,
          100.0 * static_cast<double>(r.no_guess) / n, r.unique, r.multiple, r.none, rates.front(),
          rates.back());
    }
  }
  if (c.fmt() == Format::json)
    for (auto& j : out) fmt::print("{}\n", j.dump());
  return bad ? 2 : 0;
}

}  // namespace sudoku::cli
