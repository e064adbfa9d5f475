// Fixed points of the turns on threads, and the class-split check (nqueens/fixed_points.hpp).
#include "nqueens/fixed_points.hpp"

#include <atomic>
#include <stdexcept>

#include "kernels/count_fixed_points.hpp"
#include "nqueens/known_counts.hpp"
#include "nqueens/parallel.hpp"

namespace nqueens {

FixedPoints count_fixed_points(int n, int threads) {
  if (n < 1 || n > kMaxCountN)
    throw std::invalid_argument("N must be between 1 and " + std::to_string(kMaxCountN) +
                                " for counting, got " + std::to_string(n));
  const int parts = kernels::fixed_half_turn_parts(n);
  std::atomic<std::uint64_t> half{0};
  parallel_for(static_cast<std::size_t>(parts), threads, [&](std::size_t part) {
    half += kernels::count_fixed_half_turn_part(n, static_cast<int>(part));
  });
  return {half.load(), kernels::count_fixed_quarter_turn(n)};
}

FixedPoints fixed_points(int n, int threads) {
  if (n >= 0 && n <= known::kMaxKnownFixedPointN)
    return {known::kFixedHalfTurn[n], known::kFixedQuarterTurn[n]};
  return count_fixed_points(n, threads);
}

std::string check_class_split(int n, const SolutionCounts& c, int threads) {
  const FixedPoints f = fixed_points(n, threads);
  const bool published = n <= known::kMaxKnownFixedPointN;
  auto differs = [&](const char* what, Count got, Count expected, const char* sequence) {
    return std::string("the class split does not check: ") + what + " " + to_string(got) +
           ", expected " + to_string(expected) +
           (published ? std::string(" (OEIS ") + sequence + ")" : std::string(" (counted)"));
  };
  if (c.fixed180 != f.half_turn)
    return differs("solutions fixed by the half turn", c.fixed180, f.half_turn, "A032522");
  if (c.fixed90 != f.quarter_turn)
    return differs("solutions fixed by the quarter turn", c.fixed90, f.quarter_turn, "A033148");
  if (n > 1 && (c.total < c.fixed180 || (c.total - c.fixed180) % 8 != 0))
    return "the class split does not check: the total " + to_string(c.total) +
           " minus the solutions fixed by the half turn is not a multiple of 8";
  return "";
}

}  // namespace nqueens
