// The `sudoku` command: solve, count, generate, rate and bench Sudoku puzzles.
// Conventions (docs/SUDOKU.md): data on stdout, errors on stderr; exit 0 ok, 1 a puzzle
// without solution (solve), 2 bad usage or bad input (after every good puzzle was handled).
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <time.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "sudoku/sudoku.hpp"

#ifndef SUDOKU_VERSION
#define SUDOKU_VERSION "0.0.0"
#endif

namespace {

using sudoku::Grid;
using sudoku::PuzzleEntry;
using json = nlohmann::json;

enum class Format { kLine, kGrid, kJson };

struct Common {
  int size = 9;
  std::string format = "line";
  bool json = false;
  int threads = 0;
  std::string input = "-";

  int box() const { return sudoku::box_for_size(size); }
  Format fmt() const {
    if (json || format == "json") return Format::kJson;
    return format == "grid" ? Format::kGrid : Format::kLine;
  }
  int thread_count() const {
    if (threads > 0) return threads;
    return std::max(1u, std::thread::hardware_concurrency());
  }
};

void add_common(CLI::App* app, Common& c, bool with_input) {
  app->add_option("--size", c.size, "board side: 4, 9, 16 or 25")
      ->check(CLI::IsMember({4, 9, 16, 25}));
  app->add_option("--format", c.format, "output: line, grid or json (NDJSON)")
      ->check(CLI::IsMember({"line", "grid", "json"}));
  app->add_flag("--json", c.json, "same as --format json");
  app->add_option("-j,--threads", c.threads, "worker threads (default: all cores)")
      ->check(CLI::NonNegativeNumber);
  if (with_input) app->add_option("file", c.input, "puzzle file, '-' for stdin (default)");
}

// One output record per input entry, produced on worker threads, printed in input order.
struct Record {
  std::string out;  // text for stdout, including the trailing newline
  int status = 0;   // exit status this entry asks for (0, 1 or 2)
};

// Reads entries in chunks, runs `work` on them with `threads` threads, prints the records in
// order and reports malformed entries on stderr. Returns the worst status.
template <class Work>
int run_batch(const Common& c, Work work) {
  std::ifstream file;
  std::istream* in = &std::cin;
  if (c.input != "-") {
    file.open(c.input);
    if (!file) {
      fmt::print(stderr, "sudoku: cannot open '{}'\n", c.input);
      return 2;
    }
    in = &file;
  }
  sudoku::PuzzleReader reader(*in, c.box());
  const int threads = c.thread_count();
  const std::size_t chunk = 16384;
  std::vector<PuzzleEntry> entries;
  std::vector<Record> records;
  int worst = 0;
  bool more = true;
  while (more) {
    entries.clear();
    PuzzleEntry e;
    while (entries.size() < chunk && (more = reader.next(e))) entries.push_back(e);
    records.assign(entries.size(), Record{});
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
      for (std::size_t i; (i = next.fetch_add(64)) < entries.size();)
        for (std::size_t k = i; k < std::min(i + 64, entries.size()); ++k)
          records[k] = work(entries[k]);
    };
    if (threads <= 1 || entries.size() < 128) {
      worker();
    } else {
      std::vector<std::jthread> pool;
      for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
    }
    std::string buffer;
    for (std::size_t k = 0; k < entries.size(); ++k) {
      if (!entries[k].ok()) {
        std::fflush(stdout);
        fmt::print(stdout, "{}", buffer);
        buffer.clear();
        std::fflush(stdout);
        fmt::print(stderr, "sudoku: line {}: {}\n", entries[k].line, entries[k].error);
      }
      buffer += records[k].out;
      worst = std::max(worst, records[k].status);
    }
    fmt::print(stdout, "{}", buffer);
  }
  std::fflush(stdout);
  return worst;
}

Record invalid_record(const Common& c, const PuzzleEntry& e) {
  if (c.fmt() == Format::kJson)
    return {json{{"line", e.line}, {"status", "invalid"}, {"error", e.error}}.dump() + "\n", 2};
  return {fmt::format("invalid: line {}: {}\n", e.line, e.error), 2};
}

