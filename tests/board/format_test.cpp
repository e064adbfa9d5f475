// The text forms placements are read and written in: column lines, algebraic squares, JSON,
// boards, and the one-sentence messages for malformed ones.
#include <gtest/gtest.h>

#include <string>

#include "nqueens/format.hpp"
#include "placement_lines.hpp"

namespace nq = nqueens;
using board_test::parse;
using board_test::parse_error;

TEST(Format, ColumnLinesParseToTheirColumns) {
  std::string error;
  EXPECT_TRUE(nq::is_columns_line(" 1 5 8"));
  EXPECT_TRUE(nq::is_columns_line("[1,2]"));
  EXPECT_TRUE(nq::is_columns_line("?"));  // malformed, reported as such by parse_columns_line
  EXPECT_FALSE(nq::is_columns_line("a1 b3"));
  EXPECT_FALSE(nq::is_columns_line("  "));
  EXPECT_EQ(nq::parse_columns_line("1 5 8 6 3 7 2 4", error),
            (nq::Solution{0, 4, 7, 5, 2, 6, 1, 3}));
  EXPECT_EQ(nq::parse_columns_line("15863724", error), (nq::Solution{0, 4, 7, 5, 2, 6, 1, 3}));
  EXPECT_EQ(nq::parse_columns_line(R"({"n":4,"solution":[2,4,1,3]})", error),
            (nq::Solution{1, 3, 0, 2}));
  EXPECT_FALSE(nq::parse_columns_line("1 99999999999 2", error));
  EXPECT_EQ(error, "column 99999999999 in row 2 is not between 1 and 3");
  EXPECT_FALSE(nq::parse_columns_line("1 3 -5 9", error));
  EXPECT_EQ(error, "column -5 in row 3 is not between 1 and 4");
  EXPECT_FALSE(nq::parse_columns_line("[]", error));
  EXPECT_EQ(error, "no queens given");
  EXPECT_FALSE(nq::parse_columns_line("a1", error));
}

TEST(Format, AnOwnedLongLineParsesAsTheSameLineViewed) {
  // Over 1 MB, so that the line is let go of in pieces as it is read.
  std::string perm;
  const int n = 400'000;
  for (int r = 0; r < n; ++r) perm += std::to_string((r * 7) % n + 1) + (r % 3 ? " " : ",");
  std::string error;
  const auto viewed = nq::parse_columns_line(perm, error);
  ASSERT_TRUE(viewed) << error;
  EXPECT_EQ(viewed->size(), static_cast<std::size_t>(n));
  EXPECT_EQ(nq::parse_owned_columns_line(std::string(perm), error), viewed);
  EXPECT_EQ(nq::parse_owned_columns_line("  {\"n\":1,\"solution\":[" + perm + "]} ", error),
            viewed);
  EXPECT_EQ(nq::parse_owned_columns_line("[" + perm + "]", error), viewed);
  EXPECT_FALSE(nq::parse_owned_columns_line(perm + " 0", error));
  EXPECT_EQ(error, "column 0 in row 400001 is not between 1 and 400001");
  EXPECT_FALSE(nq::parse_owned_columns_line(perm + " x7", error));
  EXPECT_EQ(error, "'x7' is not a column number");
  EXPECT_EQ(nq::parse_owned_columns_line(std::string("2 4 1 3"), error),
            (nq::Solution{1, 3, 0, 2}));
}

TEST(Format, ExactTexts) {
  const nq::Solution s{0, 4, 7, 5, 2, 6, 1, 3};
  EXPECT_EQ(nq::format_solution(s, nq::Format::perm), "1 5 8 6 3 7 2 4");
  EXPECT_EQ(nq::format_solution(s, nq::Format::algebraic), "a1 e2 h3 f4 c5 g6 b7 d8");
  EXPECT_EQ(nq::format_solution(s, nq::Format::json), R"({"n":8,"solution":[1,5,8,6,3,7,2,4]})");
  EXPECT_EQ(nq::format_solution({1, 3, 0, 2}, nq::Format::board),
            ". Q . .\n. . . Q\nQ . . .\n. . Q .");
  EXPECT_EQ(nq::square_name({2, 4}, 8), "e3");
  EXPECT_EQ(nq::square_name({2, 4}, 30), "(3,5)");
}

TEST(Format, ParsesEveryLineForm) {
  EXPECT_EQ(parse("15863724").queens, parse("1 5 8 6 3 7 2 4").queens);
  EXPECT_EQ(parse("1,5,8,6,3,7,2,4").queens, parse("1 5 8 6 3 7 2 4").queens);
  EXPECT_EQ(parse("[1,5,8,6,3,7,2,4]").queens, parse("1 5 8 6 3 7 2 4").queens);
  EXPECT_EQ(parse(R"({"index":1,"n":8,"solution":[1,5,8,6,3,7,2,4]})").queens,
            parse("1 5 8 6 3 7 2 4").queens);
  EXPECT_EQ(parse("A1 E2 H3 F4 C5 G6 B7 D8").queens, parse("1 5 8 6 3 7 2 4").queens);
}

TEST(Format, MalformedPlacementsGiveOneSentence) {
  EXPECT_EQ(parse_error(""), "empty placement");
  EXPECT_EQ(parse_error("1 5 x"), "'x' is not a column number");
  EXPECT_EQ(parse_error("1 5 9"), "column 5 in row 2 is not between 1 and 3");
  EXPECT_EQ(parse_error("0 1"), "column 0 in row 1 is not between 1 and 2");
  EXPECT_EQ(parse_error("a1 b9"), "square b9 is off the 2x2 board (2 queens given)");
  EXPECT_EQ(parse_error("a1 zz"), "'zz' is not a square like e4");
  EXPECT_EQ(parse_error(R"({"n":8})"), "JSON object has no \"solution\" array");
  EXPECT_EQ(parse_error("[1,2"), "malformed JSON array");
  std::string error;
  EXPECT_FALSE(nq::parse_board({"Q .", ". . ."}, error));
  EXPECT_EQ(error, "board row 2 has 3 squares, expected 2 (one per row)");
  EXPECT_FALSE(nq::parse_board({"Q x", ". Q"}, error));
  EXPECT_EQ(error, "board row 1 has 'x', expected 'Q' or '.'");
}

TEST(Format, NamesAndParsesFormats) {
  for (nq::Format f :
       {nq::Format::perm, nq::Format::board, nq::Format::json, nq::Format::algebraic})
    EXPECT_EQ(nq::parse_format(nq::name(f)), f);
  EXPECT_FALSE(nq::parse_format("xml"));
}
