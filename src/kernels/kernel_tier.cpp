// Kernel tiers: which counting kernels this build and CPU have, naming one (parse_kernel_tier,
// NQUEENS_KERNEL) and running a job start on one: the tier registry of base/tiers.hpp, listed in
// KernelTier's order.
#include "nqueens/kernel_tier.hpp"

#include "base/isa.hpp"
#include "base/tiers.hpp"
#include "count_frontier.hpp"

namespace nqueens {

namespace {

constexpr base::Tier kTiers[] = {{"avx512", base::isa::avx512},
                                 {"avx2", base::isa::avx2},
                                 {"neon", base::isa::neon},
                                 {"scalar", base::isa::any}};
constinit const base::TierSet kSet(kTiers, "kernel tier");
// A count's own tier is an option; this is its default.
constinit base::TierChoice g_default(kSet, "NQUEENS_KERNEL");

KernelTier tier_at(std::size_t index) {
  return static_cast<KernelTier>(index);
}
std::size_t index_of(KernelTier tier) {
  return static_cast<std::size_t>(tier);
}

}  // namespace

std::vector<KernelTier> all_kernel_tiers() {
  return {KernelTier::avx512, KernelTier::avx2, KernelTier::neon, KernelTier::scalar};
}

std::string_view kernel_tier_name(KernelTier tier) {
  return kSet.name(index_of(tier));
}

bool kernel_tier_available(KernelTier tier) {
  return kSet.available(index_of(tier));
}

std::vector<KernelTier> available_kernel_tiers() {
  std::vector<KernelTier> out;
  for (const std::size_t t : kSet.available_tiers()) out.push_back(tier_at(t));
  return out;
}

KernelTier best_kernel_tier() {
  return tier_at(kSet.best());
}

KernelTier parse_kernel_tier(std::string_view name) {
  return tier_at(kSet.parse(name));
}

KernelTier default_kernel_tier() {
  return tier_at(g_default.current());
}

void require_kernel_tier(KernelTier tier) {
  kSet.require(index_of(tier));
}

namespace kernels {

Tally count_with_tier(KernelTier tier, const JobStart& s) {
  switch (tier) {
    case KernelTier::avx512:
      return count_frontier_avx512(s);
    case KernelTier::avx2:
      return count_frontier_avx2(s);
    case KernelTier::neon:
      return count_frontier_neon(s);
    case KernelTier::scalar:
      return count_frontier_scalar(s);
  }
  return count_scalar(s);
}

}  // namespace kernels

}  // namespace nqueens
