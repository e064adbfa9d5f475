// nqueens count N --queens K / --table: k non-attacking queens on the N x N board.
#include <fmt/format.h>

#include "cli_common.hpp"
#include "nqueens/kqueens.hpp"

namespace nqueens::cli {

int run_count_k_queens(const KQueensCountArgs& a) {
  KQueensOptions opt;
  opt.n = parse_int_arg(a.n, 1, kMaxKQueensN, "N (with --queens or --table)");
  opt.threads = resolve_threads(a.threads);
  if (!a.table) opt.k = parse_int_arg(a.queens, 0, opt.n, "--queens");
  const KQueensTable t = count_k_queens(opt);
  if (!a.table) {
    const auto k = static_cast<std::size_t>(opt.k);
    if (a.json)
      fmt::print("{{\"n\":{},\"queens\":{},\"total\":{},\"unique\":{},\"seconds\":{:.6f}}}\n", t.n,
                 opt.k, t.total[k], t.unique[k], t.seconds);
    else
      fmt::print("n: {}\nqueens: {}\ntotal: {}\nunique: {}\nseconds: {:.3f}\n", t.n, opt.k,
                 t.total[k], t.unique[k], t.seconds);
    return 0;
  }
  if (a.json) {
    std::string rows;
    for (std::size_t k = 0; k < t.total.size(); ++k)
      rows += fmt::format("{}{{\"queens\":{},\"total\":{},\"unique\":{}}}", k ? "," : "", k,
                          t.total[k], t.unique[k]);
    fmt::print("{{\"n\":{},\"table\":[{}],\"seconds\":{:.6f}}}\n", t.n, rows, t.seconds);
  } else {
    fmt::print("n: {}\nqueens total unique\n", t.n);
    for (std::size_t k = 0; k < t.total.size(); ++k)
      fmt::print("{} {} {}\n", k, t.total[k], t.unique[k]);
    fmt::print("seconds: {:.3f}\n", t.seconds);
  }
  return 0;
}

}  // namespace nqueens::cli
