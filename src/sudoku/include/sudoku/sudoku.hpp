// The Sudoku library: solve, count, enumerate, generate and rate 4x4 to 25x25 puzzles.
//
//   #include <sudoku/sudoku.hpp>
//   sudoku::Grid g;                                   // 9x9, all empty
//   sudoku::parse_puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//                        3, g);                       // returns an error string on bad input
//   sudoku::SolveResult r = sudoku::solve(g);         // count up to 2: solve + uniqueness
//   if (r.unique()) std::cout << sudoku::to_line(r.solution) << '\n';
//   sudoku::Rating rating = sudoku::rate(g);          // level 1 (easy) .. 5 (extreme)
//   auto p = sudoku::generate({.symmetry = sudoku::Symmetry::rot180, .seed = 7});
#pragma once

#include "sudoku/effort.hpp"
#include "sudoku/explain.hpp"
#include "sudoku/generate.hpp"
#include "sudoku/grid.hpp"
#include "sudoku/io.hpp"
#include "sudoku/rate.hpp"
#include "sudoku/solve.hpp"
