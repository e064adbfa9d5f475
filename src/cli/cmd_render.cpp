// nqueens render: a placement or solution as an SVG picture.
#include <fmt/format.h>

#include <fstream>
#include <iostream>

#include "cli_common.hpp"
#include "nqueens/format.hpp"
#include "nqueens/rank.hpp"
#include "nqueens/render.hpp"
#include "number_options.hpp"
#include "tool_io.hpp"

namespace nqueens::cli {

namespace {

struct RenderArgs {
  std::string placement;  // text, or "-" for stdin
  std::string n;
  std::string index;  // 1..the solutions of N, checked once N is known
  bool unique = false;
  std::string output = "-";
  int cell = 0;  // 0: the default size
  bool no_coordinates = false;
};

Placement read_placement(const std::string& text) {
  std::string error;
  if (text != "-") {
    auto p = parse_placement_line(text, error);
    if (!p) throw UsageError("cannot read the placement: " + error);
    return *p;
  }
  tool_io::InputLines input("-", tool_io::kMaxLineBytes);
  std::vector<std::string> rows;
  std::size_t width = 0;  // squares in the first row: a board has as many rows
  std::string line;
  while (std::getline(input.stream(), line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') {
      if (!rows.empty()) break;
      continue;
    }
    if (rows.empty() && !is_board_row(line)) {
      auto p = parse_placement_line(line, error);
      if (!p) throw UsageError("cannot read the placement on stdin: " + error);
      return *p;
    }
    if (rows.empty())
      for (char c : line) width += c != ' ' && c != '\t' ? 1 : 0;
    if (width > static_cast<std::size_t>(kMaxRenderN))
      throw UsageError(fmt::format("render draws boards up to N = {}", kMaxRenderN));
    rows.push_back(line);
    if (rows.size() == width) break;  // square: the board is complete
  }
  if (const auto why = input.read_error()) throw UsageError(*why);
  if (rows.empty()) throw UsageError("no placement on stdin");
  auto p = parse_board(rows, error);
  if (!p) throw UsageError("cannot read the board on stdin: " + error);
  return *p;
}

int run_render(const RenderArgs& a) {
  Placement p;
  if (!a.placement.empty() && (!a.n.empty() || !a.index.empty() || a.unique))
    throw UsageError(
        "give either a placement or --n N --index K [--unique], not both (--n, --index and "
        "--unique pick a solution to draw)");
  if (!a.n.empty() || !a.index.empty() || a.unique) {
    if (a.n.empty()) throw UsageError("--index and --unique need --n N");
    if (a.index.empty()) throw UsageError("--n needs --index K (which solution to draw)");
    const int n = parse_int_arg(a.n, 1, a.unique ? kMaxRankN : kMaxRankAllN, "--n");
    const SolutionIndex& idx = SolutionIndex::get(n, a.unique);
    if (idx.size() == 0) throw UsageError(fmt::format("N = {} has no solutions", n));
    const std::string problem = tool_io::whole_number_problem(a.index, 1, idx.size());
    if (!problem.empty()) throw UsageError("--index " + problem);
    p = to_placement(idx.unrank(*tool_io::parse_unsigned(a.index, idx.size())));
  } else {
    if (a.placement.empty())
      throw UsageError(
          "give a placement (e.g. \"1 5 8 6 3 7 2 4\", or - for stdin) or --n N --index K");
    p = read_placement(a.placement);
  }
  if (p.n > kMaxRenderN)
    throw UsageError(fmt::format("render draws boards up to N = {}", kMaxRenderN));
  RenderOptions o;
  o.cell = a.cell;
  o.coordinates = !a.no_coordinates;
  const std::string svg = render_svg(p, o);
  if (a.output == "-") {
    std::fwrite(svg.data(), 1, svg.size(), stdout);
    return 0;
  }
  std::ofstream f(a.output, std::ios::binary);
  if (!f || !f.write(svg.data(), static_cast<std::streamsize>(svg.size())))
    throw UsageError(fmt::format("cannot write {}", a.output));
  return 0;
}

}  // namespace

void register_render(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<RenderArgs>();
  CLI::App* cmd = app.add_subcommand("render", "Draw a placement or solution as an SVG picture");
  cmd->add_option("PLACEMENT", args->placement,
                  "queens as \"1 5 8 6 3 7 2 4\", JSON or algebraic; - reads a line or a board "
                  "diagram from stdin");
  tool_io::whole_number_text(
      cmd->add_option("--n", args->n,
                      fmt::format("draw solution --index of this N (1..{}; with --unique 1..{})",
                                  kMaxRankAllN, kMaxRankN)));
  tool_io::whole_number_text(
      cmd->add_option("--index", args->index, "1-based index in `list N` order (with --n)"))
      ->type_name("K");
  cmd->add_flag("--unique", args->unique, "--index counts canonical representatives only");
  cmd->add_option("--output,-o", args->output, "SVG file to write (default: stdout)");
  tool_io::whole_number(cmd->add_option("--cell", args->cell,
                                        "square size in pixels, 1..200 (default: board ~480 px)"),
                        1, 200);
  cmd->add_flag("--no-coordinates", args->no_coordinates, "leave out the edge labels");
  cmd->callback([args, &exit_code] { exit_code = run_render(*args); });
}

}  // namespace nqueens::cli
