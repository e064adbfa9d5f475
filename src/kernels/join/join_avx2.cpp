// The join's avx2 tier: its group counts (tabled_group.hpp, searched_group.hpp) with the loops
// in AVX2 (Avx2Loops, bit_sets_avx2.hpp), for x86-64 CPUs with AVX2, BMI1, BMI2 and POPCNT.
//
// Every x86-64 build compiles this file for those instruction sets (base/isa.hpp), whatever
// -march says; its region covers only the join's own headers, of internal linkage.
#include "base/isa.hpp"
#include "join_tiers.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

NQUEENS_TARGET_BEGIN(NQUEENS_ISA_AVX2)

#include "bit_sets.hpp"
#include "bit_sets_avx2.hpp"
#include "searched_group.hpp"
#include "tabled_group.hpp"

namespace nqueens::kernels::join {

constinit const JoinTier kJoinAvx2 = {count_tabled<Avx2Loops>, count_searched<Avx2Loops>,
                                      Avx2Loops::transpose};

}  // namespace nqueens::kernels::join

NQUEENS_TARGET_END

#endif
