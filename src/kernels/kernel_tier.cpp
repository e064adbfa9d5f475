// Kernel tiers: which counting kernels this build and CPU have, which one count_job runs,
// and forcing one by name (select_kernel_tier, NQUEENS_KERNEL).
#include "nqueens/kernel_tier.hpp"

#include <atomic>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "count_frontier.hpp"

namespace nqueens {

namespace {

constexpr KernelTier kTiers[] = {KernelTier::avx512, KernelTier::avx2, KernelTier::neon,
                                 KernelTier::scalar};

// -1: not chosen yet (resolved from NQUEENS_KERNEL on first use); else the KernelTier.
std::atomic<int> g_selected{-1};

std::string available_list() {
  std::string out;
  for (const KernelTier t : available_kernel_tiers()) {
    if (!out.empty()) out += ", ";
    out += kernel_tier_name(t);
  }
  return out;
}

// The tier `name` stands for; `source` ("NQUEENS_KERNEL=x: " or "") starts the error message.
KernelTier parse_tier(std::string_view name, const std::string& source) {
  if (name == "auto") return best_kernel_tier();
  for (const KernelTier t : kTiers) {
    if (kernel_tier_name(t) != name) continue;
    if (!kernel_tier_available(t))
      throw std::invalid_argument(
          source + "kernel tier '" + std::string(name) +
          "' is not available on this CPU or in this build (available: " + available_list() + ")");
    return t;
  }
  throw std::invalid_argument(source + "unknown kernel tier '" + std::string(name) +
                              "' (choose auto, avx512, avx2, neon or scalar)");
}

}  // namespace

std::vector<KernelTier> all_kernel_tiers() {
  return {std::begin(kTiers), std::end(kTiers)};
}

std::string_view kernel_tier_name(KernelTier tier) {
  switch (tier) {
    case KernelTier::avx512:
      return "avx512";
    case KernelTier::avx2:
      return "avx2";
    case KernelTier::neon:
      return "neon";
    case KernelTier::scalar:
      return "scalar";
  }
  return "scalar";
}

bool kernel_tier_available(KernelTier tier) {
  switch (tier) {
    case KernelTier::avx512:
      return kernels::frontier_available(16);
    case KernelTier::avx2:
      return kernels::frontier_avx2_available();
    case KernelTier::neon:
      return kernels::frontier_neon_available();
    case KernelTier::scalar:
      return true;
  }
  return false;
}

std::vector<KernelTier> available_kernel_tiers() {
  std::vector<KernelTier> out;
  for (const KernelTier t : kTiers)
    if (kernel_tier_available(t)) out.push_back(t);
  return out;
}

KernelTier best_kernel_tier() {
  for (const KernelTier t : kTiers)
    if (kernel_tier_available(t)) return t;
  return KernelTier::scalar;
}

KernelTier selected_kernel_tier() {
  const int chosen = g_selected.load(std::memory_order_relaxed);
  if (chosen >= 0) return static_cast<KernelTier>(chosen);
  const char* env = std::getenv("NQUEENS_KERNEL");
  const KernelTier t = env == nullptr || *env == '\0'
                           ? best_kernel_tier()
                           : parse_tier(env, std::string("NQUEENS_KERNEL=") + env + ": ");
  g_selected.store(static_cast<int>(t), std::memory_order_relaxed);
  return t;
}

KernelTier select_kernel_tier(std::string_view name) {
  const KernelTier t = parse_tier(name, "");
  g_selected.store(static_cast<int>(t), std::memory_order_relaxed);
  return t;
}

void select_kernel_tier(KernelTier tier) {
  if (!kernel_tier_available(tier))
    throw std::invalid_argument(
        "kernel tier '" + std::string(kernel_tier_name(tier)) +
        "' is not available on this CPU or in this build (available: " + available_list() + ")");
  g_selected.store(static_cast<int>(tier), std::memory_order_relaxed);
}

namespace kernels {

Tally count_with_tier(KernelTier tier, const JobStart& s) {
  switch (tier) {
    case KernelTier::avx512:  // N <= 31 (bit 31 of a row word is a flag)
      return frontier_available(s.rules.n) ? count_frontier(s) : count_scalar(s);
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
