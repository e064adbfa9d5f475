// The 9x9 solver for any CPU: solve9_search.hpp with its portable forms (table lookups and
// plain loops); native builds compile it for the baseline x86-64 too (src/sudoku/CMakeLists.txt).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include "base/tunables.hpp"
#include "solve9_search.hpp"
#include "solve9_tiers.hpp"

namespace sudoku {

std::uint64_t solve9_scalar(const std::uint8_t* cells, std::uint64_t limit, std::uint8_t* solution,
                            std::uint64_t* guesses) {
  return solve_cells<Portable>(cells, limit, solution, guesses);
}

bool givens_repeat9_scalar(const std::uint8_t* cells) {
  return givens_repeat<Portable>(cells);
}

}  // namespace sudoku