std::string_view status_name(std::uint64_t solutions) {
  return solutions == 0 ? "none" : solutions == 1 ? "unique" : "multiple";
}

int cmd_solve(const Common& c) {
  return run_batch(c, [&](const PuzzleEntry& e) -> Record {
    if (!e.ok()) return invalid_record(c, e);
    sudoku::SolveResult r = sudoku::solve(e.grid, 2);
    int status = r.solutions ? 0 : 1;
    switch (c.fmt()) {
      case Format::kJson: {
        json j{{"line", e.line},
               {"puzzle", sudoku::to_line(e.grid)},
               {"status", status_name(r.solutions)},
               {"solutions", r.solutions},
               {"guesses", r.guesses}};
        j["solution"] = r.solutions ? json(sudoku::to_line(r.solution)) : json(nullptr);
        return {j.dump() + "\n", status};
      }
      case Format::kGrid:
        if (!r.solutions) return {"no solution\n\n", status};
        return {sudoku::to_text(r.solution) + "\n", status};
      default:
        if (!r.solutions) return {"no solution\n", status};
        return {sudoku::to_line(r.solution) + "\n", status};
    }
  });
}

int cmd_count(const Common& c, std::uint64_t limit) {
  return run_batch(c, [&](const PuzzleEntry& e) -> Record {
    if (!e.ok()) return invalid_record(c, e);
    std::uint64_t n = sudoku::count_solutions(e.grid, limit);
    bool capped = n >= limit && limit > 1;
    if (c.fmt() == Format::kJson)
      return {json{{"line", e.line},
                   {"status", status_name(n)},
                   {"solutions", n},
                   {"limit", limit},
                   {"at_limit", n >= limit}}
                      .dump() +
                  "\n",
              0};
    return {fmt::format("{} {}{}\n", status_name(n), n, capped ? "+" : ""), 0};
  });
}

int cmd_rate(const Common& c) {
  return run_batch(c, [&](const PuzzleEntry& e) -> Record {
    if (!e.ok()) return invalid_record(c, e);
    sudoku::Rating r = sudoku::rate(e.grid);
    if (!r.solvable) {
      if (c.fmt() == Format::kJson)
        return {json{{"line", e.line}, {"status", "none"}}.dump() + "\n", 1};
      return {"no solution\n", 1};
    }
    if (c.fmt() == Format::kJson) {
      json uses = json::object();
      for (int t = 0; t < sudoku::kTechniqueCount; ++t)
        if (r.uses[static_cast<std::size_t>(t)])
          uses[std::string(sudoku::technique_name(static_cast<sudoku::Technique>(t)))] =
              r.uses[static_cast<std::size_t>(t)];
      return {json{{"line", e.line},
                   {"level", sudoku::level_name(r.level)},
                   {"level_number", static_cast<int>(r.level)},
                   {"score", r.score},
                   {"unique", r.unique},
                   {"techniques", uses}}
                      .dump() +
                  "\n",
              0};
    }
    return {fmt::format("{} {:.1f}\n", sudoku::level_name(r.level), r.score), 0};
  });
}

std::string format_puzzle(const Common& c, const Grid& g, std::uint64_t seed) {
  switch (c.fmt()) {
    case Format::kJson: {
      sudoku::Rating r = sudoku::rate(g);
      return json{{"puzzle", sudoku::to_line(g)},
                  {"clues", g.clue_count()},
                  {"seed", seed},
                  {"level", sudoku::level_name(r.level)},
                  {"score", r.score}}
                 .dump() +
             "\n";
    }
    case Format::kGrid:
      return sudoku::to_text(g) + "\n";
    default:
      return sudoku::to_line(g) + "\n";
  }
}

