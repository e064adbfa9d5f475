// Placement lines read for the board tests (verify_test.cpp, format_test.cpp): parse() expects
// a valid line, parse_error() a malformed one and returns its message.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "nqueens/format.hpp"

namespace board_test {

inline nqueens::Placement parse(std::string_view line) {
  std::string error;
  auto p = nqueens::parse_placement_line(line, error);
  EXPECT_TRUE(p.has_value()) << line << ": " << error;
  return p.value_or(nqueens::Placement{});
}

inline std::string parse_error(std::string_view line) {
  std::string error;
  EXPECT_FALSE(nqueens::parse_placement_line(line, error).has_value()) << line;
  return error;
}

}  // namespace board_test
