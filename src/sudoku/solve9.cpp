// The 9x9 solver's entry points: each call goes to the tier its caller names (by default the
// fastest this CPU executes, unless SUDOKU_KERNEL says otherwise), so a portable build runs the
// AVX2 or AVX-512 forms where the CPU has them. The tiers are one
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
// A solve's own tier is an argument; this is its default.
constinit base::TierChoice g_default(kSet, "SUDOKU_KERNEL");

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

std::size_t index_of(SolverTier tier) {
  return static_cast<std::size_t>(tier);
}

// The availability of every tier, asked once: a check per solve costs a load and a branch.
unsigned available_mask() {
  static const unsigned mask = [] {
    unsigned m = 0;
    for (const std::size_t t : kSet.available_tiers()) m |= 1u << t;
    return m;
  }();
  return mask;
}

// Tier `tier`'s entry points; throws as TierSet::require does when this CPU lacks it.
const Entry& entry(SolverTier tier) {
  const std::size_t t = index_of(tier);
  if (t >= std::size(kEntries) || (available_mask() >> t & 1u) == 0) kSet.require(t);
  return kEntries[t];
}

}  // namespace

std::string_view solver_tier_name(SolverTier tier) {
  return kSet.name(index_of(tier));
}

std::vector<SolverTier> available_solver_tiers() {
  std::vector<SolverTier> out;
  for (const std::size_t t : kSet.available_tiers()) out.push_back(static_cast<SolverTier>(t));
  return out;
}

SolverTier parse_solver_tier(std::string_view name) {
  return static_cast<SolverTier>(kSet.parse(name));
}

SolverTier default_solver_tier() {
  return static_cast<SolverTier>(g_default.current());
}

std::uint64_t solve9(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                     std::uint64_t* guesses, SolverTier tier) {
  return entry(tier).solve(cells, limit, solution, guesses);
}

bool givens_repeat9(const std::uint8_t* cells, SolverTier tier) {
  return entry(tier).givens_repeat(cells);
}

}  // namespace sudoku
