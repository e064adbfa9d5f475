// nqueens: count, list and verify N-Queens solutions (see README.md for every subcommand).
#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <new>
#include <string_view>
#include <utility>

#include "cli_common.hpp"
#include "nqueens/kernel_tier.hpp"
#include "nqueens/version.hpp"
#include "tool_io.hpp"

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
  // Only the subcommand named on the command line is registered, with its options (all nine:
  // about a quarter of the instructions of a `count 4` process; docs/ARCHITECTURE.md).
  using Register = void (*)(CLI::App&, int&);
  static constexpr std::pair<std::string_view, Register> kSubcommands[] = {
      {"count", register_count},
      {"merge", register_merge},
      {"list", register_list},
      {"verify", register_verify},
      {"serve", [](CLI::App& a, int&) { register_serve(a); }},
      {"render", register_render},
      {"trace", register_trace},
      {"find", register_find},
      {"complete", register_complete}};
  tool_io::register_named_subcommand(argc, argv, kSubcommands, app, exit_code);

  if (argc > 1 && std::string_view(argv[1]) == "serve") return run_serve_program(argc, argv);
  if (argc > 1 && argv[1][0] != '-' && !is_subcommand(app, argv[1])) {
    std::fprintf(stderr, "nqueens: unknown command %s (see nqueens --help)\n",
                 tool_io::quote(argv[1]).c_str());
    return 2;
  }
  auto error = [](std::string_view message, int code) {
    std::fprintf(stderr, "nqueens: %s\n", tool_io::one_line(message).c_str());
    return code;
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    return tool_io::finish_stdout("nqueens", app.exit(CLI::CallForHelp()));
  } catch (const CLI::CallForAllHelp&) {
    return tool_io::finish_stdout("nqueens", app.exit(CLI::CallForAllHelp()));
  } catch (const CLI::CallForVersion& e) {
    return tool_io::finish_stdout("nqueens", app.exit(e));
  } catch (const CLI::ParseError& e) {
    return error(std::string(e.what()) + " (see nqueens --help)", 2);
  } catch (const UsageError& e) {
    return error(e.what(), 2);
  } catch (const CheckFailed& e) {
    return error(e.what(), kExitCheckFailed);
  } catch (const tool_io::OutputError& e) {
    return error(e.what(), 2);
  } catch (const tool_io::InputError& e) {
    return error(e.what(), 2);
  } catch (const std::invalid_argument& e) {
    return error(e.what(), 2);
  } catch (const std::bad_alloc&) {
    return error(tool_io::kOutOfMemory, 2);
  } catch (const std::exception& e) {
    // An exception while stdout is failing (fmt::print throws on a failed write) is lost output.
    if (tool_io::stdout_failed()) return tool_io::finish_stdout("nqueens", 2);
    return error(std::string("internal error: ") + e.what(), 1);
  }
  return tool_io::finish_stdout("nqueens", exit_code);
}
