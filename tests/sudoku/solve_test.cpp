#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>

#include "data.hpp"
#include "general_solver.hpp"  // the solver class (src/sudoku, internal), to switch its rules
#include "reference.hpp"
#include "sudoku/sudoku.hpp"

namespace sudoku {
namespace {

using testing::load;
using testing::parse;

// Every Solve9 test runs once for each solver tier this build and CPU have (passed to each
// solve), so one machine checks the AVX-512, AVX2 and scalar forms of the 9x9 solver alike.
// The two that mostly time the teaching solver (Solve9Reference) run on the default tier only.
class Solve9 : public ::testing::TestWithParam<SolverTier> {
 protected:
  static SolverTier tier() { return GetParam(); }
};

INSTANTIATE_TEST_SUITE_P(Tiers, Solve9, ::testing::ValuesIn(available_solver_tiers()),
                         [](const ::testing::TestParamInfo<SolverTier>& tier) {
                           return std::string(solver_tier_name(tier.param));
                         });

TEST(SolverTiers, ScalarIsAlwaysThereAndLast) {
  const auto tiers = available_solver_tiers();
  ASSERT_FALSE(tiers.empty());
  EXPECT_EQ(tiers.back(), SolverTier::scalar);
  EXPECT_EQ(parse_solver_tier("auto"), tiers.front());
  EXPECT_EQ(solver_tier_name(SolverTier::scalar), "scalar");
}

TEST(SolverTiers, UnknownOrUnavailableNamesAreRefused) {
  EXPECT_THROW(parse_solver_tier("sse9"), std::invalid_argument);
  EXPECT_THROW(parse_solver_tier(""), std::invalid_argument);
  const auto tiers = available_solver_tiers();
  for (const SolverTier tier :
       {SolverTier::avx512, SolverTier::avx2, SolverTier::sse4, SolverTier::scalar}) {
    const std::string_view name = solver_tier_name(tier);
    const bool here = std::find(tiers.begin(), tiers.end(), tier) != tiers.end();
    Grid empty(3);
    if (here) {
      EXPECT_EQ(parse_solver_tier(name), tier);
      EXPECT_EQ(count_solutions(empty, 2, tier), 2u) << name;
    } else {
      EXPECT_THROW(parse_solver_tier(name), std::invalid_argument) << name;
      // A solve on a tier this CPU lacks is refused, never run.
      EXPECT_THROW(count_solutions(empty, 2, tier), std::invalid_argument) << name;
    }
  }
}

TEST_P(Solve9, Curated5000MatchesGivenSolutions) {
  std::vector<std::string> solutions;
  auto puzzles = load("curated_5000.csv", &solutions);
  ASSERT_EQ(puzzles.size(), 5000u);
  ASSERT_EQ(solutions.size(), 5000u);
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    SolveResult r = solve(puzzles[i], 2, tier());
    ASSERT_EQ(r.solutions, 1u) << "puzzle " << i;
    ASSERT_EQ(to_line(r.solution), solutions[i]) << "puzzle " << i;
  }
}

void expect_all_unique(const std::vector<Grid>& puzzles, SolverTier tier) {
  std::uint8_t solution[81];
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    ASSERT_EQ(solve9(puzzles[i].data(), 2, solution, nullptr, tier), 1u) << "puzzle " << i;
    Grid g(3);
    std::copy(solution, solution + 81, g.data());
    ASSERT_TRUE(is_solution_of(g, puzzles[i])) << "puzzle " << i;
  }
}

TEST_P(Solve9, Every17CluePuzzleSolvedValidAndUnique) {
  auto puzzles = load("puzzles2_17_clue");
  ASSERT_EQ(puzzles.size(), 49158u);
  expect_all_unique(puzzles, tier());
}

TEST_P(Solve9, EveryMagictourPuzzleSolvedValidAndUnique) {
  auto puzzles = load("puzzles3_magictour_top1465");
  ASSERT_EQ(puzzles.size(), 1465u);
  expect_all_unique(puzzles, tier());
}

