// The explainer's board: 81 candidate masks, the cells of every house, and sets of cells as
// one 128-bit word, so "cells that see both ends of a chain" is two ANDs.
//
//   CellSet bit i = cell i (row-major, r1c1 = bit 0, r9c9 = bit 80); bits 81..127 stay zero.
//   Mask bit d-1 = digit d; a placed cell has mask 0 and its digit in `value`.
//   Houses 0..8 are rows, 9..17 columns, 18..26 boxes (left to right, top to bottom).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace sudoku::detail {

using Mask = std::uint16_t;
inline constexpr Mask kAllDigits = 0x1FF;
inline constexpr Mask digit_bit(int d) {
  return static_cast<Mask>(1u << (d - 1));
}

__extension__ typedef unsigned __int128 Bits128;

struct CellSet {
  Bits128 bits = 0;

  static CellSet of(int cell) { return CellSet{static_cast<Bits128>(1) << cell}; }
  bool has(int cell) const { return (bits >> cell) & 1u; }
  void add(int cell) { bits |= static_cast<Bits128>(1) << cell; }
  void remove(int cell) { bits &= ~(static_cast<Bits128>(1) << cell); }
  bool empty() const { return bits == 0; }
  int count() const {
    return std::popcount(static_cast<std::uint64_t>(bits)) +
           std::popcount(static_cast<std::uint64_t>(bits >> 64));
  }
  int first() const {
    const auto lo = static_cast<std::uint64_t>(bits);
    return lo ? std::countr_zero(lo)
              : 64 + std::countr_zero(static_cast<std::uint64_t>(bits >> 64));
  }
  template <class F>
  void each(F f) const {
    for (auto lo = static_cast<std::uint64_t>(bits); lo; lo &= lo - 1) f(std::countr_zero(lo));
    for (auto hi = static_cast<std::uint64_t>(bits >> 64); hi; hi &= hi - 1)
      f(64 + std::countr_zero(hi));
  }
  CellSet operator&(CellSet o) const { return {bits & o.bits}; }
  CellSet operator|(CellSet o) const { return {bits | o.bits}; }
  CellSet minus(CellSet o) const { return {bits & ~o.bits}; }
  CellSet& operator|=(CellSet o) {
    bits |= o.bits;
    return *this;
  }
  CellSet& operator&=(CellSet o) {
    bits &= o.bits;
    return *this;
  }
  friend bool operator==(CellSet, CellSet) = default;
};

struct Geometry {
  std::array<std::array<int, 9>, 27> house{};  // the nine cells of each house
  std::array<CellSet, 27> house_set{};
  std::array<int, 81> row{}, col{}, box{};
  std::array<CellSet, 81> peers{};  // the 20 cells that share a house with a cell
  Geometry() {
    for (int i = 0; i < 81; ++i) {
      row[i] = i / 9;
      col[i] = i % 9;
      box[i] = row[i] / 3 * 3 + col[i] / 3;
    }
    std::array<int, 27> fill{};
    for (int i = 0; i < 81; ++i)
      for (int h : {row[i], 9 + col[i], 18 + box[i]}) {
        house[h][fill[h]++] = i;
        house_set[h].add(i);
      }
    for (int i = 0; i < 81; ++i) {
      peers[i] = house_set[row[i]] | house_set[9 + col[i]] | house_set[18 + box[i]];
      peers[i].remove(i);
    }
  }
  bool sees(int a, int b) const { return peers[a].has(b); }
};

inline const Geometry& geometry() {
  static const Geometry g;
  return g;
}

struct Board {
  std::array<Mask, 81> cand{};  // 0 for a placed cell
  std::array<std::uint8_t, 81> value{};

  // Places `d` in cell `i` and removes it from the peers.
  void place(int i, int d) {
    const Geometry& g = geometry();
    value[i] = static_cast<std::uint8_t>(d);
    cand[i] = 0;
    const Mask keep = static_cast<Mask>(~digit_bit(d));
    g.peers[i].each([&](int j) { cand[j] &= keep; });
  }
  // The cells where `d` is still a candidate.
  CellSet where(int d) const {
    CellSet s;
    const Mask bit = digit_bit(d);
    for (int i = 0; i < 81; ++i)
      if (cand[i] & bit) s.add(i);
    return s;
  }
};

}  // namespace sudoku::detail
