#include "query.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

namespace nqueens::web {

namespace {

// A parameter as it appears in a message: at most 40 bytes (the JSON writer escapes the rest).
std::string shown(std::string_view text) {
  return text.size() <= 40 ? std::string(text) : std::string(text.substr(0, 40)) + "...";
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string decode(std::string_view part, std::string_view pair) {
  std::string out;
  out.reserve(part.size());
  for (std::size_t i = 0; i < part.size(); ++i) {
    const char c = part[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%') {
      const int hi = i + 2 < part.size() ? hex_digit(part[i + 1]) : -1;
      const int lo = hi >= 0 ? hex_digit(part[i + 2]) : -1;
      if (hi < 0 || lo < 0)
        throw BadParameter(fmt::format(
            "'{}' has a '%' that is not followed by two hexadecimal digits", shown(pair)));
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string_view query_of(std::string_view target) {
  const std::size_t q = target.find('?');
  return q == std::string_view::npos ? std::string_view() : target.substr(q + 1);
}

Params parse_query(std::string_view raw) {
  Params params;
  if (raw.empty()) return params;
  std::size_t pos = 0;
  for (;;) {
    const std::size_t amp = std::min(raw.find('&', pos), raw.size());
    const std::string_view pair = raw.substr(pos, amp - pos);
    if (pair.empty()) throw BadParameter("empty parameter (a stray '&')");
    const std::size_t eq = pair.find('=');
    if (eq == std::string_view::npos)
      throw BadParameter(fmt::format("parameter '{}' has no '=' and no value", shown(pair)));
    if (pair.find('=', eq + 1) != std::string_view::npos)
      throw BadParameter(fmt::format(
          "parameter '{}' has more than one '=' (write '%3D' for an '=' in a value)", shown(pair)));
    std::string name = decode(pair.substr(0, eq), pair);
    if (name.empty()) throw BadParameter(fmt::format("parameter '{}' has no name", shown(pair)));
    if (params.count(name) != 0)
      throw BadParameter(fmt::format("parameter {} is given twice", shown(name)));
    params.emplace(std::move(name), decode(pair.substr(eq + 1), pair));
    if (amp == raw.size()) break;
    pos = amp + 1;
  }
  return params;
}

void check_names(const Params& params, std::string_view endpoint,
                 std::initializer_list<std::string_view> names) {
  for (auto it = params.begin(); it != params.end(); it = params.upper_bound(it->first)) {
    if (std::find(names.begin(), names.end(), it->first) == names.end()) {
      std::string takes;
      for (std::string_view n : names) takes += (takes.empty() ? "" : ", ") + std::string(n);
      throw BadParameter(fmt::format("unknown parameter {} (/api/{} takes {})", shown(it->first),
                                     endpoint, takes.empty() ? "none" : takes));
    }
    if (params.count(it->first) > 1)
      throw BadParameter(fmt::format("parameter {} is given twice", shown(it->first)));
  }
}

std::optional<std::string> text_param(const Params& params, const char* name) {
  const auto it = params.find(name);
  if (it == params.end()) return std::nullopt;
  return it->second;
}

std::uint64_t parse_decimal(std::string_view text, std::string_view what) {
  const bool digits = !text.empty() && std::all_of(text.begin(), text.end(),
                                                   [](char c) { return c >= '0' && c <= '9'; });
  if (!digits) {
    // "-3" is a whole number, just out of range: say so rather than "not a whole number".
    if (text.size() > 1 && text[0] == '-' &&
        text.find_first_not_of("0123456789", 1) == std::string_view::npos)
      throw BadParameter(fmt::format("{} must not be negative, got {}", what, shown(text)));
    throw BadParameter(fmt::format("{} must be a whole number, got '{}'", what, shown(text)));
  }
  std::uint64_t v = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (error == std::errc::result_out_of_range)
    throw BadParameter(fmt::format("{} is too large", what));
  return v;
}

std::uint64_t number_param(const Params& params, const char* name, std::uint64_t lo,
                           std::uint64_t hi, std::optional<std::uint64_t> fallback) {
  const auto value = text_param(params, name);
  if (!value) {
    if (fallback) return *fallback;
    throw BadParameter(fmt::format("missing parameter {}", name));
  }
  if (value->size() > 1 && (*value)[0] == '-' &&
      value->find_first_not_of("0123456789", 1) == std::string::npos)
    throw BadParameter(
        fmt::format("{} must be between {} and {}, got {}", name, lo, hi, shown(*value)));
  const std::uint64_t v = parse_decimal(*value, name);
  if (v < lo || v > hi)
    throw BadParameter(fmt::format("{} must be between {} and {}, got {}", name, lo, hi, v));
  return v;
}

bool flag_param(const Params& params, const char* name) {
  const auto value = text_param(params, name);
  if (!value) return false;
  if (*value == "" || *value == "1" || *value == "true") return true;
  if (*value == "0" || *value == "false") return false;
  throw BadParameter(fmt::format("{} must be 0, 1, true or false", name));
}

}  // namespace nqueens::web