TEST_P(Solve9, EverySergPuzzleHasMultipleSolutions) {
  auto puzzles = load("puzzles7_serg_benchmark");
  ASSERT_EQ(puzzles.size(), 10000u);
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    SolveResult r = solve(puzzles[i], 2, tier());
    ASSERT_EQ(r.solutions, 2u) << "puzzle " << i;
    ASSERT_TRUE(is_solution_of(r.solution, puzzles[i])) << "puzzle " << i;
  }
}

TEST_P(Solve9, GeneralSolverAgreesOnSample) {
  auto hard = load("puzzles3_magictour_top1465");
  auto clue17 = load("puzzles2_17_clue");
  for (std::size_t i = 0; i < clue17.size(); i += 97) hard.push_back(clue17[i]);
  for (const Grid& p : hard) {
    SolveResult fast = solve(p, 2, tier()), general = solve_general(p, 2);
    ASSERT_EQ(fast.solutions, general.solutions);
    ASSERT_EQ(fast.solution, general.solution);
  }
}

TEST(Solve9Reference, TeachingBacktrackerAgreesOnSample) {
  auto curated = load("curated_5000.csv");
  // Beginner and Easy puzzles: the teaching backtracker is quick on them.
  for (std::size_t i = 0; i < 2000; i += 10) {
    reference::TeachingSolver teaching(curated[i]);
    ASSERT_EQ(teaching.count(2), 1u);
    ASSERT_EQ(teaching.first, solve(curated[i]).solution) << "puzzle " << i;
  }
}

TEST(Solve9Reference, CountsAgreeWithTeachingBacktrackerOnPuzzlesWithHolesRemoved) {
  auto curated = load("curated_5000.csv");
  std::mt19937 rng(42);
  int multi = 0;
  for (std::size_t i = 0; i < 1000; i += 10) {
    Grid p = curated[i];
    for (int removed = 0; removed < 4;) {  // drop 4 clues: usually several solutions
      int c = static_cast<int>(rng() % 81);
      if (p[c]) p[c] = 0, ++removed;
    }
    reference::TeachingSolver teaching(p);
    std::uint64_t expect = teaching.count(50);
    ASSERT_EQ(count_solutions(p, 50), expect) << to_line(p);
    ASSERT_EQ(solve_general(p, 50).solutions, expect) << to_line(p);
    multi += expect > 1;
  }
  EXPECT_GT(multi, 10);  // the sample really exercises counting
}

TEST_P(Solve9, EmptyGridHasManySolutions) {
  Grid empty(3);
  SolveResult r = solve(empty, 2, tier());
  EXPECT_EQ(r.solutions, 2u);
  EXPECT_TRUE(is_solution_of(r.solution, empty));
  EXPECT_EQ(count_solutions(empty, 1000, tier()), 1000u);
}

TEST_P(Solve9, BrokenGivensHaveNoSolution) {
  Grid g(3);
  g[0] = g[1] = 1;  // repeated in row 1
  EXPECT_EQ(solve(g, 2, tier()).solutions, 0u);
  EXPECT_EQ(solve_general(g).solutions, 0u);
  // Consistent givens but no solution: the top-left cell can only be 1, and column 1
  // already has a 1.
  Grid h = parse(
      ".23456789"
      "........."
      "........."
      "1........"
      "........."
      "........."
      "........."
      "........."
      ".........");
  EXPECT_EQ(solve(h, 2, tier()).solutions, 0u);
  EXPECT_EQ(solve_general(h).solutions, 0u);
}