int cmd_generate(const Common& c, int count, const std::string& difficulty,
                 const std::string& symmetry, std::uint64_t seed, bool no_minimal, int attempts) {
  sudoku::GenerateOptions base;
  base.box = c.box();
  base.minimal = !no_minimal;
  base.max_attempts = attempts;
  if (difficulty != "any") {
    sudoku::Level level;
    if (!sudoku::parse_level(difficulty, level)) {
      fmt::print(stderr,
                 "sudoku: unknown difficulty '{}' (any, easy, medium, hard, expert, extreme)\n",
                 difficulty);
      return 2;
    }
    base.level = level;
  }
  if (!sudoku::parse_symmetry(symmetry, base.symmetry)) {
    fmt::print(stderr, "sudoku: unknown symmetry '{}' (none, rot180, rot90, mirror)\n", symmetry);
    return 2;
  }
  std::vector<std::string> out(static_cast<std::size_t>(count));
  std::vector<char> failed(static_cast<std::size_t>(count), 0);
  std::atomic<int> next{0};
  auto worker = [&] {
    for (int i; (i = next.fetch_add(1)) < count;) {
      sudoku::GenerateOptions o = base;
      o.seed = seed + static_cast<std::uint64_t>(i);
      if (auto g = sudoku::generate(o))
        out[static_cast<std::size_t>(i)] = format_puzzle(c, *g, o.seed);
      else
        failed[static_cast<std::size_t>(i)] = 1;
    }
  };
  {
    std::vector<std::jthread> pool;
    for (int t = 0; t < std::min(count, c.thread_count()); ++t) pool.emplace_back(worker);
  }
  int status = 0;
  for (int i = 0; i < count; ++i) {
    if (failed[static_cast<std::size_t>(i)]) {
      std::fflush(stdout);
      fmt::print(stderr, "sudoku: no {} puzzle found in {} attempts (seed {})\n", difficulty,
                 attempts, seed + static_cast<std::uint64_t>(i));
      status = 1;
      continue;
    }
    fmt::print("{}", out[static_cast<std::size_t>(i)]);
  }
  return status;
}

struct BenchRun {
  double seconds = 0;      // wall clock
  double cpu_seconds = 0;  // this thread's CPU time: what counts on a shared machine
  std::uint64_t guesses = 0, no_guess = 0, unique = 0, multiple = 0, none = 0;
};

template <class Solve>
BenchRun bench_once(const std::vector<Grid>& puzzles, Solve solve_one) {
  BenchRun r;
  auto cpu_now = [] {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
  };
  const double c0 = cpu_now();
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
  r.cpu_seconds = cpu_now() - c0;
  return r;
}

