// What the command-line tools (`nqueens`, `nqueens-mpi`, `sudoku`) do the same way at their
// edges: standard output that cannot be written is an error (one line on stderr, exit 2), and
// input echoed in a message is escaped and shortened. Compiled once, in the nqueens_cli_support
// library that all three link (src/cli/CMakeLists.txt):
//
//   #include "tool_io.hpp"
//   int code = run_the_command();
//   return tool_io::finish_stdout("nqueens", code);   // flush + close checked: 2 if lost
//
//   throw UsageError("bad column " + tool_io::quote(token));   // 'a\x00b', at most 40 bytes shown
#pragma once

#include <cstdint>
#include <cstdio>
#include <istream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace tool_io {

// Standard output failed (disk full, closed pipe end, /dev/full): the run's data is lost, so the
// run must not look successful.
struct OutputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// `text` quoted for a one-line message: in single quotes, control bytes, quotes, backslashes
// and non-ASCII bytes as \xNN, at most `max_bytes` of the input shown, then "... (N bytes)".
// A NUL cannot cut the message short and a 10 MB token prints as one short line.
std::string quote(std::string_view text, std::size_t max_bytes = 40);

// A whole message made safe for one line of stderr: control bytes escaped (a newline cannot
// start a second line), at most `max_bytes` kept. For messages built elsewhere (CLI11, the
// libraries) that may carry raw input.
std::string one_line(std::string_view message, std::size_t max_bytes = 400);

// Registers only the subcommand that the command line names, with its options: building every
// subcommand's options was most of a tool's start (CLI11's option objects: 0.55 of the 0.82
// million instructions of `sudoku count` on an empty input). The tools' top levels have flags
// only, so the first word that is not an option names it. Without one (`--help`, `--version`)
// or with a word that names none, every subcommand is registered, so that help and errors read
// as with all of them. `subcommands` pairs each name with its register function, which gets
// `args` (the CLI11 app and what the tool's callbacks write to).
//
//   tool_io::register_named_subcommand(argc, argv, kSubcommands, app, exit_code);
template <typename Register, std::size_t N, typename... Args>
void register_named_subcommand(int argc, char** argv,
                               const std::pair<std::string_view, Register> (&subcommands)[N],
                               Args&... args) {
  std::string_view named;
  for (int i = 1; i < argc && named.empty(); ++i)
    if (argv[i][0] != '-') named = argv[i];
  bool known = false;
  for (const auto& subcommand : subcommands) known = known || subcommand.first == named;
  for (const auto& [name, add] : subcommands)
    if (!known || name == named) add(args...);
}

// The one reader of numbers given on the command line, for every option of every tool (through
// number_options.hpp where CLI11 binds the option): a whole number in 0..max written in decimal
// digits only: no sign, no spaces, no hex or octal, no wrap-around ("-1", "+2", " 2", "0x2" and
// "18446744073709551616" are not numbers here, where strtoull would take them). Leading zeros
// are decimal ("010" is 10).
std::optional<std::uint64_t> parse_unsigned(std::string_view text, std::uint64_t max);

// Why `text` is not a whole number from lo to hi, as the end of a sentence that starts with the
// option's name: "must be a whole number (decimal digits only), got '0x2'", or "must be between
// 1 and 32, got '-3'" (a minus sign and digits, or digits out of range); empty if it is one.
std::string whole_number_problem(std::string_view text, std::uint64_t lo, std::uint64_t hi);

// A number written in decimal digits with at most one point ("10", "0.5", ".5", "5."): no sign,
// no exponent, no spaces, no hex, no "inf" or "nan".
std::optional<double> parse_decimal(std::string_view text);

// Why `path` ("-" = standard input) cannot be read as input, or nullopt if it can be opened
// for reading: a closed standard input, a directory (open() succeeds on one, and a reader then
// saw "no puzzles" and exited 0), a missing file.
std::optional<std::string> unreadable_input(const std::string& path);

// Input that cannot be read as a whole: a line longer than its reader's cap. The message is one
// sentence naming where ("stdin line 3 is longer than ..."); the tools end with it, exit 2.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The longest line the tools read by default (1 MiB): a Sudoku line is at most 625 cells, a
// board row of `complete` (N <= 100,000) 200,000 bytes with a space between squares. `verify`,
// whose lines hold whole solutions, has a cap of its own (cmd_verify.cpp).
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;

// Lines of standard input ("-") or of a file, as a std::istream read a block at a time straight
// from the file descriptor, every line at most `max_line` bytes (the newline not counted).
// Reading on past that many bytes of one line throws InputError, out of std::getline or any
// other read (the stream's exceptions include badbit); the lines before it read as usual. So an
// endless line (/dev/zero, a 100 MB line) costs at most `max_line` bytes of memory and ends with
// one clear line, instead of growing until the process is killed. Every reader of lines in the
// tools reads through one of these (sudoku's puzzles, verify -, render -, complete --board).
//
// A block is handed on as soon as read() returns it, so lines typed or piped slowly are read as
// they come. A read error (EISDIR, EIO) ends the input; read_error() then says why. Reading fd 0
// directly also avoids std::cin kept in step with C stdio, one character per call (1.2 us per
// 81-character line), and std::ios::sync_with_stdio(false), 0.7 ms of CPU in every run.
//
//   tool_io::InputLines input("-", tool_io::kMaxLineBytes);
//   for (std::string line; std::getline(input.stream(), line);) use(line);
//   if (input.read_error()) fail(*input.read_error());
class InputLines {
 public:
  // `path` "-" is standard input. Throws InputError if the file cannot be opened.
  InputLines(const std::string& path, std::size_t max_line);
  ~InputLines();
  InputLines(const InputLines&) = delete;
  InputLines& operator=(const InputLines&) = delete;
  std::istream& stream();
  // Why reading stopped before the end ("cannot read 'x': Is a directory"), if it did.
  std::optional<std::string> read_error() const;

 private:
  struct Buffer;
  std::unique_ptr<Buffer> buffer_;
  std::unique_ptr<std::istream> stream_;
};

// Bytes this process can still get, the least of: MemAvailable in /proc/meminfo, the cgroup's
// memory.max minus memory.current, and RLIMIT_AS / RLIMIT_DATA (both counted from zero, a
// little generous). nullopt when none of them can be read. A command that knows its size up
// front checks it here, so that it fails with one line instead of std::bad_alloc or the OOM
// killer half way through.
std::optional<std::uint64_t> memory_available();

// What every tool says, after "<tool>: ", when an allocation fails (std::bad_alloc): exit 2.
inline constexpr const char* kOutOfMemory =
    "out of memory: this command needs more than the machine or its limits give";

// Writes `size` bytes to `f`; throws OutputError if they cannot all be written.
void write_all(std::FILE* f, const char* data, std::size_t size);

// Flushes `f`; throws OutputError if what was buffered, or anything earlier, was lost.
void flush(std::FILE* f);

// The errno of the last failed write that could not throw (a destructor's flush), so that the
// final message can still say why ("No space left on device").
int& last_write_errno();

// Flushes without throwing (for destructors); a failure is left in the stream's error flag.
void flush_noexcept(std::FILE* f) noexcept;

// True if a write to standard output has failed (an exception thrown while writing, e.g. by
// fmt::print, is then reported as lost output, exit 2).
bool stdout_failed();

// The last step of main(): flushes and closes standard output. Returns `exit_code` if all was
// written; otherwise prints "<tool>: cannot write output: <reason>" and returns 2.
int finish_stdout(const char* tool, int exit_code);

}  // namespace tool_io
