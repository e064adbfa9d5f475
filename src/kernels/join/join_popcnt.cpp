// The join's scalar tier with POPCNT: its group counts (tabled_group.hpp, searched_group.hpp)
// with the 64-bit loops (WordLoops) compiled for x86-64-v2, where std::popcount is one
// instruction (x86-64 before v2 has none: a call to a library routine). The scalar tier runs
// it on every x86-64 CPU that has it (join_tiers.hpp).
//
// Every x86-64 build compiles this file for that instruction set (base/isa.hpp), whatever
// -march says; its region covers only the join's own headers, of internal linkage.
#include "base/isa.hpp"
#include "join_tiers.hpp"

#if defined(__x86_64__)

NQUEENS_TARGET_BEGIN(NQUEENS_ISA_SSE4)

#include "bit_sets.hpp"
#include "searched_group.hpp"
#include "tabled_group.hpp"

namespace nqueens::kernels::join {

constinit const JoinTier kJoinPopcnt = {count_tabled<WordLoops>, count_searched<WordLoops>,
                                        WordLoops::transpose};

}  // namespace nqueens::kernels::join

NQUEENS_TARGET_END

#endif
