// nqueens verify: is each given placement a solution, and if not, which queens attack.
#include <fmt/format.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <istream>
#include <memory>
#include <sstream>
#include <utility>

#include "cli_common.hpp"
#include "nqueens/format.hpp"
#include "nqueens/verify.hpp"
#include "tool_io.hpp"

namespace nqueens::cli {

namespace {

struct VerifyArgs {
  std::unique_ptr<WholeArguments> arguments;  // the placements as given
  std::vector<std::string> placements;
  bool json = false;
  bool quiet = false;
};

// A line buffer larger than this is released after its line is parsed, not kept for the next.
constexpr std::size_t kKeptLineCapacity = std::size_t{1} << 20;

// The longest line verify reads from stdin: 1 GiB, 10^8 queens as a perm line (888,888,898
// bytes), and at most a quarter of the memory this process can get, since checking a line takes
// up to about 4 times its size (docs/RELIABILITY.md): an endless line ends with one message
// instead of the OOM killer.
constexpr std::size_t kMaxVerifyLineBytes = std::size_t{1} << 30;
std::size_t verify_line_cap() {
  std::size_t cap = kMaxVerifyLineBytes;
  if (const auto available = tool_io::memory_available(); available && *available / 4 < cap)
    cap = std::max<std::size_t>(static_cast<std::size_t>(*available / 4), tool_io::kMaxLineBytes);
  return cap;
}

// The widest board diagram verify reads (N^2 squares; `find --format board` prints up to this
// N): a row wider is malformed at once instead of held with the rows after it.
constexpr std::size_t kMaxDiagramN = 1000;

struct Tally {
  long long valid = 0, invalid = 0, malformed = 0;
};

std::string json_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out += c;
  }
  return out;
}

void report(Output& out, const VerifyArgs& a, long long index, const VerifyResult& r, Tally& t) {
  (r.valid ? t.valid : t.invalid) += 1;
  if (a.quiet) return;
  if (a.json) {
    out.line(fmt::format(R"({{"index":{},"n":{},"valid":{},"attacking_pairs":{},"reason":"{}"}})",
                         index, r.n, r.valid, r.attacking_pairs,
                         r.valid ? "" : json_escape(describe(r))));
  } else {
    out.line(r.valid ? "valid" : "invalid: " + describe(r));
  }
}

void malformed(Output& out, const VerifyArgs& a, long long index, std::string_view where,
               const std::string& error, Tally& t) {
  ++t.malformed;
  out.flush();
  const std::string shown = tool_io::one_line(error, 200);  // raw input may be in it
  std::fprintf(stderr, "nqueens verify: %.*s: %s\n", static_cast<int>(where.size()), where.data(),
               shown.c_str());
  if (a.quiet) return;
  if (a.json)
    out.line(fmt::format(R"({{"index":{},"error":"{}"}})", index, json_escape(shown)));
  else
    out.line("malformed: " + shown);
}

