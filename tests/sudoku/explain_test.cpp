// The explainer: each technique on a position taken from a real puzzle (the step it finds
// there, read and checked by hand), every step of every curated puzzle against the known
// solution, and the rating against the curated difficulty levels.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

#include "data.hpp"
#include "rank_correlation.hpp"
#include "sudoku/sudoku.hpp"

namespace sudoku {
namespace {

using testing::parse;

// Pencil marks as nine digit strings per row, "-" for a filled cell.
Candidates parse_marks(const std::string& text) {
  Candidates c{};
  std::istringstream in(text);
  std::string token;
  for (int i = 0; i < 81 && in >> token; ++i)
    if (token != "-")
      for (char d : token)
        c[static_cast<std::size_t>(i)] |= static_cast<std::uint16_t>(1u << (d - '1'));
  return c;
}

// True when no placement or elimination of `s` contradicts `solution`.
bool consistent(const Step& s, const Grid& solution) {
  for (const Candidate& c : s.placements)
    if (solution[c.cell] != c.digit) return false;
  for (const Candidate& c : s.eliminations)
    if (solution[c.cell] == c.digit) return false;
  return !s.placements.empty() || !s.eliminations.empty();
}

struct Position {
  Technique technique;
  const char* grid;
  const char* marks;
  const char* step;  // describe() of the step: what it uses, places and eliminates
};

// One position per technique, the smallest step of that kind met on the magictour, curated
// and 17-clue sets. Each was checked by hand: e.g. the skyscraper's strong links on 1 are
// columns 8 and 2, joined in row 8, and r5c1 sees r5c8 (row) and r6c2 (box 4).
const Position kPositions[] = {
    {Technique::full_house,
     "4...3.......6..8..........1....5..9..8....6...7.2........1927..513...942927.45186",
     "- 569 1268 5789 - 1789 25 2567 579 "
     "1237 359 12 - 127 1479 - 2357 34579 "
     "23678 3569 268 45789 278 4789 2345 23567 - "
     "1236 346 1246 378 - 13678 23 - 378 "
     "123 - 59 49 17 13479 - 12357 357 "
     "136 - 59 - 168 13689 345 135 3458 "
     "68 46 468 - - - - 35 35 "
     "- - - 78 678 678 - - - "
     "- - - 3 - - - - -",
     "full house: r9c4=3 (row 9)"},
    {Technique::hidden_single,
     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
     "- 12569 1256789 5789 - 15789 259 2567 25679 "
     "1237 12359 12579 - 12479 14579 - 2357 234579 "
     "23678 23569 256789 45789 24789 45789 23459 23567 - "
     "1236 12346 1246 3478 - 134678 1234 - 23478 "
     "123 - 12459 3479 1479 13479 - 12357 23457 "
     "136 - 14569 - 14689 134689 1345 1358 3458 "
     "68 46 468 - 4689 - - 3568 35689 "
     "- 126 - 789 6789 6789 129 - 2689 "
     "- 1246 124678 34578 4678 345678 1235 123568 23568",
     "hidden single: r9c3=7 (box 7)"},
    {Technique::naked_single,
     "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7......",
     "- 569 1268 5789 - 15789 259 2567 25679 "
     "1237 359 12 - 1247 14579 - 2357 234579 "
     "23678 3569 268 45789 2478 45789 23459 23567 - "
     "1236 346 1246 3478 - 134678 234 - 23478 "
     "123 - 12459 3479 147 13479 - 12357 23457 "
     "136 - 14569 - 1468 134689 345 1358 3458 "
     "68 46 468 - - - - 35 35 "
     "- 12 - 78 678 678 129 - 2689 "
     "- 12 - 345 4 345 12 68 68",
     "naked single: r9c5=4"},
    {Technique::pointing,
     "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....",
     "- 569 1268 5789 - 15789 259 2567 25679 "
     "1237 359 12 - 127 14579 - 2357 234579 "
     "23678 3569 268 45789 278 45789 23459 23567 - "
     "1236 346 1246 3478 - 134678 234 - 23478 "
     "123 - 12459 3479 17 13479 - 12357 23457 "
     "136 - 14569 - 168 134689 345 1358 3458 "
     "68 46 468 - - - - 35 35 "
     "- 12 - 78 678 678 129 - 2689 "
     "- 12 - 35 - 35 12 68 68",
     "pointing: r8c5{6} r8c6{6} => r8c9<>6 (box 8)"},
    {Technique::claiming,
     "7.8...3.....2.1...5.........4.....263...8.......1...93.9.6....4....7.5...........",
     "- 126 - 459 4569 4569 - 1456 1259 "
     "469 36 3469 - 3456 - 467 45678 578 "
     "- 1236 123469 78 3469 78 12469 146 129 "
     "189 - 1579 3579 59 3579 178 - - "
     "- 1267 1269 479 - 24679 147 1457 157 "
     "268 25678 2567 - 2456 24567 478 - - "
     "128 - 12357 - 125 2358 127 1378 - "
     "12468 12368 12346 3489 - 23489 - 1368 1289 "
     "12468 1235678 1234567 34589 12459 234589 12679 13678 12789",
     "claiming: r2c1{9} r2c3{9} => r3c3<>9 (row 2)"},
    {Technique::naked_pair,
     ".4..1.2.......9.7..1.8........4376..8......5....285...7.5..8......6..39.9.....8..",
     "356 - 79 57 - 36 - 368 3689 "
     "2356 23568 2368 35 2456 - 145 - 146 "
     "2356 - 79 - 24567 2346 459 346 3469 "
     "125 259 12 - - - - 128 289 "
     "- 27 234 19 69 16 47 - 234 "
     "1346 679 1346 - - - 1479 134 1349 "
     "- 236 - 139 249 - 14 1246 1246 "
     "124 28 1248 - 57 124 - - 57 "
     "- 236 12346 57 24 1234 - 1246 57",
     "naked pair: r1c4{57} r9c4{57} => r2c4<>5 (column 4)"},
    {Technique::x_wing,
     "5..2913741..687.9.972534..66..1..9.7.197...4...79.3..87..3294...9..75.2...5.167.9",
     "- 68 68 - - - - - - "
     "- 34 34 - - - 25 - 25 "
     "- - - - - - 18 18 - "
     "- 2345 348 - 45 28 - 35 - "
     "238 - - - 56 28 256 - 235 "
     "24 245 - - 456 - 1256 156 - "
     "- 68 16 - - - - 568 15 "
     "348 - 13468 48 - - 68 - 13 "
     "248 234 - 48 - - - 38 -",
     "X-wing: r5c1{3} r5c9{3} r8c1{3} r8c9{3} => r8c3<>3"},
    {Technique::hidden_pair,
     "4.3.....2...6.1...8.1......3.65.279.2...3.....1........3.84.....9....6...7.....5.",
     "- 56 - 79 5789 5789 1589 1678 - "
     "79 25 79 - 258 - 3458 348 3458 "
     "- 256 - 34 2579 34 59 67 5679 "
     "- 48 - - 18 - - - 148 "
     "- 48 579 1479 - 46789 1458 1468 14568 "
     "579 - 579 479 6789 46789 23458 23468 34568 "
     "156 - 25 - - 5679 129 127 179 "
     "15 - 2458 1237 157 357 - 123478 13478 "
     "16 - 248 1239 169 369 123489 - 13489",
     "hidden pair: r2c1{79} r6c1{79} => r6c1<>5 (column 1)"},
    {Technique::naked_triple,
     "9.....87..7..9.31...3..79251..6..5.2.5..2..4...8.59.374.....261.6..1.45.5.1.467.3",
     "- 12 2456 235 36 1245 - - 46 "
     "268 - 2456 258 - 2458 - - 46 "
     "68 14 - 14 68 - - - - "
     "- 39 479 - 37 348 - 89 - "
     "37 - 679 378 - 138 16 - 89 "
     "26 24 - 14 - - 16 - - "
     "- 389 79 35789 378 58 - - - "
     "37 - 279 23789 - 23 - - 89 "
     "- 289 - 289 - - - 89 -",
     "naked triple: r1c2{12} r3c2{14} r6c2{24} => r9c2<>2 (column 2)"},
    {Technique::swordfish,
     "6...3.....2...1..71...5.8..371...9.....214......793...81..7659....1...6..46......",
     "- 589 47 89 - 27 24 15 159 "
     "459 - 589 689 46 - 36 35 - "
     "- 39 379 469 - 27 - 24 69 "
     "- - - 56 68 58 - 24 24 "
     "59 5689 589 - - - 367 3578 3568 "
     "24 568 24 - - - 16 58 1568 "
     "- - 23 34 - - - - 234 "
     "2579 359 2359 - 248 589 2347 - 2348 "
     "2579 - - 35 28 589 127 1378 1238",
     "swordfish: r3c4{4} r3c8{4} r4c8{4} r4c9{4} r7c4{4} r7c9{4} => r8c9<>4"},
    {Technique::hidden_triple,
     "2..715.6.53.964.72.6.832.5931..795.6......21.4....19.792...7..5.4359.72.875..369.",
     "- 89 489 - - - 348 - 348 "
     "- - 18 - - - 18 - - "
     "17 - 47 - - - 14 - - "
     "- - 28 24 - - - 48 - "
     "67 589 79 34 58 68 - - 34 "
     "- 58 268 236 258 - - 38 - "
     "- - 16 16 48 - 348 34 - "
     "16 - - - - 68 - - 18 "
     "- - - 12 24 - - - 14",
     "hidden triple: r1c3{49} r3c3{47} r5c3{79} => r1c3<>8 (column 3)"},
    {Technique::xy_wing,
     "718...3..9..641...4.6.3.....6..9..253.9.8.......1...93.9.5....2....7.4...........",
     "- - - 29 25 259 - 46 46 "
     "- 235 235 - - - 25 78 78 "
     "- 25 - 78 - 78 259 15 19 "
     "18 - 147 347 - 347 78 - - "
     "- 257 - 27 - 2567 167 147 147 "
     "258 24578 2457 - 256 24567 678 - - "
     "168 - 1347 - 16 3468 17 13678 - "
     "12568 2358 1235 2389 - 23689 - 13568 1689 "
     "12568 234578 123457 23489 126 234689 59 135678 16789",
     "XY-wing: r4c7{78} r4c1{18} r7c7{17} => r7c1<>1"},
    {Technique::xyz_wing,
     "7.8.2.6..4.....3913.....2...462...3.....3.7...375......539.64..6.94.25132.4...869",
     "- 19 - 13 - 139 - 45 45 "
     "- 26 25 78 567 578 - - - "
     "- 169 15 16 14569 1459 - 78 78 "
     "1589 - - - 179 1789 19 - 58 "
     "1589 128 12 168 - 1489 - 458 4568 "
     "189 - - - 1469 1489 19 248 2468 "
     "18 - - - 18 - - 27 27 "
     "- 78 - - 78 - - - - "
     "- 17 - 137 157 1357 - - -",
     "XYZ-wing: r3c2{169} r1c2{19} r3c4{16} => r3c3<>1"},
    {Technique::w_wing,
     "8194..37563.751.895.7839....78543.263..69..58.561.8.43763215894.9.38.5...859...3.",
     "- - - - 26 26 - - - "
     "- - 24 - - - 24 - - "
     "- 24 - - - - 246 16 12 "
     "19 - - - - - 19 - - "
     "- 24 124 - - 27 17 - - "
     "29 - - - 27 - 79 - - "
     "- - - - - - - - - "
     "24 - 12 - - 467 - 16 17 "
     "14 - - - 67 467 26 - 127",
     "W-wing: (1)r3c9 = (2)r3c9 - (2)r2c7 = (2)r2c3 - (2)r8c3 = (1)r8c3 => r8c9<>1"},
    {Technique::unique_rectangle,
     ".2.9..674.9...6.8...6.4.9..3..........98.....5...19....1.5..432.4.2.1......4....1",
     "18 - 1358 - 358 358 - - - "
     "47 - 3457 137 2357 - 12 - 35 "
     "78 35 - 17 - 278 - 12 35 "
     "- 678 124 67 257 2457 12578 124569 6789 "
     "124 67 - - 235 2345 1235 1245 67 "
     "- 678 24 367 - - 2378 246 678 "
     "69 - 78 - 69 78 - - - "
     "6789 - 3578 - 36789 - 578 569 6789 "
     "26789 35 23578 - 36789 378 578 569 -",
     "unique rectangle: r5c2{67} r5c9{67} r6c2{67} r6c9{67} => r6c7<>8"},
    {Technique::naked_quad,
     "...4.6297..2.9.8.6...8..15......89255......7...7.5.4..63.1..7.9....89....19...5.2",
     "18 58 358 - 13 - - - - "
     "13 47 - 35 - 1357 - 34 - "
     "479 4679 346 - 237 27 - - 34 "
     "34 46 13 67 1467 - - - - "
     "- 29 1468 29 346 134 36 - 138 "
     "29 68 - 29 - 13 - 136 18 "
     "- - 458 - 24 245 - 48 - "
     "247 2457 45 3567 - - 36 16 134 "
     "478 - - 367 3467 347 - 3468 -",
     "naked quad: r1c1{18} r1c2{58} r1c3{358} r2c1{13} => r3c3<>3 (box 1)"},
    {Technique::jellyfish,
     "6..4....11.5.836.4..41.69..7.6.1..4..81.243...42...51...384176..1...54..467.3.185",
     "- 2379 89 - 579 27 28 2357 - "
     "- 279 - 29 - - - 27 - "
     "238 237 - - 57 - - 2357 2378 "
     "- 35 - 35 - 89 28 - 289 "
     "59 - - 567 - - - 79 67 "
     "39 - - 367 679 789 - - 6789 "
     "25 259 - - - - - - 29 "
     "28 - 89 67 67 - - 239 239 "
     "- - - 29 - 29 - - -",
     "jellyfish: r2c2{9} r2c4{9} r4c6{9} r4c9{9} r7c2{9} r7c9{9} r9c4{9} r9c6{9} => r1c2<>9, "
     "r6c6<>9, r6c9<>9, r8c9<>9"},
    {Technique::hidden_quad,
     "..........5674...9.2..164...4....9...8.13..4......4.25.1796...4.9..8..6..6342..9.",
     "1347 37 48 235 59 2359 12368 57 1236 "
     "13 - - - - 238 128 138 - "
     "379 - 89 58 - - - 57 38 "
     "367 - 125 2568 57 258 - 138 138 "
     "59 - 25 - - 259 67 - 67 "
     "367 37 19 68 79 - 138 - - "
     "258 - - - - 35 238 38 - "
     "245 - 45 35 - 17 12357 - 127 "
     "58 - - - - 17 158 - 178",
     "hidden quad: r1c1{14} r1c3{48} r1c7{168} r1c9{16} => r1c1<>3, r1c1<>7, r1c7<>2, r1c7<>3, "
     "r1c9<>2, r1c9<>3 (row 1)"},
    {Technique::skyscraper,
     "581932746...5..9219.....3..76.2...3..4.3..8......9456..9.451.733..8.9....5.6.3...",
     "- - - - - - - - - "
     "46 37 3467 - 468 678 - - - "
     "- 27 2467 17 146 67 - 58 58 "
     "- - 59 - 18 58 14 - 49 "
     "12 - 59 - 16 567 - 19 27 "
     "128 13 238 17 - - - - 27 "
     "268 - 268 - - - 26 - - "
     "- 127 2467 - 27 - 1246 15 45 "
     "124 - 247 - 27 - 124 89 89",
     "skyscraper: (1)r5c8 = (1)r8c8 - (1)r8c2 = (1)r6c2 => r5c1<>1"},
    {Technique::two_string_kite,
     "819...3.....751...5.7.3.....7..4..263...9.......1...43.6.2....4....8.5...........",
     "- - - 46 26 246 - 57 57 "
     "246 234 2346 - - - 24 89 89 "
     "- 24 - 89 - 89 246 16 12 "
     "19 - 158 358 - 358 189 - - "
     "- 248 12468 68 - 2678 178 158 158 "
     "269 2589 2568 - 267 25678 789 - - "
     "179 - 1358 - 17 3579 18 13789 - "
     "12479 2349 1234 3469 - 34679 - 13679 1279 "
     "12479 234589 123458 34569 167 345679 26 136789 12789",
     "2-string kite: (5)r4c4 = (5)r9c4 - (5)r7c6 = (5)r7c3 => r4c3<>5"},
    {Technique::simple_colouring,
     "4...3.......6..8..........1....5..9..8....6...7.2........1927..513...942927.4.1..",
     "- 569 1268 5789 - 15789 25 2567 5679 "
     "1237 359 12 - 127 14579 - 2357 34579 "
     "23678 3569 268 45789 278 45789 2345 23567 - "
     "1236 346 1246 378 - 13678 23 - 378 "
     "123 - 59 3479 17 13479 - 12357 3457 "
     "136 - 59 - 168 134689 345 1358 3458 "
     "68 46 468 - - - - 35 35 "
     "- - - 78 678 678 - - - "
     "- - - 35 - 35 - 68 68",
     "simple colouring: r2c6{4} r3c7{4} r2c9{4} r6c7{4} => r6c6<>4"},
    {Technique::x_chain,
     ".1359........7.4......3....1......892.4.6....7.831....38.1.6...6...8.2.....9.3...",
     "48 - - - - 248 78 267 268 "
     "589 256 256 268 - 128 - 12359 12358 "
     "4589 24567 2567 2468 - 1248 1589 1259 1258 "
     "- 36 56 247 45 2457 3567 - - "
     "- 39 - 78 - 5789 1357 157 157 "
     "- 569 - - - 59 56 24 24 "
     "- - 279 - 245 - 579 4579 457 "
     "- 45 19 47 - 57 - 139 13 "
     "45 27 127 - 245 - 1578 14567 145678",
     "X-chain: (5)r4c3 = (5)r6c2 - (5)r8c2 = (5)r8c6 => r4c6<>5"},
    {Technique::xy_chain,
     "8194..37563.751.895.7839....78543.263..69..58.561.8.43763215894.9.38.5.7.859...3.",
     "- - - - 26 26 - - - "
     "- - 24 - - - 24 - - "
     "- 24 - - - - 246 16 12 "
     "19 - - - - - 19 - - "
     "- 24 124 - - 27 17 - - "
     "29 - - - 27 - 79 - - "
     "- - - - - - - - - "
     "24 - 12 - - 46 - 16 - "
     "14 - - - 67 467 26 - 12",
     "XY-chain: (2)r6c5 = (7)r6c5 - (7)r9c5 = (6)r9c5 - (6)r8c6 = (4)r8c6 - (4)r8c1 = (2)r8c1 => "
     "r6c1<>2"},
    {Technique::aic,
     "7.8...3.....2.1...5.........4...3.263...8.....5.1...93.9.6....4.8..7.5...7.......",
     "- 126 - 459 4569 4569 - 1456 125 "
     "49 36 469 - 3456 - 67 45678 578 "
     "- 1236 1246 78 346 78 269 146 129 "
     "189 - 179 57 59 - 18 - - "
     "- 126 1269 49 - 2469 147 157 157 "
     "268 - 267 - 246 2467 48 - - "
     "12 - 1235 - 125 258 127 1378 - "
     "1246 - 12346 349 - 249 - 136 129 "
     "1246 - 123456 34589 12459 24589 269 1368 1289",
     "alternating inference chain: (8)r2c8 = (8)r2c9 - (7)r2c9 = (7)r5c9 - (5)r5c9 = (5)r5c8 => "
     "r2c8<>5"},
    {Technique::forcing_chain,
     "4...3.......6..8..........1....5..9..8....6...7.2........1927..513...942927.4.1..",
     "- 569 1268 5789 - 15789 25 2567 5679 "
     "1237 359 12 - 127 14579 - 2357 34579 "
     "23678 3569 268 45789 278 45789 2345 23567 - "
     "1236 346 1246 378 - 13678 23 - 378 "
     "123 - 59 3479 17 13479 - 12357 357 "
     "136 - 59 - 168 13689 345 1358 3458 "
     "68 46 468 - - - - 35 35 "
     "- - - 78 678 678 - - - "
     "- - - 35 - 35 - 68 68",
     "forcing chain: r9c8{6} => r9c8<>6 (it leads to a contradiction)"},
};

TEST(Explain, EachTechniqueOnAPosition) {
  std::vector<bool> seen(kTechniqueCount, false);
  for (const Position& p : kPositions) {
    SCOPED_TRACE(technique_name(p.technique));
    const Grid grid = parse(p.grid);
    const Candidates before = parse_marks(p.marks);
    const std::optional<Step> s = next_step(grid, before);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->technique, p.technique);
    EXPECT_EQ(describe(*s), p.step);
    const SolveResult solved = solve(grid, 2);
    ASSERT_EQ(solved.solutions, 1u);
    EXPECT_TRUE(consistent(*s, solved.solution));
    // After: exactly the eliminated marks are gone (and placed cells filled).
    Grid after_grid = grid;
    Candidates after = before;
    apply_step(*s, after_grid, after);
    for (const Candidate& c : s->eliminations) {
      EXPECT_TRUE(before[c.cell] >> (c.digit - 1) & 1u);
      EXPECT_FALSE(after[c.cell] >> (c.digit - 1) & 1u);
    }
    for (const Candidate& c : s->placements) EXPECT_EQ(after_grid[c.cell], c.digit);
    seen[static_cast<std::size_t>(p.technique)] = true;
  }
  for (int t = 0; t < kTechniqueCount; ++t) {
    if (static_cast<Technique>(t) == Technique::guess) continue;  // its own test below
    EXPECT_TRUE(seen[static_cast<std::size_t>(t)]) << technique_name(static_cast<Technique>(t));
  }
}

TEST(Explain, GuessIsLabelledAndOnlyALastResort) {
  const Grid empty(3);  // many solutions: nothing but guesses moves it at first
  const Explanation e = explain(empty);
  ASSERT_TRUE(e.solvable);
  EXPECT_FALSE(e.unique);
  ASSERT_FALSE(e.steps.empty());
  EXPECT_EQ(e.steps.front().technique, Technique::guess);
  EXPECT_GE(e.guesses, 1);
  EXPECT_EQ(e.hardest, Technique::guess);
  Grid g = empty;
  Candidates c = candidates_of(g);
  for (const Step& s : e.steps) apply_step(s, g, c);
  EXPECT_TRUE(g.complete());
  EXPECT_FALSE(find_conflict(g));
}

TEST(Explain, HintIsTheFirstStep) {
  const Grid g =
      parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  const Explanation e = explain(g);
  const std::optional<Step> hint = next_step(g);
  ASSERT_TRUE(hint);
  EXPECT_EQ(describe(*hint), describe(e.steps.front()));
  EXPECT_EQ(describe(*hint), "hidden single: r6c2=4 (box 4)");
  EXPECT_FALSE(next_step(
      parse("417369825632158947958724316825437169791586432346912758289643571573291684164875293")));
  Grid broken = g;
  broken[1] = 4;  // a second 4 in row 1
  EXPECT_FALSE(next_step(broken));
  EXPECT_FALSE(explain(broken).solvable);
  EXPECT_THROW(explain(Grid(2)), std::invalid_argument);
}

TEST(Explain, EveryCuratedStepAgreesWithTheSolution) {
  std::vector<std::string> solutions;
  auto puzzles = testing::load("curated_5000.csv", &solutions);
  ASSERT_EQ(puzzles.size(), solutions.size());
  std::size_t steps = 0;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const Grid solution = parse(solutions[i]);
    const Explanation e = explain(puzzles[i]);
    ASSERT_TRUE(e.unique) << i;
    EXPECT_EQ(e.guesses, 0) << i;
    Grid g = puzzles[i];
    Candidates c = candidates_of(g);
    for (const Step& s : e.steps) {
      ASSERT_TRUE(consistent(s, solution)) << "puzzle " << i << ": " << describe(s);
      apply_step(s, g, c);
      ++steps;
    }
    EXPECT_EQ(g, solution) << i;
  }
  EXPECT_GT(steps, 5000u * 40);
}

