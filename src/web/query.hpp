// Query parameters, read strictly by one reader for every endpoint (docs/WEB.md, "API"):
// cpp-httplib's own reading took the value after the last '=' of a pair, so
// `/api/counts?n=8%20x=5` answered for N = 5 and `?n=5=8` for N = 8.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "api.hpp"

namespace nqueens::web {

// A malformed query or parameter: answered with HTTP 400 and {"error": what()}.
struct BadParameter : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// The parameters of a raw query string (what follows '?' in the request target, undecoded):
// pairs separated by '&', each with exactly one '=' between a name and a value, both
// percent-decoded ('%' and two hex digits; '+' is a space); no empty pair, no name twice.
// Throws BadParameter naming the first fault.
Params parse_query(std::string_view raw);

// The query of a request target ("/api/counts?n=8" -> "n=8"; "" when there is none).
std::string_view query_of(std::string_view target);

// Refuses (BadParameter) a name `endpoint` does not take, and a name given twice (a Params
// built by hand may hold one twice): every endpoint calls it before it reads a value.
void check_names(const Params& params, std::string_view endpoint,
                 std::initializer_list<std::string_view> names);

std::optional<std::string> text_param(const Params& params, const char* name);
// Decimal digits only (no sign, space, fraction or other base) in lo..hi; `fallback` when the
// parameter is absent, else "missing parameter".
std::uint64_t number_param(const Params& params, const char* name, std::uint64_t lo,
                           std::uint64_t hi, std::optional<std::uint64_t> fallback = std::nullopt);
// 1, true, or empty (`unique=`) for true; 0 or false for false; false when absent.
bool flag_param(const Params& params, const char* name);

// Reads `text` as decimal digits only (a part of a list, e.g. a solution's column); `what`
// names it in the error.
std::uint64_t parse_decimal(std::string_view text, std::string_view what);

}  // namespace nqueens::web
