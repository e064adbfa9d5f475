// Which counting kernel runs: the vector tiers this build has and this CPU can execute, and
// naming one (tests, benchmarks, comparing machines). All tiers give identical counts; they
// differ only in speed (docs/ALGORITHMS.md, "Kernel tiers"). A count's tier is one of its
// options (RunOptions::kernel, CountOptions::kernel); a count that names none runs
// default_kernel_tier().
//
//   nqueens::count_solutions({.n = 16, .kernel = nqueens::parse_kernel_tier("avx2")});
//   nqueens::kernel_tier_name(nqueens::default_kernel_tier());   // "avx512" on such a CPU
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

// The tier `name` stands for: a tier name, or "auto" for best_kernel_tier(). Throws
// std::invalid_argument with a one-line message for an unknown name or an unavailable tier.
KernelTier parse_kernel_tier(std::string_view name);

// The tier of a count whose options name none: the environment variable NQUEENS_KERNEL (a tier
// name or "auto"), else best_kernel_tier(). Throws std::invalid_argument with a one-line
// message when NQUEENS_KERNEL names an unknown tier or one that is not available here.
KernelTier default_kernel_tier();

// Throws as parse_kernel_tier does when `tier` is not available here.
void require_kernel_tier(KernelTier tier);

}  // namespace nqueens
