// Exact counts of N-Queens solutions: all of them (OEIS A000170) and one per symmetry class
// (OEIS A002562), from one search that visits each class about once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "nqueens/count_types.hpp"
#include "nqueens/kernel_tier.hpp"

namespace nqueens {

// How a count searches. Both give the same exact numbers; `automatic` picks the faster one
// for the N and this CPU (choose_method in jobs.hpp).
//   backtrack: row by row over the symmetry-reduced tree, each class visited about once.
//   join:      top and bottom halves of the board paired up column set by column set
//              (src/kernels/join); its work grows more slowly with N.
enum class CountMethod : std::uint8_t { automatic, backtrack, join };

// "auto", "backtrack", "join".
const char* method_name(CountMethod method);

// The method a name stands for, the inverse of method_name ("auto", "backtrack", "join", in
// lower case); nullopt for any other text. Every tool and record reader parses names here.
std::optional<CountMethod> parse_method(std::string_view name);

// The most bytes the join's tables of partial halves may take unless a run says otherwise
// (RunOptions::table_memory): 4 GiB, over the 226 MiB of N = 22, the largest N with tables, so
// that only a run asked to stay small searches its halves instead.
inline constexpr std::size_t kDefaultTableMemory = std::size_t{4} << 30;

// The fields of RunOptions (nqueens/run.hpp) a whole count in memory takes.
struct CountOptions {
  int n = 8;
  int threads = 0;  // 0: every hardware thread
  CountMethod method = CountMethod::automatic;
  std::optional<KernelTier> kernel = std::nullopt;  // nullopt: default_kernel_tier()
  std::size_t table_memory = kDefaultTableMemory;   // bytes the join's tables may take
};

// The result of a whole count.
struct CountResult {
  int n = 0;
  ClassCounts classes;
  std::size_t jobs = 0;  // how many independent jobs the search was split into
  CountMethod method = CountMethod::backtrack;  // the one that ran
  int threads = 1;
  double seconds = 0;

  Count total() const { return classes.total(); }
  Count unique() const { return classes.unique(); }
};

// Counts all solutions and fundamental solutions of the N x N board, 1 <= N <= kMaxCountN:
// run_count with these options and no record. Throws std::invalid_argument outside that range
// or for a kernel tier not available here, and std::runtime_error (one sentence) if the
// count's class split disagrees with the solutions fixed by the turns (nqueens/fixed_points.hpp:
// a kernel or hardware fault).
CountResult count_solutions(const CountOptions& options);

}  // namespace nqueens
