// The 9x9 solver's tiers (internal): solve9_search.hpp compiled once per instruction set, in
// solve9_avx512.cpp, solve9_avx2.cpp, solve9_sse4.cpp and solve9_scalar.cpp; solve9.cpp lists
// them in its tier registry and picks the one that runs (src/sudoku/include/sudoku/solve.hpp,
// "solver tiers"). Each is sudoku::solve9 and sudoku::givens_repeat9 in that tier's forms; call one
// only where solve9.cpp's registry says the tier is available. A tier this build lacks (the
// x86-64 ones on other architectures) runs the scalar tier's.
#pragma once

#include <cstdint>

namespace sudoku {

// x86-64 with AVX-512 F, BW, VL, VPOPCNTDQ, AVX2, BMI1, BMI2 and POPCNT
std::uint64_t solve9_avx512(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                            std::uint64_t* guesses);
bool givens_repeat9_avx512(const std::uint8_t* cells);

// x86-64 with AVX2, BMI1, BMI2 and POPCNT
std::uint64_t solve9_avx2(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                          std::uint64_t* guesses);
bool givens_repeat9_avx2(const std::uint8_t* cells);

// x86-64 with SSE4.2 and POPCNT
std::uint64_t solve9_sse4(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                          std::uint64_t* guesses);
bool givens_repeat9_sse4(const std::uint8_t* cells);

// any CPU
std::uint64_t solve9_scalar(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                            std::uint64_t* guesses);
bool givens_repeat9_scalar(const std::uint8_t* cells);

}  // namespace sudoku
