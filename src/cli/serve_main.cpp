// nqueens-serve: the local web viewer (board, solution index, search animation) and its JSON
// API. `nqueens serve ARGS` runs this program (cmd_serve.cpp), which lives beside `nqueens`:
// a program of its own so that only the server loads cpp-httplib and, through it, OpenSSL,
// zlib and brotli. Linked into `nqueens`, they made every other command cost 4.8 ms more CPU
// to start (docs/ARCHITECTURE.md, "One program per tool"). No fmt here: this file is a
// compile unit of its own, and fmt would add 5 s of CPU to CLI11's 16 in every build tree.
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>

#include "cli_common.hpp"
#include "nqueens/kernel_tier.hpp"
#include "number_options.hpp"
#include "server.hpp"
#include "sudoku/solve.hpp"
#include "tool_io.hpp"

namespace {

using nqueens::cli::UsageError;

struct ServeArgs {
  int port = 8080;
  std::string host = "127.0.0.1";
  int threads = 8;
};

bool is_loopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

int run_serve(const ServeArgs& a) {
  if (a.port < 0 || a.port > 65535)
    throw UsageError("--port must be between 0 (any free port) and 65535, got " +
                     std::to_string(a.port));
  if (a.threads < 1 || a.threads > 256)
    throw UsageError("--threads must be between 1 and 256, got " + std::to_string(a.threads));
  if (a.host.empty()) throw UsageError("--host must not be empty");
  // A bad NQUEENS_KERNEL or SUDOKU_KERNEL is bad usage now, not an error on every request.
  try {
    (void)nqueens::default_kernel_tier();
    (void)sudoku::default_solver_tier();
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  nqueens::web::ServerOptions options;
  options.host = a.host;
  options.port = a.port;
  options.threads = a.threads;
  nqueens::web::Server server(options);
  int port = 0;
  try {
    port = server.bind();
  } catch (const std::runtime_error& e) {  // a busy port or a foreign address: bad usage
    throw UsageError(e.what());
  }
  if (!is_loopback(a.host))
    std::fprintf(stderr, "nqueens serve: warning: listening on %s, reachable from other machines\n",
                 a.host.c_str());
  const bool v6 = a.host.find(':') != std::string::npos;
  std::printf("Serving the N-Queens viewer at http://%s%s%s:%d/ (Ctrl-C stops)\n", v6 ? "[" : "",
              a.host.c_str(), v6 ? "]" : "", port);
  std::fflush(stdout);
  server.run();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Named as users call it: `nqueens serve` (this program's own name works too).
  CLI::App app{
      "Start the local web viewer (board, solution index, backtracking animation) and its JSON "
      "API",
      "nqueens serve"};
  ServeArgs args;
  tool_io::whole_number(
      app.add_option("--port,-p", args.port, "TCP port (default 8080; 0 picks a free one)"), 0,
      65535);
  app.add_option("--host", args.host,
                 "address to listen on (default 127.0.0.1: this machine only)");
  tool_io::whole_number(
      app.add_option(
          "--threads", args.threads,
          "requests computed at once (default 8; more connections wait without holding one)"),
      1, 256);
  auto error = [](std::string_view message, int code) {
    std::fprintf(stderr, "nqueens serve: %s\n", tool_io::one_line(message).c_str());
    return code;
  };
  try {
    app.parse(argc, argv);
    return run_serve(args);
  } catch (const CLI::CallForHelp&) {
    return tool_io::finish_stdout("nqueens serve", app.exit(CLI::CallForHelp()));
  } catch (const CLI::ParseError& e) {
    return error(std::string(e.what()) + " (see nqueens serve --help)", 2);
  } catch (const UsageError& e) {
    return error(e.what(), 2);
  } catch (const std::exception& e) {
    return error(std::string("internal error: ") + e.what(), 1);
  }
}
