// The instruction-set tests (src/base/isa.hpp) agree with each other and with the architecture.
#include <gtest/gtest.h>

#include "base/isa.hpp"

namespace isa = nqueens::base::isa;

TEST(Isa, SetsContainEachOther) {
  EXPECT_TRUE(isa::any());
  if (isa::avx512_popcnt()) EXPECT_TRUE(isa::avx512());
  if (isa::avx512()) EXPECT_TRUE(isa::avx2());
  // Every CPU with AVX2, BMI2 and POPCNT also has SSE4.2.
  if (isa::avx2()) EXPECT_TRUE(isa::sse4());
  EXPECT_EQ(isa::cpu::avx2(), isa::avx2());
#if defined(__x86_64__)
  EXPECT_FALSE(isa::neon());
#elif defined(__aarch64__)
  EXPECT_TRUE(isa::neon());
  EXPECT_FALSE(isa::avx2());
  EXPECT_FALSE(isa::sse4());
#endif
}