int cmd_bench(const Common& c, int repeat, std::uint64_t limit, bool reference) {
  if (c.input == "-") {
    fmt::print(stderr, "sudoku: bench needs a FILE\n");
    return 2;
  }
  std::ifstream file(c.input);
  if (!file) {
    fmt::print(stderr, "sudoku: cannot open '{}'\n", c.input);
    return 2;
  }
  sudoku::PuzzleReader reader(file, c.box());
  std::vector<Grid> puzzles;
  int bad = 0;
  for (PuzzleEntry e; reader.next(e);) {
    if (e.ok())
      puzzles.push_back(e.grid);
    else {
      fmt::print(stderr, "sudoku: line {}: {}\n", e.line, e.error);
      ++bad;
    }
  }
  if (puzzles.empty()) {
    fmt::print(stderr, "sudoku: no puzzles in '{}'\n", c.input);
    return 2;
  }
  const bool nine = c.box() == 3;
  struct Row {
    std::string name;
    std::vector<BenchRun> runs;
  };
  std::vector<Row> rows;
  auto fast = [&](const Grid& g, std::uint64_t& guesses) {
    return nine ? sudoku::solve9(g.data(), limit, nullptr, &guesses) : [&] {
      auto r = sudoku::solve(g, limit);
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
  for (int k = 0; k < repeat; ++k) rows[0].runs.push_back(bench_once(puzzles, fast));
  if (reference && nine) {
    rows.push_back({"reference (general)", {}});
    for (int k = 0; k < std::max(1, repeat / 2); ++k)
      rows[1].runs.push_back(bench_once(puzzles, general));
  }
  const double n = static_cast<double>(puzzles.size());
  json out = json::array();
  if (c.fmt() != Format::kJson)
    fmt::print("{}: {} puzzles, {}x{}, limit {}, 1 thread, isa {}, median of {} runs\n", c.input,
               puzzles.size(), c.size, c.size, limit, sudoku::solver_isa(), repeat);
  if (c.fmt() != Format::kJson)
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
    if (c.fmt() == Format::kJson) {
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
                         {"isa", sudoku::solver_isa()}});
    } else {
      fmt::print(
          "{:<20} {:>10.0f} {:>12.0f} {:>10.2f} {:>10.3f} {:>8.1f}% {:>8} {:>8} {:>6}  "
          "{:.0f}..{:.0f}\n",
          row.name, median, cpu_median, 1e6 / median, static_cast<double>(r.guesses) / n,
          100.0 * static_cast<double>(r.no_guess) / n, r.unique, r.multiple, r.none, rates.front(),
          rates.back());
    }
  }
  if (c.fmt() == Format::kJson)
    for (auto& j : out) fmt::print("{}\n", j.dump());
  return bad ? 2 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"sudoku: solve, count, generate, rate and benchmark Sudoku puzzles (4x4 to 25x25)"};
  app.set_version_flag("--version", std::string("sudoku ") + SUDOKU_VERSION);
  app.require_subcommand(1);

  Common solve_c, count_c, rate_c, gen_c, bench_c;
  auto* solve =
      app.add_subcommand("solve", "solve each puzzle; one solution per line, in input order");
  add_common(solve, solve_c, true);

  auto* count =
      app.add_subcommand("count", "count solutions up to a limit: unique, multiple or none");
  add_common(count, count_c, true);
  std::uint64_t limit = 2;
  count->add_option("--limit", limit, "stop counting at this many solutions (default 2)")
      ->check(CLI::PositiveNumber);

  auto* rate = app.add_subcommand("rate", "difficulty from the techniques a person needs");
  add_common(rate, rate_c, true);

  auto* gen = app.add_subcommand("generate", "random puzzles with exactly one solution");
  add_common(gen, gen_c, false);
  int gen_count = 1, attempts = 20000;
  std::string difficulty = "any", symmetry = "none";
  std::uint64_t seed = std::random_device{}();
  bool no_minimal = false;
  gen->add_option("-n,--count", gen_count, "how many puzzles (default 1)")
      ->check(CLI::PositiveNumber);
  gen->add_option("--difficulty", difficulty, "any, easy, medium, hard, expert or extreme");
  gen->add_option("--symmetry", symmetry, "clue symmetry: none, rot180, rot90 or mirror");
  gen->add_option("--seed", seed, "random seed; puzzle i uses seed+i (default: random)");
  gen->add_flag("--no-minimal", no_minimal, "stop removing clues early (puzzle not minimal)");
  gen->add_option("--attempts", attempts, "puzzles tried per wanted difficulty (default 20000)")
      ->check(CLI::PositiveNumber);

  auto* bench =
      app.add_subcommand("bench", "time solve + uniqueness check over a file, one thread");
  add_common(bench, bench_c, true);
  int repeat = 5;
  std::uint64_t bench_limit = 2;
  bool reference = false;
  bench->add_option("--repeat", repeat, "timed runs; the median is reported (default 5)")
      ->check(CLI::PositiveNumber);
  bench->add_option("--limit", bench_limit, "count solutions up to this (default 2)")
      ->check(CLI::PositiveNumber);
  bench->add_flag("--reference", reference, "also time the general (reference) solver");

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string msg = e.what();
    fmt::print(stderr, "sudoku: {}\n", msg.empty() ? "bad usage" : msg);
    fmt::print(stderr, "Run with --help for more information.\n");
    return 2;
  }
  try {
    if (*solve) return cmd_solve(solve_c);
    if (*count) return cmd_count(count_c, limit);
    if (*rate) return cmd_rate(rate_c);
    if (*gen)
      return cmd_generate(gen_c, gen_count, difficulty, symmetry, seed, no_minimal, attempts);
    if (*bench) return cmd_bench(bench_c, repeat, bench_limit, reference);
  } catch (const std::exception& e) {
    fmt::print(stderr, "sudoku: {}\n", e.what());
    return 1;
  }
  return 2;
}
