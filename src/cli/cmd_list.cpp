// nqueens list N: stream solutions in lexicographic order without storing them.
#include <fmt/format.h>

#include <limits>

#include "cli_common.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/format.hpp"
#include "nqueens/placements.hpp"
#include "number_options.hpp"

namespace nqueens::cli {

namespace {

struct ListArgs {
  std::string n;
  bool unique = false;
  std::string limit_text;  // --limit K, parsed in run_list
  long long limit = -1;    // -1: no limit
  std::string format = "perm";
  std::string queens;  // --queens K: placements of K queens
};

// One placement of k queens in the chosen format; perm prints 0 for an empty row.
std::string format_k_placement(const Placement& p, Format format, long long index) {
  if (format != Format::json) return format_placement(p, format);
  std::string obj = format_placement(p, Format::json);
  obj.insert(1, fmt::format("\"index\":{},", index));
  return obj;
}

int run_list(ListArgs a) {
  const int n = parse_int_arg(a.n, 1, kMaxPromptListN, "N");
  const Format format = parse_format_arg(a.format, n);
  if (!a.limit_text.empty())
    a.limit = static_cast<long long>(parse_unsigned_arg(
        a.limit_text, static_cast<std::uint64_t>(std::numeric_limits<long long>::max()),
        "--limit"));

  Output out;
  if (!a.queens.empty()) {
    const int k = parse_int_arg(a.queens, 0, n, "--queens");
    long long index = 0;
    if (a.limit == 0) return 0;
    for_each_k_placement(
        n, k,
        [&](const Placement& p) {
          ++index;
          if (format == Format::board && index > 1) out.line("");
          out.line(format_k_placement(p, format, index));
          return a.limit < 0 || index < a.limit;
        },
        a.unique);
    return 0;
  }
  Enumerator e(n, EnumerateOptions{a.unique});
  long long index = 0;
  while ((a.limit < 0 || index < a.limit) && e.next()) {
    ++index;
    const Solution& s = e.current();
    switch (format) {
      case Format::board:
        if (index > 1) out.line("");
        out.line(format_solution(s, Format::board));
        break;
      case Format::json: {
        std::string obj = format_solution(s, Format::json);
        obj.insert(1, fmt::format("\"index\":{},", index));
        out.line(obj);
        break;
      }
      default:
        out.line(format_solution(s, format));
    }
  }
  return 0;
}

}  // namespace

void register_list(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ListArgs>();
  CLI::App* cmd = app.add_subcommand(
      "list", "Print solutions in lexicographic order (streamed, constant memory)");
  tool_io::whole_number_text(
      cmd->add_option("N", args->n,
                      fmt::format("board size, 1..{} (the first solutions come within a second; "
                                  "`find` gives one for any N)",
                                  kMaxPromptListN)))
      ->required();
  cmd->add_flag("--unique", args->unique,
                "only canonical representatives (smallest of the 8 symmetric images)");
  tool_io::whole_number_text(cmd->add_option("--limit", args->limit_text, "stop after K solutions"))
      ->type_name("K");
  cmd->add_option("--format", args->format, "perm (default), board, json or algebraic");
  tool_io::whole_number_text(cmd->add_option(
      "--queens", args->queens,
      "K: placements of K non-attacking queens instead (perm prints 0 for an empty row)"));
  cmd->callback([args, &exit_code] { exit_code = run_list(*args); });
}

}  // namespace nqueens::cli
