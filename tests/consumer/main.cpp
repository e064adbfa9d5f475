// Counts N = 8 and lists its first solution through the installed headers and library.
#include <nqueens/nqueens.hpp>

#include <cstdio>

int main() {
  const nqueens::CountResult r = nqueens::count_solutions({8, 1});
  nqueens::Enumerator e(8);
  if (!e.next()) return 1;
  std::printf("%s %s %s\n", nqueens::to_string(r.total()).c_str(),
              nqueens::to_string(r.unique()).c_str(),
              nqueens::format_solution(e.current(), nqueens::Format::perm).c_str());
  return r.total() == 92 && r.unique() == 12 ? 0 : 1;
}