TEST_P(Solve9, RepeatedGivensHaveNoSolution) {
  // solve9 takes raw cells (no parser in front): a digit given twice in a row, a column or
  // a box (cells in different rows and columns), or a value over 9, is no solution. Every
  // digit, in every band: the vector start handles digits 1-8 in lanes and 9 apart.
  const int pairs[6][2] = {{0, 8},   {0, 72},  {0, 20},    // r1c1 with r1c9, r9c1, r3c3
                           {36, 44}, {31, 76}, {60, 80}};  // r5 row, c5 column, box 9
  for (int digit = 1; digit <= 9; ++digit)
    for (const auto& pair : pairs) {
      std::uint8_t cells[81] = {};
      cells[pair[0]] = cells[pair[1]] = static_cast<std::uint8_t>(digit);
      EXPECT_EQ(solve9(cells, 2, nullptr, nullptr, tier()), 0u)
          << digit << ": " << pair[0] << " " << pair[1];
      cells[pair[1]] = static_cast<std::uint8_t>(digit % 9 + 1);  // two digits: many solutions
      EXPECT_EQ(solve9(cells, 2, nullptr, nullptr, tier()), 2u)
          << digit << ": " << pair[0] << " " << pair[1];
    }
  std::uint8_t cells[81] = {};
  cells[40] = 10;
  EXPECT_EQ(solve9(cells, 2, nullptr, nullptr, tier()), 0u);
}

TEST_P(Solve9, GivensRepeatAgreesWithFindConflict) {
  // The readers' house check: every digit repeated in a row, a column and a box of every
  // band (the vector form does digits 1-8 in lanes and 9 apart), then random grids of 0-40
  // givens, most of them with a repeat somewhere.
  const int pairs[6][2] = {{0, 8}, {0, 72}, {0, 20}, {36, 44}, {31, 76}, {60, 80}};
  for (int digit = 1; digit <= 9; ++digit)
    for (const auto& pair : pairs) {
      Grid g(3);
      g[pair[0]] = g[pair[1]] = static_cast<std::uint8_t>(digit);
      EXPECT_TRUE(givens_repeat9(g.data(), tier())) << digit << ": " << pair[0] << " " << pair[1];
      g[pair[1]] = static_cast<std::uint8_t>(digit % 9 + 1);
      EXPECT_FALSE(givens_repeat9(g.data(), tier())) << digit << ": " << pair[0] << " " << pair[1];
    }
  std::mt19937 rng(7);
  int repeats = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    Grid g(3);
    const int givens = static_cast<int>(rng() % 41);
    for (int k = 0; k < givens; ++k)
      g[static_cast<int>(rng() % 81)] = static_cast<std::uint8_t>(1 + rng() % 9);
    const bool repeat = find_conflict(g).has_value();
    repeats += repeat;
    ASSERT_EQ(givens_repeat9(g.data(), tier()), repeat) << to_line(g);
  }
  EXPECT_GT(repeats, 5000);
  EXPECT_LT(repeats, 19000);
  Grid solved(3);
  ASSERT_FALSE(parse_puzzle(
      "953168742862734951417952836746893125281645397395271468138529674574386219629417583", 3,
      solved));
  EXPECT_FALSE(givens_repeat9(solved.data(), tier()));
}

// A solved grid with the four cells of a rectangle emptied: the two digits can trade
// places, so counting to two must find two, whether the rectangle spans two rows of a band
// (columns in two stacks) or two columns of a stack. With one of its cells kept, one solution.
TEST_P(Solve9, EmptiedRectangleHasTwoSolutions) {
  std::vector<std::string> solutions;
  load("curated_5000.csv", &solutions);
  ASSERT_GE(solutions.size(), 50u);
  int row_kind = 0, column_kind = 0;
  for (std::size_t k = 0; k < 50; ++k) {
    const Grid solved = parse(solutions[k]);
    for (int transposed = 0; transposed < 2; ++transposed) {
      // at(i, j): row i, column j, or column i, row j.
      const auto at = [&](int i, int j) { return transposed ? 9 * j + i : 9 * i + j; };
      for (int i1 = 0; i1 < 9; ++i1)
        for (int i2 = i1 + 1; i2 < 9 && i2 / 3 == i1 / 3; ++i2)
          for (int j1 = 0; j1 < 9; ++j1)
            for (int j2 = j1 + 1; j2 < 9; ++j2) {
              const int a = at(i1, j1), b = at(i1, j2), c = at(i2, j1), d = at(i2, j2);
              if (j1 / 3 == j2 / 3 || solved[a] != solved[d] || solved[b] != solved[c]) continue;
              Grid p = solved;
              p[a] = p[b] = p[c] = 0;
              ASSERT_EQ(count_solutions(p, 2, tier()), 1u) << to_line(p);
              p[d] = 0;
              ASSERT_EQ(count_solutions(p, 2, tier()), 2u) << to_line(p);
              ASSERT_EQ(solve_general(p, 2).solutions, 2u) << to_line(p);
              (transposed ? column_kind : row_kind) += 1;
            }
    }
  }
  EXPECT_GT(row_kind, 20);
  EXPECT_GT(column_kind, 20);
}

