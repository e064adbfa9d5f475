// Numeric options of every tool (`nqueens`, `nqueens-serve`, `nqueens-mpi`, `sudoku`) read by one
// strict parser (tool_io::parse_unsigned, parse_decimal) before CLI11 converts them. CLI11 alone
// reads an integer with strtoll/strtoull in base 0: `0x2` is 2, `010` is 8, `+2` is 2, and `-1`
// in an unsigned option is 2^64 - 1. These check the text first and hand CLI11 only the plain
// decimal of a value already in range:
//
//   tool_io::whole_number(cmd->add_option("-j,--threads", threads, "..."), 0, 1024);
//   tool_io::seconds_up_to(cmd->add_option("--checkpoint-seconds", s, "..."), 86400);
//
// A bad value ends the parse with one line naming the option and quoting the text, "--threads
// must be between 0 and 1024, got '2000'" or "--threads must be a whole number (decimal digits
// only), got '0x2'": a CLI::ConversionError, which every tool reports as bad usage (exit 2).
// Header only, since CLI11 is, and without fmt (nqueens-serve's main has none).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <string_view>

#include "tool_io.hpp"

namespace tool_io {

// `option` takes a whole number from lo to hi, in decimal digits only. Returns `option`.
inline CLI::Option* whole_number(CLI::Option* option, std::uint64_t lo, std::uint64_t hi) {
  option->transform(CLI::Validator(
      [name = option->get_name(), lo, hi](std::string& text) -> std::string {
        const auto v = parse_unsigned(text, hi);
        if (!v || *v < lo)
          throw CLI::ConversionError(name + " " + whole_number_problem(text, lo, hi),
                                     CLI::ExitCodes::ConversionError);
        text = std::to_string(*v);  // what CLI11 converts: plain decimal, no leading zero
        return {};
      },
      "", "whole number"));
  return option;
}

// `option` takes a whole number kept as text, for the command to read once its range is known
// (render --index once N is) or where "not given" must differ from any number: its form is
// checked here (decimal digits, and never empty); a minus sign before digits is left to the
// command's range check ("must be between 1 and 32, got '-3'"). Returns `option`.
inline CLI::Option* whole_number_text(CLI::Option* option) {
  option->check(CLI::Validator(
      [name = option->get_name()](std::string& text) -> std::string {
        const std::string_view digits =
            std::string_view(text).substr(text.size() > 1 && text[0] == '-' ? 1 : 0);
        if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos)
          throw CLI::ConversionError(
              name + " must be a whole number (decimal digits only), got " + quote(text),
              CLI::ExitCodes::ConversionError);
        return {};
      },
      "", "whole number"));
  return option;
}

// `option` takes a number of seconds above 0 and at most `hi`, in decimal digits with at most
// one point ("0.05", "30"). Returns `option`.
inline CLI::Option* seconds_up_to(CLI::Option* option, unsigned hi) {
  option->transform(CLI::Validator(
      [name = option->get_name(), hi](std::string& text) -> std::string {
        const auto v = parse_decimal(text);
        if (!v || !(*v > 0) || *v > hi)
          throw CLI::ConversionError(name + " must be a number of seconds in (0, " +
                                         std::to_string(hi) + "], got " + quote(text),
                                     CLI::ExitCodes::ConversionError);
        return {};
      },
      "", "seconds"));
  return option;
}

// `option` takes a percentage from 0 to 100, in decimal digits with at most one point ("1",
// "0.5", "100"). Returns `option`.
inline CLI::Option* percent(CLI::Option* option) {
  option->check(CLI::Validator(
      [name = option->get_name()](std::string& text) -> std::string {
        const auto v = parse_decimal(text);
        if (!v || *v > 100)
          throw CLI::ConversionError(
              name + " must be a percentage from 0 to 100, got " + quote(text),
              CLI::ExitCodes::ConversionError);
        return {};
      },
      "", "percent"));
  return option;
}

}  // namespace tool_io
