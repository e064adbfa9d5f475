// Reads a `count` report (text) on stdin and checks its total and unique lines against the
// published values in src/board/include/nqueens/known_counts.hpp. Usage: known_check N < report
#include <cstdio>
#include <iostream>
#include <string>

#include "nqueens/known_counts.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: known_check N < report\n");
    return 2;
  }
  const int n = std::stoi(argv[1]);
  const std::string want_total = "total: " + std::to_string(nqueens::known::kTotal[n]);
  const std::string want_unique = "unique: " + std::to_string(nqueens::known::kUnique[n]);
  bool total = false, unique = false;
  std::string line, report;
  while (std::getline(std::cin, line)) {
    report += line + '\n';
    total = total || line == want_total;
    unique = unique || line == want_unique;
  }
  if (total && unique) return 0;
  std::fprintf(stderr, "N = %d: expected '%s' and '%s', got:\n%s", n, want_total.c_str(),
               want_unique.c_str(), report.c_str());
  return 1;
}
