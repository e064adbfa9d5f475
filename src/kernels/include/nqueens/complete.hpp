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

// The search's work is counted in units of one 64-bit word of one row's candidate squares
// computed: a node of a board of N <= 64 with r open rows costs about r units, a row of
// N = 100,000 1,563. The searches below stop after a given amount of it.
struct CompletionBudget {
  std::uint64_t max_work = 0;  // 0: no limit
  bool until_first = false;    // the limit holds only until a completion is found
};

// A search spent its budget without finishing: find_completion found no completion and
// proved none impossible (a hard instance: completion is NP-complete), an enumeration or count
// was cut short after `found` completions.
struct CompletionBudgetError : std::runtime_error {
  CompletionBudgetError(const std::string& what, std::uint64_t found, std::uint64_t work)
      : std::runtime_error(what), found(found), work(work) {}
  std::uint64_t found;
  std::uint64_t work;
};

// The most work find_completion does over all its restarts: about 20 s of one core (AMD EPYC
// Zen 3; measured: see docs/RELIABILITY.md, "Limits per command").
inline constexpr std::uint64_t kMaxCompletionWork = std::uint64_t{1} << 29;

// The most work `nqueens complete --count` does (8 times kMaxCompletionWork, about 3 minutes of
// one core), and the open rows it takes at most: every level of its search scans all open rows
// (open rows x N/64 words <= 2^16), so all 2,048 rows at N = 2,048 and 41 at N = 100,000. A count
// walks every completion one by one; an almost empty board of 100,000 has far too many.
inline constexpr std::uint64_t kMaxCompletionCountWork = kMaxCompletionWork * 8;
int max_count_open_rows(int n);

// One completion, or nullopt when the search proved there is none. The search picks the row
// with the fewest candidate squares first and backtracks as soon as some row, or some free
// column, has none. Throws CompletionBudgetError when neither is settled within
// kMaxCompletionWork.
std::optional<Solution> find_completion(const CompletionProblem& problem);

// Visits every completion in the order the search finds them until visit returns false;
// returns how many it visited. On boards of N > 32 the first is one found by local search (so
// it comes at once even where the search's own first descent would take long), the others
// follow from it. Throws CompletionBudgetError when `budget` is spent first.
std::uint64_t for_each_completion(const CompletionProblem& problem,
                                  const std::function<bool(const Solution&)>& visit,
                                  const CompletionBudget& budget = {});

std::uint64_t count_completions(const CompletionProblem& problem,
                                const CompletionBudget& budget = {});

// Bytes the searches above need for `problem` at most (its blocked rows, per-row state, a
// completion handed over): what a caller checks against the memory available before it starts.
std::uint64_t completion_memory(const CompletionProblem& problem);

// Parses a square list: algebraic "a1,c5" (file = column, rank = row; N <= 26) or 1-based
// "row:col" pairs "1:1,5:3", separated by commas or spaces. Throws std::invalid_argument.
std::vector<Square> parse_square_list(const std::string& text, int n);

}  // namespace nqueens
