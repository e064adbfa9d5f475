// A human-style solution path for 9x9 puzzles: one step at a time, the easiest technique that
// makes progress, each step saying what it rests on and what it places or eliminates.
//
//   sudoku::Grid g;
//   sudoku::parse_puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//                        3, g);
//   sudoku::Explanation e = sudoku::explain(g);
//   for (const sudoku::Step& s : e.steps) std::cout << sudoku::describe(s) << '\n';
//   // "hidden single: r6c2=4 (box 4)" ... e.score is the hardest step on the Sudoku
//   // Explainer scale (docs/SUDOKU.md has the weight of every technique).
//   std::optional<sudoku::Step> hint = sudoku::next_step(g);  // the first step only
//
// Cells are numbered 0..80 row-major (r1c1 = 0, r9c9 = 80), digits 1..9. Every elimination
// and placement is checked against the solution in debug builds (and by the tests).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/grid.hpp"

namespace sudoku {

// Techniques from the easiest to the hardest, the order the explainer tries them in; except
// that skyscraper and 2-string kite are the shortest X-chains, named when the X-chain search
// finds one, so simple colouring is tried before them.
enum class Technique : int {
  full_house = 0,    // last empty cell of a row, column or box
  hidden_single,     // a digit has one place left in a row, column or box
  naked_single,      // a cell has one candidate left
  pointing,          // a digit's places in a box lie in one line: not elsewhere on that line
  claiming,          // a digit's places in a line lie in one box: not elsewhere in that box
  naked_pair,        // two cells of a house hold the same two candidates only
  x_wing,            // a digit in two rows confined to the same two columns (or vice versa)
  hidden_pair,       // two digits of a house fit only in the same two cells
  naked_triple,      // three cells of a house holding three candidates between them
  swordfish,         // the X-wing with three lines
  hidden_triple,     // three digits of a house that fit only in the same three cells
  xy_wing,           // pivot {a,b} with pincers {a,c} and {b,c}: c not where both pincers see
  xyz_wing,          // pivot {a,b,c} with pincers {a,c} and {b,c}
  w_wing,            // two {a,b} cells joined by a strong link on b: a not where both see
  unique_rectangle,  // four cells that would allow two solutions (types 1, 2 and 4)
  naked_quad,        // four cells, four candidates
  jellyfish,         // the X-wing with four lines
  hidden_quad,       // four digits, four cells
  skyscraper,        // two parallel strong links on a digit joined at one end
  two_string_kite,   // a row and a column strong link on a digit joined in a box
  simple_colouring,  // the two colours of one digit's strong-link web: a trap or a wrap
  x_chain,           // alternating strong/weak links on one digit
  xy_chain,          // a chain of bivalue cells
  aic,               // alternating inference chain over any candidates
  forcing_chain,     // every candidate of a cell (or place of a digit) leads to the same fact
  guess,             // nothing above applies: the cell's true value, labelled as a guess
};
inline constexpr int kTechniqueCount = 26;
std::string_view technique_name(Technique t);

// One candidate: a digit in a cell.
struct Candidate {
  std::uint8_t cell = 0;   // 0..80, row-major
  std::uint8_t digit = 0;  // 1..9
  friend bool operator==(const Candidate&, const Candidate&) = default;
};

struct Step {
  Technique technique = Technique::guess;
  double score = 0;                     // difficulty on the Sudoku Explainer scale
  std::string house;                    // the house it works in ("row 3", "box 5"), if any
  std::vector<Candidate> used;          // what the reasoning rests on; chains in chain order
  std::vector<Candidate> placements;    // digits placed by this step
  std::vector<Candidate> eliminations;  // candidates removed by this step
};

struct Explanation {
  bool solvable = false;  // false: the givens break a rule or there is no solution
  bool unique = false;    // exactly one solution (unique rectangles are used only then)
  std::vector<Step> steps;
  double score = 0;  // the hardest step's score; 0 when the puzzle is already complete
  Technique hardest = Technique::full_house;
  int guesses = 0;  // steps that are guesses
};

// The whole path from the givens to the solution. 9x9 only (throws std::invalid_argument on
// other sizes). A puzzle with several solutions is explained towards the first one found.
Explanation explain(const Grid& puzzle);

// The first step of explain(puzzle): nothing when the puzzle is complete or has no solution.
std::optional<Step> next_step(const Grid& puzzle);

// Pencil marks: bit d-1 of entry i set when digit d may still go in cell i (0 for a filled
// cell). Lets a caller (a viewer, a test) start from a position reached by earlier steps.
using Candidates = std::array<std::uint16_t, 81>;

// The candidates the givens leave: every digit no peer holds.
Candidates candidates_of(const Grid& grid);

// The next step from `grid` with these pencil marks (intersected with candidates_of(grid)).
// Marks that exclude the true value give steps that are not sound, and no guesses.
std::optional<Step> next_step(const Grid& grid, const Candidates& candidates);

// Applies a step to a position: placements fill cells (and leave their peers' marks),
// eliminations clear marks.
void apply_step(const Step& step, Grid& grid, Candidates& candidates);

// One line: "naked pair: r1c2{37} r1c5{37} => r1c7<>3, r1c8<>7 (row 1)".
std::string describe(const Step& step);

// "r3c5".
std::string cell_name(int cell);

}  // namespace sudoku
