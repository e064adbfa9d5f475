// nqueens find N: one solution for any N that has one, in O(N), streamed out.
#include <fmt/format.h>

#include <charconv>

#include "cli_common.hpp"
#include "nqueens/construct.hpp"
#include "nqueens/format.hpp"
#include "nqueens/local_search.hpp"
#include "nqueens/verify.hpp"
#include "number_options.hpp"
#include "tool_io.hpp"

namespace nqueens::cli {

namespace {

inline constexpr int kMaxBoardN = 1000;  // a board diagram has N^2 characters

struct FindArgs {
  std::string n;
  bool random = false;
  std::string seed;  // --seed S, 0..2^64-1; given implies --random
  bool no_verify = false;
  std::string format = "perm";
};

// Writes "c1 c2 ... cN" (1-based) in 1 MiB blocks: 10^7 columns are ~79 MB of text, and
// to_chars into one buffer is ~10x faster than a string per number.
void write_columns(std::FILE* f, const Solution& s, char sep) {
  std::string buf(1 << 20, '\0');
  std::size_t used = 0;
  for (std::size_t r = 0; r < s.size(); ++r) {
    if (buf.size() - used < 16) {
      tool_io::write_all(f, buf.data(), used);
      used = 0;
    }
    if (r) buf[used++] = sep;
    auto [ptr, ec] = std::to_chars(buf.data() + used, buf.data() + buf.size(), s[r] + 1);
    (void)ec;
    used = static_cast<std::size_t>(ptr - buf.data());
  }
  tool_io::write_all(f, buf.data(), used);
}

int run_find(const FindArgs& a) {
  const int n = parse_int_arg(a.n, 1, kMaxConstructN, "N");
  const Format format = parse_format_arg(a.format, n);
  if (format == Format::board && n > kMaxBoardN)
    throw UsageError(fmt::format("--format board needs N <= {} (N^2 characters)", kMaxBoardN));
  if (!has_solution(n)) {
    std::fprintf(stderr, "nqueens: no solution exists for N = %d\n", n);
    return 1;
  }
  const bool random = a.random || !a.seed.empty();
  // The solution (4 bytes a column) and the check (under 1 byte); the local search adds its
  // column, two diagonal counters and a work list (about 24 bytes a column more).
  const std::uint64_t needed = static_cast<std::uint64_t>(n) * (random ? 32 : 8) + (64u << 20);
  if (const auto available = tool_io::memory_available(); available && needed > *available)
    throw UsageError(fmt::format(
        "find N = {}{} needs about {:.1f} GB of memory, and only {:.1f} GB is available", n,
        random ? " --random" : "", static_cast<double>(needed) / 1e9,
        static_cast<double>(*available) / 1e9));
  const std::uint64_t seed =
      a.seed.empty() ? 1 : parse_unsigned_arg(a.seed, ~std::uint64_t{0}, "--seed");
  const Solution s = random ? random_solution(n, seed) : construct_solution(n);
  if (!a.no_verify && !is_solution(s)) {
    // Unreachable unless a kernel is broken; say so rather than print a wrong board.
    std::fprintf(stderr, "nqueens: internal error: the solution for N = %d failed verification\n",
                 n);
    return 1;
  }
  switch (format) {
    case Format::perm:
      write_columns(stdout, s, ' ');
      std::fputc('\n', stdout);
      break;
    case Format::json:
      std::fprintf(stdout, "{\"n\":%d,\"solution\":[", n);
      write_columns(stdout, s, ',');
      std::fputs("]}\n", stdout);
      break;
    default:
      std::fputs(format_solution(s, format).c_str(), stdout);
      std::fputc('\n', stdout);
  }
  std::fflush(stdout);
  return 0;
}

}  // namespace

void register_find(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<FindArgs>();
  CLI::App* cmd = app.add_subcommand(
      "find",
      "Print one solution for any N (N = 1 or N >= 4) in linear time: an explicit "
      "construction, or --random for a min-conflicts local search");
  tool_io::whole_number_text(
      cmd->add_option("N", args->n, fmt::format("board size, 1..{}", kMaxConstructN)))
      ->required();
  cmd->add_flag("--random", args->random,
                "a varied solution from min-conflicts local search (seeded, reproducible)");
  tool_io::whole_number_text(
      cmd->add_option("--seed", args->seed, "seed for --random (default 1; implies --random)"));
  cmd->add_flag("--no-verify", args->no_verify, "skip the O(N) check before printing");
  cmd->add_option("--format", args->format,
                  fmt::format("perm (default), json, board (N <= {}) or algebraic (N <= {})",
                              kMaxBoardN, kMaxAlgebraicN));
  cmd->callback([args, &exit_code] { exit_code = run_find(*args); });
}

}  // namespace nqueens::cli
