// The branches of the symmetry-reduced search (see jobs.hpp). Kept in a header of its own,
// valid C++17, because the CUDA kernel's device code includes it too.
#pragma once

#include <cstdint>

namespace nqueens {

// half_boards and fixed_points are the join method's jobs (jobs.hpp).
enum class Branch : std::uint8_t {
  corner = 0,
  edge = 1,
  whole = 2,
  half_boards = 3,
  fixed_points = 4
};

}  // namespace nqueens
