// The explicit construction behind `nqueens find N`.
//
// Wikipedia's statement of the Hoffman-Loessi-Moore / Bernhardsson rule, with 1-based columns
// listed row by row:
//   N mod 6 not 2 or 3:  2, 4, ..., then 1, 3, 5, ...
//   N mod 6 == 2:        evens, then 3, 1, 7, 9, ..., 5    (swap 1 and 3, move 5 to the end)
//   N mod 6 == 3:        4, 6, ..., 2, then 5, 7, ..., 1, 3 (move 2, then 1 and 3, to the end)
// tests/kernels/construct_test.cpp verifies it for every N from 1 to 3000.
#include <fmt/format.h>

#include <stdexcept>

#include "nqueens/construct.hpp"

namespace nqueens {

Solution construct_solution(int n) {
  if (n < 1 || n > kMaxConstructN || !has_solution(n))
    throw std::invalid_argument(fmt::format("no solution exists for N = {}", n));
  Solution s;
  s.reserve(static_cast<std::size_t>(n));
  const int m = n % 6;
  // Columns are pushed 1-based and shifted once at the end.
  if (m == 3) {
    for (int c = 4; c <= n; c += 2) s.push_back(c);
    s.push_back(2);
    for (int c = 5; c <= n; c += 2) s.push_back(c);
    s.push_back(1);
    s.push_back(3);
  } else if (m == 2) {
    for (int c = 2; c <= n; c += 2) s.push_back(c);
    s.push_back(3);
    s.push_back(1);
    for (int c = 7; c <= n; c += 2) s.push_back(c);
    s.push_back(5);
  } else {
    for (int c = 2; c <= n; c += 2) s.push_back(c);
    for (int c = 1; c <= n; c += 2) s.push_back(c);
  }
  for (int& c : s) --c;
  return s;
}

}  // namespace nqueens
