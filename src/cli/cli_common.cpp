#include "cli_common.hpp"

#include <fmt/format.h>

#include <charconv>

#include "nqueens/jobs.hpp"

namespace nqueens::cli {

int parse_int_arg(const std::string& text, int lo, int hi, std::string_view what) {
  long long v = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec == std::errc::invalid_argument || ptr != end)
    throw UsageError(fmt::format("{} must be a whole number, got '{}'", what, text));
  if (ec == std::errc::result_out_of_range || v < lo || v > hi)
    throw UsageError(fmt::format("{} must be between {} and {}, got {}", what, lo, hi, text));
  return static_cast<int>(v);
}

Format parse_format_arg(const std::string& name, int n) {
  const auto format = parse_format(name);
  if (!format)
    throw UsageError(
        fmt::format("--format must be perm, board, json or algebraic, got '{}'", name));
  if (*format == Format::algebraic && n > kMaxAlgebraicN)
    throw UsageError(fmt::format("--format algebraic needs N <= {} (files a..z)", kMaxAlgebraicN));
  return *format;
}

int resolve_threads(int requested) {
  if (requested < 0 || requested > 4096)
    throw UsageError(fmt::format("--threads must be between 0 (all cores) and 4096, got {}",
                                 requested));
  return requested == 0 ? hardware_threads() : requested;
}

void Output::flush() {
  if (!buffer_.empty()) std::fwrite(buffer_.data(), 1, buffer_.size(), file_);
  buffer_.clear();
  std::fflush(file_);
}

}  // namespace nqueens::cli
