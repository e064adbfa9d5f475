#include <gtest/gtest.h>

#include <sstream>

#include "sudoku/sudoku.hpp"

namespace sudoku {
namespace {

const char* kPuzzle =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

std::string with(std::string s, std::size_t pos, char c) {
  s[pos] = c;
  return s;
}

std::vector<PuzzleEntry> read_all(const std::string& text, int box = 3) {
  std::istringstream in(text);
  PuzzleReader reader(in, box);
  std::vector<PuzzleEntry> out;
  for (PuzzleEntry e; reader.next(e);) out.push_back(e);
  return out;
}

TEST(Parse, LineWithDotsOrZeros) {
  Grid a, b;
  ASSERT_FALSE(parse_puzzle(kPuzzle, 3, a));
  std::string zeros = kPuzzle;
  for (char& c : zeros)
    if (c == '.') c = '0';
  ASSERT_FALSE(parse_puzzle(zeros, 3, b));
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.at(0, 0), 4);
  EXPECT_EQ(a.at(0, 6), 8);
  EXPECT_EQ(a.clue_count(), 17);
  EXPECT_EQ(to_line(a), kPuzzle);
}

TEST(Parse, Errors) {
  Grid g;
  EXPECT_EQ(*parse_puzzle(std::string(kPuzzle).substr(1), 3, g),
            "wrong length: 80 cells, expected 81");
  std::string bad = kPuzzle;
  bad[10] = 'x';
  EXPECT_EQ(*parse_puzzle(bad, 3, g), "bad character 'x' at column 11");
  bad[10] = '\x01';
  EXPECT_EQ(*parse_puzzle(bad, 3, g), "bad character byte 0x01 at column 11");
  std::string row = kPuzzle;
  row[1] = '4';
  EXPECT_EQ(*parse_puzzle(row, 3, g), "digit 4 repeated in row 1");
  std::string col = kPuzzle;
  col[9 * 3] = '4';
  EXPECT_EQ(*parse_puzzle(col, 3, g), "digit 4 repeated in column 1");
  std::string box = kPuzzle;
  box[9 + 1] = '4';
  EXPECT_EQ(*parse_puzzle(box, 3, g), "digit 4 repeated in box 1");
  EXPECT_TRUE(parse_puzzle(std::string(81, 'A'), 3, g));  // letters are not 9x9 digits
}

TEST(Reader, MixedFormatsWithLineNumbers) {
  Grid expect;
  ASSERT_FALSE(parse_puzzle(kPuzzle, 3, expect));
  std::string grid_text = to_text(expect);
  std::string text = std::string("# a comment\n") +  // line 1
                     kPuzzle + "\r\n" +              // line 2 (CRLF)
                     "\n" +                          // line 3
                     grid_text +                     // lines 4-14 (9 rows + 2 separators)
                     "123\n" +                       // line 15: wrong length
                     with(kPuzzle, 5, '?') + "\n" +  // line 16: bad char
                     with(kPuzzle, 1, '4') + "\n" +  // line 17: repeated
                     kPuzzle + ",extra,fields\n";    // line 18: CSV row
  auto entries = read_all(text);
  ASSERT_EQ(entries.size(), 6u);
  EXPECT_EQ(entries[0].line, 2u);
  EXPECT_TRUE(entries[0].ok());
  EXPECT_EQ(entries[0].grid, expect);
  EXPECT_EQ(entries[1].line, 4u);
  EXPECT_TRUE(entries[1].ok()) << entries[1].error;
  EXPECT_EQ(entries[1].grid, expect);
  EXPECT_EQ(entries[2].line, 15u);
  EXPECT_EQ(entries[2].error, "wrong length: 3 cells, expected 81");
  EXPECT_EQ(entries[3].line, 16u);
  EXPECT_EQ(entries[3].error, "bad character '?' at column 6");
  EXPECT_EQ(entries[4].line, 17u);
  EXPECT_EQ(entries[4].error, "digit 4 repeated in row 1");
  EXPECT_EQ(entries[5].line, 18u);
  EXPECT_TRUE(entries[5].ok());
}

TEST(Reader, KaggleCsvWithHeader) {
  auto entries =
      read_all(std::string("quizzes,solutions\n") + kPuzzle + ",123\n" + kPuzzle + ",456\n");
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].line, 2u);
  EXPECT_EQ(entries[1].line, 3u);
  EXPECT_TRUE(entries[0].ok() && entries[1].ok());
}

TEST(Reader, HeaderOnlySkippedOnFirstLine) {
  auto entries = read_all(std::string(kPuzzle) + "\nquizzes,solutions\n");
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_FALSE(entries[1].ok());
  EXPECT_EQ(entries[1].line, 2u);
}

TEST(Reader, IncompleteGridIsReportedAndReadingGoesOn) {
  std::string text = "53..7....\n6..195...\n.98....6.\n" + std::string(kPuzzle) + "\n";
  auto entries = read_all(text);
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].line, 1u);
  EXPECT_EQ(entries[0].error, "incomplete grid: 3 of 9 rows");
  EXPECT_EQ(entries[1].line, 4u);
  EXPECT_TRUE(entries[1].ok());
  auto at_end = read_all("53..7....\n6..195...\n");
  ASSERT_EQ(at_end.size(), 1u);
  EXPECT_EQ(at_end[0].error, "incomplete grid: 2 of 9 rows");
}

TEST(Reader, SixteenBySixteenLetters) {
  Grid full = random_solution(4, 9);
  std::string line = to_line(full);
  EXPECT_NE(line.find('G'), std::string::npos);  // 16 is written as G
  auto entries = read_all(line + "\n", 4);
  ASSERT_EQ(entries.size(), 1u);
  ASSERT_TRUE(entries[0].ok()) << entries[0].error;
  EXPECT_EQ(entries[0].grid, full);
  std::string lower = line;
  for (char& c : lower) c = static_cast<char>(std::tolower(c));
  auto entries2 = read_all(lower + "\n", 4);
  ASSERT_TRUE(entries2[0].ok());
  EXPECT_EQ(entries2[0].grid, full);
  auto text = read_all(to_text(full), 4);
  ASSERT_EQ(text.size(), 1u);
  EXPECT_EQ(text[0].grid, full);
}

TEST(Format, TextLayout) {
  Grid g;
  ASSERT_FALSE(parse_puzzle(kPuzzle, 3, g));
  std::string t = to_text(g);
  EXPECT_EQ(t.substr(0, 22), "4 . . | . . . | 8 . 5\n");
  EXPECT_NE(t.find("------+-------+------\n"), std::string::npos);
  EXPECT_EQ(std::count(t.begin(), t.end(), '\n'), 11);
}

TEST(Grid, BoxForSize) {
  EXPECT_EQ(box_for_size(4), 2);
  EXPECT_EQ(box_for_size(9), 3);
  EXPECT_EQ(box_for_size(16), 4);
  EXPECT_EQ(box_for_size(25), 5);
  EXPECT_EQ(box_for_size(10), 0);
}

}  // namespace
}  // namespace sudoku
