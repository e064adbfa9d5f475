// The CPU tests of base/isa.hpp: __builtin_cpu_supports for each feature of a set's target
// string, asked once per process.
#include "base/isa.hpp"

namespace nqueens::base::isa::cpu {

#if defined(__x86_64__)

bool sse4() {
  static const bool has = __builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("popcnt");
  return has;
}

bool avx2() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
                          __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
  return has;
}

bool avx512() {
  static const bool has = avx2() && __builtin_cpu_supports("avx512f");
  return has;
}

bool avx512_popcnt() {
  static const bool has = avx512() && __builtin_cpu_supports("avx512bw") &&
                          __builtin_cpu_supports("avx512vl") &&
                          __builtin_cpu_supports("avx512vpopcntdq");
  return has;
}

#else

bool sse4() {
  return false;
}
bool avx2() {
  return false;
}
bool avx512() {
  return false;
}
bool avx512_popcnt() {
  return false;
}

#endif

}  // namespace nqueens::base::isa::cpu
