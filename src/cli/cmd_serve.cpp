// nqueens serve: runs the web viewer, the program nqueens-serve installed beside nqueens
// (serve_main.cpp), in place of this process: same process id, standard streams and signals,
// so `nqueens serve` behaves as if the server were built in. Kept apart so that no other
// command loads the HTTP library and what it depends on (see serve_main.cpp).
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cli_common.hpp"

namespace nqueens::cli {

void register_serve(CLI::App& app) {
  // Listed by `nqueens --help`; main() hands `nqueens serve ...` to run_serve_program before
  // parsing, so the options are the server program's own (`nqueens serve --help`).
  app.add_subcommand("serve",
                     "Start the local web viewer (board, solution index, backtracking "
                     "animation) and its JSON API; see nqueens serve --help");
}

namespace {

// The directory of the running nqueens, with its slash: where /proc/self/exe points (links
// resolved, so a link to nqueens elsewhere finds the real one's neighbour), else argv[0]'s own
// directory; empty when neither says (nqueens found through PATH with no /proc).
std::string program_directory(const char* argv0) {
  std::string self(4096, '\0');
  const ssize_t length = ::readlink("/proc/self/exe", self.data(), self.size());
  if (length > 0 && static_cast<std::size_t>(length) < self.size())
    self.resize(static_cast<std::size_t>(length));
  else
    self = argv0;
  const std::size_t slash = self.rfind('/');
  return slash == std::string::npos ? std::string() : self.substr(0, slash + 1);
}

}  // namespace

int run_serve_program(int argc, char** argv) {
  const std::string directory = program_directory(argv[0]);
  // Without a directory, PATH is searched (execvp), where this nqueens was found too.
  const std::string program = directory + "nqueens-serve";
  std::vector<char*> args{const_cast<char*>(program.c_str())};
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);
  std::fflush(nullptr);
  if (directory.empty())
    ::execvp(program.c_str(), args.data());
  else
    ::execv(program.c_str(), args.data());
  const int error = errno;  // exec returns only on failure
  if (error == ENOENT) {
#if defined(NQUEENS_HAVE_WEB)
    std::fprintf(stderr, "nqueens serve: %s is missing (the web viewer is part of this build)\n",
                 program.c_str());
    return 1;
#else
    std::fprintf(stderr,
                 "nqueens serve: this nqueens was built without the web viewer (configure with "
                 "-DNQUEENS_WEB=ON where cpp-httplib is installed)\n");
    return 2;
#endif
  }
  std::fprintf(stderr, "nqueens serve: cannot run %s: %s\n", program.c_str(), std::strerror(error));
  return 1;
}

}  // namespace nqueens::cli
