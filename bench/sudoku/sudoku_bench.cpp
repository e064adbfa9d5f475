// Solve + uniqueness check (count up to 2) per puzzle, one thread. Items/s is puzzles/s.
//   build/sudoku/bench/sudoku/sudoku_bench --benchmark_repetitions=5
//   --benchmark_report_aggregates_only
// The teaching backtracker only gets the easy half of curated_5000: on 17-clue puzzles it takes
// seconds each.
#include <benchmark/benchmark.h>

#include <fstream>
#include <string>
#include <vector>

#include "reference.hpp"
#include "sudoku/sudoku.hpp"

namespace {

const std::vector<sudoku::Grid>& puzzles(const std::string& name) {
  static std::vector<std::pair<std::string, std::vector<sudoku::Grid>>> cache;
  for (auto& [n, v] : cache)
    if (n == name) return v;
  std::ifstream in(std::string(SUDOKU_DATA_DIR) + "/" + name);
  sudoku::PuzzleReader reader(in);
  std::vector<sudoku::Grid> v;
  for (sudoku::PuzzleEntry e; reader.next(e);)
    if (e.ok()) v.push_back(e.grid);
  if (name == "curated_5000.csv") v.resize(std::min<std::size_t>(v.size(), 2000));  // Beginner+Easy
  cache.emplace_back(name, std::move(v));
  return cache.back().second;
}

template <class Solve>
void run(benchmark::State& state, const std::string& file, Solve solve_one) {
  const auto& ps = puzzles(file);
  if (ps.empty()) {
    state.SkipWithError(("no puzzles in " + file).c_str());
    return;
  }
  std::size_t i = 0;
  std::uint64_t unique = 0;
  for (auto _ : state) {
    unique += solve_one(ps[i]) == 1;
    if (++i == ps.size()) i = 0;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  benchmark::DoNotOptimize(unique);
}

void BM_Fast(benchmark::State& state, const std::string& file) {
  run(state, file,
      [](const sudoku::Grid& g) { return sudoku::solve9(g.data(), 2, nullptr, nullptr); });
}
void BM_General(benchmark::State& state, const std::string& file) {
  run(state, file, [](const sudoku::Grid& g) { return sudoku::solve_general(g, 2).solutions; });
}
void BM_TeachingBacktracker(benchmark::State& state, const std::string& file) {
  run(state, file,
      [](const sudoku::Grid& g) { return sudoku::reference::TeachingSolver(g).count(2); });
}

BENCHMARK_CAPTURE(BM_Fast, clue17, std::string("puzzles2_17_clue"));
BENCHMARK_CAPTURE(BM_General, clue17, std::string("puzzles2_17_clue"));
BENCHMARK_CAPTURE(BM_Fast, magictour, std::string("puzzles3_magictour_top1465"));
BENCHMARK_CAPTURE(BM_General, magictour, std::string("puzzles3_magictour_top1465"));
BENCHMARK_CAPTURE(BM_Fast, curated_easy, std::string("curated_5000.csv"));
BENCHMARK_CAPTURE(BM_General, curated_easy, std::string("curated_5000.csv"));
BENCHMARK_CAPTURE(BM_TeachingBacktracker, curated_easy, std::string("curated_5000.csv"));

}  // namespace

BENCHMARK_MAIN();
