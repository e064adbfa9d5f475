// Board rows as bit words (internal), the vocabulary of every N-Queens search: bit c of a row
// word is column c. Valid C++17 and marked host + device, because the CUDA kernel
// (src/cuda/gpu_search.hpp) compiles it for the GPU too.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define NQUEENS_HOST_DEVICE __host__ __device__
#else
#define NQUEENS_HOST_DEVICE
#endif

namespace nqueens::kernels {

// A row of a board of up to 32 columns (the counting kernels); a listing or k-queens search
// on wider boards uses std::uint64_t the same way.
using Row = std::uint32_t;

// The N board columns: bits 0..N-1 of a word (all of them for N = the word's width).
template <typename Word = Row>
NQUEENS_HOST_DEVICE constexpr Word column_mask(int n) {
  return n >= static_cast<int>(8 * sizeof(Word)) ? ~Word{0} : (Word{1} << n) - 1;
}

// The lowest set bit of x (0 when x is 0).
template <typename Word>
NQUEENS_HOST_DEVICE constexpr Word lowest_bit(Word x) {
  return x & (Word{0} - x);
}

}  // namespace nqueens::kernels