TEST(Explain, SeventeenCluePuzzlesNeedNoGuess) {
  // All 49,158 need none when this was written (sudoku rate over the whole file); the test
  // keeps to the first 2,000 to stay fast.
  auto puzzles = testing::load("puzzles2_17_clue");
  ASSERT_GE(puzzles.size(), 2000u);
  for (std::size_t i = 0; i < 2000; ++i) EXPECT_EQ(explain(puzzles[i]).guesses, 0) << i;
}

using sudoku_test::spearman;

TEST(Explain, RatingFollowsTheCuratedLevels) {
  // curated_5000: 1,000 puzzles per level (Beginner..Expert) in that order, with a 0-8.5
  // difficulty column. Every fifth puzzle: the mean score grows level by level, singles-only
  // puzzles (Beginner) never need more than a naked single and the others always do, and
  // the rank correlation stays clear of chance (0.74 on all 5,000 when this was written).
  std::ifstream in(testing::data_path("curated_5000.csv"));
  std::string line;
  std::getline(in, line);
  std::vector<double> ours, theirs;
  double mean[5] = {};
  for (int i = 0; std::getline(in, line); ++i) {
    if (i % 5) continue;
    const Rating r = rate(parse(line.substr(0, 81)));
    const auto a = line.find(',', 83 + 81), b = line.find(',', a + 1);
    ours.push_back(r.score);
    theirs.push_back(std::stod(line.substr(a + 1, b - a - 1)));
    mean[i / 1000] += r.score / 200;
    if (i < 1000) {
      EXPECT_LE(r.score, 2.3) << i;
    } else {
      EXPECT_GE(r.score, 2.6) << i;
    }
  }
  ASSERT_EQ(ours.size(), 1000u);
  for (int level = 1; level < 5; ++level) EXPECT_LT(mean[level - 1], mean[level]) << level;
  EXPECT_GT(spearman(ours, theirs), 0.65);
}

}  // namespace
}  // namespace sudoku