// Reads placements from a stream: one per line in perm/json/algebraic form, or a board
// diagram over N consecutive lines. Blank lines and lines starting with '#' are skipped.
void verify_stream(std::istream& in, std::string_view source, const VerifyArgs& a, Output& out,
                   Tally& t, long long& index) {
  std::string line;
  long long line_no = 0;
  std::vector<std::string> board;
  long long board_start = 0;
  auto finish_board = [&] {
    if (board.empty()) return;
    ++index;
    std::string error;
    const std::string where = fmt::format("{} line {}", source, board_start);
    if (auto p = parse_board(board, error))
      report(out, a, index, verify(std::move(*p)), t);
    else
      malformed(out, a, index, where, error, t);
    board.clear();
  };
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') {
      finish_board();
      continue;
    }
    if (is_board_row(line)) {
      std::size_t line_width = 0;
      for (char c : line)
        if (c != ' ' && c != '\t' && c != '\r') ++line_width;
      if (line_width > kMaxDiagramN) {
        finish_board();
        ++index;
        malformed(out, a, index, fmt::format("{} line {}", source, line_no),
                  fmt::format("a board diagram row of {} squares; diagrams are read up to N = {} "
                              "(give wider placements as a perm or JSON line)",
                              line_width, kMaxDiagramN),
                  t);
        continue;
      }
      if (board.empty()) board_start = line_no;
      board.push_back(line);
      // A board has as many rows as squares per row; close it as soon as it is square.
      std::size_t width = 0;
      for (char c : board.front())
        if (c != ' ' && c != '\t') ++width;
      if (board.size() == width) finish_board();
      continue;
    }
    finish_board();
    ++index;
    std::string error;
    if (is_columns_line(line)) {
      // A perm or json line is held as its columns (4 bytes a queen), and a long line is let
      // go of as it is read: an 8 MB line of `1 1 1 ...` (4 million queens) peaks at about 2.5
      // times its size (its columns and the check) instead of 25 times.
      auto columns = line.size() > kKeptLineCapacity
                         ? parse_owned_columns_line(std::move(line), error)
                         : parse_columns_line(line, error);
      if (line.capacity() > kKeptLineCapacity) std::string().swap(line);
      if (columns)
        report(out, a, index, verify_columns(*columns), t);
      else
        malformed(out, a, index, fmt::format("{} line {}", source, line_no), error, t);
    } else {
      auto p = parse_placement_line(line, error);
      if (line.capacity() > kKeptLineCapacity) std::string().swap(line);
      if (p)  // its queens are sorted in place, not copied, to find shared squares
        report(out, a, index, verify(std::move(*p)), t);
      else
        malformed(out, a, index, fmt::format("{} line {}", source, line_no), error, t);
    }
  }
  finish_board();
}

int run_verify(const VerifyArgs& a) {
#ifdef __GLIBC__
  // Buffers of 1 MB or more (a long line, its columns, the check's counts) come from the system
  // and go back to it when freed. Otherwise glibc raises its mmap threshold (to up to 32 MB) at
  // the first such buffer freed, later ones come from the heap, and a long line let go of as it
  // is read still counts in the process's memory: 8 MB of `1 1 1 ...` then peaks at 34 MB
  // instead of 32, 24 MB at 83 MB instead of 68.
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
  Output out;
  Tally t;
  long long index = 0;
  if (a.placements.empty() || (a.placements.size() == 1 && a.placements[0] == "-")) {
    tool_io::InputLines input("-", verify_line_cap());
    verify_stream(input.stream(), "stdin", a, out, t, index);
    if (const auto why = input.read_error()) throw UsageError(*why);
  } else {
    for (std::size_t i = 0; i < a.placements.size(); ++i) {
      std::istringstream in(a.placements[i]);
      verify_stream(in, fmt::format("argument {}", i + 1), a, out, t, index);
    }
  }
  out.flush();
  if (t.valid + t.invalid + t.malformed == 0) throw UsageError("no placement given to verify");
  if (t.malformed > 0) return 2;
  return t.invalid > 0 ? 1 : 0;
}

}  // namespace

void register_verify(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<VerifyArgs>();
  CLI::App* cmd = app.add_subcommand(
      "verify",
      "Check placements (arguments, or stdin: one per line, or board diagrams); exit 0 if all "
      "are solutions, 1 if some are not, 2 if some are malformed");
  args->arguments = std::make_unique<WholeArguments>(
      cmd, "placements",
      "perm '1 5 8 6 3 7 2 4', algebraic 'a1 e2 ...', JSON '[2,4,1,3]', or a board; one "
      "placement an argument; '-' = stdin");
  cmd->add_flag("--json", args->json, "one JSON object per placement");
  cmd->add_flag("-q,--quiet", args->quiet, "print nothing, only set the exit code");
  cmd->callback([args, &exit_code] {
    args->placements = args->arguments->values();
    exit_code = run_verify(*args);
  });
}

}  // namespace nqueens::cli
