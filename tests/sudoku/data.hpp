// Loads the public puzzle sets from NQUEENS_SUDOKU_DATA (data/sudoku in the source tree by
// default).
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "sudoku/io.hpp"

namespace sudoku::testing {

inline std::string data_path(const std::string& name) {
  return std::string(SUDOKU_DATA_DIR) + "/" + name;
}

// Every entry of a data file; fails the test when the file is missing or has a bad entry.
inline std::vector<Grid> load(const std::string& name,
                              std::vector<std::string>* solutions = nullptr) {
  std::vector<Grid> out;
  std::ifstream in(data_path(name));
  EXPECT_TRUE(in.good()) << "missing " << data_path(name)
                         << " (set the CMake cache variable NQUEENS_SUDOKU_DATA)";
  if (!in) return out;
  PuzzleReader reader(in);
  for (PuzzleEntry e; reader.next(e);) {
    EXPECT_TRUE(e.ok()) << name << " line " << e.line << ": " << e.error;
    out.push_back(e.grid);
  }
  if (solutions) {  // second CSV column
    std::ifstream again(data_path(name));
    std::string line;
    std::getline(again, line);  // header
    while (std::getline(again, line)) {
      auto a = line.find(','), b = line.find(',', a + 1);
      solutions->push_back(line.substr(a + 1, b - a - 1));
    }
  }
  return out;
}

// One puzzle from its text (81 characters for 9x9, digits or '.'/'0' for empty); fails the
// test when the text does not parse.
inline Grid parse(const std::string& text, int box = 3) {
  Grid g(box);
  const auto err = parse_puzzle(text, box, g);
  EXPECT_FALSE(err) << text << ": " << *err;
  return g;
}

}  // namespace sudoku::testing
