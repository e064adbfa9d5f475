#include "sudoku/generate.hpp"

#include <algorithm>
#include <random>
#include <vector>

#include "general_solver.hpp"
#include "sudoku/solve.hpp"

namespace sudoku {
namespace {

// Cells that must be removed together to keep the clue pattern symmetric.
std::vector<std::vector<int>> orbits(int n, Symmetry symmetry) {
  std::vector<std::vector<int>> out;
  std::vector<char> seen(static_cast<std::size_t>(n * n), 0);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      std::vector<int> cells;
      auto add = [&](int rr, int cc) {
        int i = rr * n + cc;
        if (!seen[static_cast<std::size_t>(i)]) {
          seen[static_cast<std::size_t>(i)] = 1;
          cells.push_back(i);
        }
      };
      add(r, c);
      switch (symmetry) {
        case Symmetry::none:
          break;
        case Symmetry::rot180:
          add(n - 1 - r, n - 1 - c);
          break;
        case Symmetry::rot90:
          add(c, n - 1 - r);
          add(n - 1 - r, n - 1 - c);
          add(n - 1 - c, r);
          break;
        case Symmetry::mirror:
          add(r, n - 1 - c);
          break;
      }
      if (!cells.empty()) out.push_back(std::move(cells));
    }
  return out;
}

std::uint64_t mix(std::uint64_t x) {  // splitmix64 finaliser: independent seeds per attempt
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Guesses one uniqueness check of a 25x25 carving may take. A removal whose check needs more
// is undone (the puzzle stays unique; it may keep a clue it could have lost), so a 25x25
// puzzle is at most 625 bounded checks: 3.4 to 4.1 s of one core for seeds 1..5 (AMD EPYC
// Zen 3), where unbounded checks on the sparse grids near the end ran for minutes.
constexpr std::uint64_t kMaxGuessesPerCheck25 = 200;

// True if `puzzle` has exactly one solution, proved within the budget for its size.
bool unique_within_budget(const Grid& puzzle) {
  if (puzzle.box() < 5) return count_solutions(puzzle, 2) == 1;
  return detail::with_general_solver(puzzle.box(), [&](auto& s) {
    s.limit = 2;
    s.max_guesses = kMaxGuessesPerCheck25;
    s.run(puzzle);
    return !s.gave_up && s.solutions == 1;
  });
}

Grid carve(const Grid& solution, Symmetry symmetry, bool minimal, std::mt19937_64& rng) {
  Grid puzzle = solution;
  auto groups = orbits(solution.size(), symmetry);
  std::shuffle(groups.begin(), groups.end(), rng);
  // Without `minimal`, stop after trying 60% of the groups: more clues, easier puzzles.
  std::size_t tries = minimal ? groups.size() : groups.size() * 3 / 5;
  for (std::size_t g = 0; g < tries; ++g) {
    for (int i : groups[g]) puzzle[i] = 0;
    if (!unique_within_budget(puzzle))
      for (int i : groups[g]) puzzle[i] = solution[i];
  }
  return puzzle;
}

}  // namespace

bool parse_symmetry(std::string_view text, Symmetry& symmetry) {
  if (text == "none")
    symmetry = Symmetry::none;
  else if (text == "rot180")
    symmetry = Symmetry::rot180;
  else if (text == "rot90")
    symmetry = Symmetry::rot90;
  else if (text == "mirror")
    symmetry = Symmetry::mirror;
  else
    return false;
  return true;
}

std::string_view symmetry_name(Symmetry symmetry) {
  switch (symmetry) {
    case Symmetry::rot180:
      return "rot180";
    case Symmetry::rot90:
      return "rot90";
    case Symmetry::mirror:
      return "mirror";
    default:
      return "none";
  }
}

Grid random_solution(int box, std::uint64_t seed) {
  std::mt19937_64 rng(mix(seed));
  Grid start(box);
  // The diagonal boxes do not see each other: fill them freely, then let the search finish.
  // This keeps 25x25 fills from wandering deep into dead ends.
  const int n = box * box;
  std::vector<std::uint8_t> digits(static_cast<std::size_t>(n));
  for (int k = 0; k < box; ++k) {
    for (int v = 0; v < n; ++v)
      digits[static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(v + 1);
    std::shuffle(digits.begin(), digits.end(), rng);
    for (int i = 0; i < n; ++i)
      start.set(k * box + i / box, k * box + i % box, digits[static_cast<std::size_t>(i)]);
  }
  auto complete = [&](const Grid& from, Grid& out) {
    return detail::with_general_solver(box, [&](auto& s) {
      s.limit = 1;
      s.rng = &rng;
      s.run(from);
      out = s.first;
      return s.solutions == 1;
    });
  };
  Grid solution(box);
  if (complete(start, solution)) return solution;
  // On 4x4 the two diagonal boxes can clash (about half of all fills have no completion; an
  // empty grid was then carved and printed as a puzzle). One box alone always completes.
  for (int r = box; r < n; ++r)
    for (int c = 0; c < n; ++c) start.set(r, c, 0);
  complete(start, solution);
  return solution;
}

std::optional<Grid> generate(const GenerateOptions& options) {
  // Without a level the first attempt is kept; more are tried only if a check fails.
  const int attempts = options.level ? std::max(1, options.max_attempts) : 8;
  for (int a = 0; a < attempts; ++a) {
    std::uint64_t seed = mix(options.seed ^ mix(static_cast<std::uint64_t>(a)));
    std::mt19937_64 rng(seed);
    Grid solution = random_solution(options.box, seed);
    Grid puzzle = carve(solution, options.symmetry, options.minimal, rng);
    // Checked before it is returned: a puzzle is only a puzzle with exactly one solution.
    if (!unique_within_budget(puzzle)) continue;
    if (!options.level || rate(puzzle).level == *options.level) return puzzle;
  }
  return std::nullopt;
}

bool is_minimal(const Grid& puzzle) {
  Grid p = puzzle;
  for (int i = 0; i < p.cell_count(); ++i) {
    if (!p[i]) continue;
    std::uint8_t v = p[i];
    p[i] = 0;
    bool still_unique = count_solutions(p, 2) == 1;
    p[i] = v;
    if (still_unique) return false;
  }
  return true;
}

}  // namespace sudoku
