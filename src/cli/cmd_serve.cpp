// nqueens serve: the local web viewer (board, solution index, search animation) and its API.
#include <fmt/format.h>

#include <cstdio>
#include <stdexcept>

#include "cli_common.hpp"
#include "nqueens/kernel_tier.hpp"
#if defined(NQUEENS_HAVE_WEB)
#include "server.hpp"
#include "sudoku/solve.hpp"
#endif

namespace nqueens::cli {

namespace {

struct ServeArgs {
  int port = 8080;
  std::string host = "127.0.0.1";
  int threads = 8;
};

[[maybe_unused]] bool is_loopback(const std::string& host) {  // unused without the web viewer
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

int run_serve(const ServeArgs& a) {
  if (a.port < 0 || a.port > 65535)
    throw UsageError(
        fmt::format("--port must be between 0 (any free port) and 65535, got {}", a.port));
  if (a.threads < 1 || a.threads > 256)
    throw UsageError(fmt::format("--threads must be between 1 and 256, got {}", a.threads));
  if (a.host.empty()) throw UsageError("--host must not be empty");
#if !defined(NQUEENS_HAVE_WEB)
  throw UsageError(
      "serve: this nqueens was built without the web viewer (configure with "
      "-DNQUEENS_WEB=ON where cpp-httplib is installed)");
#else
  // A bad NQUEENS_KERNEL or SUDOKU_KERNEL is bad usage now, not an error on every request.
  try {
    (void)selected_kernel_tier();
    (void)sudoku::solver_tier();
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  web::ServerOptions options;
  options.host = a.host;
  options.port = a.port;
  options.threads = a.threads;
  web::Server server(options);
  int port = 0;
  try {
    port = server.bind();
  } catch (const std::runtime_error& e) {  // a busy port or a foreign address: bad usage
    std::fprintf(stderr, "nqueens serve: %s\n", e.what());
    return 2;
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
#endif
}

}  // namespace

void register_serve(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ServeArgs>();
  CLI::App* cmd = app.add_subcommand("serve",
                                     "Start the local web viewer (board, solution index, "
                                     "backtracking animation) and its JSON API");
  cmd->add_option("--port,-p", args->port, "TCP port (default 8080; 0 picks a free one)");
  cmd->add_option("--host", args->host,
                  "address to listen on (default 127.0.0.1: this machine only)");
  cmd->add_option("--threads", args->threads, "requests served at once (default 8)");
  cmd->callback([args, &exit_code] { exit_code = run_serve(*args); });
}

}  // namespace nqueens::cli