// Counting to two stops at a rectangle of free cells in the first solution; counting further
// does not. Both must agree, and with the general solver, on puzzles with one, a few or many
// solutions, where the rectangles in the first solution may or may not hold a given. Hard
// puzzles (magictour) reach their first solution after guesses, where the check runs.
TEST_P(Solve9, CountToTwoAgreesWithLongerCountsOnPuzzlesWithCluesRemoved) {
  auto puzzles = load("puzzles3_magictour_top1465");
  auto curated = load("curated_5000.csv");
  for (std::size_t i = 0; i < curated.size(); i += 5) puzzles.push_back(curated[i]);
  std::mt19937 rng(7);
  int multi = 0;
  for (const Grid& puzzle : puzzles) {
    Grid p = puzzle;
    const int remove = static_cast<int>(rng() % 10);
    for (int removed = 0; removed < remove;) {
      const int c = static_cast<int>(rng() % 81);
      if (p[c]) p[c] = 0, ++removed;
    }
    const std::uint64_t two = count_solutions(p, 2, tier());
    ASSERT_EQ(two, std::min<std::uint64_t>(count_solutions(p, 3, tier()), 2)) << to_line(p);
    ASSERT_EQ(two, solve_general(p, 2).solutions) << to_line(p);
    multi += two == 2;
  }
  EXPECT_GT(multi, 500);  // the sample really exercises the second solution
}

// Every tier of the 9x9 solver makes the same deductions and branches on the same cells, so
// the guesses it takes over a set are a property of its rules, not of the instruction set.
TEST_P(Solve9, GuessesAreTheSameInEveryTier) {
  const auto puzzles = load("puzzles3_magictour_top1465");
  ASSERT_EQ(puzzles.size(), 1465u);
  std::uint64_t guesses = 0;
  for (const Grid& p : puzzles) ASSERT_EQ(solve9(p.data(), 2, nullptr, &guesses, tier()), 1u);
  EXPECT_EQ(guesses, 14286u) << "solver tier " << solver_tier_name(tier());
}

TEST_P(Solve9, LimitZeroAndOne) {
  Grid empty(3);
  EXPECT_EQ(count_solutions(empty, 0, tier()), 0u);
  EXPECT_EQ(count_solutions(empty, 1, tier()), 1u);
}

TEST(General, Empty4x4Has288Solutions) {
  Grid empty(2);
  std::set<std::string> seen;
  std::uint64_t n = enumerate_solutions(empty, [&](const Grid& g) {
    EXPECT_TRUE(is_solution_of(g, empty));
    seen.insert(to_line(g));
    return true;
  });
  EXPECT_EQ(n, 288u);
  EXPECT_EQ(seen.size(), 288u);
  EXPECT_EQ(count_solutions(empty, 1000), 288u);
  EXPECT_EQ(reference::TeachingSolver(empty).count(1000), 288u);
}

TEST(General, EnumerateStopsWhenAsked) {
  Grid empty(3);
  int calls = 0;
  EXPECT_EQ(enumerate_solutions(empty, [&](const Grid&) { return ++calls < 5; }), 5u);
  EXPECT_EQ(calls, 5);
}

