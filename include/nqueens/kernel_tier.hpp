// Which counting kernel runs: the vector tiers this build has and this CPU can execute, and
// a way to force one (tests, benchmarks, comparing machines). All tiers give identical
// counts; they differ only in speed (docs/ALGORITHMS.md, "Kernel tiers").
//
//   nqueens::select_kernel_tier("avx2");             // or NQUEENS_KERNEL=avx2 in the environment
//   nqueens::count_solutions({.n = 16});             // counted with the AVX2 kernel
//   nqueens::kernel_tier_name(nqueens::selected_kernel_tier());   // "avx2"
#pragma once

#include <string_view>
#include <vector>

namespace nqueens {

// Fastest first. avx512: x86-64 with AVX-512F (16 lanes); avx2: x86-64 with AVX2 and BMI2
// (16 lanes in two registers); neon: aarch64 (4 lanes); scalar: any CPU (the same search, one state
// at a time).
enum class KernelTier { avx512, avx2, neon, scalar };

// Every tier, fastest first, whether this build and CPU have it or not.
std::vector<KernelTier> all_kernel_tiers();

// "avx512", "avx2", "neon", "scalar".
std::string_view kernel_tier_name(KernelTier tier);

// True when this build contains the tier and this CPU can execute it (scalar: always).
bool kernel_tier_available(KernelTier tier);

// The available tiers, fastest first.
std::vector<KernelTier> available_kernel_tiers();

// The fastest available tier: what "auto" means.
KernelTier best_kernel_tier();

// The tier counting uses: the last select_kernel_tier(), else the environment variable
// NQUEENS_KERNEL (a tier name or "auto"), else best_kernel_tier(). Throws
// std::invalid_argument with a one-line message when NQUEENS_KERNEL names an unknown tier or
// one that is not available here.
KernelTier selected_kernel_tier();

// Makes every later count in this process use `name` (a tier name, or "auto" for the
// fastest); returns the tier chosen. Throws std::invalid_argument with a one-line message
// for an unknown name or an unavailable tier. Not meant to be called while a count runs.
KernelTier select_kernel_tier(std::string_view name);
void select_kernel_tier(KernelTier tier);

}  // namespace nqueens
