// The join's tables of partial halves (tables.hpp) and the memory they take (join.hpp).
#include "tables.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <utility>

namespace nqueens::kernels {

namespace join {

namespace {

// Calls f(columns, placement) for every placement of rows [first, last) on the whole board:
// depth-first over rows last-1, last-2, ..., first (going up a row, a "\" diagonal moves one
// column left and a "/" one column right).
template <typename F>
void for_each_placement(int n, int half, int first, int last, bool diagonal, F&& f) {
  const Row mask = column_mask(n);
  auto place = [&](auto&& self, int row, Row cols, Row up_left, Row up_right, Placement p) -> void {
    if (row < first) {
      f(cols, p);
      return;
    }
    // With diagonal weights, no queen on the main diagonal (r, r) (join.hpp).
    const Row skip = diagonal ? Row{1} << row : 0;
    for (Row free = mask & ~(cols | up_left | up_right | skip); free != 0; free &= free - 1) {
      const Row bit = free & (0u - free);
      const int c = std::countr_zero(bit);
      Placement q = p;
      q.u |= diagonal_bit(c + half - row);
      q.v |= diagonal_bit(c + row);
      q.column[last - 1 - row] = static_cast<std::uint8_t>(c);
      if (diagonal && c == n - 1 - row) q.anti = 1;
      self(self, row - 1, cols | bit, (up_left | bit) >> 1, ((up_right | bit) << 1) & mask, q);
    }
  };
  place(place, last - 1, 0, 0, 0, Placement{});
}

// The table in two passes over the placements, one to count them per column set and one to
// put each in its place, so that building it holds the table and two offsets per column set
// (join_table_bytes counts both) and no more: a list of every placement sorted afterwards took 1.5
// to 2 times the table, 416 MB resident at N = 22.
PlacementTable make_placement_table(int n, int half, int first, int last, bool diagonal) {
  PlacementTable t;
  const std::size_t sets = std::size_t{1} << n;
  // Per column set S: plain[S] and anti[S] count its placements without and with an
  // anti-diagonal queen, then become where the next of each goes.
  std::vector<std::uint32_t> plain(sets, 0), anti(sets, 0);
  for_each_placement(n, half, first, last, diagonal,
                     [&](Row cols, const Placement& p) { ++(p.anti ? anti : plain)[cols]; });
  t.start.resize(sets + 1);
  std::uint32_t total = 0;
  for (std::size_t s = 0; s < sets; ++s) {
    const std::uint32_t without = plain[s], with = anti[s];
    t.start[s] = total;
    plain[s] = total;           // those without an anti-diagonal queen first,
    anti[s] = total + without;  // then those with one
    total += without + with;
  }
  t.start[sets] = total;
  t.entries.resize(total);
  for_each_placement(n, half, first, last, diagonal, [&](Row cols, const Placement& p) {
    t.entries[(p.anti ? anti : plain)[cols]++] = p;
  });
  return t;
}

// The bytes a table of make_placement_table holds: its placements and offsets.
std::size_t placement_table_bytes(int n, int half, int first, int last, bool diagonal) {
  std::size_t count = 0;
  for_each_placement(n, half, first, last, diagonal, [&](Row, const Placement&) { ++count; });
  return count * sizeof(Placement) + ((std::size_t{1} << n) + 1) * sizeof(std::uint32_t);
}

}  // namespace

const HalfTables& half_tables(int n, JoinWeights weights) {
  thread_local const HalfTables* last = nullptr;
  if (last != nullptr && last->n == n && last->weights == weights) return *last;
  static std::mutex lock;
  static std::map<std::pair<int, JoinWeights>, std::unique_ptr<HalfTables>> built;
  const std::lock_guard<std::mutex> hold(lock);
  auto& slot = built[{n, weights}];
  if (!slot) {
    const bool diagonal = weights == JoinWeights::diagonal;
    auto t = std::make_unique<HalfTables>();
    t->n = n;
    t->weights = weights;
    t->half = n / 2;
    t->outer_rows = t->half / 2;
    t->outer = make_placement_table(n, t->half, 0, t->outer_rows, diagonal);
    t->inner = make_placement_table(n, t->half, t->outer_rows, t->half, diagonal);
    slot = std::move(t);
  }
  last = slot.get();
  return *last;
}

}  // namespace join

std::size_t join_table_bytes(int n, JoinWeights weights) {
  if (!join_has_tables(n)) return 0;
  static std::mutex lock;
  static std::map<std::pair<int, JoinWeights>, std::size_t> known;
  const std::lock_guard<std::mutex> hold(lock);
  std::size_t& bytes = known[{n, weights}];
  if (bytes == 0) {
    const bool diagonal = weights == JoinWeights::diagonal;
    const int half = n / 2, outer_rows = half / 2;
    // Both tables, and the two offsets per column set that the one built last holds while
    // it is made.
    bytes = join::placement_table_bytes(n, half, 0, outer_rows, diagonal) +
            join::placement_table_bytes(n, half, outer_rows, half, diagonal) +
            2 * (std::size_t{1} << n) * sizeof(std::uint32_t);
  }
  return bytes;
}

}  // namespace nqueens::kernels
