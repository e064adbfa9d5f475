// n-Queens Completion: finish a board that already holds some queens, optionally with
// blocked squares no queen may use. Works for any N (multiword bitsets), e.g.
//
//   nqueens::CompletionProblem p{200, {{0, 5}, {7, 90}}, {}};
//   nqueens::check_problem(p);                                   // throws on bad input
//   if (auto s = nqueens::find_completion(p)) use(*s);           // a Solution, fixed kept
//   std::uint64_t all = nqueens::count_completions(p);           // every completion
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "nqueens/solution.hpp"

namespace nqueens {

struct CompletionProblem {
  int n = 0;
  std::vector<Square> fixed;    // queens already on the board (0-based)
  std::vector<Square> blocked;  // squares that must stay empty
};

// Bad input: a square off the board, two fixed queens attacking each other (the message names
// both, e.g. "fixed queens a1 and c3 share a diagonal"), a fixed queen on a blocked square.
struct CompletionInputError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

inline constexpr int kMaxCompleteN = 100'000;  // memory is O(N^2 / 64) for blocked squares

// Throws CompletionInputError (or std::invalid_argument for N outside 1..kMaxCompleteN).
void check_problem(const CompletionProblem& problem);

// find_completion searched kMaxCompletionNodes nodes in all without finding a completion or
// proving that none exists (a hard instance: completion is NP-complete).
struct CompletionBudgetError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The most search nodes find_completion visits over all its restarts: about 20 s of one core
// (2^28 nodes took 74 s of CPU time at N = 24).
inline constexpr std::uint64_t kMaxCompletionNodes = std::uint64_t{1} << 26;

// One completion, or nullopt when the search proved there is none. The search picks the row
// with the fewest candidate squares first and backtracks as soon as some row, or some free
// column, has none. Throws CompletionBudgetError when neither is settled within
// kMaxCompletionNodes nodes.
std::optional<Solution> find_completion(const CompletionProblem& problem);

// Visits every completion in the order the search finds them until visit returns false;
// returns how many it visited.
std::uint64_t for_each_completion(const CompletionProblem& problem,
                                  const std::function<bool(const Solution&)>& visit);

std::uint64_t count_completions(const CompletionProblem& problem);

// Parses a square list: algebraic "a1,c5" (file = column, rank = row; N <= 26) or 1-based
// "row:col" pairs "1:1,5:3", separated by commas or spaces. Throws std::invalid_argument.
std::vector<Square> parse_square_list(const std::string& text, int n);

}  // namespace nqueens
