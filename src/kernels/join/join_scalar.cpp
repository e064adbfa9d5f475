// The join's scalar tier: its group counts (tabled_group.hpp, searched_group.hpp) with the
// 64-bit loops (WordLoops), plain C++ for any CPU. The scalar and neon kernel tiers run it
// where the CPU has no POPCNT form (join_popcnt.cpp, x86-64 only).
#include "join_tiers.hpp"

#include "bit_sets.hpp"
#include "searched_group.hpp"
#include "tabled_group.hpp"

namespace nqueens::kernels::join {

constinit const JoinTier kJoinScalar = {count_tabled<WordLoops>, count_searched<WordLoops>,
                                        WordLoops::transpose};

}  // namespace nqueens::kernels::join
