// The 9x9 solver's entry points: each call goes to the tier chosen once per process (the
// fastest this CPU executes, unless select_solver_tier or SUDOKU_KERNEL says otherwise), so a
// portable build runs the AVX2 or AVX-512 forms where the CPU has them. The tiers are one
// source (solve9_search.hpp) compiled four times (solve9_tiers.hpp); the registry is
// base/tiers.hpp's, as for the N-Queens counting kernel.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <vector>

#include "base/isa.hpp"
#include "base/tiers.hpp"
#include "solve9_tiers.hpp"
#include "sudoku/solve.hpp"

namespace sudoku {

namespace {

namespace base = nqueens::base;

constexpr base::Tier kTiers[] = {{"avx512", base::isa::avx512_popcnt},
                                 {"avx2", base::isa::avx2},
                                 {"sse4", base::isa::sse4},
                                 {"scalar", base::isa::any}};
constinit const base::TierSet kSet(kTiers, "solver tier");
constinit base::TierChoice g_choice(kSet, "SUDOKU_KERNEL");

// Each tier's entry points, in kTiers' order.
struct Entry {
  std::uint64_t (*solve)(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                         std::uint64_t* guesses);
  bool (*givens_repeat)(const std::uint8_t* cells);
};
constexpr Entry kEntries[] = {{solve9_avx512, givens_repeat9_avx512},
                              {solve9_avx2, givens_repeat9_avx2},
                              {solve9_sse4, givens_repeat9_sse4},
                              {solve9_scalar, givens_repeat9_scalar}};
static_assert(std::size(kEntries) == std::size(kTiers));

const Entry& current() {
  return kEntries[g_choice.current()];
}

}  // namespace

std::vector<std::string_view> available_solver_tiers() {
  std::vector<std::string_view> out;
  for (const std::size_t t : kSet.available_tiers()) out.push_back(kSet.name(t));
  return out;
}

std::string_view solver_tier() {
  return kSet.name(g_choice.current());
}

std::string_view select_solver_tier(std::string_view name) {
  return kSet.name(g_choice.choose(name));
}

std::uint64_t solve9(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                     std::uint64_t* guesses) {
  return current().solve(cells, limit, solution, guesses);
}

bool givens_repeat9(const std::uint8_t* cells) {
  return current().givens_repeat(cells);
}

}  // namespace sudoku
