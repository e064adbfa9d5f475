// nqueens: count, list and verify N-Queens solutions (see README.md for every subcommand).
#include <fmt/format.h>

#include <cstdio>
#include <exception>

#include "cli_common.hpp"
#include "nqueens/kernel_tier.hpp"
#include "nqueens/version.hpp"

namespace {

// The second line of --version: which counting kernel tier runs on this CPU.
std::string kernel_tier_summary() {
  std::string available;
  for (const nqueens::KernelTier t : nqueens::available_kernel_tiers())
    available += fmt::format("{}{}", available.empty() ? "" : ", ", nqueens::kernel_tier_name(t));
  return fmt::format(
      "counting kernel on this CPU: {} (available: {}; count --kernel NAME or "
      "NQUEENS_KERNEL=NAME forces one)",
      nqueens::kernel_tier_name(nqueens::best_kernel_tier()), available);
}

bool is_subcommand(CLI::App& app, const char* name) {
  for (const CLI::App* sub : app.get_subcommands({}))
    if (sub->get_name() == name) return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace nqueens::cli;
  CLI::App app{"nqueens: N-Queens solutions counted, listed, verified", "nqueens"};
  app.set_version_flag("--version",
                       std::string("nqueens ") + nqueens::kVersion + "\n" + kernel_tier_summary());
  app.require_subcommand(1);
  app.fallthrough(false);
  int exit_code = 0;
  register_count(app, exit_code);
  register_merge(app, exit_code);
  register_list(app, exit_code);
  register_verify(app, exit_code);
  register_serve(app, exit_code);
  register_render(app, exit_code);
  register_trace(app, exit_code);
  register_find(app, exit_code);
  register_complete(app, exit_code);

  if (argc > 1 && argv[1][0] != '-' && !is_subcommand(app, argv[1])) {
    std::fprintf(stderr, "nqueens: unknown command '%s' (see nqueens --help)\n", argv[1]);
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    return app.exit(CLI::CallForHelp());
  } catch (const CLI::CallForAllHelp&) {
    return app.exit(CLI::CallForAllHelp());
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "nqueens: %s (see nqueens --help)\n", e.what());
    return 2;
  } catch (const UsageError& e) {
    std::fprintf(stderr, "nqueens: %s\n", e.what());
    return 2;
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "nqueens: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "nqueens: internal error: %s\n", e.what());
    return 1;
  }
  return exit_code;
}
