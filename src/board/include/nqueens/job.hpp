// One job: a prefix of a counting search whose subtree a kernel counts on its own (jobs.hpp
// makes the lists of them). A plain value type, shared by the kernels and the engine.
#pragma once

#include <array>
#include <cstdint>

#include "nqueens/branch.hpp"

namespace nqueens {

inline constexpr int kMaxJobDepth = 8;

struct Job {
  Branch branch = Branch::whole;
  std::uint8_t depth = 0;                         // rows already fixed
  std::array<std::uint8_t, kMaxJobDepth> cols{};  // cols[r]: queen column in row r < depth
  // Branch::half_boards: the top half's columns (bit c = column c) and, for odd N, the middle
  // row's queen column (-1 for even N).
  std::uint32_t top_columns = 0;
  std::int8_t middle = -1;
  friend bool operator==(const Job&, const Job&) = default;
};

}  // namespace nqueens
