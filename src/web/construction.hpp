// One solution for any N >= 4 in O(N), for the page's `find` view (boards up to 1000).
#pragma once

#include "nqueens/solution.hpp"

namespace nqueens::web {

// The explicit construction (Hoffman, Loessi and Moore 1969; the form on Wikipedia): even
// columns then odd ones, with a fix-up when N mod 6 is 2 or 3. Throws std::invalid_argument
// for N = 2, 3 or N < 1 (no solution).
Solution explicit_solution(int n);

}  // namespace nqueens::web
