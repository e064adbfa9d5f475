// The join's jobs (internal): which groups count the same (a group's orbit, whose least key
// names the job), and the largest N the join method counts. The engine's job lists
// (src/engine/jobs.cpp) walk the groups with these.
#pragma once

#include <algorithm>
#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "join.hpp"
#include "kernels/bits.hpp"

namespace nqueens::kernels {

// The join method's limit: its jobs (C(N, N/2)/2: 1.35M at N = 24; 8.1M at N = 23, where
// each of N middle columns has its own groups) must fit a job list and a record comfortably,
// and N = 24 already takes core-years.
inline constexpr int kMaxJoinCountN = 24;

// The column set `cols` (bit c = column c) mirrored on the N x N board.
inline std::uint32_t reverse_columns(std::uint32_t cols, int n) {
  std::uint32_t r = 0;
  for (int c = 0; c < n; ++c)
    if (cols >> c & 1u) r |= std::uint32_t{1} << (n - 1 - c);
  return r;
}

// The groups whose counts equal a join group's: its image when the board is turned upside
// down (the top half's columns become the bottom half's, the middle queen stays) and, with
// plain weights only, the mirror images of both (columns reversed, the middle queen too).
// Diagonal weights are flip-symmetric but not mirror-symmetric (join.hpp).
struct JoinGroupKey {
  int middle;
  std::uint32_t cols;
  auto operator<=>(const JoinGroupKey&) const = default;
};

// The distinct groups, sorted, in a fixed array: it is made once per job, and a vector's heap
// allocation was a few percent of N = 19's join.
struct JoinOrbit {
  std::array<JoinGroupKey, 4> keys;
  std::size_t size = 0;
  const JoinGroupKey& front() const { return keys[0]; }
};

inline JoinOrbit join_orbit(int n, std::uint32_t top, int middle) {
  const std::uint32_t middle_bit = middle >= 0 ? std::uint32_t{1} << middle : 0;
  const std::uint32_t bottom = column_mask(n) & ~top & ~middle_bit;
  JoinOrbit orbit;
  orbit.keys[orbit.size++] = {middle, top};
  orbit.keys[orbit.size++] = {middle, bottom};
  if (join_weights_for(n) == JoinWeights::plain) {
    const int mirrored = middle >= 0 ? n - 1 - middle : -1;
    orbit.keys[orbit.size++] = {mirrored, reverse_columns(top, n)};
    orbit.keys[orbit.size++] = {mirrored, reverse_columns(bottom, n)};
  }
  // Sorted by insertion (at most four keys): std::sort here made g++ 12 warn of its
  // 16-element insertion step reading past the array, a path it cannot take.
  for (std::size_t i = 1; i < orbit.size; ++i)
    for (std::size_t j = i; j > 0 && orbit.keys[j] < orbit.keys[j - 1]; --j)
      std::swap(orbit.keys[j], orbit.keys[j - 1]);
  const auto end = orbit.keys.begin() + static_cast<std::ptrdiff_t>(orbit.size);
  orbit.size = static_cast<std::size_t>(std::unique(orbit.keys.begin(), end) - orbit.keys.begin());
  return orbit;
}

}  // namespace nqueens::kernels
