#include "construction.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace nqueens::web {

Solution explicit_solution(int n) {
  if (n < 1 || n == 2 || n == 3)
    throw std::invalid_argument("no solution exists for N = " + std::to_string(n));
  // 1-based columns as the construction is usually stated, converted at the end.
  std::vector<int> evens, odds;
  for (int c = 2; c <= n; c += 2) evens.push_back(c);
  for (int c = 1; c <= n; c += 2) odds.push_back(c);
  if (n % 6 == 2) {  // odds become 3, 1, 7, 9, ..., 5
    odds.erase(odds.begin(), odds.begin() + 3);
    odds.insert(odds.begin(), {3, 1});
    odds.push_back(5);
  } else if (n % 6 == 3) {  // evens 4, 6, ..., 2 and odds 5, 7, ..., 1, 3
    evens.erase(evens.begin());
    evens.push_back(2);
    odds.erase(odds.begin(), odds.begin() + 2);
    odds.push_back(1);
    odds.push_back(3);
  }
  Solution s;
  s.reserve(n);
  for (int c : evens) s.push_back(c - 1);
  for (int c : odds) s.push_back(c - 1);
  return s;
}

}  // namespace nqueens::web
