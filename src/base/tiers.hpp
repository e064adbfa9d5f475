// A tier registry: the forms of one algorithm compiled for several instruction sets
// (base/isa.hpp), which of them this build has and this CPU executes, and choosing one by name.
// The N-Queens counting kernel (nqueens/kernel_tier.hpp) and the Sudoku 9x9 solver
// (sudoku/solve.hpp, "solver tiers") each keep one:
//
//   constexpr base::Tier kTiers[] = {{"avx2", base::isa::avx2}, {"scalar", base::isa::any}};
//   constinit base::TierSet kSet(kTiers, "solver tier");
//   constinit base::TierChoice kDefault(kSet, "SUDOKU_KERNEL");
//   kSet.parse("avx2");   // 0, or std::invalid_argument with one line
//   kDefault.current();   // SUDOKU_KERNEL, else the fastest available
//
// A tier is named by its index in the list, fastest first; the last runs on any CPU.
#pragma once

#include <atomic>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace nqueens::base {

struct Tier {
  std::string_view name;  // what users type: "avx512", "avx2", "scalar", ...
  bool (*available)();    // this build has the tier and this CPU executes it (base::isa)
};

class TierSet {
 public:
  // `tiers` fastest first, the last available everywhere; `noun` names one in messages
  // ("kernel tier").
  constexpr TierSet(std::span<const Tier> tiers, std::string_view noun)
      : tiers_(tiers), noun_(noun) {}

  std::string_view name(std::size_t tier) const {
    return tier < tiers_.size() ? tiers_[tier].name : std::string_view{};
  }
  bool available(std::size_t tier) const {
    return tier < tiers_.size() && tiers_[tier].available();
  }
  // The available tiers, fastest first.
  std::vector<std::size_t> available_tiers() const;
  // The fastest available tier: what "auto" means.
  std::size_t best() const;

  // The tier `name` stands for ("auto": best()). Throws std::invalid_argument with one line,
  // starting with `context` (e.g. "SUDOKU_KERNEL=x: "), for an unknown name or a tier that is
  // not available here.
  std::size_t parse(std::string_view name, std::string_view context = {}) const;
  // Throws as parse() does when `tier` is not available here.
  void require(std::size_t tier) const;

 private:
  [[noreturn]] void unavailable(std::string_view name, std::string_view context) const;

  std::span<const Tier> tiers_;
  std::string_view noun_;
};

// The tier an algorithm runs when its caller names none: the environment variable `env` (a tier
// name or "auto"; read on first use), else the fastest available. A run's own tier is one of
// its options, passed to the algorithm; this is only that option's default.
class TierChoice {
 public:
  constexpr TierChoice(const TierSet& set, const char* env) : set_(set), env_(env) {}

  // Throws std::invalid_argument with one line ("ENV=value: ...") when the environment variable
  // names an unknown or unavailable tier.
  std::size_t current() const {
    const int known = known_.load(std::memory_order_relaxed);
    return known >= 0 ? static_cast<std::size_t>(known) : from_environment();
  }

 private:
  std::size_t from_environment() const;

  const TierSet& set_;
  const char* env_;
  mutable std::atomic<int> known_{-1};  // -1: the environment not read yet
};

}  // namespace nqueens::base