TEST(General, EnumerateMatchesCountOn9x9WithHoles) {
  Grid p =
      parse("..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..");
  // Remove 5 more clues and compare enumeration against the reference backtracker.
  for (int c : {2, 3, 4, 5, 6}) p[c] = 0;
  std::set<std::string> seen;
  std::uint64_t n = enumerate_solutions(p, [&](const Grid& g) {
    EXPECT_TRUE(is_solution_of(g, p));
    seen.insert(to_line(g));
    return true;
  });
  EXPECT_EQ(n, seen.size());
  EXPECT_EQ(n, reference::TeachingSolver(p).count(1000000));
  EXPECT_GT(n, 1u);
}

void solve_random_large(int box, int seeds, double hole_fraction) {
  for (int s = 1; s <= seeds; ++s) {
    Grid full = random_solution(box, static_cast<std::uint64_t>(s));
    ASSERT_TRUE(is_solution_of(full, Grid(box)));
    std::mt19937 rng(static_cast<unsigned>(s));
    Grid p = full;
    for (int i = 0; i < p.cell_count(); ++i)
      if (std::uniform_real_distribution<double>(0, 1)(rng) < hole_fraction) p[i] = 0;
    SolveResult r = solve(p, 1);
    ASSERT_EQ(r.solutions, 1u);
    EXPECT_TRUE(is_solution_of(r.solution, p));
  }
}

TEST(General, Solves16x16) {
  solve_random_large(4, 5, 0.6);
}
TEST(General, Solves25x25) {
  solve_random_large(5, 3, 0.4);
}

// A 25x25 grid with half its cells removed: 42 s before locked candidates and the open-peers
// tie-break in the general solver, about a second after.
TEST(General, Solves25x25HalfEmpty) {
  Grid full = random_solution(5, 1);
  std::mt19937 rng(1);
  Grid p = full;
  for (int i = 0; i < p.cell_count(); ++i)
    if (std::uniform_real_distribution<double>(0, 1)(rng) < 0.5) p[i] = 0;
  SolveResult r = solve(p, 1);
  ASSERT_EQ(r.solutions, 1u);
  EXPECT_TRUE(is_solution_of(r.solution, p));
}

// Locked candidates only prune: counts with and without them agree, on 9x9 (where they are
// off by default) and 16x16 grids with many solutions.
template <int B>
std::uint64_t general_count(const Grid& p, bool locked, std::uint64_t limit) {
  detail::GeneralSolver<B> s;
  s.limit = limit;
  s.use_locked = locked;
  s.run(p);
  return s.solutions;
}

TEST(General, LockedCandidatesKeepCounts) {
  for (int seed = 1; seed <= 6; ++seed) {
    std::mt19937 rng(static_cast<unsigned>(seed));
    Grid p9 = random_solution(3, static_cast<std::uint64_t>(seed));
    for (int i = 0; i < p9.cell_count(); ++i)
      if (std::uniform_real_distribution<double>(0, 1)(rng) < 0.7) p9[i] = 0;
    const std::uint64_t n9 = general_count<3>(p9, false, 5000);
    EXPECT_EQ(n9, general_count<3>(p9, true, 5000)) << "9x9 seed " << seed;
    EXPECT_EQ(std::min<std::uint64_t>(n9, 200), reference::TeachingSolver(p9).count(200));
    Grid p16 = random_solution(4, static_cast<std::uint64_t>(seed));
    for (int i = 0; i < p16.cell_count(); ++i)
      if (std::uniform_real_distribution<double>(0, 1)(rng) < 0.75) p16[i] = 0;
    EXPECT_EQ(general_count<4>(p16, false, 300), general_count<4>(p16, true, 300))
        << "16x16 seed " << seed;
  }
}

TEST(General, Known16x16IsUnique) {
  // A generated 16x16 puzzle (seed 3) checked unique by this solver and the rater.
  GenerateOptions o;
  o.box = 4;
  o.seed = 3;
  o.minimal = false;
  auto p = generate(o);
  ASSERT_TRUE(p);
  SolveResult r = solve(*p, 2);
  EXPECT_EQ(r.solutions, 1u);
  EXPECT_TRUE(is_solution_of(r.solution, *p));
}

}  // namespace
}  // namespace sudoku
